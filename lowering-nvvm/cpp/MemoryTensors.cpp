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

/// Where one tile mode `d` of a partitioned source ends for the copying
/// thread: the thread's coordinate in the mode, the coordinate of each of its
/// elements relative to it (a static table), and the residue of the mode.
struct ModeBound {
  Value thread;
  SmallVector<int64_t> table;
  Value residue;
};

/// An FFI plan's integers (`call(out, length)`, the plans of RustAlgebra.h):
/// called again with a buffer of the length it asks for. The result, or its message.
template <typename F>
rust::Result intPlan(F call, SmallVectorImpl<int64_t> &out) {
  out.resize(1024);
  size_t length = 0;
  rust::Result r = rust::take(call(rust::out(out), &length));
  if (r.ok() && length > out.size()) {
    out.resize(length);
    r = rust::take(call(rust::out(out), &length));
  }
  out.resize(r.ok() ? length : 0);
  return r;
}

/// The bounds of the modes of `r` (a partition) that need a predicate: per
/// mode d the algebra's R_d = tidfrg(E_d, thr, val, vector), E_d the
/// coordinate of mode d as a layout of the tile, whose value at (t, 0, 0) is
/// index math on the thread index, and the table of thread 0's slice of it
/// (ops::partition_plan::copy_mode_bound).
LogicalResult modeBounds(PatternRewriter &rw, Operation *at, const Resolved &r,
                         SmallVectorImpl<ModeBound> &out) {
  Location loc = at->getLoc();
  MLIRContext *ctx = rw.getContext();
  PartitionOp part = r.partition;
  for (size_t d = 0; d < r.partial.size(); ++d) {
    if (!r.partial[d])
      continue;
    ModeBound b;
    rust::Result rd = intPlan(
        [&](LayoutI64SliceMut o, size_t *length) {
          return layout_ffi_copy_mode_bound(part.getThr().getValueHandle(),
                                            part.getVal().getValueHandle(), part.getVector(),
                                            rust::ints(r.tileSizes), d, o, length);
        },
        b.table);
    if (!rd.ok())
      return at->emitOpError() << rd.text;
    Value zero = arith::ConstantIndexOp::create(rw, loc, 0);
    Value rdValue = ConstOp::create(
        rw, loc,
        ValueType::getWithValue(ctx, rd.text, static_cast<unsigned>(rd.kind), rd.value.get())
            .getValueAttr());
    b.thread = Crd2IdxOp::create(rw, loc, rw.getIndexType(), rdValue,
                                 ValueRange{part.getThread(), zero, zero});
    b.residue = r.residue[d];
    out.push_back(b);
  }
  return success();
}

/// The bytes of the run of `w` elements from element `j` that lie inside the
/// tensor (cp.async's src-size: the rest of the run is zero-filled): along a
/// mode the run crosses (coordinates j, j+1, ...) the elements below the
/// residue; along another mode all or none.
Value runBytes(PatternRewriter &rw, Location loc, ArrayRef<ModeBound> bounds, int64_t j,
               int64_t w, int64_t bytes) {
  auto c = [&](int64_t v) { return arith::ConstantIndexOp::create(rw, loc, v).getResult(); };
  Value valid = c(w);
  for (const ModeBound &b : bounds) {
    int64_t first = b.table[j];
    int64_t step = w > 1 ? b.table[j + 1] - first : 0;
    Value at = arith::AddIOp::create(rw, loc, b.thread, c(first));
    Value left = arith::SubIOp::create(rw, loc, b.residue, at);
    Value n;
    if (step == 1) {
      n = arith::MaxSIOp::create(rw, loc, arith::MinSIOp::create(rw, loc, left, c(w)), c(0));
    } else {
      // All or none: the run's last element (step * (w - 1) past its first) inside.
      Value inside = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::sgt, left,
                                           c(std::max<int64_t>(0, step * (w - 1))));
      n = arith::SelectOp::create(rw, loc, inside, c(w), c(0));
    }
    valid = arith::MinSIOp::create(rw, loc, valid, n);
  }
  Value total = arith::MulIOp::create(rw, loc, valid, c(bytes));
  return arith::IndexCastOp::create(rw, loc, rw.getI32Type(), total);
}

/// layout.copy: element i of src to element i of dst, one access per run of
/// `w` elements, w from the layouts (ops::copy_vector; the op's description).
/// A partition of a tile that may reach past its tensor is predicated (async
/// copies only: cp.async's src-size zero-fills the rest of each run).
struct LowerCopy : public OpRewritePattern<CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The vector width and the remark's reasons.
  static int64_t width(CopyOp op, std::string *why) {
    auto src = cast<MemoryTensorType>(op.getSrc().getType());
    auto dst = cast<MemoryTensorType>(op.getDst().getType());
    int64_t bytes = src.getElementType().getIntOrFloatBitWidth() / 8;
    int64_t max = std::min<int64_t>(16, op.getAlign()) / bytes;
    int64_t s = layout_ffi_copy_vector(src.getLayout().getValueHandle(),
                                       src.getLayout().getValueHandle(), max);
    int64_t d = layout_ffi_copy_vector(dst.getLayout().getValueHandle(),
                                       dst.getLayout().getValueHandle(), max);
    int64_t w = layout_ffi_copy_vector(src.getLayout().getValueHandle(),
                                       dst.getLayout().getValueHandle(), max);
    if (why) {
      llvm::raw_string_ostream os(*why);
      os << "at most " << max << " elements (16 bytes and align " << op.getAlign()
         << "); runs of the source " << s << ", of the destination " << d;
    }
    return w;
  }

  LogicalResult matchAndRewrite(CopyOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    FailureOr<Resolved> src = resolve(rw, op, op.getSrc());
    if (failed(src))
      return failure();
    FailureOr<Resolved> dst = resolve(rw, op, op.getDst());
    if (failed(dst))
      return failure();
    auto srcType = cast<MemoryTensorType>(op.getSrc().getType());
    Type elem = llvmElementType(srcType.getElementType());
    int64_t bytes = elem.getIntOrFloatBitWidth() / 8;
    std::string why;
    int64_t w = width(op, &why);
    int64_t n = *staticSize(srcType.getLayout());
    Type access = w == 1 ? elem : Type(VectorType::get({w}, elem));
    Value from = src->ptr;
    if (op.getAsync()) {
      auto global = LLVM::LLVMPointerType::get(rw.getContext(), 1);
      if (from.getType() != global)
        from = LLVM::AddrSpaceCastOp::create(rw, loc, global, from);
    }
    auto cache = w * bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                 : NVVM::LoadCacheModifierKind::CA;
    SmallVector<ModeBound> bounds;
    if (src->perThread && llvm::is_contained(src->partial, true))
      if (failed(modeBounds(rw, op, *src, bounds)))
        return failure();
    for (int64_t j = 0; j < n; j += w) {
      Value i = arith::ConstantIndexOp::create(rw, loc, j);
      auto address = [&](Resolved &r, Value base) {
        Value off = Crd2IdxOp::create(rw, loc, rw.getIndexType(), r.layout, ValueRange{i});
        Value off64 = arith::IndexCastOp::create(rw, loc, rw.getI64Type(), off);
        return LLVM::GEPOp::create(rw, loc, base.getType(), elem, base, ValueRange{off64})
            .getResult();
      };
      Value s = address(*src, from);
      Value d = address(*dst, dst->ptr);
      if (op.getAsync()) {
        Value srcBytes = bounds.empty() ? Value() : runBytes(rw, loc, bounds, j, w, bytes);
        NVVM::CpAsyncOp::create(rw, loc, d, s, w * bytes, cache, srcBytes);
      } else {
        Value v = LLVM::LoadOp::create(rw, loc, access, s, w * bytes);
        LLVM::StoreOp::create(rw, loc, v, d, w * bytes);
      }
    }
    std::string instr = op.getAsync()
                            ? std::string("cp.async.") + (w * bytes == 16 ? "cg" : "ca") +
                                  ".shared.global"
                            : std::string("ld.") + stringifyMemorySpace(srcType.getSpace()).str() +
                                  " + st." +
                                  stringifyMemorySpace(
                                      cast<MemoryTensorType>(op.getDst().getType()).getSpace())
                                      .str();
    op.emitRemark() << "copy: " << n / w << " x " << instr << " of " << w * bytes
                    << " bytes (vectors of " << w << " " << srcType.getElementType() << ": " << why << ")";
    rw.eraseOp(op);
    return success();
  }
};

/// What the patterns below need beyond the verifiers, checked before any
/// rewrite (a pattern that failed half-way would leave ops behind): first the
/// rules of src/tensor_lowering_checks.rs (the tile coordinates and bounds of a
/// layout.copy's partitions, the barriers of mbarrier_init, the cluster of
/// ctaGroup = 2 and multicast, the tensor memory forms, a contiguous mode of
/// each MMA operand, the TMA coordinates of a tma_copy's global tensor, the
/// tensor maps of encode_tensor_map and tma_encodable), then cp.async's width.
LogicalResult checkLowering(Operation *op) {
  if (!layout_nvvm_check_tensor_lowering(wrap(op)))
    return failure();
  if (auto copy = dyn_cast<CopyOp>(op); copy && copy.getAsync()) {
    std::string why;
    int64_t w = LowerCopy::width(copy, &why);
    int64_t bytes =
        cast<MemoryTensorType>(copy.getSrc().getType()).getElementType().getIntOrFloatBitWidth() /
        8;
    if (w * bytes < 4)
      return op->emitOpError() << "cp.async moves 4, 8 or 16 bytes, but the partitions allow "
                                  "vectors of "
                               << w << " elements (" << w * bytes << " bytes): " << why;
  }
  return success();
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
    patterns.add<LowerCopy>(&getContext());
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
