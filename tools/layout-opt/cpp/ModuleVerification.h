//===- ModuleVerification.h - verify a module of many functions -*- C++ -*-===//
//
// See ModuleVerification.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_MODULEVERIFICATION_H
#define LAYOUT_OPT_MODULEVERIFICATION_H

#include "mlir/IR/BuiltinOps.h"

#include <vector>

namespace mlir::layout {

/// Whether `verify(module)` splits into `verify(child)` per op of the body and
/// the non-recursive `verify(module)`: every op of the body is an isolated op
/// with regions, without operands, results or successors, and the body has no
/// arguments (the body's own block and dominance checks then hold trivially).
/// When it does, `children` holds the ops of the body in order.
bool splitsIntoChildren(ModuleOp module, std::vector<Operation *> &children);

/// Says whether some op at or under a root implements SymbolUserOpInterface,
/// the ops whose uses the module's symbol table verification checks. The
/// answer depends on the op name only, so the last name's is kept.
class SymbolUserScan {
public:
  bool holdsSymbolUser(Operation *root);
  /// Whether `op` is a symbol user (the answer of its op name).
  bool isSymbolUser(Operation *op);

private:
  const void *lastName = nullptr;
  bool lastIsUser = false;
};

/// Whether `verify(op)` succeeds without a diagnostic. Emits nothing: call it
/// inside any diagnostic handler it must keep its diagnostics from (such as a
/// parallel loop's), and run MLIR's verifier when it says false.
bool verifiesQuietly(Operation *op);

/// `verify(module, /*verifyRecursively=*/false)`, with the same result and
/// diagnostics, for a module that `splitsIntoChildren` into `children` (the ops
/// of its body, in order): without the walk of the children's bodies when they
/// hold no symbol user.
LogicalResult verifyModuleItself(ModuleOp module,
                                 llvm::ArrayRef<Operation *> children,
                                 bool childrenHoldSymbolUsers);

/// `verify(module)`, with the module's own checks beside its children's on the
/// context's threads (ModuleVerification.cpp; the parse's verification).
LogicalResult verifyModule(ModuleOp module);

} // namespace mlir::layout

#endif // LAYOUT_OPT_MODULEVERIFICATION_H
