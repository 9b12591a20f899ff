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

/// A tensor resolved at a use: its first element, its layout value and, per
/// top-level mode, the residue (index) and whether it needs a predicate.
struct Resolved {
  Value ptr;
  Value layout;
  SmallVector<Value> residue;
  SmallVector<bool> partial;
  /// The coordinate (index) of the first element in each mode of the tensor
  /// made by make_tensor (`root`): a tma tensor's TMA coordinates.
  SmallVector<Value> origin;
  ValueType root;
  /// One thread's partition (layout.partition): only layout.copy reads it.
  /// `partition` is the op, and the tile it partitions has the static mode
  /// sizes `tileSizes`, the residues `residue` and the predicates `partial`.
  bool perThread = false;
  PartitionOp partition;
  SmallVector<int64_t> tileSizes;
};

/// The type the algebra infers for `opName` on `operands` (with mode indices).
Type inferred(PatternRewriter &rw, Location loc, StringRef opName, ValueRange operands,
              ArrayRef<int64_t> indices = {}) {
  SmallVector<Type, 1> type;
  if (failed(inferAlgebraResult(rw.getContext(), loc, opName, operands.getTypes(), type,
                                indices)))
    return {};
  return type.front();
}

/// Mode `d` of the layout value `l` (`layout.get`).
Value modeOf(PatternRewriter &rw, Location loc, Value l, int64_t d) {
  Type t = inferred(rw, loc, GetOp::getOperationName(), l, {d});
  return t ? GetOp::create(rw, loc, t, l, rw.getDenseI64ArrayAttr({d})).getResult() : Value();
}

bool isTma(Value v) {
  auto t = dyn_cast<MemoryTensorType>(v.getType());
  return t && t.getSpace() == MemorySpace::tma;
}

/// Whether `tensor` is made by make_tensor through local_tiles, else the
/// error at its use `at`.
LogicalResult resolvable(Operation *at, Value tensor) {
  while (true) {
    if (auto tile = tensor.getDefiningOp<LocalTileOp>()) {
      tensor = tile.getTensor();
    } else if (auto part = tensor.getDefiningOp<PartitionOp>()) {
      tensor = part.getTensor();
    } else if (auto part = tensor.getDefiningOp<PartitionMmaOp>()) {
      tensor = part.getTensor();
    } else if (isa_and_nonnull<SelectTensorOp, GroupTensorOp, RecastTensorOp>(
                   tensor.getDefiningOp())) {
      tensor = tensor.getDefiningOp()->getOperand(0);
    } else if (auto slice = tensor.getDefiningOp<SliceTensorOp>()) {
      tensor = slice.getTensor();
      if (isTma(tensor))
        return at->emitOpError() << "reads a slice of the tma tensor " << tensor.getType()
                                 << ": a tma tensor's tiles are addressed by TMA coordinates, "
                                    "so it is tiled by layout.local_tile only";
    } else {
      break;
    }
  }
  if (tensor.getDefiningOp<MakeTensorOp>())
    return success();
  if (auto result = dyn_cast<OpResult>(tensor); result && isa<SharedAllocOp>(result.getOwner()))
    return success();
  return at->emitOpError()
         << "reads a tensor that is not made in its function by layout.make_tensor, "
            "layout.local_tile, layout.slice_tensor and views (a "
         << (isa<BlockArgument>(tensor) ? "block argument" : "value of another op")
         << "): its pointer and layout cannot be resolved";
}

/// Thread t's part of the tensor `tensor` whose tile `parent` is partitioned
/// by R (tidfrg, or thrfrg when `mma`; `at0` its mode-0 coordinate of the thread
/// and 0 in the other modes): the pointer moved by R(at0) and the layout
/// slice(c, R), c the algebra's coordinate of thread 0's part.
FailureOr<Resolved> threadPart(PatternRewriter &rw, Operation *at, Value tensor,
                               const Resolved &parent, Value r, ArrayRef<Value> at0, bool mma) {
  Location loc = at->getLoc();
  Value offset = Crd2IdxOp::create(rw, loc, rw.getIndexType(), r, at0);
  Value offset64 = arith::IndexCastOp::create(rw, loc, rw.getI64Type(), offset);
  rust::Result crd = rust::take(layout_ffi_partition_coordinate(
      cast<ValueType>(parent.layout.getType()).getValueHandle(), mma));
  if (!crd.ok())
    return at->emitOpError() << crd.text;
  Value coord = ConstOp::create(rw, loc,
                                ValueType::getWithValue(rw.getContext(), crd.text,
                                                        static_cast<unsigned>(crd.kind),
                                                        crd.value.get())
                                    .getValueAttr());
  Type layoutType = inferred(rw, loc, SliceOp::getOperationName(), {coord, r});
  if (!layoutType)
    return failure();
  Resolved p;
  p.root = parent.root;
  p.perThread = true;
  p.residue = parent.residue;
  p.partial = parent.partial;
  p.ptr = LLVM::GEPOp::create(rw, loc, parent.ptr.getType(),
                              llvmElementType(cast<MemoryTensorType>(tensor.getType()).getElementType()),
                              parent.ptr, ValueRange{offset64});
  p.layout = SliceOp::create(rw, loc, layoutType, coord, r);
  return p;
}

FailureOr<Resolved> resolve(PatternRewriter &rw, Operation *at, Value tensor);

/// A view of a memory tensor (select_tensor, group_tensor, recast_tensor; ops::tensor_view):
/// the parent's pointer and the view's layout (verified: the result type's), built from the
/// parent's layout value by layout.select / layout.group_modes, or a constant when static. A
/// select keeps the per-mode residues of the modes it keeps; a view of a tile that may reach
/// past its tensor in a mode it groups, recasts or drops is refused (its predicates are per
/// mode of the tile).
FailureOr<Resolved> resolveView(PatternRewriter &rw, Operation *at, Operation *view) {
  Location loc = at->getLoc();
  FailureOr<Resolved> parent = resolve(rw, at, view->getOperand(0));
  if (failed(parent))
    return failure();
  auto type = cast<MemoryTensorType>(view->getResult(0).getType());
  ValueType layoutType = type.getLayout();
  Resolved r;
  r.root = parent->root;
  r.ptr = parent->ptr;
  auto select = dyn_cast<SelectTensorOp>(view);
  for (auto [d, partial] : llvm::enumerate(parent->partial))
    if (partial && (!select || !llvm::is_contained(select.getModes(), (int64_t)d)))
      return at->emitOpError() << "reads the view " << Type(type) << " of a tile that may reach "
                               << "past its tensor in mode " << d
                               << ": the predicates of a partial tile are per mode; view a "
                                  "whole tile, or select the partial modes in another order";
  if (layoutType.isStatic()) {
    r.layout = ConstOp::create(rw, loc, layoutType.getValueAttr());
  } else if (select) {
    r.layout = SelectOp::create(rw, loc, layoutType, parent->layout, select.getModesAttr());
  } else if (auto group = dyn_cast<GroupTensorOp>(view)) {
    r.layout = GroupModesOp::create(
        rw, loc, layoutType, parent->layout,
        rw.getDenseI64ArrayAttr({(int64_t)group.getBegin(), (int64_t)group.getEnd()}));
  } else {
    return at->emitOpError() << "reads the recast " << Type(type)
                             << " of a layout with runtime leaves, which is not lowered";
  }
  if (select) {
    for (int64_t m : select.getModes()) {
      r.residue.push_back(parent->residue[m]);
      r.partial.push_back(parent->partial[m]);
      r.origin.push_back(parent->origin[m]);
    }
    return r;
  }
  std::optional<SmallVector<int64_t>> modes = staticModeSizes(layoutType);
  for (int64_t d = 0; d < (int64_t)(modes ? modes->size() : 0); ++d) {
    Value mode = modeOf(rw, loc, r.layout, d);
    if (!mode)
      return failure();
    r.residue.push_back(SizeOp::create(rw, loc, rw.getIndexType(), mode));
    r.partial.push_back(false);
    r.origin.push_back(arith::ConstantIndexOp::create(rw, loc, 0));
  }
  return r;
}

/// Resolve `tensor` (resolvable) before `at` (see the file comment).
FailureOr<Resolved> resolve(PatternRewriter &rw, Operation *at, Value tensor) {
  Location loc = at->getLoc();
  if (isa_and_nonnull<SelectTensorOp, GroupTensorOp, RecastTensorOp>(tensor.getDefiningOp()))
    return resolveView(rw, at, tensor.getDefiningOp());
  if (auto make = tensor.getDefiningOp<MakeTensorOp>()) {
    auto type = cast<ValueType>(make.getLayout().getType());
    Resolved r{make.getPtr(), make.getLayout(), {}, {}, {}, type};
    std::optional<SmallVector<int64_t>> modes = staticModeSizes(type);
    if (!modes)
      return at->emitOpError() << "cannot read the rank of the tensor's layout " << Type(type);
    for (size_t d = 0; d < modes->size(); ++d) {
      Value mode = modeOf(rw, loc, make.getLayout(), d);
      if (!mode)
        return failure();
      r.residue.push_back(SizeOp::create(rw, loc, rw.getIndexType(), mode));
      r.partial.push_back(false);
      r.origin.push_back(arith::ConstantIndexOp::create(rw, loc, 0));
    }
    return r;
  }
  if (auto slice = tensor.getDefiningOp<SliceTensorOp>()) {
    // The element at c (the given coordinates in the fixed modes, 0 elsewhere)
    // is the first; the other modes remain (the verifier checked that this
    // is a translation).
    FailureOr<Resolved> parent = resolve(rw, at, slice.getTensor());
    if (failed(parent))
      return failure();
    Value zero = arith::ConstantIndexOp::create(rw, loc, 0);
    SmallVector<Value> coord(parent->residue.size(), zero);
    auto parentType = cast<ValueType>(parent->layout.getType());
    for (auto [d, c] : llvm::zip(slice.getModes(), slice.getCoord())) {
      coord[d] = c;
      // A ring position k fixes the mode at k mod its extent (static: verified).
      if (slice.getRing())
        if (std::optional<int64_t> n = staticModeSize(parentType, d))
          coord[d] = arith::RemUIOp::create(rw, loc, c, arith::ConstantIndexOp::create(rw, loc, *n));
    }
    Value offset = Crd2IdxOp::create(rw, loc, rw.getIndexType(), parent->layout, coord);
    Value offset64 = arith::IndexCastOp::create(rw, loc, rw.getI64Type(), offset);
    auto type = cast<MemoryTensorType>(tensor.getType());
    Resolved r;
    r.root = parent->root;
    r.ptr = LLVM::GEPOp::create(rw, loc, parent->ptr.getType(), llvmElementType(type.getElementType()),
                                parent->ptr, ValueRange{offset64});
    for (size_t d = 0; d < parent->residue.size(); ++d)
      if (!llvm::is_contained(slice.getModes(), (int64_t)d)) {
        r.residue.push_back(parent->residue[d]);
        r.partial.push_back(parent->partial[d]);
        r.origin.push_back(parent->origin[d]);
      }
    // The remaining modes' layout (`layout.select`, the result type's: the
    // verifier's plan, ops::slice_tensor).
    SliceTensorPlan plan = sliceTensorPlan(rw.getContext(), parentType, slice.getModes(),
                                           ValueRange(), slice.getRing());
    if (!plan.ok())
      return at->emitOpError() << plan.result.text;
    r.layout = SelectOp::create(rw, loc, plan.layout, parent->layout,
                                rw.getDenseI64ArrayAttr(plan.kept));
    return r;
  }
  if (auto part = tensor.getDefiningOp<PartitionOp>()) {
    // R = tidfrg(L, thr, val, vector): thread t's part starts at R(t, 0, 0)
    // and is laid out by slice((0,_,(_,..)), R) (the verifier checked that
    // fixing the thread is a translation).
    FailureOr<Resolved> parent = resolve(rw, at, part.getTensor());
    if (failed(parent))
      return failure();
    if (parent->perThread)
      return at->emitOpError() << "reads a partition of a partition";
    rust::Result vector = rust::take(layout_ffi_integer(part.getVector()));
    ValueType vectorType = ValueType::getWithValue(
        rw.getContext(), vector.text, static_cast<unsigned>(vector.kind), vector.value.get());
    Value thr = ConstOp::create(rw, loc, part.getThr());
    Value val = ConstOp::create(rw, loc, part.getVal());
    Value vec = ConstOp::create(rw, loc, vectorType.getValueAttr());
    Type rType = inferred(rw, loc, TidfrgOp::getOperationName(), {parent->layout, thr, val, vec});
    if (!rType)
      return failure();
    Value r = TidfrgOp::create(rw, loc, rType, parent->layout, thr, val, vec);
    Value zero = arith::ConstantIndexOp::create(rw, loc, 0);
    FailureOr<Resolved> p = threadPart(rw, at, tensor, *parent, r,
                                       {part.getThread(), zero, zero}, /*mma=*/false);
    if (failed(p))
      return failure();
    p->partition = part;
    for (size_t d = 0; d < parent->residue.size(); ++d)
      p->tileSizes.push_back(
          staticModeSize(cast<ValueType>(parent->layout.getType()), d).value_or(-1));
    return p;
  }
  if (auto part = tensor.getDefiningOp<PartitionMmaOp>()) {
    // R = thrfrg(L, atom_tv, tile, grid): the thread's part starts at R at
    // its mode-0 coordinate (lane + 32 (grid position), a layout of the
    // thread index) and is laid out by slice(((0,(0,0)),(_,(_,..))), R).
    FailureOr<Resolved> parent = resolve(rw, at, part.getTensor());
    if (failed(parent))
      return failure();
    if (parent->perThread)
      return at->emitOpError() << "reads a partition of a partition";
    FailureOr<MmaTiling> t = mmaTiling(at, part.getAtom(), part.getOperand(), part.getAtoms(),
                                       part.getPermutationAttr());
    if (failed(t))
      return failure();
    Value atomTv = ConstOp::create(rw, loc, t->atomTv.getValueAttr());
    Value tile = ConstOp::create(rw, loc, t->tile.getValueAttr());
    Value grid = ConstOp::create(rw, loc, t->grid.getValueAttr());
    Value threadCoord = ConstOp::create(rw, loc, t->threadCoord.getValueAttr());
    Value perm =
        t->permutation ? ConstOp::create(rw, loc, t->permutation->getValueAttr()).getResult()
                       : Value();
    SmallVector<Value, 5> args{parent->layout, atomTv, tile, grid};
    if (perm)
      args.push_back(perm);
    Type rType = inferred(rw, loc, ThrfrgOp::getOperationName(), args);
    if (!rType)
      return failure();
    Value r = ThrfrgOp::create(rw, loc, rType, parent->layout, atomTv, tile, grid, perm);
    Value mode0 = Crd2IdxOp::create(rw, loc, rw.getIndexType(), threadCoord,
                                    ValueRange{part.getThread()});
    Value zero = arith::ConstantIndexOp::create(rw, loc, 0);
    return threadPart(rw, at, tensor, *parent, r, {mode0, zero}, /*mma=*/true);
  }
  auto tile = tensor.getDefiningOp<LocalTileOp>();
  FailureOr<Resolved> parent = resolve(rw, at, tile.getTensor());
  if (failed(parent))
    return failure();
  // The tile's layout and its origin's offset (ops::local_tile: the modes of
  // zipped_divide(L, tile), the verifier's plan).
  LocalTilePlan plan = localTilePlan(rw.getContext(), cast<ValueType>(parent->layout.getType()),
                                     tile.getTile().getValueType());
  if (!plan.ok())
    return at->emitOpError() << plan.result.text;
  Value tiler = ConstOp::create(rw, loc, tile.getTile());
  Value divided = ZippedDivideOp::create(rw, loc, plan.divided, parent->layout, tiler);
  Value inner = GetOp::create(rw, loc, plan.tile, divided, rw.getDenseI64ArrayAttr({0}));
  Value rest = GetOp::create(rw, loc, plan.rest, divided, rw.getDenseI64ArrayAttr({1}));
  Type elem = llvmElementType(cast<MemoryTensorType>(tensor.getType()).getElementType());
  Resolved r;
  r.root = parent->root;
  // A tma tensor's pointer is its tensor map: the tile is addressed by its
  // origin's coordinates instead.
  r.ptr = parent->ptr;
  if (!isTma(tensor)) {
    Value offset = Crd2IdxOp::create(rw, loc, rw.getIndexType(), rest, tile.getCoord());
    Value offset64 = arith::IndexCastOp::create(rw, loc, rw.getI64Type(), offset);
    r.ptr = LLVM::GEPOp::create(rw, loc, parent->ptr.getType(), elem, parent->ptr,
                                ValueRange{offset64});
  }
  r.layout = inner;
  for (auto [d, c] : llvm::enumerate(tile.getCoord())) {
    Value start = arith::MulIOp::create(rw, loc, c,
                                        arith::ConstantIndexOp::create(rw, loc, plan.extents[d]));
    r.origin.push_back(arith::AddIOp::create(rw, loc, parent->origin[d], start));
    r.residue.push_back(arith::SubIOp::create(rw, loc, parent->residue[d], start));
    r.partial.push_back(parent->partial[d] || !plan.whole[d]);
  }
  return r;
}

/// The operands that address a tile in global memory: pointer, one i64 stride
/// per dimension but the last, and the bounds (none when no mode is partial).
struct GlobalOperands {
  Value ptr;
  SmallVector<Value> strides, bounds;
};

FailureOr<GlobalOperands> globalOperands(PatternRewriter &rw, Operation *at, Value tensor,
                                         ArrayRef<int64_t> tileShape) {
  FailureOr<Resolved> r = resolve(rw, at, tensor);
  if (failed(r))
    return failure();
  if (r->perThread)
    return at->emitOpError() << "reads one thread's partition (layout.partition) as a tile of "
                                "every thread: copy partitions with layout.copy";
  Location loc = at->getLoc();
  GlobalOperands g{r->ptr, {}, {}};
  size_t rank = tileShape.size();
  for (size_t d = 0; d + 1 < rank; ++d) {
    Value s = StrideLeafOp::create(rw, loc, rw.getIndexType(), r->layout,
                                   rw.getDenseI64ArrayAttr({(int64_t)d}));
    g.strides.push_back(arith::IndexCastOp::create(rw, loc, rw.getI64Type(), s));
  }
  // Modes past the tile's dimensions have extent 1 (verified): the tile of one head, at a
  // coordinate inside the tensor (a tile extent of 1 is whole, ops::local_tile).
  for (size_t d = rank; d < r->partial.size(); ++d)
    if (r->partial[d])
      return at->emitOpError() << "mode " << d << " of the tile, past its " << rank
                               << " dimensions, may reach past the tensor: the bounds of a "
                                  "partial tile are one per dimension of the copied tile";
  if (llvm::is_contained(ArrayRef<bool>(r->partial).take_front(rank), true))
    for (size_t d = 0; d < rank; ++d)
      g.bounds.push_back(
          r->partial[d]
              ? arith::IndexCastOp::create(rw, loc, rw.getI64Type(), r->residue[d]).getResult()
              : arith::ConstantIntOp::create(rw, loc, rw.getI64Type(), tileShape[d]).getResult());
  return g;
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

} // namespace

/// sharedOperands for the Rust patterns (src/shared_operands.rs): the pointer of
/// `tensor` resolved before `at` through `rewriter` (a PatternRewriter), or false
/// with the error emitted at `at`.
extern "C" bool layout_nvvm_shared_operands(MlirOperation at, MlirValue tensor,
                                            MlirRewriterBase rewriter, MlirValue *ptr) {
  auto &rw = static_cast<PatternRewriter &>(*unwrap(rewriter));
  FailureOr<std::pair<Value, ValueAttr>> s = sharedOperands(rw, unwrap(at), unwrap(tensor));
  if (failed(s))
    return false;
  *ptr = wrap(s->first);
  return true;
}

namespace {

struct ResolveAsyncCopy : public OpRewritePattern<AsyncCopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncCopyOp op, PatternRewriter &rw) const override {
    if (!isTensor(op.getSrc()) && !isTensor(op.getDst()))
      return failure();
    GlobalOperands g{op.getSrc(), op.getStrides(), op.getBounds()};
    if (isTensor(op.getSrc())) {
      FailureOr<GlobalOperands> r =
          globalOperands(rw, op, op.getSrc(), cast<RankedTensorType>(op.getTile()).getShape());
      if (failed(r))
        return failure();
      g = *r;
    }
    Value dst = op.getDst(), smemLayout = op.getSmemLayout();
    ValueAttr smem = op.getSmemAttr();
    if (isTensor(dst)) {
      FailureOr<std::pair<Value, ValueAttr>> s = sharedOperands(rw, op, dst);
      if (failed(s))
        return failure();
      std::tie(dst, smem) = *s;
    }
    rw.replaceOpWithNewOp<AsyncCopyOp>(op, g.ptr, g.strides, g.bounds, dst, smemLayout,
                                       op.getTileAttr(), smem, op.getAlignAttr());
    return success();
  }
};

struct ResolveSharedLoad : public OpRewritePattern<SharedLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SharedLoadOp op, PatternRewriter &rw) const override {
    if (!isTensor(op.getBase()))
      return failure();
    FailureOr<std::pair<Value, ValueAttr>> s = sharedOperands(rw, op, op.getBase());
    if (failed(s))
      return failure();
    rw.replaceOpWithNewOp<SharedLoadOp>(op, op.getType(), s->first, Value(), s->second);
    return success();
  }
};

struct ResolveSharedStore : public OpRewritePattern<SharedStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SharedStoreOp op, PatternRewriter &rw) const override {
    if (!isTensor(op.getBase()))
      return failure();
    FailureOr<std::pair<Value, ValueAttr>> s = sharedOperands(rw, op, op.getBase());
    if (failed(s))
      return failure();
    rw.replaceOpWithNewOp<SharedStoreOp>(op, op.getValue(), s->first, Value(), s->second);
    return success();
  }
};

struct ResolveTensorPtr : public OpRewritePattern<TensorPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorPtrOp op, PatternRewriter &rw) const override {
    FailureOr<Resolved> r = resolve(rw, op, op.getTensor());
    if (failed(r))
      return failure();
    Value p = r->ptr;
    if (p.getType() != op.getType())
      p = LLVM::AddrSpaceCastOp::create(rw, op.getLoc(), op.getType(), p);
    rw.replaceOp(op, p);
    return success();
  }
};

struct ResolveGlobalLoad : public OpRewritePattern<GlobalLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GlobalLoadOp op, PatternRewriter &rw) const override {
    if (!isTensor(op.getBase()))
      return failure();
    FailureOr<GlobalOperands> g =
        globalOperands(rw, op, op.getBase(), cast<RankedTensorType>(op.getType()).getShape());
    if (failed(g))
      return failure();
    rw.replaceOpWithNewOp<GlobalLoadOp>(op, op.getType(), g->ptr, g->strides, g->bounds,
                                        op.getAlignAttr());
    return success();
  }
};

struct ResolveGlobalStore : public OpRewritePattern<GlobalStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GlobalStoreOp op, PatternRewriter &rw) const override {
    if (!isTensor(op.getBase()))
      return failure();
    FailureOr<GlobalOperands> g = globalOperands(
        rw, op, op.getBase(), cast<RankedTensorType>(op.getValue().getType()).getShape());
    if (failed(g))
      return failure();
    rw.replaceOpWithNewOp<GlobalStoreOp>(op, op.getValue(), g->ptr, g->strides, g->bounds,
                                         op.getAlignAttr());
    return success();
  }
};

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

/// The barrier of ring position `k` of the ring `bars` (barrier `k mod S`) and
/// the parity of its phase `k div S` (i32); with `previous`, the parity of the
/// phase before it, `(k div S + 1) mod 2` (the stage's previous use, position
/// `k - S`; for `k < S` the phase before 0, which a fresh barrier reports
/// complete).
FailureOr<std::pair<Value, Value>> ringBarrier(PatternRewriter &rw, Operation *at, Value bars,
                                               Value k, bool previous = false) {
  FailureOr<Resolved> r = resolve(rw, at, bars);
  if (failed(r))
    return failure();
  Location loc = at->getLoc();
  auto t = cast<MemoryTensorType>(bars.getType());
  std::optional<int64_t> n = staticSize(t.getLayout());
  if (!n || *n < 1)
    return at->emitOpError() << "the barrier ring " << bars.getType() << " has no static size";
  Value ring = arith::ConstantIndexOp::create(rw, loc, *n);
  Value s = arith::RemUIOp::create(rw, loc, k, ring);
  Value offset = Crd2IdxOp::create(rw, loc, rw.getIndexType(), r->layout, ValueRange{s});
  Value offset64 = arith::IndexCastOp::create(rw, loc, rw.getI64Type(), offset);
  Value bar = LLVM::GEPOp::create(rw, loc, r->ptr.getType(), rw.getI64Type(), r->ptr,
                                  ValueRange{offset64});
  Value phase = arith::DivUIOp::create(rw, loc, k, ring);
  if (previous)
    phase = arith::AddIOp::create(rw, loc, phase, arith::ConstantIndexOp::create(rw, loc, 1));
  Value parity = arith::AndIOp::create(rw, loc, phase, arith::ConstantIndexOp::create(rw, loc, 1));
  return std::make_pair(bar, arith::IndexCastUIOp::create(rw, loc, rw.getI32Type(), parity)
                                 .getResult());
}

/// layout.mbarrier_init: nvvm.mbarrier.init of each barrier of the tensor, then
/// fence.mbarrier_init.
struct LowerMbarrierInit : public OpRewritePattern<MbarrierInitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MbarrierInitOp op, PatternRewriter &rw) const override {
    FailureOr<Resolved> r = resolve(rw, op, op.getBars());
    if (failed(r))
      return failure();
    Location loc = op.getLoc();
    auto t = cast<MemoryTensorType>(op.getBars().getType());
    std::optional<int64_t> n = staticSize(t.getLayout());
    if (!n || *n < 1 || *n > 256)
      return op.emitOpError() << "initializes 1 to 256 barriers, " << op.getBars().getType()
                              << " holds " << (n ? std::to_string(*n) : std::string("?"));
    Value count = constI32(rw, loc, op.getArrivals());
    for (int64_t i = 0; i < *n; ++i) {
      std::optional<int64_t> offset = staticOffset(t.getLayout(), {i});
      if (!offset)
        return op.emitOpError() << "cannot evaluate " << Type(t.getLayout()) << " at " << i;
      Value bar = LLVM::GEPOp::create(rw, loc, r->ptr.getType(), rw.getI64Type(), r->ptr,
                                      ArrayRef<LLVM::GEPArg>{(int32_t)*offset});
      NVVM::MBarrierInitOp::create(rw, loc, bar, count, Value());
    }
    NVVM::FenceMbarrierInitOp::create(rw, loc);
    rw.eraseOp(op);
    return success();
  }
};

/// layout.mbarrier_wait: try_wait.parity (a loop) on the barrier of the ring
/// position with the parity of its phase (of the phase before, with `free`).
struct LowerMbarrierWait : public OpRewritePattern<MbarrierWaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MbarrierWaitOp op, PatternRewriter &rw) const override {
    FailureOr<std::pair<Value, Value>> b =
        ringBarrier(rw, op, op.getBars(), op.getPosition(), op.getFree());
    if (failed(b))
      return failure();
    NVVM::MBarrierTryWaitParityOp::create(rw, op.getLoc(), b->first, b->second,
                                          constI32(rw, op.getLoc(), 1000000));
    rw.eraseOp(op);
    return success();
  }
};

/// layout.mbarrier_arrive: each executing thread arrives once (mbarrier.arrive,
/// release at CTA scope) on the barrier of the ring position; with `multicast =
/// n`, on that barrier of each CTA 0..n-1 of the cluster (mapa, cluster scope).
struct LowerMbarrierArrive : public OpRewritePattern<MbarrierArriveOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MbarrierArriveOp op, PatternRewriter &rw) const override {
    FailureOr<std::pair<Value, Value>> b = ringBarrier(rw, op, op.getBars(), op.getPosition());
    if (failed(b))
      return failure();
    Location loc = op.getLoc();
    if (std::optional<uint64_t> n = op.getMulticast()) {
      // The same barrier in each CTA q of the cluster, at cluster scope.
      auto remote = LLVM::LLVMPointerType::get(rw.getContext(), 7);
      for (uint64_t q = 0; q < *n; ++q) {
        Value bar = NVVM::MapaOp::create(rw, loc, remote, b->first, constI32(rw, loc, q));
        NVVM::MBarrierArriveOp::create(rw, loc, Type(), bar, Value(), NVVM::MemScopeKind::CLUSTER);
      }
    } else {
      NVVM::MBarrierArriveOp::create(rw, loc, rw.getI64Type(), b->first, Value());
    }
    rw.eraseOp(op);
    return success();
  }
};

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
    if (!layout_nvvm_check_kernel_arguments(wrap(root)) ||
        !layout_nvvm_check_global_extents(wrap(root)) ||
        !layout_nvvm_check_block_warps(wrap(root)))
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
        if (!isTensor(v))
          continue;
        if (!copy) {
          op->emitOpError() << "takes a tensor in memory (" << v.getType()
                            << "); only layout.local_tile, layout.slice_tensor, the views (select_tensor, "
                               "group_tensor, recast_tensor), layout.partition, partition_mma "
                               "and the copies (layout.copy, layout.async_copy, global_load, global_store, shared_load, "
                               "shared_store, tma_copy), mbarrier_init, mbarrier_wait, mbarrier_arrive, "
                               "mma_async, mma_tmem, tensor_memory_load, tensor_memory_store, tensor_ptr, "
                               "encode_tensor_map and tma_encodable read them";
          ok = false;
        } else if (failed(resolvable(op, v))) {
          ok = false;
          return; // one error per op
        }
      }
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
    patterns.add<ResolveAsyncCopy, ResolveGlobalLoad, ResolveGlobalStore, ResolveSharedLoad,
                 ResolveSharedStore, LowerMbarrierInit, LowerMbarrierWait, LowerMbarrierArrive,
                 LowerTmaCopy,
                 LowerMmaTmem,
                 ResolveTensorPtr, LowerCopy>(&getContext());
    // In the order of TensorOp (src/tensor_patterns.rs).
    patterns.add<RustRewritePattern<EncodeTensorMapOp>>(&getContext(), 200);
    patterns.add<RustRewritePattern<TmaEncodableOp>>(&getContext(), 201);
    patterns.add<RustRewritePattern<MmaAsyncOp>>(&getContext(), 203);
    patterns.add<RustRewritePattern<TensorMemoryLoadOp>>(&getContext(), 204);
    patterns.add<RustRewritePattern<TensorMemoryStoreOp>>(&getContext(), 205);
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
