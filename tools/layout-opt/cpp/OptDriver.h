//===- OptDriver.h - parse, run the pipeline, print -------------*- C++ -*-===//
//
// See OptDriver.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_OPTDRIVER_H
#define LAYOUT_OPT_OPTDRIVER_H

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::layout {

/// Whether `runOptDriver` handles the command line of `config`: the flags that
/// parse one module, run a pipeline and print text (no split input, diagnostic
/// verification, bytecode, reproducers, IRDL, round-trip checks, remark
/// filters or explicit module). Otherwise MlirOptMain runs.
bool optDriverHandles(const MlirOptMainConfig &config);

/// What MlirOptMain does for such a command line, with the module parsed and
/// printed on the context's threads when that gives the same module and bytes.
/// For a process that ends after it returns: the context, and the module on
/// success, are left to the process's exit instead of being freed.
LogicalResult runOptDriver(llvm::raw_fd_ostream &os,
                           std::unique_ptr<llvm::MemoryBuffer> buffer,
                           DialectRegistry &registry,
                           const MlirOptMainConfig &config);

} // namespace mlir::layout

#endif // LAYOUT_OPT_OPTDRIVER_H
