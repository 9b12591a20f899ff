//===- LlvmOpBuilders.cpp - the LLVM-dialect ops of the NVVM lowering, typed ===//
//
// The Rust lowering of the hardware ops (src/pass.rs and the files it calls)
// creates its LLVM-dialect ops through the functions below, each of which
// calls the op's ODS-generated (or dialect-provided) builder: the op is named
// by its class, its attributes are typed values (IntegerAttr, enums,
// DenseI32ArrayAttr), never text. The NVVM ops are in NvvmOpBuilders.cpp.
//
// Every function creates its op through `rewriter`, the conversion pattern's
// rewriter (cpp/HardwareOpLowering.cpp), at the insertion point the caller
// set (src/build.rs sets it before each call), so that MLIR's dialect
// conversion sees every op created. Functions of one-result ops return that
// result.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {

/// The binary integer ops (src/build_llvm.rs `Binary`; the same numbering).
enum LayoutNvvmBinary : uint32_t {
  Add = 0,
  Mul = 1,
  UDiv = 2,
  URem = 3,
  And = 4,
  Or = 5,
  Xor = 6,
  Shl = 7,
  LShr = 8,
};

/// The casts (src/build_llvm.rs `Cast`; the same numbering).
enum LayoutNvvmCast : uint32_t {
  ZExt = 0,
  Trunc = 1,
  Bitcast = 2,
  FPTrunc = 3,
  PtrToInt = 4,
  IntToPtr = 5,
  AddrSpaceCast = 6,
};

/// The integer comparisons (src/build_llvm.rs `Predicate`; the same numbering).
enum LayoutNvvmPredicate : uint32_t {
  Eq = 0,
  Ne = 1,
  Ult = 2,
};

RewriterBase &rewriterOf(MlirRewriterBase rewriter) { return *unwrap(rewriter); }

MlirValue result(Operation *op) { return wrap(op->getResult(0)); }

/// `Op(lhs, rhs)`, of the operands' type.
template <typename Op>
MlirValue binary(RewriterBase &b, Location loc, Value lhs, Value rhs) {
  return result(Op::create(b, loc, lhs, rhs).getOperation());
}

/// `Op(value) : type`.
template <typename Op>
MlirValue cast(RewriterBase &b, Location loc, Value value, Type type) {
  return result(Op::create(b, loc, type, value).getOperation());
}

} // namespace

/// `llvm.mlir.constant(value)`, of the attribute's type (an IntegerAttr or a
/// dense vector).
extern "C" MlirValue layout_nvvm_build_constant(MlirRewriterBase rewriter, MlirLocation loc,
                                                MlirAttribute value) {
  return result(LLVM::ConstantOp::create(rewriterOf(rewriter), unwrap(loc),
                                         llvm::cast<TypedAttr>(unwrap(value)))
                    .getOperation());
}

/// `llvm.mlir.poison : type`.
extern "C" MlirValue layout_nvvm_build_poison(MlirRewriterBase rewriter, MlirLocation loc,
                                              MlirType type) {
  return result(
      LLVM::PoisonOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(type)).getOperation());
}

/// The binary integer op `kind` (`llvm.add`, `llvm.and`, ...) of `lhs` and
/// `rhs` (no overflow flags); null for a kind not listed.
extern "C" MlirValue layout_nvvm_build_binary(MlirRewriterBase rewriter, MlirLocation loc,
                                              uint32_t kind, MlirValue lhs, MlirValue rhs) {
  RewriterBase &b = rewriterOf(rewriter);
  Location l = unwrap(loc);
  Value x = unwrap(lhs), y = unwrap(rhs);
  switch (kind) {
  case Add: return binary<LLVM::AddOp>(b, l, x, y);
  case Mul: return binary<LLVM::MulOp>(b, l, x, y);
  case UDiv: return binary<LLVM::UDivOp>(b, l, x, y);
  case URem: return binary<LLVM::URemOp>(b, l, x, y);
  case And: return binary<LLVM::AndOp>(b, l, x, y);
  case Or: return binary<LLVM::OrOp>(b, l, x, y);
  case Xor: return binary<LLVM::XOrOp>(b, l, x, y);
  case Shl: return binary<LLVM::ShlOp>(b, l, x, y);
  case LShr: return binary<LLVM::LShrOp>(b, l, x, y);
  }
  return wrap(Value());
}

/// The cast `kind` (`llvm.zext`, `llvm.bitcast`, ...) of `value` to `type`;
/// null for a kind not listed.
extern "C" MlirValue layout_nvvm_build_cast(MlirRewriterBase rewriter, MlirLocation loc,
                                            uint32_t kind, MlirValue value, MlirType type) {
  RewriterBase &b = rewriterOf(rewriter);
  Location l = unwrap(loc);
  Value v = unwrap(value);
  Type t = unwrap(type);
  switch (kind) {
  case ZExt: return cast<LLVM::ZExtOp>(b, l, v, t);
  case Trunc: return cast<LLVM::TruncOp>(b, l, v, t);
  case Bitcast: return cast<LLVM::BitcastOp>(b, l, v, t);
  case FPTrunc: return cast<LLVM::FPTruncOp>(b, l, v, t);
  case PtrToInt: return cast<LLVM::PtrToIntOp>(b, l, v, t);
  case IntToPtr:
    return result(
        LLVM::IntToPtrOp::create(b, l, t, v, /*dereferenceable=*/LLVM::DereferenceableAttr())
            .getOperation());
  case AddrSpaceCast: return cast<LLVM::AddrSpaceCastOp>(b, l, v, t);
  }
  return wrap(Value());
}

/// `llvm.icmp <predicate> lhs, rhs : i1`; null for a predicate not listed.
extern "C" MlirValue layout_nvvm_build_icmp(MlirRewriterBase rewriter, MlirLocation loc,
                                            uint32_t predicate, MlirValue lhs, MlirValue rhs) {
  LLVM::ICmpPredicate p;
  switch (predicate) {
  case Eq: p = LLVM::ICmpPredicate::eq; break;
  case Ne: p = LLVM::ICmpPredicate::ne; break;
  case Ult: p = LLVM::ICmpPredicate::ult; break;
  default: return wrap(Value());
  }
  return result(LLVM::ICmpOp::create(rewriterOf(rewriter), unwrap(loc), p, unwrap(lhs),
                                     unwrap(rhs))
                    .getOperation());
}

/// `llvm.select condition, onTrue, onFalse`.
extern "C" MlirValue layout_nvvm_build_select(MlirRewriterBase rewriter, MlirLocation loc,
                                              MlirValue condition, MlirValue onTrue,
                                              MlirValue onFalse) {
  return result(LLVM::SelectOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(condition),
                                       unwrap(onTrue), unwrap(onFalse))
                    .getOperation());
}

/// `llvm.extractelement vector[position]`.
extern "C" MlirValue layout_nvvm_build_extract_element(MlirRewriterBase rewriter,
                                                       MlirLocation loc, MlirValue vector,
                                                       MlirValue position) {
  return result(LLVM::ExtractElementOp::create(rewriterOf(rewriter), unwrap(loc),
                                               unwrap(vector), unwrap(position))
                    .getOperation());
}

/// `llvm.insertelement value, vector[position]`.
extern "C" MlirValue layout_nvvm_build_insert_element(MlirRewriterBase rewriter,
                                                      MlirLocation loc, MlirValue vector,
                                                      MlirValue value, MlirValue position) {
  return result(LLVM::InsertElementOp::create(rewriterOf(rewriter), unwrap(loc),
                                              unwrap(vector), unwrap(value), unwrap(position))
                    .getOperation());
}

/// `llvm.extractvalue container[position]`.
extern "C" MlirValue layout_nvvm_build_extract_value(MlirRewriterBase rewriter,
                                                     MlirLocation loc, MlirValue container,
                                                     int64_t position) {
  return result(LLVM::ExtractValueOp::create(rewriterOf(rewriter), unwrap(loc),
                                             unwrap(container), ArrayRef<int64_t>{position})
                    .getOperation());
}

/// `llvm.insertvalue value, container[position]`.
extern "C" MlirValue layout_nvvm_build_insert_value(MlirRewriterBase rewriter, MlirLocation loc,
                                                    MlirValue container, MlirValue value,
                                                    int64_t position) {
  return result(LLVM::InsertValueOp::create(rewriterOf(rewriter), unwrap(loc),
                                            unwrap(container), unwrap(value),
                                            ArrayRef<int64_t>{position})
                    .getOperation());
}

/// `llvm.getelementptr base[index] : (...) -> resultType, elementType` with
/// one index: `dynamicIndex` when it is not null, else `constantIndex`.
extern "C" MlirValue layout_nvvm_build_gep(MlirRewriterBase rewriter, MlirLocation loc,
                                           MlirType resultType, MlirType elementType,
                                           MlirValue base, MlirValue dynamicIndex,
                                           int32_t constantIndex) {
  LLVM::GEPArg index = mlirValueIsNull(dynamicIndex) ? LLVM::GEPArg(constantIndex)
                                                     : LLVM::GEPArg(unwrap(dynamicIndex));
  return result(LLVM::GEPOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(resultType),
                                    unwrap(elementType), unwrap(base),
                                    ArrayRef<LLVM::GEPArg>{index})
                    .getOperation());
}

/// `llvm.load address : type` with `alignment` bytes (none when 0).
extern "C" MlirValue layout_nvvm_build_load(MlirRewriterBase rewriter, MlirLocation loc,
                                            MlirType type, MlirValue address,
                                            uint32_t alignment) {
  return result(LLVM::LoadOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(type),
                                     unwrap(address), alignment)
                    .getOperation());
}

/// `llvm.store value, address` with `alignment` bytes (none when 0).
extern "C" void layout_nvvm_build_store(MlirRewriterBase rewriter, MlirLocation loc,
                                        MlirValue value, MlirValue address,
                                        uint32_t alignment) {
  LLVM::StoreOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(value), unwrap(address),
                        alignment);
}

/// `llvm.alloca count x elementType : resultType` (a pointer).
extern "C" MlirValue layout_nvvm_build_alloca(MlirRewriterBase rewriter, MlirLocation loc,
                                              MlirType resultType, MlirType elementType,
                                              MlirValue count) {
  return result(LLVM::AllocaOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(resultType),
                                       unwrap(elementType), unwrap(count))
                    .getOperation());
}

/// `llvm.inline_asm` of `asmString` with `constraints` over the `n` values at
/// `operands`, with side effects when `sideEffects`; its result of
/// `resultType`, or null (and no result) when `resultType` is null.
extern "C" MlirValue layout_nvvm_build_inline_asm(MlirRewriterBase rewriter, MlirLocation loc,
                                                  MlirType resultType,
                                                  const MlirValue *operands, size_t n,
                                                  MlirStringRef asmString,
                                                  MlirStringRef constraints,
                                                  bool sideEffects) {
  SmallVector<Value> values;
  for (size_t i = 0; i < n; ++i)
    values.push_back(unwrap(operands[i]));
  SmallVector<Type, 1> results;
  if (!mlirTypeIsNull(resultType))
    results.push_back(unwrap(resultType));
  auto op = LLVM::InlineAsmOp::create(
      rewriterOf(rewriter), unwrap(loc), results, values, unwrap(asmString),
      unwrap(constraints), sideEffects, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, /*asm_dialect=*/LLVM::AsmDialectAttr(),
      /*operand_attrs=*/ArrayAttr());
  if (results.empty())
    return wrap(Value());
  return result(op.getOperation());
}

/// `llvm.call @callee(args) : resultType` over the `n` values at `args`.
extern "C" MlirValue layout_nvvm_build_call(MlirRewriterBase rewriter, MlirLocation loc,
                                            MlirType resultType, MlirStringRef callee,
                                            const MlirValue *args, size_t n) {
  SmallVector<Value> values;
  for (size_t i = 0; i < n; ++i)
    values.push_back(unwrap(args[i]));
  return result(LLVM::CallOp::create(rewriterOf(rewriter), unwrap(loc),
                                     TypeRange{unwrap(resultType)}, unwrap(callee), values)
                    .getOperation());
}

/// The declaration `llvm.func external @name` of `functionType` (an
/// `!llvm.func`), with its one empty region.
extern "C" MlirOperation layout_nvvm_build_func_declaration(MlirRewriterBase rewriter,
                                                            MlirLocation loc,
                                                            MlirStringRef name,
                                                            MlirType functionType) {
  return wrap(LLVM::LLVMFuncOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(name),
                                       unwrap(functionType), LLVM::Linkage::External)
                  .getOperation());
}
