//===- LowerToIndex.h - the conversion of `layout-lower-to-index` ---------===//
//
// Shared by the pass (LowerToIndex.cpp) and the last step of the
// `lower-to-index` pipeline (LowerToIndexRegistration.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_LOWERING_LOWER_TO_INDEX_H
#define LAYOUT_LOWERING_LOWER_TO_INDEX_H

#include "mlir/Pass/Pass.h"

#include <memory>

/// The Rust lowering's memo of layout types and templates (src/pass.rs, `Memo`).
struct LayoutLoweringMemo;

namespace mlir::layout {

/// Lower every layout op the pass lowers under `root` (with
/// `outsideIsolated`, only those not inside an isolated-from-above op below
/// `root`): MLIR's dialect conversion, one pattern per op (each calls the Rust
/// lowering with `memo`), then the layout ops left without uses there are
/// erased. Whether something changed; a failure, with the errors emitted on
/// the ops, when an op cannot be lowered.
FailureOr<bool> lowerToIndex(Operation *root, LayoutLoweringMemo *memo,
                             bool outsideIsolated);

/// The pass `layout-lower-to-index`.
std::unique_ptr<Pass> createLowerToIndexPass();

} // namespace mlir::layout

#endif
