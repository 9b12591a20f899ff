//===- ModuleVerification.cpp - verify a module of many functions ---------===//
//
// MLIR's `verify(module)` checks the isolated-from-above children of a module
// on the context's threads, then, on one thread and after all of them, the
// module's region invariants. Of those, the symbol table's is a walk of every
// op nested in the module that asks each op whether it is a symbol user
// (SymbolUserOpInterface) and checks the uses of those that are: 0.4 s on one
// core for the 4.6M ops of 1M lowered crd2idx ops, with the other core idle.
//
// When the module `splitsIntoChildren`, the recursive verification is exactly
//
//   verify(child) for every child  +  verify(module, /*recursive=*/false)
//
// and the second part's walk calls `verifySymbolUses` on symbol users only.
// The caller verifies the children on the context's threads (after a nested
// pipeline, the pass manager does) and scans each for symbol users
// (`SymbolUserScan`: the answer is the op name's, asked once per name in a
// row). Then `verifyModuleItself` computes the second part: when no child
// holds a symbol user, MLIR's own non-recursive verification of the module
// (its attributes, its symbol names, the isolation of its body) runs with the
// children's bodies set aside, on a body of empty functions, so that its walk
// visits the functions only; the bodies would only add ops the walk passes
// over. The bodies go back before anything else runs.
//
// Nothing of that check reaches the user: its diagnostics would print the
// emptied functions (`see current operation`), so any diagnostic, or a
// failure, makes it run MLIR's non-recursive verification on the whole
// module instead, which reports. A child holding a symbol user, a module with
// discardable attributes (a dialect's check of them may look into the bodies)
// or a symbol user among the children themselves (its check may look into
// other bodies) take MLIR's verification as it is.
//
// `verifyModule` (the parse's verification, where nothing else runs yet) keeps
// MLIR's non-recursive check whole and runs it beside the children's: both
// only read the IR, so they are one parallel loop, the module's task first
// since it takes longest, its diagnostics after the children's as in the
// recursive order. (The scan and the bodies set aside would put a serial step
// after the children: slower there for many small functions, 0.27 s against
// 0.21 s on 100k compositions.)
//
//===----------------------------------------------------------------------===//

#include "ModuleVerification.h"
#include "ParallelRuns.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"

#include <memory>
#include <vector>
#include <thread>

namespace mlir::layout {
namespace {

/// While it lives, takes the diagnostics emitted on the thread that made it
/// from every handler registered before it, and says whether there were any.
class QuietScope {
public:
  explicit QuietScope(MLIRContext *context)
      : owner(std::this_thread::get_id()),
        handler(context, [this](Diagnostic &) {
          if (std::this_thread::get_id() != owner)
            return failure();
          heard = true;
          return success();
        }) {}
  bool heardAny() const { return heard; }

private:
  std::thread::id owner;
  bool heard = false;
  ScopedDiagnosticHandler handler;
};

/// The regions of a module's children, moved out of them (on the context's
/// threads) for as long as this lives, then moved back the same way.
class BodiesAside {
public:
  BodiesAside(MLIRContext *context, llvm::ArrayRef<Operation *> children)
      : context(context), children(children), aside(children.size()) {
    forEachIndexQuietly(context, children.size(), [&](size_t i) {
      Operation *child = children[i];
      aside[i] = std::make_unique<Region[]>(child->getNumRegions());
      for (unsigned r = 0; r < child->getNumRegions(); ++r)
        aside[i][r].takeBody(child->getRegion(r));
    });
  }
  ~BodiesAside() {
    forEachIndexQuietly(context, children.size(), [&](size_t i) {
      Operation *child = children[i];
      for (unsigned r = 0; r < child->getNumRegions(); ++r)
        child->getRegion(r).takeBody(aside[i][r]);
    });
  }

private:
  MLIRContext *context;
  llvm::ArrayRef<Operation *> children;
  std::vector<std::unique_ptr<Region[]>> aside;
};

/// True when `verify(module, /*verifyRecursively=*/false)` succeeds without a
/// diagnostic, for a module that `splitsIntoChildren` into `children` (its
/// body, in order) and whose children hold no symbol user: checked on the
/// module with its children's bodies set aside (see the file comment). Emits
/// nothing.
bool moduleItselfVerifiesQuietly(ModuleOp module,
                                 llvm::ArrayRef<Operation *> children) {
  if (!module->getDiscardableAttrDictionary().empty())
    return false;
  SymbolUserScan scan;
  for (Operation *child : children)
    if (scan.isSymbolUser(child))
      return false;

  BodiesAside aside(module->getContext(), children);
  QuietScope quietScope(module->getContext());
  return succeeded(verify(module, /*verifyRecursively=*/false)) &&
         !quietScope.heardAny();
}

} // namespace

/// Whether `op`, an op of a module's body, is a child the verification splits
/// into (see splitsIntoChildren).
static bool isSplitChild(Operation &op) {
  return op.getNumRegions() != 0 && op.getNumOperands() == 0 &&
         op.getNumResults() == 0 && op.getNumSuccessors() == 0 &&
         op.hasTrait<OpTrait::IsIsolatedFromAbove>();
}

bool splitsIntoChildren(ModuleOp module, std::vector<Operation *> &children) {
  children.clear();
  Block *body = module.getBody();
  if (body->getNumArguments() != 0)
    return false;
  for (Operation &op : *body) {
    if (!isSplitChild(op))
      return false;
    children.push_back(&op);
  }
  return true;
}

bool SymbolUserScan::isSymbolUser(Operation *op) {
  const void *name = op->getName().getAsOpaquePointer();
  if (name != lastName) {
    lastName = name;
    lastIsUser = isa<SymbolUserOpInterface>(op);
  }
  return lastIsUser;
}

bool SymbolUserScan::holdsSymbolUser(Operation *root) {
  return root
      ->walk([&](Operation *op) {
        return isSymbolUser(op) ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

bool verifiesQuietly(Operation *op) {
  QuietScope quietScope(op->getContext());
  return succeeded(verify(op)) && !quietScope.heardAny();
}

LogicalResult verifyModuleItself(ModuleOp module,
                                 llvm::ArrayRef<Operation *> children,
                                 bool childrenHoldSymbolUsers) {
  if (!childrenHoldSymbolUsers && moduleItselfVerifiesQuietly(module, children))
    return success();
  return verify(module, /*verifyRecursively=*/false);
}

LogicalResult verifyModule(ModuleOp module) {
  std::vector<Operation *> children;
  if (!splitsIntoChildren(module, children))
    return verify(module);
  // The module's task (0: the longest, started first) reports after every
  // child, as the recursive verification would.
  size_t runs = runCount(children.size());
  auto verifyChild = [](Operation *child) { return verify(child); };
  return forEachTaskOnWorkers(
      module->getContext(), runs + 1,
      [runs](size_t task) { return task == 0 ? runs : task - 1; },
      [&](size_t, size_t task) {
        return task == 0 ? verify(module, /*verifyRecursively=*/false)
                         : forEachInRun(llvm::ArrayRef<Operation *>(children),
                                        task - 1, verifyChild);
      });
}

} // namespace mlir::layout
