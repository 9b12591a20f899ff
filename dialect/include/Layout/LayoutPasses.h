//===- LayoutPasses.h - passes of the layout dialect ----------------------===//

#ifndef LAYOUT_LAYOUTPASSES_H
#define LAYOUT_LAYOUTPASSES_H

#include <memory>

namespace mlir {
class Pass;
namespace layout {
/// `layout-canonicalize`: the layout dialect's folders and canonicalization
/// patterns (filter_zeros/coalesce where only the function or footprint is
/// observed), applied greedily.
std::unique_ptr<Pass> createLayoutCanonicalizePass();
/// Register every pass of the layout dialect with the global registry.
void registerLayoutPasses();
} // namespace layout
} // namespace mlir

#endif // LAYOUT_LAYOUTPASSES_H
