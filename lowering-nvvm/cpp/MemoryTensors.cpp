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

extern "C" {
/// src/tma_steps.rs: the TMA steps of copying tiles of `shared` of the global
/// layout `gmem` (at most 16 numbers) and the boxes' summary, or false with the
/// error emitted at `op`.
bool layout_nvvm_tma_steps(MlirOperation op, MlirType gmem, MlirType shared, int64_t steps[16],
                           size_t *length, MlirStringCallback summary, void *userData);
/// src/operand_major.rs: 0 for a K-major, 1 for an MN-major tile layout, else -1.
int32_t layout_nvvm_major_of(LayoutHandle layout);
}

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

/// The number of elements of each top-level mode of the layout `l` (-1 where not static: its
/// strides may be runtime), or none when `l` is not a layout.
static std::optional<SmallVector<int64_t>> staticModeSizes(ValueType l) {
  SmallVector<int64_t> sizes(16);
  int64_t n = layout_ffi_mode_sizes(l.getValueHandle(), rust::out(sizes));
  if (n < 0)
    return std::nullopt;
  sizes.resize(n);
  for (int64_t &e : sizes)
    e = e == LAYOUT_FLAT_DYNAMIC ? -1 : e;
  return sizes;
}

std::optional<int64_t> mlir::layout::staticModeSize(ValueType l, int64_t d) {
  std::optional<SmallVector<int64_t>> sizes = staticModeSizes(l);
  if (!sizes || d < 0 || d >= (int64_t)sizes->size() || (*sizes)[d] < 0)
    return std::nullopt;
  return (*sizes)[d];
}

FailureOr<MulticastSlicePlan> mlir::layout::multicastSlice(Operation *op, ValueType shared,
                                                           int64_t n) {
  MulticastSlicePlan p = multicastSlicePlan(op->getContext(), shared, n);
  if (p.stage == LAYOUT_SLICE_NO_RANK)
    return op->emitOpError() << "the shared tile " << Type(shared) << " has no rank";
  if (p.stage == LAYOUT_SLICE_NOT_STATIC)
    return op->emitOpError() << "the shared tile " << Type(shared)
                             << " has no static extent in mode " << p.info;
  if (!p.ok())
    return op->emitOpError() << p.result.text;
  return p;
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

bool isTma(Value v) {
  auto t = dyn_cast<MemoryTensorType>(v.getType());
  return t && t.getSpace() == MemorySpace::tma;
}

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

/// A shared tensor resolved at `at`: its pointer and its (static) layout as the
/// `smem` attribute of the shared-memory ops.
FailureOr<std::pair<Value, ValueAttr>> sharedOperands(PatternRewriter &rw, Operation *at,
                                                      Value tensor) {
  FailureOr<Resolved> r = resolve(rw, at, tensor);
  if (failed(r))
    return failure();
  if (r->perThread)
    return at->emitOpError() << "reads one thread's partition (layout.partition) as a tile of "
                                "every thread: copy partitions with layout.copy";
  auto layout = cast<MemoryTensorType>(tensor.getType()).getLayout();
  return std::make_pair(r->ptr, layout.getValueAttr());
}

/// The offset a static layout gives the coordinate `coords`, or none.
std::optional<int64_t> staticOffset(ValueType type, ArrayRef<int64_t> coords) {
  int64_t v;
  if (!rust::take(layout_ffi_crd2idx(type.getValueHandle(), rust::ints(coords), &v)).ok())
    return std::nullopt;
  return v;
}

Value constI32(OpBuilder &rw, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(rw, loc, rw.getI32Type(), v);
}

/// `layout.local_tile %t[coords] {tile = slice}` with the tile's type (ops::local_tile:
/// mode 0 of zipped_divide(L, slice)); failure when the algebra refuses it.
FailureOr<Value> localTile(PatternRewriter &rw, Location loc, Value t, ValueType slice,
                           ValueRange coords) {
  MLIRContext *ctx = rw.getContext();
  auto type = cast<MemoryTensorType>(t.getType());
  LocalTilePlan p = localTilePlan(ctx, type.getLayout(), slice);
  if (!p.ok())
    return failure();
  auto tileType = MemoryTensorType::get(ctx, type.getElementType(), type.getSpace(), p.tile);
  return LocalTileOp::create(rw, loc, tileType, t, coords, slice.getValueAttr()).getResult();
}

/// The barrier of ring position `k` of the ring `bars` and the parity (i32) of
/// its phase, or with `previous` of the phase before it (src/mbarrier_lowering.rs).
FailureOr<std::pair<Value, Value>> ringBarrier(PatternRewriter &rw, Operation *at, Value bars,
                                               Value k, bool previous = false) {
  RewriterBase *base = &rw;
  LayoutNvvmResolvedTensor t = {};
  if (!layout_nvvm_resolve_tensor(wrap(at), wrap(bars), wrap(base), wrap(k), previous, &t))
    return failure();
  return std::make_pair(unwrap(t.barrier), unwrap(t.parity));
}

/// Per mode of the global layout `gmem`: the TMA dimension a step of it moves
/// and by how many steps, when tiles of `shared` are copied, and the boxes'
/// summary (src/tma_steps.rs); its error at `op`.
LogicalResult tmaSteps(Operation *op, Type gmem, MemoryTensorType shared,
                       std::vector<int64_t> &steps, std::string *summary) {
  int64_t buffer[16];
  size_t length = 0;
  auto append = [](MlirStringRef text, void *out) {
    static_cast<std::string *>(out)->append(text.data, text.length);
  };
  if (!layout_nvvm_tma_steps(wrap(op), wrap(gmem), wrap(Type(shared)), buffer, &length, append,
                             summary))
    return failure();
  steps.assign(buffer, buffer + length);
  return success();
}

/// The slices a `multicast = n` TMA load copies: mode 0 of the tma tile and of
/// the shared tile cut in n, both at the CTA's cluster rank r
/// (`local_tile(T, (E0/n, E1, ...), (r, 0, ...))`).
FailureOr<std::pair<Value, Value>> multicastSlices(PatternRewriter &rw, TmaCopyOp op, int64_t n) {
  Location loc = op.getLoc();
  auto shared = cast<MemoryTensorType>(op.getDst().getType());
  FailureOr<MulticastSlicePlan> plan = multicastSlice(op, shared.getLayout(), n);
  if (failed(plan))
    return failure();
  Value r = NVVM::ClusterId::create(rw, loc, rw.getI32Type());
  SmallVector<Value> coords(plan->tile.extents.size(), arith::ConstantIndexOp::create(rw, loc, 0));
  coords[0] = arith::IndexCastUIOp::create(rw, loc, rw.getIndexType(), r);
  FailureOr<Value> src = localTile(rw, loc, op.getSrc(), plan->slice, coords);
  FailureOr<Value> dst = localTile(rw, loc, op.getDst(), plan->slice, coords);
  if (failed(src) || failed(dst))
    return op.emitOpError() << "cannot cut mode 0 of the tiles " << op.getSrc().getType()
                            << " and " << op.getDst().getType() << " in " << n << " slices";
  return std::make_pair(*src, *dst);
}

/// layout.tma_copy -> layout.tma_load / layout.tma_store: the tensor map, the
/// shared tile's pointer and layout, the global tensor's layout, and the TMA
/// coordinates of the tile's origin (each a sum of origin coordinates times
/// the steps hw::tma_desc assigns their modes).
struct LowerTmaCopy : public OpRewritePattern<TmaCopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TmaCopyOp op, PatternRewriter &rw) const override {
    bool load = isTma(op.getSrc());
    Value src = op.getSrc(), dst = op.getDst();
    std::optional<uint64_t> ctas = op.getMulticast();
    if (ctas) {
      // Slice r (the CTA's cluster rank) of mode 0 of both tiles.
      FailureOr<std::pair<Value, Value>> slices = multicastSlices(rw, op, *ctas);
      if (failed(slices))
        return failure();
      std::tie(src, dst) = *slices;
    }
    Value global = load ? src : dst;
    FailureOr<Resolved> g = resolve(rw, op, global);
    FailureOr<std::pair<Value, ValueAttr>> s = sharedOperands(rw, op, load ? dst : src);
    if (failed(g) || failed(s))
      return failure();
    Location loc = op.getLoc();
    Type elem = cast<MemoryTensorType>(global.getType()).getElementType();
    std::vector<int64_t> steps;
    auto shared = cast<MemoryTensorType>((load ? dst : src).getType());
    std::string summary;
    if (failed(tmaSteps(op, g->root, shared, steps, &summary)))
      return failure();
    InFlightDiagnostic remark = op.emitRemark();
    remark << "'" << op->getName() << "' op tma_copy: " << (load ? "load, " : "store, ");
    if (ctas)
      remark << "slice (cluster rank) of " << *ctas << " multicast to " << *ctas
             << " CTAs, each expecting " << *ctas << " slices: ";
    remark << summary;
    remark.report();
    size_t modes = steps.size() / 2;
    if (modes != g->origin.size())
      return op.emitOpError() << "the global tensor " << Type(g->root)
                              << " must have one leaf per mode for TMA coordinates";
    int64_t rank = 0;
    for (size_t d = 0; d < modes; ++d)
      rank = std::max(rank, steps[2 * d] + 1);
    SmallVector<Value> coords(rank, Value());
    for (size_t d = 0; d < modes; ++d) {
      if (steps[2 * d] < 0)
        continue;
      Value c = arith::MulIOp::create(rw, loc, g->origin[d],
                                      arith::ConstantIndexOp::create(rw, loc, steps[2 * d + 1]));
      Value &m = coords[steps[2 * d]];
      m = m ? arith::AddIOp::create(rw, loc, m, c).getResult() : c;
    }
    SmallVector<Value> coords32;
    for (Value c : coords)
      coords32.push_back(c ? arith::IndexCastOp::create(rw, loc, rw.getI32Type(), c).getResult()
                           : constI32(rw, loc, 0));
    ValueAttr gmem = g->root.getValueAttr();
    if (load) {
      FailureOr<std::pair<Value, Value>> b = ringBarrier(rw, op, op.getBars(), op.getPosition());
      if (failed(b))
        return failure();
      rw.replaceOpWithNewOp<TmaLoadOp>(op, s->first, g->ptr, b->first, coords32, Value(), Value(),
                                       TypeAttr::get(elem), gmem, s->second,
                                       ctas ? rw.getI64IntegerAttr(*ctas) : IntegerAttr());
    } else {
      rw.replaceOpWithNewOp<TmaStoreOp>(op, g->ptr, s->first, coords32, Value(), Value(),
                                        TypeAttr::get(elem), gmem, s->second);
    }
    return success();
  }
};

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

/// K when mode 1 of a static 2-mode layout is contiguous, MN when mode 0 is
/// (src/operand_major.rs).
std::optional<Major> majorOf(ValueType l) {
  int32_t major = layout_nvvm_major_of(l.getValueHandle());
  return major < 0 ? std::nullopt : std::optional<Major>(static_cast<Major>(major));
}

/// layout.mma_tmem -> per k block j of 16: the UMMA descriptors of block j of
/// A and B (layout.umma_desc from their shared layouts) and one
/// layout.tcgen05_mma into the TMEM accumulator, adding when `accumulate` is
/// true or j > 0; then, with `commit`, tcgen05.commit to the ring's barrier.
struct LowerMmaTmem : public OpRewritePattern<MmaTmemOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MmaTmemOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rw.getContext();
    FailureOr<std::pair<Value, ValueAttr>> sa = sharedOperands(rw, op, op.getA());
    FailureOr<std::pair<Value, ValueAttr>> sb = sharedOperands(rw, op, op.getB());
    FailureOr<Resolved> d = resolve(rw, op, op.getD());
    if (failed(sa) || failed(sb) || failed(d))
      return failure();
    auto aType = cast<MemoryTensorType>(op.getA().getType());
    std::optional<int64_t> k = staticModeSize(aType.getLayout(), 1);
    // A CTA pair: M = 256, and B holds this CTA's half of N.
    bool pair = op.getCtaGroup().value_or(1) == 2;
    std::optional<int64_t> n =
        staticModeSize(cast<MemoryTensorType>(op.getB().getType()).getLayout(), 0);
    if (n && pair)
      *n *= 2;
    std::optional<Major> majorA = majorOf(sa->second.getValueType());
    std::optional<Major> majorB = majorOf(sb->second.getValueType());
    if (!k || !n || !majorA || !majorB)
      return op.emitOpError() << "cannot read K, N or the major-ness of the operands";
    Value tmem = LLVM::PtrToIntOp::create(rw, loc, rw.getI32Type(), d->ptr);
    auto elem = TypeAttr::get(aType.getElementType());
    auto mA = MajorAttr::get(ctx, *majorA), mB = MajorAttr::get(ctx, *majorB);
    Value always = arith::ConstantIntOp::create(rw, loc, rw.getI1Type(), 1);
    for (int64_t j = 0; j < *k / 16; ++j) {
      Value da = UmmaDescOp::create(rw, loc, rw.getI64Type(), sa->first, Value(), Value(), elem,
                                    mA, sa->second, rw.getI64IntegerAttr(j),
                                    rw.getI64IntegerAttr(0));
      Value db = UmmaDescOp::create(rw, loc, rw.getI64Type(), sb->first, Value(), Value(), elem,
                                    mB, sb->second, rw.getI64IntegerAttr(j),
                                    rw.getI64IntegerAttr(0));
      Tcgen05MmaOp::create(rw, loc, tmem, da, db, j == 0 ? op.getAccumulate() : always, elem,
                           elem, TypeAttr::get(rw.getF32Type()),
                           rw.getI64IntegerAttr(pair ? 256 : 128), rw.getI64IntegerAttr(*n), mA,
                           mB, UnitAttr(), UnitAttr(), rw.getI64IntegerAttr(pair ? 2 : 1));
    }
    if (op.getCommitBars()) {
      FailureOr<std::pair<Value, Value>> b =
          ringBarrier(rw, op, op.getCommitBars(), op.getCommitPosition());
      if (failed(b))
        return failure();
      if (!pair) {
        NVVM::Tcgen05CommitOp::create(rw, loc, b->first, Value());
      } else {
        // Both CTAs of the pair: bits (rank & ~1) and (rank | 1) of the mask.
        Value rank = NVVM::ClusterId::create(rw, loc, rw.getI32Type());
        Value even = arith::AndIOp::create(rw, loc, rank, constI32(rw, loc, -2));
        Value mask32 = arith::ShLIOp::create(rw, loc, constI32(rw, loc, 3), even);
        Value mask = arith::TruncIOp::create(rw, loc, rw.getI16Type(), mask32);
        NVVM::Tcgen05CommitOp::create(rw, loc, b->first, mask, NVVM::CTAGroupKind::CTA_2);
      }
    }
    rw.eraseOp(op);
    return success();
  }
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
    patterns.add<LowerTmaCopy, LowerMmaTmem>(&getContext());
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
