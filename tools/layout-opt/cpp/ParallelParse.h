//===- ParallelParse.h - parse top-level ops in parallel --------*- C++ -*-===//
//
// See ParallelParse.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_PARALLELPARSE_H
#define LAYOUT_OPT_PARALLELPARSE_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::layout {

/// The main buffer of `sourceMgr` parsed and verified as the sequential
/// parser does with an implicit module (same ops, locations, diagnostics),
/// its top-level ops parsed in parallel on `ctx`'s thread pool; null, with
/// nothing emitted, when the input is small or not cut into top-level ops,
/// or when a chunk fails to parse or the module to verify: the caller then
/// parses sequentially. `numChunks` receives the number of parts parsed.
OwningOpRef<Operation *> parseTopLevelInParallel(llvm::SourceMgr &sourceMgr,
                                                 MLIRContext *ctx,
                                                 size_t *numChunks);

} // namespace mlir::layout

#endif // LAYOUT_OPT_PARALLELPARSE_H
