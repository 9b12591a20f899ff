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
// With the pass manager's verifier on, the pass verifies its result itself,
// as the pass manager would after it (ModuleVerification.h): each child in the
// task that rewrote it, then the module's own checks; it then says it
// preserved every analysis (having dropped them all), so that the pass manager
// does not verify again. A diagnostic of the children's verification leaves
// the verification to the pass manager, which reports.
//
// `--layout-whole-module-canonicalize` turns the rewrite off (the pipeline is
// then exactly the one the command line spelled).
//
//===----------------------------------------------------------------------===//

#include "IsolatedCanonicalize.h"
#include "ModuleVerification.h"
#include "ParallelChildPipelines.h"
#include "ParallelRuns.h"

#include "mlir/IR/BuiltinOps.h"
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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <mutex>
#include <vector>

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
      : PassWrapper(other), verifyEach(other.verifyEach) {}

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
    // A module that `splitsIntoChildren` (one pass over the body, which
    // collects the children) has only registered isolated children in its one
    // block.
    auto module = dyn_cast<ModuleOp>(op);
    std::vector<Operation *> children;
    bool splits = module && layout::splitsIntoChildren(module, children);
    if (!splits) {
      if (!childrenAreIsolated(op)) {
        if (failed(rewrite(op)))
          signalPassFailure();
        return;
      }
      children.clear();
      for (Region &region : op->getRegions())
        for (Operation &child : region.getOps())
          children.push_back(&child);
    }
    // With the pass manager's verifier on, each child is verified right after
    // its rewrite, and the module's own checks follow (ModuleVerification.h):
    // the verification the pass manager would run after this pass, which it
    // then skips. Any diagnostic of it leaves the verification to the pass
    // manager, which reports in its order. (The children's rewrites leave the
    // children's own operands, results and regions as they are, so the module
    // still splits into them afterwards.)
    //
    // Children of a module that splits have no results, so whether one is
    // dead, and whether the module-level driver could rewrite it, is its own
    // affair: the task that rewrote it asks, and only the dead ones are left
    // for this thread (to erase).
    bool verifyHere = verifyEach && splits;
    std::atomic<bool> childrenQuiet{true}, symbolUsers{false}, rewritable{false};
    std::mutex deadMutex;
    llvm::SmallPtrSet<Operation *, 4> dead;
    auto rewriteAndVerify = [&](Operation *child) -> LogicalResult {
      if (failed(rewrite(child)))
        return failure();
      if (verifyHere) {
        if (childrenQuiet.load(std::memory_order_relaxed) &&
            !layout::verifiesQuietly(child))
          childrenQuiet.store(false, std::memory_order_relaxed);
        if (!symbolUsers.load(std::memory_order_relaxed) &&
            layout::SymbolUserScan().holdsSymbolUser(child))
          symbolUsers.store(true, std::memory_order_relaxed);
      }
      if (splits) {
        if (isOpTriviallyDead(child)) {
          std::lock_guard<std::mutex> lock(deadMutex);
          dead.insert(child);
        } else if (!rewritable.load(std::memory_order_relaxed) &&
                   rewritesAtModuleLevel(*child)) {
          rewritable.store(true, std::memory_order_relaxed);
        }
      }
      return success();
    };
    if (failed(layout::failableParallelForEachInRuns(
            &getContext(), llvm::ArrayRef<Operation *>(children),
            rewriteAndVerify))) {
      signalPassFailure();
      return;
    }
    bool ownRewrites = splits ? rewritable.load()
                              : eraseDeadChildrenAndCheckOwnRewrites(op);
    if (splits && !dead.empty()) {
      for (Operation *child : dead)
        child->erase();
      llvm::erase_if(children, [&](Operation *child) { return dead.count(child); });
    }
    if (ownRewrites) {
      if (failed(rewrite(op)))
        signalPassFailure();
      return;
    }
    if (!verifyHere || !childrenQuiet.load())
      return;
    if (failed(layout::verifyModuleItself(module, children, symbolUsers.load()))) {
      signalPassFailure();
      return;
    }
    getAnalysisManager().clear();
    markAllAnalysesPreserved();
  }

  /// Whether the pass manager verifies after each pass (then this pass
  /// verifies its result itself, as said in runOnOperation).
  bool verifyEach = false;

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
  /// by the module-level driver (`rewritesAtModuleLevel`).
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
        rewritable = rewritable || rewritesAtModuleLevel(child);
      }
    }
    return rewritable;
  }

  /// Whether the module-level driver could rewrite `child`: a pattern rooted
  /// at it, or a successful fold (which, for an op, folds it in place).
  bool rewritesAtModuleLevel(Operation &child) const {
    SmallVector<OpFoldResult> folded;
    return hasPatterns(child) || succeeded(child.fold(folded));
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

/// The pass manager that `text` nests under MLIR's adaptor, when `text` is
/// one `anchor(passes)` that parses back to itself.
std::optional<OpPassManager> nestedPipelineOf(Pass &pass, StringRef text) {
  if (!pass.getArgument().empty() || !text.ends_with(")"))
    return std::nullopt;
  auto [anchor, rest] = text.split('(');
  if (anchor.empty() || rest.empty() ||
      anchor.find_first_of("{}, ") != StringRef::npos)
    return std::nullopt;
  OpPassManager nested(anchor, OpPassManager::Nesting::Explicit);
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(parsePassPipeline(rest.drop_back(), nested, os)))
    return std::nullopt;
  std::string printed;
  llvm::raw_string_ostream printedOs(printed);
  nested.printAsTextualPipeline(printedOs);
  if (printed != text)
    return std::nullopt;
  return nested;
}

/// Whether the command line asks for output that names every pass (IR dumps
/// around passes, pass statistics) or records the pipeline as text (crash
/// reproducers): a nested pipeline then stays under MLIR's adaptor, which
/// those leave out or print as `anchor(...)`, so that the output is
/// mlir-opt's and a reproducer's pipeline parses back.
bool passesAreReported() {
  auto &options = llvm::cl::getRegisteredOptions();
  for (StringRef name :
       {"mlir-print-ir-before", "mlir-print-ir-after", "mlir-print-ir-before-all",
        "mlir-print-ir-after-all", "mlir-print-ir-after-change",
        "mlir-print-ir-after-failure", "mlir-print-ir-tree-dir",
        "mlir-pass-statistics", "mlir-pass-pipeline-crash-reproducer",
        "mlir-pass-pipeline-local-reproducer"}) {
    auto it = options.find(name);
    if (it != options.end() && it->second->getNumOccurrences() != 0)
      return true;
  }
  return false;
}

} // namespace

LogicalResult mlir::layout::scheduleOnIsolatedChildren(PassManager &pm,
                                                       OpPassManager &spelled,
                                                       bool verifyEach) {
  // The top-level pass list rebuilt in order: each canonicalize becomes the
  // per-child scheduling (with its options), each nested pipeline of a module
  // the parallel pass of ParallelChildPipelines.cpp; every other pass is
  // re-created from its textual form (the form `--dump-pass-pipeline` and
  // crash reproducers use), which must parse back to the same text. A pass
  // that does not (one built in code with state that its options do not
  // carry, such as the PTX writer of `lower-to-nvvm`) keeps the pipeline as
  // spelled.
  OpPassManager rebuilt(spelled.getOpAnchorName(), spelled.getNesting());
  bool nestedInParallel =
      spelled.getOpAnchorName() == ModuleOp::getOperationName() &&
      !passesAreReported();
  bool rescheduled = false;
  auto ignoreErrors = [](const Twine &) { return failure(); };
  for (Pass &pass : spelled.getPasses()) {
    std::string text = textOf(pass);
    if (pass.getArgument() == "canonicalize") {
      // `canonicalize{opt=value ...}`: the same options, read by this pass.
      StringRef options = StringRef(text).drop_until([](char c) { return c == '{'; });
      auto replacement = std::make_unique<IsolatedCanonicalizePass>();
      replacement->verifyEach = verifyEach;
      if (options.empty() ||
          failed(replacement->initializeOptions(
              options.drop_front().drop_back(), ignoreErrors))) {
        rescheduled = false;
        break;
      }
      rebuilt.addPass(std::move(replacement));
      rescheduled = true;
      continue;
    }
    if (std::optional<OpPassManager> nested = nestedPipelineOf(pass, text);
        nested && nestedInParallel) {
      rebuilt.addPass(createParallelChildPipelines(*nested, verifyEach));
      rescheduled = true;
      continue;
    }
    std::string errors;
    llvm::raw_string_ostream os(errors);
    OpPassManager scratch(spelled.getOpAnchorName(), spelled.getNesting());
    bool sameText = succeeded(parsePassPipeline(text, scratch, os)) &&
                    llvm::hasSingleElement(scratch.getPasses()) &&
                    textOf(*scratch.getPasses().begin()) == text;
    if (!sameText || failed(parsePassPipeline(text, rebuilt, os))) {
      rescheduled = false;
      break;
    }
  }
  static_cast<OpPassManager &>(pm) = rescheduled ? rebuilt : spelled;
  return success();
}
