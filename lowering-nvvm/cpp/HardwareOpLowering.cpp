//===- HardwareOpLowering.cpp - `--layout-lower-to-nvvm` on MLIR's conversion -===//
//
// The pass `layout-lower-to-nvvm`: MLIR's dialect conversion with every
// hardware op of the `layout` dialect (ldmatrix, stmatrix, lane_offset,
// wgmma_desc, wgmma, fragment_store, convert, tma_desc, tma_load, tma_store,
// umma_desc, tcgen05_mma, tmem_load, tmem_store, tcgen05_cp) illegal and one
// conversion pattern per op. Each pattern hands the op, its remapped operands
// and the pattern's rewriter to the Rust lowering (src/pass.rs,
// layout_nvvm_lower_op), which derives every number from the layouts
// (layout_algebra::hw) and creates the NVVM/LLVM ops through that rewriter.
// An op that cannot be lowered is an error that names the reason, and the
// conversion fails.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "LayoutNvvm.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

#define GET_OP_CLASSES
#include "LayoutNvgpuOps.h.inc"

using namespace mlir;
using namespace mlir::layout;

namespace {
/// The conversion pattern of one hardware op: its lowering is the Rust one,
/// told the op's kind (`HardwareOp` in src/pass.rs), not its name.
template <typename HardwareOp>
struct HardwareOpLowering : public OpConversionPattern<HardwareOp> {
  HardwareOpLowering(MLIRContext *ctx, int kind, int64_t sm)
      : OpConversionPattern<HardwareOp>(ctx), kind(kind), sm(sm) {}
  LogicalResult matchAndRewrite(HardwareOp op, typename HardwareOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<MlirValue> operands;
    for (Value v : adaptor.getOperands())
      operands.push_back(wrap(v));
    RewriterBase *base = &rewriter;
    if (!layout_nvvm_lower_op(wrap(op.getOperation()), kind, wrap(base), operands.data(),
                              operands.size(), /*results=*/nullptr, 0, sm))
      return failure();
    return success();
  }
  int kind;
  int64_t sm;
};

/// The patterns of `HardwareOps`, whose order is the numbering of `HardwareOp`
/// in src/pass.rs (the comma fold runs left to right: kinds 0, 1, ...).
template <typename... HardwareOps>
void addHardwareOpLowerings(RewritePatternSet &patterns, ConversionTarget &target,
                            int64_t sm) {
  int kind = 0;
  (patterns.add<HardwareOpLowering<HardwareOps>>(patterns.getContext(), kind++, sm), ...);
  target.addIllegalOp<HardwareOps...>();
}

struct LowerHardwareOpsPass
    : public PassWrapper<LowerHardwareOpsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerHardwareOpsPass)
  /// The target's SM (--lower-to-nvvm's chip); 0 when not known (the pass alone).
  int64_t sm = 0;
  explicit LowerHardwareOpsPass(int64_t sm = 0) : sm(sm) {}
  StringRef getArgument() const override { return "layout-lower-to-nvvm"; }
  StringRef getDescription() const override {
    return "Lower the layout dialect's hardware ops (ldmatrix/stmatrix/wgmma_desc/wgmma/"
           "fragment_store/convert/tma_*/umma_desc/tcgen05_*/tmem_*) to NVVM and LLVM-dialect "
           "ops (MLIR's dialect conversion, one pattern per op)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, NVVM::NVVMDialect>();
  }
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    // In the order of HardwareOp (src/pass.rs).
    addHardwareOpLowerings<LdmatrixOp, StmatrixOp, LaneOffsetOp, WgmmaDescOp, WgmmaOp,
                           FragmentStoreOp, ConvertOp, TmaDescOp, TmaLoadOp, TmaStoreOp,
                           UmmaDescOp, Tcgen05MmaOp, TmemLoadOp, TmemStoreOp, Tcgen05CpOp>(
        patterns, target, sm);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

std::unique_ptr<Pass> mlir::layout::createLowerHardwareOpsPass(int64_t sm) {
  return std::make_unique<LowerHardwareOpsPass>(sm);
}

extern "C" MlirPass layout_nvvm_create_hardware_lowering_pass(void) {
  return wrap(createLowerHardwareOpsPass().release());
}
