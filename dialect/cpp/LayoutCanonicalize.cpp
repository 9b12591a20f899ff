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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::layout;

namespace {
/// If `op(value)` (op = coalesce or filter, computed by `algebra`) is computable
/// and differs from `value`, the new value; otherwise null.
template <typename SimplifyOp>
Value simplified(PatternRewriter &rewriter, Location loc, Value value,
                 LayoutResult (*algebra)(LayoutHandle)) {
  auto type = llvm::dyn_cast<ValueType>(value.getType());
  if (!type || type.getText() == "*" || type.getValueKind() != ValueKind::Layout)
    return {};
  if (value.getDefiningOp<SimplifyOp>())
    return {};
  rust::Result r = rust::take(algebra(type.getValueHandle()));
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
    Value v = simplified<CoalesceOp>(rewriter, op.getLoc(), op.getLayout(), layout_ffi_coalesce);
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
    if (op->getNumOperands() != 1)
      return failure();
    Value v = simplified<FilterOp>(rewriter, op.getLoc(), op.getA(), layout_ffi_filter);
    if (!v)
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getAMutable().assign(v); });
    return success();
  }
};

/// bind, as a fold of the dialect: an op of the algebra (a layout-valued or
/// index-valued op whose operands are all layout values) whose runtime operands
/// are built by `layout.make` from constants is computed on its runtime leaves,
/// as CuTe C++ computes with `int` leaves, and bound to those constants
/// (`layout_ffi_call_bound`). An index result becomes an `arith.constant`; a
/// result with runtime leaves becomes a `layout.make` of the same type whose
/// operands are the constants of its runtime leaves (the type keeps C++'s
/// static/runtime split, so a value of it stays what C++ would hold). Values
/// that break a condition the algebra records for runtime leaves are left
/// alone: the lowering asserts the condition where it is computed.
struct BindConstantLeaves : RewritePattern {
  BindConstantLeaves(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!dialect || dialect->getNamespace() != LayoutDialect::getDialectNamespace() ||
        isa<MakeOp, ConstOp>(op) || op->getNumResults() != 1 ||
        op->getNumRegions() != 0)
      return failure();
    Type resultType = op->getResult(0).getType();
    auto valueType = llvm::dyn_cast<ValueType>(resultType);
    bool indexResult = resultType.isIndex();
    if (!indexResult &&
        (!valueType || valueType.getText() == "*" || valueType.isStatic()))
      return failure();
    SmallVector<LayoutOperand, 4> args;
    SmallVector<int64_t, 8> values;
    bool bound = false;
    for (Value v : op->getOperands()) {
      auto t = llvm::dyn_cast<ValueType>(v.getType());
      if (!t || t.getText() == "*")
        return failure();
      args.push_back(t.asOperand());
      if (t.isStatic())
        continue;
      auto make = v.getDefiningOp<MakeOp>();
      if (!make)
        return failure();
      for (Value leaf : make.getLeaves()) {
        APInt c;
        if (!matchPattern(leaf, m_ConstantInt(&c)))
          return failure();
        values.push_back(c.getSExtValue());
      }
      bound = true;
    }
    if (!bound)
      return failure();
    SmallVector<int64_t, 4> indices;
    if (auto a = op->getAttrOfType<DenseI64ArrayAttr>("indices"))
      indices.assign(a.asArrayRef().begin(), a.asArrayRef().end());
    StringRef name = op->getName().getStringRef();
    name.consume_front("layout.");
    rust::Result r = rust::take(layout_ffi_call_bound(rust::str(name), rust::operands(args),
                                                      rust::ints(indices), rust::ints(values),
                                                      !indexResult));
    if (!r.ok())
      return failure();
    if (indexResult) {
      int64_t v;
      if (StringRef(r.text).getAsInteger(10, v))
        return failure();
      rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, v);
      return success();
    }
    SmallVector<int64_t, 8> leafValues;
    for (StringRef piece : llvm::split(StringRef(r.text), ',')) {
      int64_t v;
      if (piece.empty() || piece.getAsInteger(10, v))
        return failure();
      leafValues.push_back(v);
    }
    SmallVector<Value, 8> leaves;
    for (int64_t v : leafValues)
      leaves.push_back(arith::ConstantIndexOp::create(rewriter, op->getLoc(), v));
    rewriter.replaceOpWithNewOp<MakeOp>(op, resultType, leaves);
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
    if (auto *dialect = ctx->getLoadedDialect<LayoutDialect>())
      dialect->getCanonicalizationPatterns(patterns);
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

void LayoutDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<BindConstantLeaves>(getContext());
}

std::unique_ptr<Pass> mlir::layout::createLayoutCanonicalizePass() {
  return std::make_unique<LayoutCanonicalizePass>();
}

void mlir::layout::registerLayoutPasses() {
  PassRegistration<LayoutCanonicalizePass>();
}
