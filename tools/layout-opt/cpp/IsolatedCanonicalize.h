//===- IsolatedCanonicalize.h - canonicalize per isolated child -*- C++ -*-===//
//
// See IsolatedCanonicalize.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_ISOLATEDCANONICALIZE_H
#define LAYOUT_OPT_ISOLATEDCANONICALIZE_H

#include "mlir/Pass/PassManager.h"

namespace mlir::layout {

/// Fill `pm` with the passes of `spelled` (the pipeline of the command line),
/// each top-level `canonicalize` scheduled once per isolated-from-above child
/// of the op it runs on (IsolatedCanonicalize.cpp says why and when it falls
/// back to MLIR's whole-op run), and each pipeline nested in a module run by
/// the pass of ParallelChildPipelines.cpp (`verifyEach`: the pass manager's
/// verifier is on). Without either, `pm` receives `spelled` unchanged.
LogicalResult scheduleOnIsolatedChildren(PassManager &pm, OpPassManager &spelled,
                                         bool verifyEach);

} // namespace mlir::layout

#endif // LAYOUT_OPT_ISOLATEDCANONICALIZE_H
