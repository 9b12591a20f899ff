//===- MemoryTensors.cpp - `--layout-lower-tensors` -----------------------===//
//
// (The sm_90a/sm_100a tensor ops -- shared_alloc, mbarrier_init/wait, tma_copy,
// mma_async, mma_tmem, tensor_memory_load/store, tensor_ptr -- are lowered here
// too, some by Rust patterns (src/tensor_patterns.rs); see the comments of their
// patterns and docs/nvvm.md "The sm_90a tensor ops". So are the
// per-thread partitions, layout.partition, and layout.copy between them:
// docs/nvvm.md "Partitions and copies".)
//
// Tensors in memory (`!layout.tensor<T, global, L>`, made by
// `layout.make_tensor` and tiled by `layout.local_tile`) are resolved at the
// ops that read or write them: `layout.async_copy`, `layout.global_load` and
// `layout.global_store` taking a tensor get its pointer, strides and, for a
// tile that may reach past the tensor, the bounds of its partial tile.
//
// The math, for a chain make_tensor(p, L) -> local_tile(t_1, c_1) -> ... ->
// local_tile(t_n, c_n), each local_tile is CuTe's
//
//   local_tile(T, t, c) = T restricted to mode 0 of zipped_divide(L, t)
//                         at the rest coordinate c,
//
// so its pointer is `p + rest(c)` elements, rest = mode 1 of
// zipped_divide(L, t), and its layout is mode 0 (the verifier checked it is
// the result type's). Both are layout ops on the tensor's layout value
// (`layout.zipped_divide`, `layout.get`, `layout.crd2idx`), which
// `--layout-lower-to-index` turns into index math with the runtime leaves of
// the `layout.make` that built L.
//
// Bounds: element x_d of mode d of a tile lies in the tensor when
// x_d < r_d, the residue of mode d: for the first tile r_d = size(L_d) - c_d
// t_d, for a tile of a tile r_d = r'_d - c_d t_d (r' the parent tile's). A mode
// needs the predicate unless its extent is a static multiple of the tile
// extent all along the chain (then every tile at a coordinate inside the
// tensor is whole, CuTe's assumption); the consumer then gets one bound per
// dimension, the static tile extent for modes without a predicate.
//
// A tensor that is not made in the function by these two ops (a block
// argument, a value passed through scf.for) cannot be resolved: an error at
// its use says so.
//
// The resolution is Rust (src/tensor_resolve.rs), and so are the patterns of
// the memory accesses it rewrites (src/resolved_access.rs) and of the mbarrier
// ring (src/mbarrier_lowering.rs); the C++ patterns below resolve through
// layout_nvvm_resolve_tensor (src/resolve_entry.rs).
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

/// A tensor resolved at a use by the Rust resolution (src/tensor_resolve.rs,
/// through layout_nvvm_resolve_tensor): its first element, its layout value and,
/// per top-level mode, the residue (index), whether it needs a predicate and the
/// coordinate (index) of its first element in the tensor made by make_tensor
/// (`root`: a tma tensor's TMA coordinates).
struct Resolved {
  Value ptr;
  Value layout;
  SmallVector<Value> residue;
  SmallVector<bool> partial;
  SmallVector<Value> origin;
  ValueType root;
  /// One thread's partition (layout.partition): only layout.copy reads it.
  /// `partition` is the op, and the tile it partitions has the static mode
  /// sizes `tileSizes`, the residues `residue` and the predicates `partial`.
  bool perThread = false;
  PartitionOp partition;
  SmallVector<int64_t> tileSizes;
};

/// Resolve `tensor` before `at` (src/tensor_resolve.rs); its error emitted at `at`.
FailureOr<Resolved> resolve(PatternRewriter &rw, Operation *at, Value tensor) {
  RewriterBase *base = &rw;
  LayoutNvvmResolvedTensor t = {};
  if (!layout_nvvm_resolve_tensor(wrap(at), wrap(tensor), wrap(base), MlirValue{nullptr}, false,
                                  &t))
    return failure();
  Resolved r;
  r.ptr = unwrap(t.ptr);
  r.layout = unwrap(t.layout);
  r.root = cast<ValueType>(unwrap(t.root));
  r.perThread = t.perThread;
  if (t.partition.ptr)
    r.partition = cast<PartitionOp>(unwrap(t.partition));
  for (size_t d = 0; d < t.modes; ++d) {
    r.residue.push_back(unwrap(t.residue[d]));
    r.partial.push_back(t.partial[d]);
  }
  for (size_t d = 0; d < t.origins; ++d)
    r.origin.push_back(unwrap(t.origin[d]));
  if (r.partition)
    r.tileSizes.assign(t.tileSizes, t.tileSizes + t.modes);
  return r;
}

bool isTensor(Value v) { return isa<MemoryTensorType>(v.getType()); }

/// The offset a static layout gives the coordinate `coords`, or none.
std::optional<int64_t> staticOffset(ValueType type, ArrayRef<int64_t> coords) {
  int64_t v;
  if (!rust::take(layout_ffi_crd2idx(type.getValueHandle(), rust::ints(coords), &v)).ok())
    return std::nullopt;
  return v;
}

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
        if (!copy && isTensor(v)) {
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
