//===- LayoutCanonicalize.cpp - filter_zeros/coalesce rewrites ------------===//
//
// Canonicalization never changes what an op computes: an operand is replaced
// by its coalesce (or filter = coalesce o filter_zeros) only where the op
// observes just the function (or just the footprint) of the layout, never its
// coordinate interface. The rewritten operand is computed by the Rust algebra
// (a `layout.coalesce`/`layout.filter` op whose result type it infers).
//
// The pass `layout-canonicalize` applies these patterns and the folders of the
// layout dialect only; `canonicalize` applies them together with everyone's.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "Layout/LayoutPasses.h"
#include "Layout/RustAlgebra.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::layout;

namespace {
/// If `op(value)` (op = coalesce or filter) is computable and differs from
/// `value`, the new value; otherwise null.
template <typename SimplifyOp>
Value simplified(PatternRewriter &rewriter, Location loc, Value value) {
  auto type = llvm::dyn_cast<ValueType>(value.getType());
  if (!type || type.getText() == "*" || type.getValueKind() != ValueKind::Layout)
    return {};
  if (value.getDefiningOp<SimplifyOp>())
    return {};
  StringRef name = SimplifyOp::getOperationName();
  name.consume_front("layout.");
  rust::Result r = rust::call(name, type.asOperand());
  if (!r.ok() || r.text == type.getText())
    return {};
  return SimplifyOp::create(rewriter, loc, ValueRange{value}).getResult();
}

/// crd2idx with a linear index observes only the function: coalesce the layout.
struct CoalesceCrd2IdxLayout : OpRewritePattern<Crd2IdxOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(Crd2IdxOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getCoord().size() != 1)
      return failure();
    Value v = simplified<CoalesceOp>(rewriter, op.getLoc(), op.getLayout());
    if (!v)
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getLayoutMutable().assign(v); });
    return success();
  }
};

/// cosize observes only the footprint: filter the layout.
struct FilterCosizeOperand : OpRewritePattern<CosizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CosizeOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getArgs().size() != 1)
      return failure();
    Value v = simplified<FilterOp>(rewriter, op.getLoc(), op.getArgs()[0]);
    if (!v)
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getArgsMutable().assign(v); });
    return success();
  }
};

struct LayoutCanonicalizePass
    : PassWrapper<LayoutCanonicalizePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LayoutCanonicalizePass)
  StringRef getArgument() const override { return "layout-canonicalize"; }
  StringRef getDescription() const override {
    return "Fold static layout algebra to constants and apply the layout "
           "dialect's filter_zeros/coalesce canonicalizations";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LayoutDialect, arith::ArithDialect>();
  }
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    for (RegisteredOperationName name : ctx->getRegisteredOperations())
      if (name.getDialectNamespace() == LayoutDialect::getDialectNamespace())
        name.getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void Crd2IdxOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<CoalesceCrd2IdxLayout>(context);
}

void CosizeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<FilterCosizeOperand>(context);
}

std::unique_ptr<Pass> mlir::layout::createLayoutCanonicalizePass() {
  return std::make_unique<LayoutCanonicalizePass>();
}

void mlir::layout::registerLayoutPasses() {
  PassRegistration<LayoutCanonicalizePass>();
}
