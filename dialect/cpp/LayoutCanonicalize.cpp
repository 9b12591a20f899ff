//===- LayoutCanonicalize.cpp - filter_zeros/coalesce rewrites ------------===//
//
// Canonicalization never changes what an op computes: an operand is replaced
// by its coalesce (or filter = coalesce o filter_zeros) only where the op
// observes just the function (or just the footprint) of the layout, and an op
// on `layout.make`s of constants is bound to them. The rules, with their math,
// are Rust (src/canonical_patterns.rs); this file registers them.
//
// The pass `layout-canonicalize` applies these patterns and the folders of the
// layout dialect only; `canonicalize` applies them together with everyone's.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "Layout/LayoutPasses.h"
#include "Layout/RustAlgebra.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::layout;

/// src/canonical_patterns.rs: apply the canonicalization numbered `kind` to
/// `op` through `rewriter`; true when `op` was rewritten.
extern "C" bool layout_canonicalize_op(MlirOperation op, int kind, MlirRewriterBase rewriter);

namespace {
/// A canonicalization whose match and rewrite are Rust: the pattern numbered
/// `kind` of src/canonical_patterns.rs (0: coalesce the layout of a crd2idx
/// with one index; 1: filter the layout of a cosize; 2: bind an op on
/// `layout.make`s of constants, for any op of the dialect).
struct RustCanonicalization : RewritePattern {
  RustCanonicalization(StringRef root, int kind, MLIRContext *ctx)
      : RewritePattern(root, /*benefit=*/1, ctx), kind(kind) {}
  RustCanonicalization(int kind, MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx), kind(kind) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    RewriterBase *base = &rewriter;
    return success(layout_canonicalize_op(wrap(op), kind, wrap(base)));
  }
  int kind;
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
    if (auto *dialect = ctx->getLoadedDialect<LayoutDialect>())
      dialect->getCanonicalizationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void Crd2IdxOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<RustCanonicalization>(getOperationName(), 0, context);
}

void CosizeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<RustCanonicalization>(getOperationName(), 1, context);
}

void LayoutDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<RustCanonicalization>(2, getContext());
}

std::unique_ptr<Pass> mlir::layout::createLayoutCanonicalizePass() {
  return std::make_unique<LayoutCanonicalizePass>();
}

void mlir::layout::registerLayoutPasses() {
  PassRegistration<LayoutCanonicalizePass>();
}
