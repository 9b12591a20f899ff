//===- IsolatedCanonicalize.cpp - canonicalize a module function by function ===//
//
// `layout-opt --canonicalize` runs MLIR's own canonicalizer, scheduled the
// way `--pass-pipeline='builtin.module(any(canonicalize))'` schedules it:
// once per isolated-from-above child of the module, in parallel on the
// context's thread pool, instead of one greedy rewrite over the whole module.
//
// Why: MLIR's greedy driver keeps per-region folding state (a constant map
// per region) for every region it visits until it returns, so one driver over
// a module of 100k functions holds ~2 KB per function (+250 MB on the fold
// benchmark: 557 MB vs 306 MB peak) and runs on one core; one driver per
// function frees its state after each function.
//
// Why it is the same rewrite: canonicalization never looks across an
// isolated-from-above boundary (the folder materializes constants in the
// nearest isolated region; patterns see values of their own region), so the
// children's regions reach the same fixpoint either way. What a module-level
// driver does besides the children's regions is:
//   - fold and apply patterns to the children themselves;
//   - erase children that are trivially dead (region DCE of the module body).
// The pass does the second itself, and runs the module-level canonicalizer
// after all (the upstream behaviour, exactly) whenever the first could apply:
// a child that a pattern of the canonicalizer's set (after the
// disable/enable filters) is rooted at, or any-op or PDL patterns, or whose
// fold succeeds. Modules whose
// bodies hold anything but registered isolated ops in single-block regions
// are canonicalized as a whole from the start.
//
// `--layout-whole-module-canonicalize` turns the rewrite off (the pipeline is
// then exactly the one the command line spelled).
//
//===----------------------------------------------------------------------===//

#include "IsolatedCanonicalize.h"
#include "ParallelRuns.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/IR/Threading.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

/// MLIR's canonicalizer (its options, its pattern set, its greedy rewrite)
/// run once per isolated child of the op it is scheduled on, falling back to
/// one run over the whole op as described in the file comment.
class IsolatedCanonicalizePass
    : public PassWrapper<IsolatedCanonicalizePass, OperationPass<>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(IsolatedCanonicalizePass)

  IsolatedCanonicalizePass() = default;
  IsolatedCanonicalizePass(const IsolatedCanonicalizePass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "canonicalize"; }
  StringRef getName() const final { return "Canonicalizer"; }
  StringRef getDescription() const final {
    return "Canonicalize operations (one greedy rewrite per isolated child)";
  }

  /// The canonicalizer's pattern set: every loaded dialect's and every
  /// registered op's canonicalization patterns, filtered by the options.
  LogicalResult initialize(MLIRContext *context) final {
    RewritePatternSet owned(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owned);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owned, context);
    patterns = std::make_shared<FrozenRewritePatternSet>(
        std::move(owned), disabledPatterns, enabledPatterns);
    return success();
  }

  void runOnOperation() final {
    Operation *op = getOperation();
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(topDown)
        .setRegionSimplificationLevel(regionSimplify)
        .setMaxIterations(maxIterations)
        .setMaxNumRewrites(maxNumRewrites);
    // Canonicalization is best effort: not converging fails the pass only
    // under test-convergence (as upstream).
    auto rewrite = [&](Operation *root) -> LogicalResult {
      LogicalResult converged = applyPatternsGreedily(root, *patterns, config);
      return testConvergence ? converged : success();
    };
    if (!childrenAreIsolated(op)) {
      if (failed(rewrite(op)))
        signalPassFailure();
      return;
    }
    SmallVector<Operation *> children;
    for (Region &region : op->getRegions())
      for (Operation &child : region.getOps())
        children.push_back(&child);
    if (failed(layout::failableParallelForEachInRuns(
            &getContext(), llvm::ArrayRef<Operation *>(children), rewrite))) {
      signalPassFailure();
      return;
    }
    if (eraseDeadChildrenAndCheckOwnRewrites(op) && failed(rewrite(op)))
      signalPassFailure();
  }

  // The options of MLIR's canonicalize pass, with its names and defaults.
  Option<bool> topDown{*this, "top-down",
                       llvm::cl::desc("Seed the worklist in general top-down order"),
                       llvm::cl::init(true)};
  Option<GreedySimplifyRegionLevel> regionSimplify{
      *this, "region-simplify",
      llvm::cl::desc("Perform control flow optimizations to the region tree"),
      llvm::cl::init(GreedySimplifyRegionLevel::Normal),
      llvm::cl::values(
          clEnumValN(GreedySimplifyRegionLevel::Disabled, "disabled",
                     "Don't run any control-flow simplification."),
          clEnumValN(GreedySimplifyRegionLevel::Normal, "normal",
                     "Perform simple control-flow simplifications."),
          clEnumValN(GreedySimplifyRegionLevel::Aggressive, "aggressive",
                     "Perform aggressive control-flow simplification."))};
  Option<int64_t> maxIterations{
      *this, "max-iterations",
      llvm::cl::desc("Max. iterations between applying patterns / simplifying regions"),
      llvm::cl::init(10)};
  Option<int64_t> maxNumRewrites{
      *this, "max-num-rewrites",
      llvm::cl::desc("Max. number of pattern rewrites within an iteration"),
      llvm::cl::init(-1)};
  Option<bool> testConvergence{
      *this, "test-convergence",
      llvm::cl::desc("Test only: Fail pass on non-convergence"),
      llvm::cl::init(false)};
  ListOption<std::string> disabledPatterns{
      *this, "disable-patterns",
      llvm::cl::desc("Labels of patterns that should be filtered out")};
  ListOption<std::string> enabledPatterns{
      *this, "enable-patterns",
      llvm::cl::desc("Labels of patterns that should be used, all others filtered out")};

private:
  /// Every op directly in `op`'s regions is registered and isolated from
  /// above, and every region has at most one block.
  static bool childrenAreIsolated(Operation *op) {
    for (Region &region : op->getRegions()) {
      if (!region.hasOneBlock() && !region.empty())
        return false;
      for (Operation &child : region.getOps())
        if (!child.isRegistered() ||
            !child.hasTrait<OpTrait::IsIsolatedFromAbove>())
          return false;
    }
    return true;
  }

  /// Erase the children that are trivially dead (last first, so that a chain
  /// of dead children goes); true when some child could still be rewritten
  /// by the module-level driver (patterns rooted at it or a successful fold).
  bool eraseDeadChildrenAndCheckOwnRewrites(Operation *op) {
    bool rewritable = false;
    for (Region &region : op->getRegions()) {
      if (region.empty())
        continue;
      for (Operation &child :
           llvm::make_early_inc_range(llvm::reverse(region.front()))) {
        if (isOpTriviallyDead(&child)) {
          child.erase();
          continue;
        }
        SmallVector<OpFoldResult> folded;
        rewritable = rewritable || hasPatterns(child) ||
                     succeeded(child.fold(folded));
      }
    }
    return rewritable;
  }

  /// Whether a pattern of the rewrite's own set could apply to `child`: one
  /// rooted at its op (the frozen set expands interface and trait roots into
  /// ops), one that matches any op, or PDL patterns.
  bool hasPatterns(Operation &child) const {
    return patterns->getOpSpecificNativePatterns().count(child.getName()) ||
           !patterns->getMatchAnyOpNativePatterns().empty() ||
           patterns->getPDLByteCode();
  }

  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

/// The textual form of `pass` (`canonicalize{...}`).
std::string textOf(Pass &pass) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pass.printAsTextualPipeline(os);
  return text;
}

} // namespace

LogicalResult mlir::layout::scheduleCanonicalizePerIsolatedChild(
    PassManager &pm, OpPassManager &spelled) {
  // The top-level pass list rebuilt in order: each canonicalize becomes the
  // per-child scheduling (with its options); every other pass is re-created
  // from its textual form (the form `--dump-pass-pipeline` and crash
  // reproducers use), which must parse back to the same text. A pass that
  // does not (one built in code with state that its options do not carry,
  // such as the PTX writer of `lower-to-nvvm`) keeps the pipeline as spelled.
  OpPassManager rebuilt(spelled.getOpAnchorName(), spelled.getNesting());
  bool anyCanonicalize = false;
  auto ignoreErrors = [](const Twine &) { return failure(); };
  for (Pass &pass : spelled.getPasses()) {
    std::string text = textOf(pass);
    if (pass.getArgument() == "canonicalize") {
      // `canonicalize{opt=value ...}`: the same options, read by this pass.
      StringRef options = StringRef(text).drop_until([](char c) { return c == '{'; });
      auto replacement = std::make_unique<IsolatedCanonicalizePass>();
      if (options.empty() ||
          failed(replacement->initializeOptions(
              options.drop_front().drop_back(), ignoreErrors))) {
        anyCanonicalize = false;
        break;
      }
      rebuilt.addPass(std::move(replacement));
      anyCanonicalize = true;
      continue;
    }
    std::string errors;
    llvm::raw_string_ostream os(errors);
    OpPassManager scratch(spelled.getOpAnchorName(), spelled.getNesting());
    bool sameText = succeeded(parsePassPipeline(text, scratch, os)) &&
                    llvm::hasSingleElement(scratch.getPasses()) &&
                    textOf(*scratch.getPasses().begin()) == text;
    if (!sameText || failed(parsePassPipeline(text, rebuilt, os))) {
      anyCanonicalize = false;
      break;
    }
  }
  static_cast<OpPassManager &>(pm) = anyCanonicalize ? rebuilt : spelled;
  return success();
}
