//===- LayoutNvvm.h - Hopper data-movement ops of the layout dialect ------===//

#ifndef LAYOUT_NVVM_H
#define LAYOUT_NVVM_H

#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

/// The Rust lowering of one op (src/pass.rs): the hardware op (kind below
/// 100, cpp/HardwareOpLowering.cpp), register-tensor op (kind 100 and up,
/// cpp/RegisterTensors.cpp) or memory-tensor op (kind 200 and up, the greedy
/// patterns of cpp/MemoryTensors.cpp; no operands, results or SM) `op`, its
/// remapped operands, its results' converted types (register-tensor ops) and
/// the target SM; it creates the ops that
/// replace `op` through `rewriter`. False, the reason emitted at the op, when
/// it cannot be lowered (or, for a register-tensor op, when it does not apply).
extern "C" bool layout_nvvm_lower_op(MlirOperation op, int kind, MlirRewriterBase rewriter,
                                     const MlirValue *operands, size_t n,
                                     const MlirType *results, size_t nResults, int64_t sm);

namespace mlir {
class DialectRegistry;
class Location;
class MLIRContext;
class Operation;
class Pass;
class Type;
namespace layout {
class ValueAttr;
class ValueType;

/// Add ldmatrix/stmatrix/wgmma_desc/wgmma/tma_* to the `layout` dialect (a
/// registry extension) and the LLVM IR translations the PTX path needs.
void registerNvgpuOps(DialectRegistry &registry);


/// `--layout-lower-register-tensors` (cpp/RegisterTensors.cpp), for sm_90 or for
/// the target `sm` (the matrix instructions conversions may use).
std::unique_ptr<Pass> createLowerRegisterTensorsPass();

/// `--layout-lower-to-nvvm` (cpp/HardwareOpLowering.cpp): the hardware ops to NVVM and
/// LLVM-dialect ops, one conversion pattern per op.
std::unique_ptr<Pass> createLowerHardwareOpsPass(int64_t sm = 0);
/// The host functions kernels ask for with `layout.tensor_map_encoder = @name`
/// (src/tensor_map_encoder.rs): each encodes the kernel's TMA tensor maps from the
/// layouts and boxes the kernel states. Run first by `--layout-lower-tensors`;
/// false, with the error emitted, when one is refused.
extern "C" bool layout_nvvm_derive_tensor_map_encoders(MlirOperation root);

/// `--layout-lower-tensors` (cpp/MemoryTensors.cpp).
std::unique_ptr<Pass> createLowerTensorsPass();
/// The same for the target `sm` (90 for the one above): shared_alloc refuses more
/// shared memory than a CTA of that SM may have.
std::unique_ptr<Pass> createLowerTensorsPass(int64_t sm);
std::unique_ptr<Pass> createLowerRegisterTensorsPass(int64_t sm);

/// The LLVM type that holds an element of type `elem` in registers and memory:
/// `elem` itself when LLVM has it, else the integer of its width (the f8 types are
/// i8 in LLVM, as MLIR's LLVM type converter maps them): register tensors and
/// copies of such elements move their bytes (cpp/RegisterTensors.cpp).
Type llvmElementType(Type elem);

/// The kernel-wide checks of `--layout-lower-tensors` and
/// `--layout-lower-register-tensors` (src/kernel_checks.rs); each reports its
/// errors and returns whether there was none. `root` must stay unmodified
/// during the call.
extern "C" {
/// Kernel arguments of a `layout` type (a layout value, a tensor in memory) are
/// errors at the kernel: a launch passes pointers and scalars; then a tensor made
/// from the address of a global of static size must lie inside it.
bool layout_nvvm_check_kernels(MlirOperation root);
/// The threads that run an op on register tensors in a kernel with
/// `known_block_size` (narrowed by enclosing `scf.if` on `tid.x < N`) must be
/// exactly the warps its layouts span, times 32; those that run a
/// tmem_load/tmem_store, every warp of its fragment.
bool layout_nvvm_check_block_warps(MlirOperation root);
/// What `--layout-lower-tensors` checks of one op before any rewrite
/// (src/tensor_lowering_checks.rs): its tensors in memory can be resolved; a layout.copy's partitions give both sides
/// the same tile coordinates and only an async copy's source partition may
/// reach past its tensor; mbarrier_init initializes 1 to 256 barriers; the
/// kernel's cluster fits mma_tmem's ctaGroup = 2 and a multicast; the tensor
/// maps of encode_tensor_map and tma_encodable can be read. The first
/// error is emitted at `op`; true when there is none.
bool layout_nvvm_check_tensor_lowering(MlirOperation op);
/// The checks of `--layout-lower-register-tensors` before any rewrite (the
/// block warps above; every register tensor type is one, no tensor in memory is
/// left for the ops that read it, registers of f8 are only moved or made from
/// f32, constant register tensors are splats: src/register_type_checks.rs), then
/// the shared buffer of its conversions for the target `sm`
/// (src/convert_buffer.rs): which of them wait for the CTA, and the buffer
/// `__layout_convert_smem` of each symbol table that needs one.
bool layout_nvvm_prepare_register_tensors(MlirOperation root, int64_t sm);
}
} // namespace layout
} // namespace mlir

#endif
