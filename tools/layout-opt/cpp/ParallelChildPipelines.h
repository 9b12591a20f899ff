//===- ParallelChildPipelines.h - a nested pipeline per child ---*- C++ -*-===//
//
// See ParallelChildPipelines.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_PARALLELCHILDPIPELINES_H
#define LAYOUT_OPT_PARALLELCHILDPIPELINES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <memory>

namespace mlir::layout {

/// The module pass that does what MLIR's adaptor for `nested` (a pipeline
/// anchored on `any` or on an op name, nested in a module's pass manager)
/// does, verifying the module itself as ParallelChildPipelines.cpp says when
/// `verifyEach` (the pass manager's verifier is on).
std::unique_ptr<Pass> createParallelChildPipelines(const OpPassManager &nested,
                                                   bool verifyEach);

} // namespace mlir::layout

#endif // LAYOUT_OPT_PARALLELCHILDPIPELINES_H
