//===- MemoryTensors.cpp - `--layout-lower-tensors` -----------------------===//
//
// The pass that resolves tensors in memory (`!layout.tensor<T, space, L>`,
// made by `layout.make_tensor` and tiled, sliced, partitioned and viewed) at
// the ops that read or write them, and lowers the sm_90a/sm_100a tensor ops
// (shared_alloc, the mbarrier ring, tma_copy, mma_async, mma_tmem,
// tensor_memory_load/store, tensor_ptr, copy). MLIR glue only: every pattern
// is a `RustRewritePattern<Op>` whose body is Rust (src/tensor_patterns.rs:
// the resolution in src/tensor_resolve.rs, with the math in its doc comment),
// and the checks before any rewrite are src/tensor_lowering_checks.rs. See
// docs/nvvm.md "Tensors in memory", "The sm_90a tensor ops" and "Partitions
// and copies" (under "Tensors in memory: `--layout-lower-tensors`").
//
//===----------------------------------------------------------------------===//

#include "LayoutNvvm.h"

#include "Layout/LayoutDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define GET_OP_CLASSES
#include "LayoutNvgpuOps.h.inc"

using namespace mlir;
using namespace mlir::layout;

namespace {
/// A global of static size (`llvm.mlir.global @name` of a type of `bytes` > 0 bytes,
/// aligned to `align` bytes): what a pointer made by `llvm.mlir.addressof` of it
/// may address.
struct SizedGlobal {
  StringRef name;
  Type type;
  int64_t bytes;
  int64_t align;
};
} // namespace

/// The global `ptr` is the address of, when it has a static, non-zero size (a
/// `!llvm.array<0 x i8>` is dynamic shared memory: none). Sized by MLIR's DataLayout.
static std::optional<SizedGlobal> sizedGlobalOf(Value ptr) {
  auto addr = ptr.getDefiningOp<LLVM::AddressOfOp>();
  if (!addr)
    return std::nullopt;
  auto global =
      SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(addr, addr.getGlobalNameAttr());
  if (!global)
    return std::nullopt;
  DataLayout dl = DataLayout::closest(global);
  Type type = global.getGlobalType();
  int64_t bytes = (int64_t)dl.getTypeSize(type).getFixedValue();
  if (bytes <= 0)
    return std::nullopt; // `!llvm.array<0 x i8>`: dynamic shared memory, sized at launch
  int64_t align = (int64_t)global.getAlignment().value_or(dl.getTypeABIAlignment(type));
  return SizedGlobal{global.getSymName(), type, bytes, align};
}

/// sizedGlobalOf for Rust (src/kernel_checks.rs, src/shared_alloc_lowering.rs): the
/// global's size and alignment in bytes, type and name (owned by the context), or false.
extern "C" bool layout_nvvm_sized_global(MlirValue ptr, int64_t *bytes, int64_t *align,
                                         MlirType *type, MlirStringRef *name) {
  std::optional<SizedGlobal> g = sizedGlobalOf(unwrap(ptr));
  if (!g)
    return false;
  *bytes = g->bytes;
  *align = g->align;
  *type = wrap(g->type);
  *name = wrap(g->name);
  return true;
}

namespace {

/// A greedy pattern whose body is Rust (src/tensor_patterns.rs, through
/// layout_nvvm_lower_op): the op's kind, numbered from 200 in the order the
/// pass adds these patterns (`TensorOp` there).
template <typename Op>
struct RustRewritePattern : public OpRewritePattern<Op> {
  RustRewritePattern(MLIRContext *ctx, int kind) : OpRewritePattern<Op>(ctx), kind(kind) {}
  LogicalResult matchAndRewrite(Op op, PatternRewriter &rw) const override {
    RewriterBase *base = &rw;
    return success(layout_nvvm_lower_op(wrap(op.getOperation()), kind, wrap(base), nullptr, 0,
                                        nullptr, 0, 0));
  }
  int kind;
};

/// What the patterns below need beyond the verifiers, checked before any
/// rewrite (a pattern that failed half-way would leave ops behind): the rules
/// of src/tensor_lowering_checks.rs (the tile coordinates and bounds of a
/// layout.copy's partitions and cp.async's width, the barriers of
/// mbarrier_init, the cluster of ctaGroup = 2 and multicast, the tensor memory
/// forms, a contiguous mode of each MMA operand, the TMA coordinates of a
/// tma_copy's global tensor, the tensor maps of encode_tensor_map and
/// tma_encodable).
LogicalResult checkLowering(Operation *op) {
  return success(layout_nvvm_check_tensor_lowering(wrap(op)));
}

struct LowerTensorsPass : public PassWrapper<LowerTensorsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerTensorsPass)

  /// The target SM (`chip` of --lower-to-nvvm): the shared memory a CTA may have.
  int64_t sm = 90;

  LowerTensorsPass() = default;
  LowerTensorsPass(const LowerTensorsPass &other) : PassWrapper(other), sm(other.sm) {}
  explicit LowerTensorsPass(int64_t sm) : sm(sm) {}

  StringRef getArgument() const override { return "layout-lower-tensors"; }
  StringRef getDescription() const override {
    return "Resolve tensors in memory (layout.make_tensor, local_tile, slice_tensor, "
           "partition, partition_mma, shared_alloc) at the ops that read or write them: pointer, strides and "
           "the bounds of partial tiles for the copies; layout.copy becomes one vector access "
           "or cp.async per run the layouts allow; the TMA, mbarrier-ring, WGMMA and UMMA ops "
           "on tensors become the hardware ops";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, NVVM::NVVMDialect, arith::ArithDialect,
                    func::FuncDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    // The host functions kernels ask for (layout.tensor_map_encoder), derived
    // from the kernels before any of them is rewritten; their ops are checked
    // and lowered with the rest.
    if (!layout_nvvm_derive_tensor_map_encoders(wrap(root)))
      return signalPassFailure();
    // What the kernels' ops promise each other (src/kernel_checks.rs): the
    // arguments a launch passes, tensors inside the globals they are made
    // from, the threads that run register-tensor ops.
    if (!layout_nvvm_check_kernels(wrap(root)) || !layout_nvvm_check_block_warps(wrap(root)))
      return signalPassFailure();
    // Every tensor is read by a copy that can resolve it (checked before any
    // rewrite, so an error leaves the IR as it was).
    bool ok = true;
    root->walk([&](Operation *op) {
      if (isa<MakeTensorOp, LocalTileOp, SliceTensorOp, PartitionOp, PartitionMmaOp,
              SelectTensorOp, GroupTensorOp, RecastTensorOp>(op))
        return;
      bool copy = isa<AsyncCopyOp, GlobalLoadOp, GlobalStoreOp, SharedLoadOp, SharedStoreOp,
                      MbarrierInitOp, MbarrierWaitOp, MbarrierArriveOp, TmaCopyOp, MmaAsyncOp,
                      MmaTmemOp, TensorMemoryLoadOp, TensorMemoryStoreOp, TensorPtrOp,
                      CopyOp, EncodeTensorMapOp, TmaEncodableOp>(op);
      for (Value v : op->getOperands()) {
        if (!copy && isa<MemoryTensorType>(v.getType())) {
          op->emitOpError() << "takes a tensor in memory (" << v.getType()
                            << "); only layout.local_tile, layout.slice_tensor, the views (select_tensor, "
                               "group_tensor, recast_tensor), layout.partition, partition_mma "
                               "and the copies (layout.copy, layout.async_copy, global_load, global_store, shared_load, "
                               "shared_store, tma_copy), mbarrier_init, mbarrier_wait, mbarrier_arrive, "
                               "mma_async, mma_tmem, tensor_memory_load, tensor_memory_store, tensor_ptr, "
                               "encode_tensor_map and tma_encodable read them";
          ok = false;
        }
      }
      // A copy's tensors resolve (src/tensor_resolve.rs): checkLowering's first check.
      if (copy && failed(checkLowering(op)))
        ok = false;
    });
    if (!ok)
      return signalPassFailure();
    SmallVector<SharedAllocOp> allocs;
    root->walk([&](SharedAllocOp op) { allocs.push_back(op); });
    // layout.shared_alloc -> GEPs of the base and layout.make_tensor
    // (src/shared_alloc_lowering.rs, kind 202 of src/tensor_patterns.rs).
    for (SharedAllocOp op : allocs) {
      IRRewriter rw(op->getContext());
      RewriterBase *base = &rw;
      if (!layout_nvvm_lower_op(wrap(op.getOperation()), 202, wrap(base), nullptr, 0, nullptr, 0,
                                sm))
        return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    // In the order of TensorOp (src/tensor_patterns.rs).
    patterns.add<RustRewritePattern<EncodeTensorMapOp>>(&getContext(), 200);
    patterns.add<RustRewritePattern<TmaEncodableOp>>(&getContext(), 201);
    patterns.add<RustRewritePattern<AsyncCopyOp>>(&getContext(), 203);
    patterns.add<RustRewritePattern<SharedLoadOp>>(&getContext(), 204);
    patterns.add<RustRewritePattern<SharedStoreOp>>(&getContext(), 205);
    patterns.add<RustRewritePattern<TensorPtrOp>>(&getContext(), 206);
    patterns.add<RustRewritePattern<GlobalLoadOp>>(&getContext(), 207);
    patterns.add<RustRewritePattern<GlobalStoreOp>>(&getContext(), 208);
    patterns.add<RustRewritePattern<MbarrierInitOp>>(&getContext(), 209);
    patterns.add<RustRewritePattern<MbarrierWaitOp>>(&getContext(), 210);
    patterns.add<RustRewritePattern<MbarrierArriveOp>>(&getContext(), 211);
    patterns.add<RustRewritePattern<MmaAsyncOp>>(&getContext(), 212);
    patterns.add<RustRewritePattern<TensorMemoryLoadOp>>(&getContext(), 213);
    patterns.add<RustRewritePattern<TensorMemoryStoreOp>>(&getContext(), 214);
    patterns.add<RustRewritePattern<CopyOp>>(&getContext(), 215);
    patterns.add<RustRewritePattern<MmaTmemOp>>(&getContext(), 216);
    patterns.add<RustRewritePattern<TmaCopyOp>>(&getContext(), 217);
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(root, std::move(patterns), config)))
      return signalPassFailure();
    // The tensor ops, now without uses, are erased.
    SmallVector<Operation *> dead;
    root->walk([&](Operation *op) {
      if (isa<MakeTensorOp, LocalTileOp, SliceTensorOp, PartitionOp, PartitionMmaOp,
              SelectTensorOp, GroupTensorOp, RecastTensorOp>(op))
        dead.push_back(op);
    });
    for (Operation *op : llvm::reverse(dead))
      if (op->use_empty())
        op->erase();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::layout::createLowerTensorsPass() {
  return std::make_unique<LowerTensorsPass>();
}

std::unique_ptr<Pass> mlir::layout::createLowerTensorsPass(int64_t sm) {
  return std::make_unique<LowerTensorsPass>(sm);
}
