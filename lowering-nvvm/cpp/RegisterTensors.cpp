//===- RegisterTensors.cpp - register tensors to LLVM structs -------------===//
//
// `--layout-lower-register-tensors`: a register tensor (a ranked tensor
// encoded by a #layout.linear, docs/dialect.md "Register tensors") becomes the
// registers one thread holds: `!llvm.struct<(T, ..., T)>` with one field per
// register, field r holding the element the layout gives register r of the
// thread. Built on MLIR's dialect conversion framework:
//
// - the type converter maps each register tensor to its struct (the register
//   count from the Rust algebra: 2^|register bases|) and leaves other types;
// - an elementwise arith/math op becomes the same op on each register
//   (extractvalue, the scalar op with the op's attributes, insertvalue; the
//   float max/min and f32 math.exp2/log2 as LLVM ops, not libdevice calls); its
//   register tensors must share one encoding;
// - the splat arith.constant, layout.transpose, layout.broadcast, tensor.splat,
//   layout.mma, layout.coordinate, layout.reduce, layout.shared_load,
//   layout.shared_store, layout.async_copy, layout.global_load and
//   layout.global_store patterns are one template, RegisterOpLowering, whose
//   body is the Rust lowering (src/register_ops.rs, which states what each
//   becomes): it gets the op, its remapped operands, its results' converted
//   types and the target SM;
// - layout.convert_layout becomes layout.convert (the plan of convert_plan,
//   lowered by --layout-lower-to-nvvm) with the thread index (tid.x) and, when
//   the plan goes through shared memory, a module-level shared buffer
//   `__layout_convert_smem` as large as the largest plan of its module, and a
//   CTA barrier before it unless it is the first conversion through shared
//   memory of its function, in the entry block (a later one, or one in a loop,
//   would overwrite what an earlier one may still be reading);
// - function signatures, calls, returns, scf ops and casts follow the types
//   (upstream structural patterns; an unrealized_conversion_cast between a
//   struct and a register tensor, the boundary with struct-level code, folds
//   away).
//
// The shared-memory budget of a conversion is `layout.smem_budget` on an op
// around it, else 48 KiB (static shared memory); plans that exceed it are
// tiled by convert_plan. No layout math here.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "LayoutNvvm.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#define GET_OP_CLASSES
#include "LayoutNvgpuOps.h.inc"

using namespace mlir;
using namespace mlir::layout;

Type mlir::layout::llvmElementType(Type elem) {
  if (LLVM::isCompatibleType(elem) || !elem.isIntOrFloat())
    return elem;
  return IntegerType::get(elem.getContext(), elem.getIntOrFloatBitWidth());
}

namespace {

constexpr StringLiteral kSmemGlobal = "__layout_convert_smem";
constexpr StringLiteral kBudgetAttr = "layout.smem_budget";
/// Static shared memory of a CTA: the default budget of a conversion.
constexpr int64_t kStaticSmemBytes = 48 * 1024;

/// The linear layout encoding a register tensor, or null for any other type.
ValueAttr registerEncoding(Type t) {
  auto r = dyn_cast<RankedTensorType>(t);
  if (!r)
    return {};
  auto a = dyn_cast_or_null<ValueAttr>(r.getEncoding());
  return a && a.getValueKind() == ValueKind::Linear ? a : ValueAttr();
}

/// Registers per thread of a register tensor, or the algebra's reason it is
/// not one.
FailureOr<int64_t> registerCount(RankedTensorType t, std::string *why) {
  int64_t out[2] = {0, 0};
  ArrayRef<int64_t> shape = t.getShape();
  rust::Result r = rust::take(
      layout_ffi_register_tensor(registerEncoding(t).getValueHandle(), rust::ints(shape), out));
  if (!r.ok()) {
    if (why)
      *why = r.text;
    return failure();
  }
  return out[0];
}

/// The shared-memory budget of conversions at `op`: `layout.smem_budget` of
/// the nearest op around it, else static shared memory.
int64_t budgetAt(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto a = p->getAttrOfType<IntegerAttr>(kBudgetAttr))
      return a.getInt();
  return kStaticSmemBytes;
}

struct RegisterTensorConverter : public TypeConverter {
  RegisterTensorConverter() {
    addConversion([](Type t) { return t; });
    addConversion([](RankedTensorType t) -> std::optional<Type> {
      if (!registerEncoding(t))
        return t;
      FailureOr<int64_t> regs = registerCount(t, nullptr);
      if (failed(regs))
        return std::nullopt;
      return LLVM::LLVMStructType::getLiteral(
          t.getContext(), SmallVector<Type>(*regs, llvmElementType(t.getElementType())));
    });
    auto cast = [](OpBuilder &b, Type type, ValueRange inputs, Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, type, inputs).getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }
};

/// The conversion pattern of a register-tensor op whose lowering is the Rust one
/// (src/register_ops.rs), told the op's kind, not its name: the op, its remapped operands,
/// its results' converted types and the target SM go to `layout_nvvm_lower_op`, which
/// creates the ops through the rewriter (or fails, the reason emitted at the op).
template <typename Op>
struct RegisterOpLowering : public OpConversionPattern<Op> {
  RegisterOpLowering(const TypeConverter &tc, MLIRContext *ctx, int kind, int64_t sm)
      : OpConversionPattern<Op>(tc, ctx), kind(kind), sm(sm) {}
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    SmallVector<Type> results;
    if (failed(this->getTypeConverter()->convertTypes(op->getResultTypes(), results)))
      return failure();
    SmallVector<MlirValue> operands;
    for (Value v : adaptor.getOperands())
      operands.push_back(wrap(v));
    SmallVector<MlirType> types;
    for (Type t : results)
      types.push_back(wrap(t));
    RewriterBase *base = &rw;
    return success(layout_nvvm_lower_op(wrap(op.getOperation()), kind, wrap(base),
                                        operands.data(), operands.size(), types.data(),
                                        types.size(), sm));
  }
  int kind;
  int64_t sm;
};

/// The patterns of `Ops`, whose order is the numbering of `RegisterOp` in
/// src/register_ops.rs (kinds 100, 101, ...: the comma fold runs left to right).
template <typename... Ops>
void addRegisterOpLowerings(RewritePatternSet &patterns, const TypeConverter &tc, int64_t sm) {
  int kind = 100;
  (patterns.add<RegisterOpLowering<Ops>>(tc, patterns.getContext(), kind++, sm), ...);
}

/// An undefined struct of `type`, filled register by register.
Value undefStruct(ConversionPatternRewriter &rw, Location loc, Type type) {
  return LLVM::UndefOp::create(rw, loc, type);
}

/// The float max/min `kind` (arith.maxnumf / minnumf / maximumf / minimumf) of `a` and `b` as
/// the LLVM intrinsic it means (maxnumf: llvm.maxnum, which NVPTX emits as max.f32; no
/// libdevice call); null for another op.
Value floatMinMax(ConversionPatternRewriter &rw, Location loc, StringRef kind, Value a,
                  Value b) {
  if (kind == "maxnumf")
    return LLVM::MaxNumOp::create(rw, loc, a, b);
  if (kind == "minnumf")
    return LLVM::MinNumOp::create(rw, loc, a, b);
  if (kind == "maximumf")
    return LLVM::MaximumOp::create(rw, loc, a, b);
  if (kind == "minimumf")
    return LLVM::MinimumOp::create(rw, loc, a, b);
  return {};
}

/// The scalar op of an elementwise op on one register, as the LLVM op that NVPTX selects an
/// instruction for where the upstream lowering would call libdevice (`__nv_fmaxf`,
/// `__nv_exp2f`): arith.maxnumf / minnumf / maximumf / minimumf (max.f32, max.NaN.f32, ...),
/// math.exp2 on f32 (ex2.approx.f32, as FlashAttention's softmax uses), math.log2 on f32
/// (lg2.approx.f32); null for any other op.
Value directScalar(ConversionPatternRewriter &rw, Location loc, Operation *op,
                   ArrayRef<Value> scalars) {
  StringRef name = op->getName().getStringRef();
  if (name.consume_front("arith.") && scalars.size() == 2)
    if (Value v = floatMinMax(rw, loc, name, scalars[0], scalars[1]))
      return v;
  // The NVVM intrinsic itself: the generic llvm.exp2 would be turned into a libdevice call.
  if (isa<math::Exp2Op>(op) && scalars.size() == 1 && scalars[0].getType().isF32())
    return LLVM::CallIntrinsicOp::create(rw, loc, scalars[0].getType(),
                                         rw.getStringAttr("llvm.nvvm.ex2.approx"), scalars)
        .getResult(0);
  // log2 on f32: lg2.approx.f32 (the log-sum-exp of an attention epilogue).
  if (isa<math::Log2Op>(op) && scalars.size() == 1 && scalars[0].getType().isF32())
    return LLVM::CallIntrinsicOp::create(rw, loc, scalars[0].getType(),
                                         rw.getStringAttr("llvm.nvvm.lg2.approx.f"), scalars)
        .getResult(0);
  return {};
}

/// arith.truncf of f32 registers to f8E4M3FN / f8E5M2 (whose registers are i8): one
/// `cvt.rn.satfinite.{e4m3,e5m2}x2.f32` per two registers (`nvvm.convert.f32x2.to.f8x2`, which
/// puts its second operand in the low byte); a value past the format's largest finite one
/// saturates to it, as the hardware's only f32 -> fp8 conversion does. Null when `op` is not one.
static Value truncToFp8(ConversionPatternRewriter &rw, Location loc, Operation *op, Value src,
                        Type result, int64_t regs) {
  auto tr = dyn_cast<arith::TruncFOp>(op);
  if (!tr || !cast<RankedTensorType>(tr.getIn().getType()).getElementType().isF32())
    return {};
  Type f8 = cast<RankedTensorType>(tr.getType()).getElementType();
  if (!isa<Float8E4M3FNType, Float8E5M2Type>(f8))
    return {};
  Type i8 = rw.getI8Type(), i16 = rw.getI16Type();
  Value out = LLVM::UndefOp::create(rw, loc, result);
  Value eight = LLVM::ConstantOp::create(rw, loc, i16, 8);
  for (int64_t r = 0; r < regs; r += 2) {
    Value lo = LLVM::ExtractValueOp::create(rw, loc, src, r);
    Value hi = r + 1 < regs ? LLVM::ExtractValueOp::create(rw, loc, src, r + 1).getResult() : lo;
    Value pair = NVVM::ConvertF32x2ToF8x2Op::create(
        rw, loc, i16, hi, lo, NVVM::FPRoundingMode::RN, NVVM::SaturationMode::SATFINITE,
        /*relu=*/false, f8);
    out = LLVM::InsertValueOp::create(rw, loc, out, LLVM::TruncOp::create(rw, loc, i8, pair), r);
    if (r + 1 < regs)
      out = LLVM::InsertValueOp::create(
          rw, loc, out,
          LLVM::TruncOp::create(rw, loc, i8, LLVM::LShrOp::create(rw, loc, pair, eight)), r + 1);
  }
  return out;
}

/// An elementwise arith/math op on register tensors, one op per register.
struct ElementwisePattern : public ConversionPattern {
  ElementwisePattern(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    StringRef dialect = op->getName().getDialectNamespace();
    if ((dialect != "arith" && dialect != "math") || isa<arith::ConstantOp>(op) ||
        op->getNumRegions() != 0 || op->getNumResults() == 0)
      return failure();
    ValueAttr encoding;
    for (Type t : llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
      ValueAttr e = registerEncoding(t);
      if (!e)
        continue;
      if (encoding && e != encoding)
        return op->emitOpError()
               << "mixes register tensors of different layouts: give its operands one "
                  "layout (layout.convert_layout, or --layout-assign-layouts)";
      encoding = e;
    }
    if (!encoding)
      return failure();
    for (Type t : op->getResultTypes())
      if (!registerEncoding(t))
        return op->emitOpError() << "has a register tensor operand but the result " << t
                                 << " is not a register tensor";
    SmallVector<Type> structs;
    if (failed(typeConverter->convertTypes(op->getResultTypes(), structs)))
      return failure();
    // A bitcast between element types of one LLVM type (f8E4M3FN and i8) moves nothing.
    if (isa<arith::BitcastOp>(op) && operands[0].getType() == structs[0]) {
      rw.replaceOp(op, operands[0]);
      return success();
    }
    int64_t regs = cast<LLVM::LLVMStructType>(structs[0]).getBody().size();
    Location loc = op->getLoc();
    if (Value f8 = truncToFp8(rw, loc, op, operands[0], structs[0], regs)) {
      rw.replaceOp(op, f8);
      return success();
    }
    SmallVector<Value> results;
    for (Type s : structs)
      results.push_back(undefStruct(rw, loc, s));
    SmallVector<Type> elems;
    for (Type t : op->getResultTypes())
      elems.push_back(cast<RankedTensorType>(t).getElementType());
    for (int64_t r = 0; r < regs; ++r) {
      SmallVector<Value> scalars;
      for (auto [orig, now] : llvm::zip(op->getOperands(), operands))
        scalars.push_back(registerEncoding(orig.getType())
                              ? LLVM::ExtractValueOp::create(rw, loc, now, r).getResult()
                              : now);
      if (Value direct = directScalar(rw, loc, op, scalars)) {
        results[0] = LLVM::InsertValueOp::create(rw, loc, results[0], direct, r);
        continue;
      }
      OperationState st(loc, op->getName());
      st.addOperands(scalars);
      st.addTypes(elems);
      st.addAttributes(op->getAttrs());
      Operation *scalar = rw.create(st);
      for (unsigned j = 0; j < results.size(); ++j)
        results[j] =
            LLVM::InsertValueOp::create(rw, loc, results[j], scalar->getResult(j), r);
    }
    rw.replaceOp(op, results);
    return success();
  }
};

/// layout.convert_layout -> layout.convert with the thread index and the
/// module's shared buffer, after a CTA barrier when an earlier conversion may
/// still be reading the buffer (`fenced`).
struct ConvertLayoutPattern : public OpConversionPattern<ConvertLayoutOp> {
  ConvertLayoutPattern(const TypeConverter &tc, MLIRContext *ctx,
                       const llvm::DenseSet<Operation *> &fenced, int64_t sm)
      : OpConversionPattern(tc, ctx), fenced(fenced), sm(sm) {}
  const llvm::DenseSet<Operation *> &fenced;
  /// The target SM (which matrix instructions the plans may use).
  int64_t sm;

  LogicalResult matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    auto src = cast<RankedTensorType>(op.getSrc().getType());
    ValueAttr from = registerEncoding(src), to = registerEncoding(op.getType());
    Type result = typeConverter->convertType(op.getType());
    if (!result)
      return failure();
    int64_t budget = budgetAt(op);
    FailureOr<int64_t> bytes =
        convertSharedBytes(op, llvmElementType(src.getElementType()), from, to, budget, sm);
    if (failed(bytes))
      return failure();
    Location loc = op.getLoc();
    Value thread = NVVM::ThreadIdXOp::create(rw, loc, rw.getI32Type());
    Value buffer;
    if (fenced.contains(op))
      NVVM::Barrier0Op::create(rw, loc);
    if (*bytes > 0)
      buffer = LLVM::AddressOfOp::create(
          rw, loc, LLVM::LLVMPointerType::get(rw.getContext(), 3), kSmemGlobal);
    Value converted = ConvertOp::create(rw, loc, result, adaptor.getSrc(), buffer, thread,
                                        TypeAttr::get(llvmElementType(src.getElementType())), from, to,
                                        rw.getI64IntegerAttr(budget), rw.getI64IntegerAttr(sm))
                          .getResult();
    rw.replaceOp(op, converted);
    return success();
  }
};

/// layout.retile -> layout.convert without a buffer: its verifier proved that
/// the plan is a renaming of registers (convert_plan's registers path), which
/// the lowering of layout.convert emits as struct field moves.
struct RetilePattern : public OpConversionPattern<RetileOp> {
  RetilePattern(const TypeConverter &tc, MLIRContext *ctx, int64_t sm)
      : OpConversionPattern(tc, ctx), sm(sm) {}
  int64_t sm;

  LogicalResult matchAndRewrite(RetileOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    auto src = cast<RankedTensorType>(op.getSrc().getType());
    Type result = typeConverter->convertType(op.getType());
    if (!result)
      return failure();
    Location loc = op.getLoc();
    Value thread = NVVM::ThreadIdXOp::create(rw, loc, rw.getI32Type());
    Value converted =
        ConvertOp::create(rw, loc, result, adaptor.getSrc(), Value(), thread,
                          TypeAttr::get(llvmElementType(src.getElementType())), registerEncoding(src),
                          registerEncoding(op.getType()), rw.getI64IntegerAttr(budgetAt(op)),
                          rw.getI64IntegerAttr(sm))
            .getResult();
    rw.replaceOp(op, converted);
    return success();
  }
};

Value constI32(ConversionPatternRewriter &rw, Location loc, int64_t v) {
  return arith::ConstantOp::create(rw, loc, rw.getI32IntegerAttr(v));
}

/// A cast between a struct and a register tensor (the boundary with
/// struct-level code): once both sides are structs, the value itself. A cast
/// of a vector of the thread's registers (one element per register, in order)
/// to a register tensor fills its struct element by element, and the cast of a
/// register tensor to such a vector reads it.
struct CastPattern : public OpConversionPattern<UnrealizedConversionCastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(UnrealizedConversionCastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    SmallVector<Type> want;
    if (failed(typeConverter->convertTypes(op.getResultTypes(), want)))
      return failure();
    // A vector of the thread's registers in order (e.g. from tcgen05.ld) to a
    // register tensor: its struct, field r = element r.
    if (op.getNumOperands() == 1 && want.size() == 1)
      if (auto v = dyn_cast<VectorType>(adaptor.getOperands().front().getType()))
        if (auto st = dyn_cast<LLVM::LLVMStructType>(want.front());
            st && v.getRank() == 1 && v.getNumElements() == (int64_t)st.getBody().size() &&
            llvm::all_of(st.getBody(), [&](Type t) { return t == v.getElementType(); })) {
          Location loc = op.getLoc();
          Value regs = undefStruct(rw, loc, st);
          for (int64_t r = 0; r < v.getNumElements(); ++r) {
            Value e = LLVM::ExtractElementOp::create(rw, loc, adaptor.getOperands().front(),
                                                     constI32(rw, loc, r));
            regs = LLVM::InsertValueOp::create(rw, loc, regs, e, r);
          }
          rw.replaceOp(op, regs);
          return success();
        }
    // A register tensor to a vector of the thread's registers in order (e.g.
    // for tcgen05.st): element r = struct field r.
    if (op.getNumOperands() == 1 && want.size() == 1)
      if (auto v = dyn_cast<VectorType>(want.front()))
        if (auto st = dyn_cast<LLVM::LLVMStructType>(adaptor.getOperands().front().getType());
            st && v.getRank() == 1 && v.getNumElements() == (int64_t)st.getBody().size() &&
            llvm::all_of(st.getBody(), [&](Type t) { return t == v.getElementType(); })) {
          Location loc = op.getLoc();
          Value vec = LLVM::PoisonOp::create(rw, loc, v);
          for (int64_t r = 0; r < v.getNumElements(); ++r) {
            Value e = LLVM::ExtractValueOp::create(rw, loc, adaptor.getOperands().front(), r);
            vec = LLVM::InsertElementOp::create(rw, loc, vec, e, constI32(rw, loc, r));
          }
          rw.replaceOp(op, vec);
          return success();
        }
    if (TypeRange(adaptor.getOperands().getTypes()) != TypeRange(want))
      return op.emitOpError() << "casts to a register tensor whose registers are "
                              << want.front() << ", from " << adaptor.getOperands().getTypes().front();
    rw.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

struct LowerRegisterTensorsPass
    : public PassWrapper<LowerRegisterTensorsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerRegisterTensorsPass)

  /// Conversions that wait for the CTA before using the shared buffer.
  llvm::DenseSet<Operation *> fenced;
  /// The target SM: `chip` without its `sm_` prefix and suffix letters.
  int64_t sm = 90;

  LowerRegisterTensorsPass() = default;
  LowerRegisterTensorsPass(const LowerRegisterTensorsPass &other)
      : PassWrapper(other), sm(other.sm) {}
  explicit LowerRegisterTensorsPass(int64_t sm) : sm(sm) {}

  StringRef getArgument() const override { return "layout-lower-register-tensors"; }
  StringRef getDescription() const override {
    return "Lower register tensors (tensors encoded by #layout.linear) to LLVM structs of "
           "their registers: elementwise ops per register, layout.convert_layout to "
           "layout.convert";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, NVVM::NVVMDialect, arith::ArithDialect, scf::SCFDialect>();
  }

  /// Check every register tensor type and give each symbol table that holds
  /// a conversion through shared memory its buffer.
  LogicalResult prepare(Operation *root) {
    bool ok = true;
    root->walk([&](Operation *op) {
      auto check = [&](Type t) {
        if (!registerEncoding(t))
          return;
        std::string why;
        if (failed(registerCount(cast<RankedTensorType>(t), &why))) {
          op->emitOpError() << "has a register tensor " << t << " that is not one: " << why;
          ok = false;
        }
      };
      for (Type t : op->getOperandTypes()) {
        check(t);
        if (isa<MemoryTensorType>(t) && isa<AsyncCopyOp, GlobalLoadOp, GlobalStoreOp,
                                               SharedLoadOp, SharedStoreOp>(op)) {
          op->emitOpError() << "reads the tensor in memory " << t
                            << " unresolved: --layout-lower-tensors (the first pass of "
                               "--lower-to-nvvm) resolves it to a pointer first";
          ok = false;
        }
      }
      for (Type t : op->getResultTypes())
        check(t);
      // Registers of an element LLVM has no type for (f8) are its bytes: moved
      // (loads, stores, conversions, a bitcast to the integer of its width) or
      // made by arith.truncf from f32 (cvt.rn.satfinite), not computed on.
      StringRef dialect = op->getName().getDialectNamespace();
      auto f32ToFp8 = [](Operation *o) {
        auto tr = dyn_cast<arith::TruncFOp>(o);
        return tr && getElementTypeOrSelf(tr.getIn().getType()).isF32() &&
               isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(tr.getType()));
      };
      if ((dialect == "arith" || dialect == "math") &&
          !isa<arith::BitcastOp, arith::ConstantOp>(op) && !f32ToFp8(op))
        for (Type t : llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
          if (registerEncoding(t)) {
            Type elem = cast<RankedTensorType>(t).getElementType();
            if (llvmElementType(elem) == elem)
              continue;
            op->emitOpError() << "computes on registers of " << elem
                              << ", which LLVM has no type for: a register tensor of "
                              << elem << " is held as " << llvmElementType(elem)
                              << " and only moved (loads, stores, layout.convert_layout, "
                                 "arith.bitcast to "
                              << llvmElementType(elem)
                              << ") or made by arith.truncf from f32 (f8E4M3FN, f8E5M2)";
            ok = false;
            break;
          }
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (Type t : b.getArgumentTypes())
            check(t);
    });
    if (!ok)
      return failure();
    root->walk([&](arith::ConstantOp op) {
      auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
      if (registerEncoding(op.getType()) && (!dense || !dense.isSplat())) {
        op.emitOpError()
            << "a constant register tensor must be a splat: each thread holds other "
               "elements, so a non-splat constant has no per-thread value";
        ok = false;
      }
    });
    if (!ok)
      return failure();
    llvm::DenseMap<Operation *, int64_t> need;
    SmallVector<Operation *> order;
    llvm::DenseSet<Operation *> seen; // functions with an earlier shared conversion
    root->walk([&](ConvertLayoutOp op) {
      auto src = cast<RankedTensorType>(op.getSrc().getType());
      int64_t budget = budgetAt(op);
      FailureOr<int64_t> bytes =
          convertSharedBytes(op, llvmElementType(src.getElementType()), registerEncoding(src),
                             registerEncoding(op.getType()), budget, sm);
      if (failed(bytes)) {
        ok = false;
        return;
      }
      if (*bytes == 0)
        return;
      // The buffer is shared by every conversion: one that may follow another
      // (an earlier one in its function, or itself in an earlier iteration)
      // waits for the CTA first. Only the first of a function, straight-line
      // in its entry block, starts with the buffer free.
      Operation *fn = op->getParentOfType<FunctionOpInterface>();
      bool first = fn && !seen.contains(fn) && op->getBlock() == &fn->getRegion(0).front();
      if (fn)
        seen.insert(fn);
      if (!first)
        fenced.insert(op);
      Operation *table = SymbolTable::getNearestSymbolTable(op);
      if (!table) {
        op.emitOpError() << "needs a shared buffer but has no symbol table around it";
        ok = false;
        return;
      }
      if (!need.count(table))
        order.push_back(table);
      need[table] = std::max(need[table], *bytes);
    });
    if (!ok)
      return failure();
    for (Operation *table : order) {
      int64_t bytes = need[table];
      if (bytes > kStaticSmemBytes) {
        table->emitOpError() << "its conversions need a shared buffer of " << bytes
                             << " bytes, more than static shared memory holds ("
                             << kStaticSmemBytes
                             << "): a smaller layout.smem_budget tiles them";
        return failure();
      }
      if (Operation *old = SymbolTable::lookupSymbolIn(table, kSmemGlobal)) {
        old->emitOpError() << "is named " << kSmemGlobal
                           << ", the name of the conversions' shared buffer";
        return failure();
      }
      OpBuilder b(table->getContext());
      b.setInsertionPointToStart(&table->getRegion(0).front());
      auto array = LLVM::LLVMArrayType::get(b.getI8Type(), bytes);
      LLVM::GlobalOp::create(b, table->getLoc(), array, /*isConstant=*/false,
                             LLVM::Linkage::Internal, kSmemGlobal, Attribute(),
                             /*alignment=*/16, /*addrSpace=*/3);
    }
    return success();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    fenced.clear();
    // The threads that run each register-tensor op (src/kernel_checks.rs).
    if (!layout_nvvm_check_block_warps(wrap(root)) || failed(prepare(root)))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    RegisterTensorConverter converter;
    RewritePatternSet patterns(ctx);
    patterns.add<ElementwisePattern>(converter, ctx);
    patterns.add<CastPattern>(converter, ctx);
    // In the order of RegisterOp (src/register_ops.rs).
    addRegisterOpLowerings<arith::ConstantOp, TransposeOp, BroadcastOp, tensor::SplatOp, MmaOp,
                           CoordinateOp, ReduceOp, SharedLoadOp, SharedStoreOp, AsyncCopyOp,
                           GlobalLoadOp, GlobalStoreOp>(patterns, converter, sm);
    patterns.add<ConvertLayoutPattern>(converter, ctx, fenced, sm);
    patterns.add<RetilePattern>(converter, ctx, sm);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversions(converter, patterns);
    ConversionTarget target(*ctx);
    target.addIllegalOp<AsyncCopyOp>();
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto f = dyn_cast<FunctionOpInterface>(op))
        if (auto type = dyn_cast<FunctionType>(f.getFunctionType()))
          return converter.isSignatureLegal(type) && converter.isLegal(&f.getFunctionBody());
      return converter.isLegal(op);
    });
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::layout::createLowerRegisterTensorsPass() {
  return std::make_unique<LowerRegisterTensorsPass>();
}

std::unique_ptr<Pass> mlir::layout::createLowerRegisterTensorsPass(int64_t sm) {
  return std::make_unique<LowerRegisterTensorsPass>(sm);
}
