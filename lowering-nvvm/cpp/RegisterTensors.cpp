//===- RegisterTensors.cpp - register tensors to LLVM structs -------------===//
//
// `--layout-lower-register-tensors`: a register tensor (a ranked tensor
// encoded by a #layout.linear, docs/dialect.md "Register tensors") becomes the
// registers one thread holds: `!llvm.struct<(T, ..., T)>` with one field per
// register, field r holding the element the layout gives register r of the
// thread. Built on MLIR's dialect conversion framework:
//
// - the type converter maps each register tensor to its struct (the register
//   count from the Rust algebra: 2^|register bases|) and leaves other types;
// - the splat arith.constant, layout.transpose, layout.broadcast, tensor.splat,
//   layout.mma, layout.coordinate, layout.reduce, layout.shared_load,
//   layout.shared_store, layout.async_copy, unrealized_conversion_cast and
//   elementwise arith/math patterns are one template, RegisterOpLowering, whose
//   body is the Rust lowering (src/register_ops.rs, which states what each
//   becomes): it gets the op, its remapped operands, its results' converted
//   types and the target SM;
// - layout.global_load / global_store become one vector load or store per
//   access of the plan of linear::global_access (the widest vector the layout
//   and the alignment allow, a remark says which and why not wider), at the
//   thread's coordinate (XOR of its lane and warp bits' coordinates, from
//   tid.x) XOR the access's;
// - layout.convert_layout becomes layout.convert (the plan of convert_plan,
//   lowered by --layout-lower-to-nvvm) with the thread index (tid.x) and, when
//   the plan goes through shared memory, a module-level shared buffer
//   `__layout_convert_smem` as large as the largest plan of its module, and a
//   CTA barrier before it unless it is the first conversion through shared
//   memory of its function, in the entry block (a later one, or one in a loop,
//   would overwrite what an earlier one may still be reading);
// - function signatures, calls, returns and scf ops follow the types (upstream
//   structural patterns).
//
// Before any rewrite, src/kernel_checks.rs and src/register_type_checks.rs check
// the register tensors of the module and the ops on them.
//
// The shared-memory budget of a conversion is `layout.smem_budget` on an op
// around it, else 48 KiB (static shared memory); plans that exceed it are
// tiled by convert_plan. No layout math here.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "LayoutNvvm.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#define GET_OP_CLASSES
#include "LayoutNvgpuOps.h.inc"

using namespace mlir;
using namespace mlir::layout;

Type mlir::layout::llvmElementType(Type elem) {
  if (LLVM::isCompatibleType(elem) || !elem.isIntOrFloat())
    return elem;
  return IntegerType::get(elem.getContext(), elem.getIntOrFloatBitWidth());
}

namespace {

constexpr StringLiteral kSmemGlobal = "__layout_convert_smem";
constexpr StringLiteral kBudgetAttr = "layout.smem_budget";
/// Static shared memory of a CTA: the default budget of a conversion.
constexpr int64_t kStaticSmemBytes = 48 * 1024;

/// The linear layout encoding a register tensor, or null for any other type.
ValueAttr registerEncoding(Type t) {
  auto r = dyn_cast<RankedTensorType>(t);
  if (!r)
    return {};
  auto a = dyn_cast_or_null<ValueAttr>(r.getEncoding());
  return a && a.getValueKind() == ValueKind::Linear ? a : ValueAttr();
}

/// Registers per thread of a register tensor, or the algebra's reason it is
/// not one.
FailureOr<int64_t> registerCount(RankedTensorType t, std::string *why) {
  int64_t out[2] = {0, 0};
  ArrayRef<int64_t> shape = t.getShape();
  rust::Result r = rust::take(
      layout_ffi_register_tensor(registerEncoding(t).getValueHandle(), rust::ints(shape), out));
  if (!r.ok()) {
    if (why)
      *why = r.text;
    return failure();
  }
  return out[0];
}

/// The shared-memory budget of conversions at `op`: `layout.smem_budget` of
/// the nearest op around it, else static shared memory.
int64_t budgetAt(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto a = p->getAttrOfType<IntegerAttr>(kBudgetAttr))
      return a.getInt();
  return kStaticSmemBytes;
}

struct RegisterTensorConverter : public TypeConverter {
  RegisterTensorConverter() {
    addConversion([](Type t) { return t; });
    addConversion([](RankedTensorType t) -> std::optional<Type> {
      if (!registerEncoding(t))
        return t;
      FailureOr<int64_t> regs = registerCount(t, nullptr);
      if (failed(regs))
        return std::nullopt;
      return LLVM::LLVMStructType::getLiteral(
          t.getContext(), SmallVector<Type>(*regs, llvmElementType(t.getElementType())));
    });
    auto cast = [](OpBuilder &b, Type type, ValueRange inputs, Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, type, inputs).getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }
};

/// The Rust lowering (src/register_ops.rs) of the register-tensor op `op` of kind `kind`: the
/// op, its remapped operands, its results' converted types and the target SM go to
/// `layout_nvvm_lower_op`, which creates the ops through the rewriter (or fails, the reason
/// emitted at the op, or silently when the op is not the pattern's).
LogicalResult lowerInRust(const TypeConverter &tc, Operation *op, ValueRange remapped,
                          ConversionPatternRewriter &rw, int kind, int64_t sm) {
  SmallVector<Type> results;
  if (failed(tc.convertTypes(op->getResultTypes(), results)))
    return failure();
  SmallVector<MlirValue> operands;
  for (Value v : remapped)
    operands.push_back(wrap(v));
  SmallVector<MlirType> types;
  for (Type t : results)
    types.push_back(wrap(t));
  RewriterBase *base = &rw;
  return success(layout_nvvm_lower_op(wrap(op), kind, wrap(base), operands.data(),
                                      operands.size(), types.data(), types.size(), sm));
}

/// The conversion pattern of a register-tensor op whose lowering is the Rust one, told the
/// op's kind, not its name.
template <typename Op>
struct RegisterOpLowering : public OpConversionPattern<Op> {
  RegisterOpLowering(const TypeConverter &tc, MLIRContext *ctx, int kind, int64_t sm)
      : OpConversionPattern<Op>(tc, ctx), kind(kind), sm(sm) {}
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    return lowerInRust(*this->getTypeConverter(), op, adaptor.getOperands(), rw, kind, sm);
  }
  int kind;
  int64_t sm;
};

/// Any op (MatchAnyOpTypeTag): the elementwise arith/math ops on register tensors, which the
/// Rust lowering tells from the others (src/elementwise.rs).
struct AnyOp {};
template <>
struct RegisterOpLowering<AnyOp> : public ConversionPattern {
  RegisterOpLowering(const TypeConverter &tc, MLIRContext *ctx, int kind, int64_t sm)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx), kind(kind), sm(sm) {}
  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    return lowerInRust(*getTypeConverter(), op, operands, rw, kind, sm);
  }
  int kind;
  int64_t sm;
};

/// The patterns of `Ops`, whose order is the numbering of `RegisterOp` in
/// src/register_ops.rs (kinds 100, 101, ...: the comma fold runs left to right).
template <typename... Ops>
void addRegisterOpLowerings(RewritePatternSet &patterns, const TypeConverter &tc, int64_t sm) {
  int kind = 100;
  (patterns.add<RegisterOpLowering<Ops>>(tc, patterns.getContext(), kind++, sm), ...);
}

/// An undefined struct of `type`, filled register by register.
Value undefStruct(ConversionPatternRewriter &rw, Location loc, Type type) {
  return LLVM::UndefOp::create(rw, loc, type);
}

/// layout.convert_layout -> layout.convert with the thread index and the
/// module's shared buffer, after a CTA barrier when an earlier conversion may
/// still be reading the buffer (`fenced`).
struct ConvertLayoutPattern : public OpConversionPattern<ConvertLayoutOp> {
  ConvertLayoutPattern(const TypeConverter &tc, MLIRContext *ctx,
                       const llvm::DenseSet<Operation *> &fenced, int64_t sm)
      : OpConversionPattern(tc, ctx), fenced(fenced), sm(sm) {}
  const llvm::DenseSet<Operation *> &fenced;
  /// The target SM (which matrix instructions the plans may use).
  int64_t sm;

  LogicalResult matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    auto src = cast<RankedTensorType>(op.getSrc().getType());
    ValueAttr from = registerEncoding(src), to = registerEncoding(op.getType());
    Type result = typeConverter->convertType(op.getType());
    if (!result)
      return failure();
    int64_t budget = budgetAt(op);
    FailureOr<int64_t> bytes =
        convertSharedBytes(op, llvmElementType(src.getElementType()), from, to, budget, sm);
    if (failed(bytes))
      return failure();
    Location loc = op.getLoc();
    Value thread = NVVM::ThreadIdXOp::create(rw, loc, rw.getI32Type());
    Value buffer;
    if (fenced.contains(op))
      NVVM::Barrier0Op::create(rw, loc);
    if (*bytes > 0)
      buffer = LLVM::AddressOfOp::create(
          rw, loc, LLVM::LLVMPointerType::get(rw.getContext(), 3), kSmemGlobal);
    Value converted = ConvertOp::create(rw, loc, result, adaptor.getSrc(), buffer, thread,
                                        TypeAttr::get(llvmElementType(src.getElementType())), from, to,
                                        rw.getI64IntegerAttr(budget), rw.getI64IntegerAttr(sm))
                          .getResult();
    rw.replaceOp(op, converted);
    return success();
  }
};

/// layout.retile -> layout.convert without a buffer: its verifier proved that
/// the plan is a renaming of registers (convert_plan's registers path), which
/// the lowering of layout.convert emits as struct field moves.
struct RetilePattern : public OpConversionPattern<RetileOp> {
  RetilePattern(const TypeConverter &tc, MLIRContext *ctx, int64_t sm)
      : OpConversionPattern(tc, ctx), sm(sm) {}
  int64_t sm;

  LogicalResult matchAndRewrite(RetileOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    auto src = cast<RankedTensorType>(op.getSrc().getType());
    Type result = typeConverter->convertType(op.getType());
    if (!result)
      return failure();
    Location loc = op.getLoc();
    Value thread = NVVM::ThreadIdXOp::create(rw, loc, rw.getI32Type());
    Value converted =
        ConvertOp::create(rw, loc, result, adaptor.getSrc(), Value(), thread,
                          TypeAttr::get(llvmElementType(src.getElementType())), registerEncoding(src),
                          registerEncoding(op.getType()), rw.getI64IntegerAttr(budgetAt(op)),
                          rw.getI64IntegerAttr(sm))
            .getResult();
    rw.replaceOp(op, converted);
    return success();
  }
};

/// The plan of a global load or store (linear::global_access), read back from
/// its flat form.
struct AccessPlan {
  int64_t vector = 1, elemBytes = 1;
  /// The alignment of one access: the promised one, at most the access's bytes.
  int64_t align = 1;
  SmallVector<SmallVector<int64_t>> lane, warp;
  struct Access {
    SmallVector<int64_t> coord, registers;
  };
  SmallVector<Access> accesses;
  /// Lane and warp bits whose threads hold copies: a store runs where they are clear.
  int64_t laneReplicas = 0, warpReplicas = 0;
  std::string summary;
};

/// Reads the header of a global plan (vector, element
/// bytes, the numbers of lane bits, warp bits and accesses, then the coordinate
/// of each lane bit and each warp bit) into `p`; returns the number of
/// accesses. `next` yields the flat plan's integers in order.
template <typename Next>
int64_t readAccessHeader(Next &next, size_t rank, AccessPlan &p) {
  p.vector = next();
  p.elemBytes = next();
  int64_t lanes = next(), warps = next(), accesses = next();
  auto coord = [&]() {
    SmallVector<int64_t> c;
    for (size_t d = 0; d < rank; ++d)
      c.push_back(next());
    return c;
  };
  for (int64_t i = 0; i < lanes; ++i)
    p.lane.push_back(coord());
  for (int64_t i = 0; i < warps; ++i)
    p.warp.push_back(coord());
  return accesses;
}

/// The plan of `op` (a global load or store), with a remark naming it.
FailureOr<AccessPlan> accessPlan(Operation *op, RankedTensorType t, int64_t align,
                                 bool store) {
  ArrayRef<int64_t> shape = t.getShape();
  size_t rank = shape.size();
  std::vector<int64_t> flat(globalAccessCapacity(rank));
  size_t length = 0;
  rust::Result r = rust::take(layout_ffi_global_access(
      registerEncoding(t).getValueHandle(), rust::ints(shape),
      t.getElementType().getIntOrFloatBitWidth(), align, store, rust::out(flat), &length));
  if (!r.ok())
    return op->emitOpError() << r.text;
  AccessPlan p;
  size_t at = 0;
  auto next = [&]() { return flat[at++]; };
  int64_t accesses = readAccessHeader(next, rank, p);
  for (int64_t a = 0; a < accesses; ++a) {
    AccessPlan::Access x;
    for (size_t d = 0; d < rank; ++d)
      x.coord.push_back(next());
    int64_t groups = next();
    for (int64_t g = 0; g < groups; ++g)
      x.registers.push_back(next());
    p.accesses.push_back(std::move(x));
  }
  p.laneReplicas = next();
  p.warpReplicas = next();
  p.summary = r.text;
  p.align = std::min<int64_t>(align, p.vector * p.elemBytes);
  op->emitRemark() << "'" << op->getName() << "' op " << (store ? "global_store: " : "global_load: ")
                   << p.summary;
  return p;
}

Value constI32(ConversionPatternRewriter &rw, Location loc, int64_t v) {
  return arith::ConstantOp::create(rw, loc, rw.getI32IntegerAttr(v));
}

/// The thread's part of each coordinate: the XOR of the coordinates of its set
/// lane and warp bits (tid.x: lane = tid % 32, warp = tid / 32).
SmallVector<Value> threadCoords(ConversionPatternRewriter &rw, Location loc,
                                const AccessPlan &p, size_t rank) {
  Value tid = NVVM::ThreadIdXOp::create(rw, loc, rw.getI32Type());
  Value lane = arith::AndIOp::create(rw, loc, tid, constI32(rw, loc, 31));
  Value warp = arith::ShRUIOp::create(rw, loc, tid, constI32(rw, loc, 5));
  SmallVector<Value> out;
  for (size_t d = 0; d < rank; ++d) {
    Value c = constI32(rw, loc, 0);
    auto add = [&](Value id, ArrayRef<SmallVector<int64_t>> bits) {
      for (auto [i, b] : llvm::enumerate(bits)) {
        if (b[d] == 0)
          continue;
        Value bit = arith::AndIOp::create(
            rw, loc, arith::ShRUIOp::create(rw, loc, id, constI32(rw, loc, i)),
            constI32(rw, loc, 1));
        c = arith::XOrIOp::create(rw, loc, c,
                                  arith::MulIOp::create(rw, loc, bit, constI32(rw, loc, b[d])));
      }
    };
    add(lane, p.lane);
    add(warp, p.warp);
    out.push_back(c);
  }
  return out;
}

/// The coordinates (i64) of one access: c_d, the thread's coordinate XOR the
/// access's.
SmallVector<Value> accessCoords(ConversionPatternRewriter &rw, Location loc,
                                ArrayRef<Value> thread, ArrayRef<int64_t> coord) {
  SmallVector<Value> out;
  for (size_t d = 0; d < thread.size(); ++d) {
    Value c = coord[d] ? arith::XOrIOp::create(rw, loc, thread[d], constI32(rw, loc, coord[d]))
                             .getResult()
                       : thread[d];
    out.push_back(arith::ExtSIOp::create(rw, loc, rw.getI64Type(), c));
  }
  return out;
}

/// The address of the element at `c`: base + (sum_{d < n-1} c_d * stride_d +
/// c_{n-1}) elements.
Value elementAddress(ConversionPatternRewriter &rw, Location loc, Value base, Type elem,
                     ValueRange strides, ArrayRef<Value> c) {
  Value offset;
  for (size_t d = 0; d < c.size(); ++d) {
    Value term = c[d];
    if (d + 1 < c.size())
      term = arith::MulIOp::create(rw, loc, term, strides[d]);
    offset = offset ? arith::AddIOp::create(rw, loc, offset, term).getResult() : term;
  }
  return LLVM::GEPOp::create(rw, loc, base.getType(), elem, base, ValueRange{offset});
}

/// The address of one access (the element at its coordinates, accessCoords).
Value accessAddress(ConversionPatternRewriter &rw, Location loc, Value base, Type elem,
                    ValueRange strides, ArrayRef<Value> thread, ArrayRef<int64_t> coord) {
  return elementAddress(rw, loc, base, elem, strides, accessCoords(rw, loc, thread, coord));
}

/// The bounds of a partial tile (`bounds(...)` of the copies): element `c` is
/// inside when `c_d < b_d` for every dimension d. A bound that is a constant
/// no smaller than the tile's extent never fails and is not tested.
struct TileBounds {
  SmallVector<Value> bound;
  SmallVector<bool> tested;

  TileBounds(ValueRange bounds, ArrayRef<int64_t> shape) {
    for (auto [d, b] : llvm::enumerate(bounds)) {
      APInt v;
      bound.push_back(b);
      tested.push_back(!(matchPattern(b, m_ConstantInt(&v)) && v.getSExtValue() >= shape[d]));
    }
  }
  bool any() const { return llvm::is_contained(tested, true); }
  bool lastTested() const { return !tested.empty() && tested.back(); }

  /// Whether every coordinate of `c` but the last is inside (null: no test).
  Value rowInside(ConversionPatternRewriter &rw, Location loc, ArrayRef<Value> c) const {
    Value in;
    for (size_t d = 0; d + 1 < bound.size(); ++d) {
      if (!tested[d])
        continue;
      Value t = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::slt, c[d], bound[d]);
      in = in ? arith::AndIOp::create(rw, loc, in, t).getResult() : t;
    }
    return in;
  }

  /// Per element k of a `vector` starting at `c`: inside (an i1 vector).
  Value mask(ConversionPatternRewriter &rw, Location loc, ArrayRef<Value> c,
             int64_t vector) const {
    Value row = rowInside(rw, loc, c);
    auto i1 = rw.getI1Type();
    auto type = VectorType::get({vector}, i1);
    Value m = LLVM::UndefOp::create(rw, loc, type);
    for (int64_t k = 0; k < vector; ++k) {
      Value in = row;
      if (lastTested()) {
        Value at = k ? arith::AddIOp::create(rw, loc, c.back(),
                                             arith::ConstantIntOp::create(rw, loc, rw.getI64Type(), k))
                           .getResult()
                     : c.back();
        Value t = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::slt, at, bound.back());
        in = in ? arith::AndIOp::create(rw, loc, in, t).getResult() : t;
      }
      if (!in)
        in = arith::ConstantIntOp::create(rw, loc, i1, 1);
      m = LLVM::InsertElementOp::create(rw, loc, m, in, constI32(rw, loc, k));
    }
    return m;
  }
};

Type accessType(const AccessPlan &p, Type elem) {
  return p.vector == 1 ? elem : VectorType::get({p.vector}, elem);
}

/// `result` with the `vector` elements of the loaded value `v` (a vector, or
/// the element itself when `vector` is 1) in fields `g + k` of each group `g`.
Value scatterAccess(ConversionPatternRewriter &rw, Location loc, Value result, Value v,
                    int64_t vector, ArrayRef<int64_t> groups) {
  for (int64_t k = 0; k < vector; ++k) {
    Value x = vector == 1
                  ? v
                  : LLVM::ExtractElementOp::create(rw, loc, v, constI32(rw, loc, k)).getResult();
    for (int64_t g : groups)
      result = LLVM::InsertValueOp::create(rw, loc, result, x, g + k);
  }
  return result;
}

/// The value one store writes: fields `first .. first + vector` of the struct
/// `regs`, as a vector of type `access` (the field itself when `vector` is 1).
Value gatherAccess(ConversionPatternRewriter &rw, Location loc, Value regs, Type access,
                   int64_t vector, int64_t first) {
  if (vector == 1)
    return LLVM::ExtractValueOp::create(rw, loc, regs, first);
  Value v = LLVM::UndefOp::create(rw, loc, access);
  for (int64_t k = 0; k < vector; ++k)
    v = LLVM::InsertElementOp::create(rw, loc, v,
                                      LLVM::ExtractValueOp::create(rw, loc, regs, first + k),
                                      constI32(rw, loc, k));
  return v;
}

/// Emit `body(masked)` for a tile with `bounds`: unmasked when there are none;
/// else under `scf.if` on whether the whole tile is inside (every bound at
/// least the tile's extent), unmasked in the then-branch (the tiles inside the
/// tensor pay nothing) and masked in the else-branch. `body` returns the
/// values the branches yield (`types`).
SmallVector<Value> splitOnWholeTile(
    ConversionPatternRewriter &rw, Location loc, const TileBounds &bounds,
    ArrayRef<int64_t> shape, TypeRange types,
    llvm::function_ref<SmallVector<Value>(bool masked)> body) {
  if (!bounds.any())
    return body(false);
  Value whole;
  for (auto [d, b] : llvm::enumerate(bounds.bound)) {
    if (!bounds.tested[d])
      continue;
    Value t = arith::CmpIOp::create(
        rw, loc, arith::CmpIPredicate::sge, b,
        arith::ConstantIntOp::create(rw, loc, rw.getI64Type(), shape[d]));
    whole = whole ? arith::AndIOp::create(rw, loc, whole, t).getResult() : t;
  }
  auto branch = scf::IfOp::create(rw, loc, types, whole, /*addThenBlock=*/true,
                                  /*addElseBlock=*/true);
  OpBuilder::InsertionGuard guard(rw);
  for (bool masked : {false, true}) {
    rw.setInsertionPointToEnd(masked ? branch.elseBlock() : branch.thenBlock());
    SmallVector<Value> yielded = body(masked);
    scf::YieldOp::create(rw, loc, yielded);
  }
  return branch.getResults();
}

/// layout.global_load: per access, one vector load filling its register
/// groups; in a partial tile (bounds), masked loads that read only the
/// elements inside and give zero for the others.
struct GlobalLoadPattern : public OpConversionPattern<GlobalLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(GlobalLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    auto t = cast<RankedTensorType>(op.getType());
    FailureOr<AccessPlan> p = accessPlan(op, t, op.getAlign(), false);
    Type s = typeConverter->convertType(t);
    if (failed(p) || !s)
      return failure();
    Location loc = op.getLoc();
    Type elem = llvmElementType(t.getElementType());
    SmallVector<Value> thread = threadCoords(rw, loc, *p, t.getRank());
    TileBounds bounds(adaptor.getBounds(), t.getShape());
    auto body = [&](bool masked) -> SmallVector<Value> {
      Value result = undefStruct(rw, loc, s);
      for (const AccessPlan::Access &a : p->accesses) {
        SmallVector<Value> c = accessCoords(rw, loc, thread, a.coord);
        Value ptr = elementAddress(rw, loc, adaptor.getBase(), elem, adaptor.getStrides(), c);
        Value v;
        if (masked) {
          auto vec = VectorType::get({p->vector}, elem);
          Value zero = arith::ConstantOp::create(rw, loc, vec, rw.getZeroAttr(vec));
          v = LLVM::MaskedLoadOp::create(rw, loc, vec, ptr, bounds.mask(rw, loc, c, p->vector),
                                         zero, rw.getI32IntegerAttr(p->align));
          if (p->vector == 1)
            v = LLVM::ExtractElementOp::create(rw, loc, v, constI32(rw, loc, 0));
        } else {
          v = LLVM::LoadOp::create(rw, loc, accessType(*p, elem), ptr, p->align);
        }
        result = scatterAccess(rw, loc, result, v, p->vector, a.registers);
      }
      return {result};
    };
    rw.replaceOp(op, splitOnWholeTile(rw, loc, bounds, t.getShape(), s, body));
    return success();
  }
};

/// layout.global_store: per access, one vector store of its first register
/// group; in a partial tile (bounds), masked stores of the elements inside.
struct GlobalStorePattern : public OpConversionPattern<GlobalStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(GlobalStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    auto t = cast<RankedTensorType>(op.getValue().getType());
    FailureOr<AccessPlan> p = accessPlan(op, t, op.getAlign(), true);
    if (failed(p))
      return failure();
    Location loc = op.getLoc();
    Type elem = llvmElementType(t.getElementType());
    SmallVector<Value> thread = threadCoords(rw, loc, *p, t.getRank());
    TileBounds bounds(adaptor.getBounds(), t.getShape());
    auto body = [&](bool masked) -> SmallVector<Value> {
      for (const AccessPlan::Access &a : p->accesses) {
        SmallVector<Value> c = accessCoords(rw, loc, thread, a.coord);
        Value ptr = elementAddress(rw, loc, adaptor.getBase(), elem, adaptor.getStrides(), c);
        if (masked) {
          auto vec = VectorType::get({p->vector}, elem);
          Value v =
              gatherAccess(rw, loc, adaptor.getValue(), vec, p->vector, a.registers.front());
          if (p->vector == 1)
            v = LLVM::InsertElementOp::create(rw, loc, LLVM::UndefOp::create(rw, loc, vec), v,
                                              constI32(rw, loc, 0));
          LLVM::MaskedStoreOp::create(rw, loc, v, ptr, bounds.mask(rw, loc, c, p->vector),
                                      (uint32_t)p->align);
          continue;
        }
        Value v = gatherAccess(rw, loc, adaptor.getValue(), accessType(*p, elem), p->vector,
                               a.registers.front());
        LLVM::StoreOp::create(rw, loc, v, ptr, p->align);
      }
      return {};
    };
    // One thread of each set holding the same elements stores them (the plan's replicas).
    OpBuilder::InsertionGuard guard(rw);
    if (p->laneReplicas || p->warpReplicas) {
      Value tid = NVVM::ThreadIdXOp::create(rw, loc, rw.getI32Type());
      Value mask = constI32(rw, loc, p->laneReplicas | (p->warpReplicas << 5));
      Value owner = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::eq,
                                          arith::AndIOp::create(rw, loc, tid, mask),
                                          constI32(rw, loc, 0));
      auto branch = scf::IfOp::create(rw, loc, TypeRange(), owner, /*addThenBlock=*/true,
                                      /*addElseBlock=*/false);
      rw.setInsertionPointToEnd(branch.thenBlock());
      rw.setInsertionPoint(scf::YieldOp::create(rw, loc));
    }
    splitOnWholeTile(rw, loc, bounds, t.getShape(), TypeRange(), body);
    rw.eraseOp(op);
    return success();
  }
};

struct LowerRegisterTensorsPass
    : public PassWrapper<LowerRegisterTensorsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerRegisterTensorsPass)

  /// Conversions that wait for the CTA before using the shared buffer.
  llvm::DenseSet<Operation *> fenced;
  /// The target SM: `chip` without its `sm_` prefix and suffix letters.
  int64_t sm = 90;

  LowerRegisterTensorsPass() = default;
  LowerRegisterTensorsPass(const LowerRegisterTensorsPass &other)
      : PassWrapper(other), sm(other.sm) {}
  explicit LowerRegisterTensorsPass(int64_t sm) : sm(sm) {}

  StringRef getArgument() const override { return "layout-lower-register-tensors"; }
  StringRef getDescription() const override {
    return "Lower register tensors (tensors encoded by #layout.linear) to LLVM structs of "
           "their registers: elementwise ops per register, layout.convert_layout to "
           "layout.convert";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, NVVM::NVVMDialect, arith::ArithDialect, scf::SCFDialect>();
  }

  /// Give each symbol table that holds a conversion through shared memory its
  /// buffer.
  LogicalResult prepare(Operation *root) {
    bool ok = true;
    llvm::DenseMap<Operation *, int64_t> need;
    SmallVector<Operation *> order;
    llvm::DenseSet<Operation *> seen; // functions with an earlier shared conversion
    root->walk([&](ConvertLayoutOp op) {
      auto src = cast<RankedTensorType>(op.getSrc().getType());
      int64_t budget = budgetAt(op);
      FailureOr<int64_t> bytes =
          convertSharedBytes(op, llvmElementType(src.getElementType()), registerEncoding(src),
                             registerEncoding(op.getType()), budget, sm);
      if (failed(bytes)) {
        ok = false;
        return;
      }
      if (*bytes == 0)
        return;
      // The buffer is shared by every conversion: one that may follow another
      // (an earlier one in its function, or itself in an earlier iteration)
      // waits for the CTA first. Only the first of a function, straight-line
      // in its entry block, starts with the buffer free.
      Operation *fn = op->getParentOfType<FunctionOpInterface>();
      bool first = fn && !seen.contains(fn) && op->getBlock() == &fn->getRegion(0).front();
      if (fn)
        seen.insert(fn);
      if (!first)
        fenced.insert(op);
      Operation *table = SymbolTable::getNearestSymbolTable(op);
      if (!table) {
        op.emitOpError() << "needs a shared buffer but has no symbol table around it";
        ok = false;
        return;
      }
      if (!need.count(table))
        order.push_back(table);
      need[table] = std::max(need[table], *bytes);
    });
    if (!ok)
      return failure();
    for (Operation *table : order) {
      int64_t bytes = need[table];
      if (bytes > kStaticSmemBytes) {
        table->emitOpError() << "its conversions need a shared buffer of " << bytes
                             << " bytes, more than static shared memory holds ("
                             << kStaticSmemBytes
                             << "): a smaller layout.smem_budget tiles them";
        return failure();
      }
      if (Operation *old = SymbolTable::lookupSymbolIn(table, kSmemGlobal)) {
        old->emitOpError() << "is named " << kSmemGlobal
                           << ", the name of the conversions' shared buffer";
        return failure();
      }
      OpBuilder b(table->getContext());
      b.setInsertionPointToStart(&table->getRegion(0).front());
      auto array = LLVM::LLVMArrayType::get(b.getI8Type(), bytes);
      LLVM::GlobalOp::create(b, table->getLoc(), array, /*isConstant=*/false,
                             LLVM::Linkage::Internal, kSmemGlobal, Attribute(),
                             /*alignment=*/16, /*addrSpace=*/3);
    }
    return success();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    fenced.clear();
    // The threads that run each register-tensor op (src/kernel_checks.rs), the register
    // tensor types and the ops on them (src/register_type_checks.rs).
    if (!layout_nvvm_check_block_warps(wrap(root)) ||
        !layout_nvvm_check_register_tensors(wrap(root)) || failed(prepare(root)))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    RegisterTensorConverter converter;
    RewritePatternSet patterns(ctx);
    patterns.add<GlobalLoadPattern, GlobalStorePattern>(converter, ctx);
    // In the order of RegisterOp (src/register_ops.rs).
    addRegisterOpLowerings<arith::ConstantOp, TransposeOp, BroadcastOp, tensor::SplatOp, MmaOp,
                           CoordinateOp, ReduceOp, SharedLoadOp, SharedStoreOp, AsyncCopyOp,
                           UnrealizedConversionCastOp, AnyOp>(patterns, converter, sm);
    patterns.add<ConvertLayoutPattern>(converter, ctx, fenced, sm);
    patterns.add<RetilePattern>(converter, ctx, sm);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversions(converter, patterns);
    ConversionTarget target(*ctx);
    target.addIllegalOp<AsyncCopyOp>();
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto f = dyn_cast<FunctionOpInterface>(op))
        if (auto type = dyn_cast<FunctionType>(f.getFunctionType()))
          return converter.isSignatureLegal(type) && converter.isLegal(&f.getFunctionBody());
      return converter.isLegal(op);
    });
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::layout::createLowerRegisterTensorsPass() {
  return std::make_unique<LowerRegisterTensorsPass>();
}

std::unique_ptr<Pass> mlir::layout::createLowerRegisterTensorsPass(int64_t sm) {
  return std::make_unique<LowerRegisterTensorsPass>(sm);
}
