//===- ParallelPrint.h - print top-level ops on several threads -*- C++ -*-===//
//
// See ParallelPrint.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_PARALLELPRINT_H
#define LAYOUT_OPT_PARALLELPRINT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::layout {

/// Writes to `os` the bytes that `module->print(os, AsmState(module,
/// OpPrintingFlags()))` writes, its top-level ops printed on the context's
/// threads. `verified` says that the module passed the verifier since it last
/// changed. Fails when it cannot promise the same bytes (ParallelPrint.cpp
/// says when), having left `os` where it was (a file it wrote to is cut back);
/// the caller then prints sequentially. The pieces are timed under `timing` as
/// "Parallel print".
LogicalResult printTopLevelOpsInParallel(ModuleOp module, bool verified,
                                         llvm::raw_fd_ostream &os,
                                         TimingScope &timing);

} // namespace mlir::layout

#endif // LAYOUT_OPT_PARALLELPRINT_H
