//===- LayoutNvvm.h - Hopper data-movement ops of the layout dialect ------===//

#ifndef LAYOUT_NVVM_H
#define LAYOUT_NVVM_H

namespace mlir {
class DialectRegistry;
namespace layout {
/// Add ldmatrix/stmatrix/wgmma_desc/wgmma/tma_* to the `layout` dialect (a
/// registry extension) and the LLVM IR translations the PTX path needs.
void registerNvgpuOps(DialectRegistry &registry);
} // namespace layout
} // namespace mlir

#endif
