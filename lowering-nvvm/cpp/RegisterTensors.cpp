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
//   layout.global_store, unrealized_conversion_cast and elementwise arith/math
//   patterns are one template, RegisterOpLowering, whose body is the Rust
//   lowering (src/register_ops.rs, which states what each becomes): it gets
//   the op, its remapped operands, its results' converted types and the
//   target SM;
// - layout.convert_layout becomes layout.convert (the plan of convert_plan,
//   lowered by --layout-lower-to-nvvm) with the thread index (tid.x) and, when
//   the plan goes through shared memory, a module-level shared buffer
//   `__layout_convert_smem` as large as the largest plan of its module, and a
//   CTA barrier before it unless it is the first conversion through shared
//   memory of its function, in the entry block (a later one, or one in a loop,
//   would overwrite what an earlier one may still be reading);
// - function signatures, calls, returns and scf ops follow the types (upstream
//   structural patterns).
//
// Before any rewrite, src/kernel_checks.rs and src/register_type_checks.rs check
// the register tensors of the module and the ops on them.
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

  /// Give each symbol table that holds a conversion through shared memory its
  /// buffer.
  LogicalResult prepare(Operation *root) {
    bool ok = true;
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
    // The threads that run each register-tensor op (src/kernel_checks.rs), the register
    // tensor types and the ops on them (src/register_type_checks.rs).
    if (!layout_nvvm_check_block_warps(wrap(root)) ||
        !layout_nvvm_check_register_tensors(wrap(root)) || failed(prepare(root)))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    RegisterTensorConverter converter;
    RewritePatternSet patterns(ctx);
    // In the order of RegisterOp (src/register_ops.rs).
    addRegisterOpLowerings<arith::ConstantOp, TransposeOp, BroadcastOp, tensor::SplatOp, MmaOp,
                           CoordinateOp, ReduceOp, SharedLoadOp, SharedStoreOp, AsyncCopyOp,
                           GlobalLoadOp, GlobalStoreOp, UnrealizedConversionCastOp, AnyOp>(
        patterns, converter, sm);
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
