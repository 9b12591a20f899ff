//===- MemoryTensors.cpp - `--layout-lower-tensors` -----------------------===//
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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::layout;

namespace {

/// A tensor resolved at a use: its first element, its layout value and, per
/// top-level mode, the residue (index) and whether it needs a predicate.
struct Resolved {
  Value ptr;
  Value layout;
  SmallVector<Value> residue;
  SmallVector<bool> partial;
};

/// The static number of elements of mode `d` of the layout type `l`, if its
/// extents are static.
std::optional<int64_t> staticModeSize(ValueType l, int64_t d) {
  rust::Result mode = rust::call("get", {l.asOperand()}, {d});
  if (!mode.ok() || !mode.value.get())
    return std::nullopt;
  ValueType m = ValueType::getWithValue(l.getContext(), mode.text, mode.kind, mode.value.get());
  // The size of a mode with static extents (its strides may be runtime).
  rust::Result size = rust::call("size", {m.asOperand()});
  int64_t v;
  if (!size.ok() || StringRef(size.text).getAsInteger(10, v))
    return std::nullopt;
  return v;
}

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

/// Whether `tensor` is made by make_tensor through local_tiles, else the
/// error at its use `at`.
LogicalResult resolvable(Operation *at, Value tensor) {
  while (true) {
    if (auto tile = tensor.getDefiningOp<LocalTileOp>())
      tensor = tile.getTensor();
    else if (auto slice = tensor.getDefiningOp<SliceTensorOp>())
      tensor = slice.getTensor();
    else
      break;
  }
  if (tensor.getDefiningOp<MakeTensorOp>())
    return success();
  return at->emitOpError()
         << "reads a tensor that is not made in its function by layout.make_tensor, "
            "layout.local_tile and layout.slice_tensor (a "
         << (isa<BlockArgument>(tensor) ? "block argument" : "value of another op")
         << "): its pointer and layout cannot be resolved";
}

/// Resolve `tensor` (resolvable) before `at` (see the file comment).
FailureOr<Resolved> resolve(PatternRewriter &rw, Operation *at, Value tensor) {
  Location loc = at->getLoc();
  if (auto make = tensor.getDefiningOp<MakeTensorOp>()) {
    Resolved r{make.getPtr(), make.getLayout(), {}, {}};
    auto type = cast<ValueType>(make.getLayout().getType());
    rust::Result rank = rust::call("rank", {type.asOperand()});
    int64_t n;
    if (!rank.ok() || StringRef(rank.text).getAsInteger(10, n))
      return at->emitOpError() << "cannot read the rank of the tensor's layout " << Type(type);
    for (int64_t d = 0; d < n; ++d) {
      Value mode = modeOf(rw, loc, make.getLayout(), d);
      if (!mode)
        return failure();
      r.residue.push_back(SizeOp::create(rw, loc, rw.getIndexType(), mode));
      r.partial.push_back(false);
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
    for (auto [d, c] : llvm::zip(slice.getModes(), slice.getCoord()))
      coord[d] = c;
    Value offset = Crd2IdxOp::create(rw, loc, rw.getIndexType(), parent->layout, coord);
    Value offset64 = arith::IndexCastOp::create(rw, loc, rw.getI64Type(), offset);
    auto type = cast<MemoryTensorType>(tensor.getType());
    Resolved r;
    r.ptr = LLVM::GEPOp::create(rw, loc, parent->ptr.getType(), type.getElementType(),
                                parent->ptr, ValueRange{offset64});
    for (size_t d = 0; d < parent->residue.size(); ++d)
      if (!llvm::is_contained(slice.getModes(), (int64_t)d)) {
        r.residue.push_back(parent->residue[d]);
        r.partial.push_back(parent->partial[d]);
      }
    // The remaining modes' layout (`layout.select`, the result type's).
    SmallVector<int64_t> kept;
    for (size_t d = 0; d < parent->residue.size(); ++d)
      if (!llvm::is_contained(slice.getModes(), (int64_t)d))
        kept.push_back(d);
    Type selected = inferred(rw, loc, SelectOp::getOperationName(), parent->layout, kept);
    if (!selected)
      return failure();
    r.layout = SelectOp::create(rw, loc, selected, parent->layout,
                                rw.getDenseI64ArrayAttr(kept));
    return r;
  }
  auto tile = tensor.getDefiningOp<LocalTileOp>();
  FailureOr<Resolved> parent = resolve(rw, at, tile.getTensor());
  if (failed(parent))
    return failure();
  auto parentLayout = cast<ValueType>(parent->layout.getType());
  SmallVector<int64_t> extents(parent->residue.size());
  layout_ffi_int_leaves(tile.getTile().getValueHandle(), extents.data(), extents.size());
  Value tiler = ConstOp::create(rw, loc, tile.getTile());
  Type dividedType =
      inferred(rw, loc, ZippedDivideOp::getOperationName(), {parent->layout, tiler});
  if (!dividedType)
    return failure();
  Value divided = ZippedDivideOp::create(rw, loc, dividedType, parent->layout, tiler);
  Value inner = modeOf(rw, loc, divided, 0);
  Value rest = modeOf(rw, loc, divided, 1);
  if (!inner || !rest)
    return failure();
  Value offset = Crd2IdxOp::create(rw, loc, rw.getIndexType(), rest, tile.getCoord());
  Value offset64 = arith::IndexCastOp::create(rw, loc, rw.getI64Type(), offset);
  Type elem = cast<MemoryTensorType>(tensor.getType()).getElementType();
  Resolved r;
  r.ptr = LLVM::GEPOp::create(rw, loc, parent->ptr.getType(), elem, parent->ptr,
                              ValueRange{offset64});
  r.layout = inner;
  for (auto [d, c] : llvm::enumerate(tile.getCoord())) {
    Value start = arith::MulIOp::create(rw, loc, c,
                                        arith::ConstantIndexOp::create(rw, loc, extents[d]));
    r.residue.push_back(arith::SubIOp::create(rw, loc, parent->residue[d], start));
    std::optional<int64_t> size = staticModeSize(parentLayout, d);
    r.partial.push_back(parent->partial[d] || !size || *size % extents[d] != 0);
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
  Location loc = at->getLoc();
  GlobalOperands g{r->ptr, {}, {}};
  size_t rank = tileShape.size();
  for (size_t d = 0; d + 1 < rank; ++d) {
    Value s = StrideLeafOp::create(rw, loc, rw.getIndexType(), r->layout,
                                   rw.getDenseI64ArrayAttr({(int64_t)d}));
    g.strides.push_back(arith::IndexCastOp::create(rw, loc, rw.getI64Type(), s));
  }
  if (llvm::is_contained(r->partial, true))
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
  auto layout = cast<MemoryTensorType>(tensor.getType()).getLayout();
  return std::make_pair(r->ptr, layout.getValueAttr());
}

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

struct LowerTensorsPass : public PassWrapper<LowerTensorsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerTensorsPass)

  StringRef getArgument() const override { return "layout-lower-tensors"; }
  StringRef getDescription() const override {
    return "Resolve tensors in memory (layout.make_tensor, layout.local_tile) at the copies "
           "that read or write them: pointer, strides and the bounds of partial tiles";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, arith::ArithDialect>();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    // Every tensor is read by a copy that can resolve it (checked before any
    // rewrite, so an error leaves the IR as it was).
    bool ok = true;
    root->walk([&](Operation *op) {
      if (isa<MakeTensorOp, LocalTileOp, SliceTensorOp>(op))
        return;
      bool copy = isa<AsyncCopyOp, GlobalLoadOp, GlobalStoreOp, SharedLoadOp, SharedStoreOp>(op);
      for (Value v : op->getOperands()) {
        if (!isTensor(v))
          continue;
        if (!copy) {
          op->emitOpError() << "takes a tensor in memory (" << v.getType()
                            << "); only layout.local_tile, layout.slice_tensor and the copies "
                               "(layout.async_copy, global_load, global_store, shared_load, "
                               "shared_store) read them";
          ok = false;
        } else if (failed(resolvable(op, v))) {
          ok = false;
        }
      }
    });
    if (!ok)
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<ResolveAsyncCopy, ResolveGlobalLoad, ResolveGlobalStore, ResolveSharedLoad,
                 ResolveSharedStore>(&getContext());
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(root, std::move(patterns), config)))
      return signalPassFailure();
    // The tensor ops, now without uses, are erased.
    SmallVector<Operation *> dead;
    root->walk([&](Operation *op) {
      if (isa<MakeTensorOp, LocalTileOp, SliceTensorOp>(op))
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
