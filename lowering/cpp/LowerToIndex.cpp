//===- LowerToIndex.cpp - `--layout-lower-to-index` on MLIR's conversion ---===//
//
// The pass `layout-lower-to-index`: MLIR's dialect conversion with the layout
// ops that have index math illegal (crd2idx, idx2crd, linear_apply, apply,
// inv, and the shape queries size, rank, depth, cosize, shape_leaf,
// stride_leaf) and one conversion pattern per op. Each pattern hands the op,
// its operands as the conversion maps them and the pattern's rewriter to the
// Rust lowering (src/pass.rs, layout_lowering_lower_op), which emits the
// op's arith math through that rewriter and replaces the op.
//
// An op the lowering leaves is legal from then on: a shape query whose
// runtime leaves cannot be computed stays, and an op that cannot be lowered
// at all gets the lowering's error (not the conversion's generic "failed to
// legalize") and fails the pass. After the conversion, the layout ops left
// without uses (the layouts the lowered ops read) are erased. Constants and
// ops shared between layout ops are merged by upstream canonicalize and cse,
// which the `lower-to-index` pipeline runs next.
//
//===----------------------------------------------------------------------===//

#include "LowerToIndex.h"

#include "Layout/LayoutDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"

extern "C" {
LayoutLoweringMemo *layout_lowering_memo_new(void);
void layout_lowering_memo_free(LayoutLoweringMemo *memo);
void layout_lowering_memo_erase_dead(LayoutLoweringMemo *memo, bool erase);
/// 1: lowered and replaced; 0: an error was emitted on the op; 2: left as is.
int layout_lowering_lower_op(MlirOperation op, int kind, MlirRewriterBase rewriter,
                             const MlirValue *operands, size_t n,
                             LayoutLoweringMemo *memo);
}

using namespace mlir;
using namespace mlir::layout;

namespace {

/// One conversion: the memo, the ops the lowering left (legal from then on)
/// and whether it failed on one.
struct ConversionState {
  LayoutLoweringMemo *memo;
  llvm::DenseSet<Operation *> left;
  bool failed = false;
};

/// The conversion pattern of one layout op: its lowering is the Rust one,
/// told the op's kind (`IndexOp` in src/pass.rs), not its name.
template <typename LayoutOp>
struct IndexLowering : public OpConversionPattern<LayoutOp> {
  IndexLowering(MLIRContext *ctx, ConversionState &state, int kind)
      : OpConversionPattern<LayoutOp>(ctx), state(state), kind(kind) {}
  LogicalResult matchAndRewrite(LayoutOp op, typename LayoutOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<MlirValue> operands;
    for (Value v : adaptor.getOperands())
      operands.push_back(wrap(v));
    RewriterBase *base = &rewriter;
    switch (layout_lowering_lower_op(wrap(op.getOperation()), kind, wrap(base), operands.data(),
                                     operands.size(), state.memo)) {
    case 1:
      return success();
    case 0:
      state.failed = true;
      [[fallthrough]];
    default:
      state.left.insert(op.getOperation());
      return failure();
    }
  }
  ConversionState &state;
  int kind;
};

/// The patterns of `LayoutOps`, whose order is the numbering of `IndexOp` in
/// src/pass.rs (the comma fold runs left to right: kinds 0, 1, ...).
template <typename... LayoutOps>
void addIndexLowerings(RewritePatternSet &patterns, ConversionTarget &target,
                       ConversionState &state) {
  int kind = 0;
  (patterns.add<IndexLowering<LayoutOps>>(patterns.getContext(), state, kind++), ...);
  target.addDynamicallyLegalOp<LayoutOps...>(
      [&state](Operation *op) { return state.left.contains(op); });
}

/// Whether the op belongs to the `layout` dialect.
bool isLayoutOp(Operation *op) {
  return isa_and_nonnull<LayoutDialect>(op->getDialect());
}

/// The layout ops under `root` (not `root` itself), in post-order; with
/// `outsideIsolated`, not inside isolated-from-above ops below `root`.
/// (Layout ops have no regions, so the pre-order walk that can skip subtrees
/// lists them in the same order as the post-order walk.)
SmallVector<Operation *> layoutOpsUnder(Operation *root, bool outsideIsolated) {
  SmallVector<Operation *> ops;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    if (outsideIsolated && op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return WalkResult::skip();
    if (isLayoutOp(op))
      ops.push_back(op);
    return WalkResult::advance();
  });
  return ops;
}

} // namespace

FailureOr<bool> mlir::layout::lowerToIndex(Operation *root, LayoutLoweringMemo *memo,
                                           bool outsideIsolated) {
  MLIRContext *ctx = root->getContext();
  SmallVector<Operation *> layoutOps = layoutOpsUnder(root, outsideIsolated);
  if (layoutOps.empty())
    return false;
  ConversionState state{memo, {}, false};
  ConversionTarget target(*ctx);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  RewritePatternSet patterns(ctx);
  // In the order of IndexOp (src/pass.rs).
  addIndexLowerings<Crd2IdxOp, Idx2CrdOp, LinearApplyOp, ApplyOp, InvOp, SizeOp, RankOp,
                    DepthOp, CosizeOp, ShapeLeafOp, StrideLeafOp>(patterns, target, state);
  // The lowering decides what each op becomes; folding the layout ops first
  // would only call their folders once more (canonicalize folds after).
  ConversionConfig config;
  config.foldingMode = DialectConversionFoldingMode::Never;
  LogicalResult converted =
      outsideIsolated
          ? applyPartialConversion(ArrayRef<Operation *>(layoutOps), target,
                                   std::move(patterns), config)
          : applyPartialConversion(root, target, std::move(patterns), config);
  // The ops the lowerings emitted and then found unused: erased now that the
  // conversion has committed (a failed conversion rolled them back).
  layout_lowering_memo_erase_dead(memo, succeeded(converted));
  if (failed(converted) || state.failed)
    return failure();
  // The layouts the lowered ops read: erased once nothing uses them (users
  // come after their operands in the post-order, so from the end whole
  // chains go).
  // (Named: `llvm::reverse` of the temporary would outlive it in a range-for.)
  SmallVector<Operation *> remaining = layoutOpsUnder(root, outsideIsolated);
  for (Operation *op : llvm::reverse(remaining))
    if (isOpTriviallyDead(op))
      op->erase();
  return true;
}

namespace {
struct LowerToIndexPass : public PassWrapper<LowerToIndexPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerToIndexPass)
  LowerToIndexPass() = default;
  /// A clone (one per thread) starts with its own, empty memo.
  LowerToIndexPass(const LowerToIndexPass &other) : PassWrapper(other) {}
  ~LowerToIndexPass() override { layout_lowering_memo_free(memo); }

  StringRef getArgument() const override { return "layout-lower-to-index"; }
  StringRef getName() const override { return "LayoutLowerToIndex"; }
  StringRef getDescription() const override {
    return "Lower layout.crd2idx/idx2crd/linear_apply/apply/inv and the shape queries "
           "(static, dynamic, swizzled, composed layouts) to arith index math (MLIR's "
           "dialect conversion, one pattern per op)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    // cf: the asserts of conditions that runtime leaves carry (src/runtime_leaves.rs).
    registry.insert<arith::ArithDialect, cf::ControlFlowDialect>();
  }
  void runOnOperation() override {
    if (!memo)
      memo = layout_lowering_memo_new();
    FailureOr<bool> changed = lowerToIndex(getOperation(), memo, false);
    if (failed(changed))
      signalPassFailure();
    else if (!*changed)
      markAllAnalysesPreserved();
  }

  /// The layout types met in earlier runs of this instance, with their
  /// templates (keyed by uniqued type storage, which the context keeps).
  LayoutLoweringMemo *memo = nullptr;
};
} // namespace

std::unique_ptr<Pass> mlir::layout::createLowerToIndexPass() {
  return std::make_unique<LowerToIndexPass>();
}

extern "C" MlirPass layout_lowering_create_lower_to_index_pass(void) {
  return wrap(createLowerToIndexPass().release());
}

/// For tests (src/pass.rs, lower_under_with): the pass's conversion on `root`
/// with the caller's memo.
extern "C" bool layout_lowering_convert(MlirOperation root, LayoutLoweringMemo *memo) {
  return succeeded(lowerToIndex(unwrap(root), memo, false));
}
