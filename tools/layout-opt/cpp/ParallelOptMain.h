//===- ParallelOptMain.h - mlir-opt's flow on a parallel parse --*- C++ -*-===//
//
// See ParallelOptMain.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_PARALLELOPTMAIN_H
#define LAYOUT_OPT_PARALLELOPTMAIN_H

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::layout {

/// Whether every option on the command line is one that parallelOptMain
/// reproduces.
bool parallelOptMainApplies();

/// MlirOptMain's parse, pipeline and print for `input`, parsed in parallel.
/// `declined` is set when the parallel parse declined the input (small, not
/// cut into top-level ops, or failing to parse or verify): nothing was
/// emitted or written then, and the caller runs MlirOptMain instead.
LogicalResult parallelOptMain(llvm::raw_ostream &os,
                              const llvm::MemoryBuffer &input,
                              DialectRegistry &registry,
                              const MlirOptMainConfig &config, bool &declined);

} // namespace mlir::layout

#endif // LAYOUT_OPT_PARALLELOPTMAIN_H
