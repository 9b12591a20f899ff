//===- ParallelParse.h - parse top-level ops on several threads -*- C++ -*-===//
//
// See ParallelParse.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_PARALLELPARSE_H
#define LAYOUT_OPT_PARALLELPARSE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::layout {

/// The main buffer of `sourceMgr` parsed as `parseSourceFile<ModuleOp>` parses
/// it (its top-level ops in a new module), its pieces parsed on the context's
/// threads, and the module verified when `verifyAfterParse`. Null, with nothing
/// emitted, when the text did not split (ParallelParse.cpp says when) or when
/// any piece or the verifier reported a diagnostic: the caller then parses the
/// text sequentially, which reports exactly what mlir-opt reports. The pieces
/// are timed under `timing` as "Parallel parse" when the text splits.
OwningOpRef<ModuleOp> parseTopLevelOpsInParallel(const llvm::SourceMgr &sourceMgr,
                                                 MLIRContext *context,
                                                 bool verifyAfterParse,
                                                 TimingScope &timing);

} // namespace mlir::layout

#endif // LAYOUT_OPT_PARALLELPARSE_H
