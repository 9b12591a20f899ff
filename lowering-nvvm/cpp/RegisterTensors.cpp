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
// - the splat arith.constant, layout.transpose, layout.broadcast, tensor.splat,
//   layout.mma, layout.coordinate, layout.reduce, layout.shared_load,
//   layout.shared_store, layout.async_copy, layout.global_load,
//   layout.global_store, unrealized_conversion_cast, elementwise arith/math,
//   layout.convert_layout and layout.retile patterns are one template,
//   RegisterOpLowering, whose body is the Rust lowering (src/register_ops.rs,
//   which states what each becomes): it gets the op, its remapped operands, its
//   results' converted types and the target SM;
// - function signatures, calls, returns and scf ops follow the types (upstream
//   structural patterns).
//
// Before any rewrite, src/convert_buffer.rs checks the register tensors of the
// module and the ops on them (src/kernel_checks.rs, src/register_type_checks.rs)
// and plans the shared buffer of the conversions (which of them wait for the
// CTA, the module-level buffer `__layout_convert_smem`). No layout math here.
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
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

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

/// The linear layout encoding a register tensor, or null for any other type.
ValueAttr registerEncoding(Type t) {
  auto r = dyn_cast<RankedTensorType>(t);
  if (!r)
    return {};
  auto a = dyn_cast_or_null<ValueAttr>(r.getEncoding());
  return a && a.getValueKind() == ValueKind::Linear ? a : ValueAttr();
}

/// Registers per thread of a register tensor, or failure when it is not one.
FailureOr<int64_t> registerCount(RankedTensorType t) {
  int64_t out[2] = {0, 0};
  ArrayRef<int64_t> shape = t.getShape();
  rust::Result r = rust::take(
      layout_ffi_register_tensor(registerEncoding(t).getValueHandle(), rust::ints(shape), out));
  if (!r.ok())
    return failure();
  return out[0];
}

struct RegisterTensorConverter : public TypeConverter {
  RegisterTensorConverter() {
    addConversion([](Type t) { return t; });
    addConversion([](RankedTensorType t) -> std::optional<Type> {
      if (!registerEncoding(t))
        return t;
      FailureOr<int64_t> regs = registerCount(t);
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

/// The Rust lowering (src/register_ops.rs) of the register-tensor op `op` of kind `kind`: the
/// op, its remapped operands, its results' converted types and the target SM go to
/// `layout_nvvm_lower_op`, which creates the ops through the rewriter (or fails, the reason
/// emitted at the op, or silently when the op is not the pattern's).
LogicalResult lowerInRust(const TypeConverter &tc, Operation *op, ValueRange remapped,
                          ConversionPatternRewriter &rw, int kind, int64_t sm) {
  SmallVector<Type> results;
  if (failed(tc.convertTypes(op->getResultTypes(), results)))
    return failure();
  SmallVector<MlirValue> operands;
  for (Value v : remapped)
    operands.push_back(wrap(v));
  SmallVector<MlirType> types;
  for (Type t : results)
    types.push_back(wrap(t));
  RewriterBase *base = &rw;
  return success(layout_nvvm_lower_op(wrap(op), kind, wrap(base), operands.data(),
                                      operands.size(), types.data(), types.size(), sm));
}

/// The conversion pattern of a register-tensor op whose lowering is the Rust one, told the
/// op's kind, not its name.
template <typename Op>
struct RegisterOpLowering : public OpConversionPattern<Op> {
  RegisterOpLowering(const TypeConverter &tc, MLIRContext *ctx, int kind, int64_t sm)
      : OpConversionPattern<Op>(tc, ctx), kind(kind), sm(sm) {}
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    return lowerInRust(*this->getTypeConverter(), op, adaptor.getOperands(), rw, kind, sm);
  }
  int kind;
  int64_t sm;
};

/// Any op (MatchAnyOpTypeTag): the elementwise arith/math ops on register tensors, which the
/// Rust lowering tells from the others (src/elementwise.rs).
struct AnyOp {};
template <>
struct RegisterOpLowering<AnyOp> : public ConversionPattern {
  RegisterOpLowering(const TypeConverter &tc, MLIRContext *ctx, int kind, int64_t sm)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx), kind(kind), sm(sm) {}
  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    return lowerInRust(*getTypeConverter(), op, operands, rw, kind, sm);
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

struct LowerRegisterTensorsPass
    : public PassWrapper<LowerRegisterTensorsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerRegisterTensorsPass)

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

  void runOnOperation() override {
    Operation *root = getOperation();
    // The checks and the conversions' shared buffer (src/convert_buffer.rs).
    if (!layout_nvvm_prepare_register_tensors(wrap(root), sm))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    RegisterTensorConverter converter;
    RewritePatternSet patterns(ctx);
    // In the order of RegisterOp (src/register_ops.rs).
    addRegisterOpLowerings<arith::ConstantOp, TransposeOp, BroadcastOp, tensor::SplatOp, MmaOp,
                           CoordinateOp, ReduceOp, SharedLoadOp, SharedStoreOp, AsyncCopyOp,
                           GlobalLoadOp, GlobalStoreOp, UnrealizedConversionCastOp, AnyOp,
                           ConvertLayoutOp, RetileOp>(patterns, converter, sm);
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

/// The function (FunctionOpInterface) and the symbol table nearest around `op`,
/// each null when there is none (src/convert_buffer.rs; the C API reads no
/// interface or trait).
extern "C" void layout_nvvm_convert_scope(MlirOperation op, MlirOperation *function,
                                          MlirOperation *table) {
  Operation *o = unwrap(op);
  *function = wrap(o->getParentOfType<FunctionOpInterface>().getOperation());
  *table = wrap(SymbolTable::getNearestSymbolTable(o));
}

std::unique_ptr<Pass> mlir::layout::createLowerRegisterTensorsPass() {
  return std::make_unique<LowerRegisterTensorsPass>();
}

std::unique_ptr<Pass> mlir::layout::createLowerRegisterTensorsPass(int64_t sm) {
  return std::make_unique<LowerRegisterTensorsPass>(sm);
}
