//===- LayoutNvvm.h - Hopper data-movement ops of the layout dialect ------===//

#ifndef LAYOUT_NVVM_H
#define LAYOUT_NVVM_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>

namespace mlir {
class DialectRegistry;
class Operation;
class Pass;
namespace layout {
class ValueAttr;
/// Add ldmatrix/stmatrix/wgmma_desc/wgmma/tma_* to the `layout` dialect (a
/// registry extension) and the LLVM IR translations the PTX path needs.
void registerNvgpuOps(DialectRegistry &registry);

/// Bytes of shared memory the plan of converting `elem` elements from `from` to
/// `to` (register layouts, #layout.linear) within `budget` bytes needs (0 when
/// it moves no data through shared memory); an error at `at` when there is no
/// plan.
FailureOr<int64_t> convertSharedBytes(Operation *at, llvm::StringRef elem, ValueAttr from,
                                      ValueAttr to, int64_t budget);

/// `--layout-lower-register-tensors` (cpp/RegisterTensors.cpp).
std::unique_ptr<Pass> createLowerRegisterTensorsPass();
} // namespace layout
} // namespace mlir

#endif
