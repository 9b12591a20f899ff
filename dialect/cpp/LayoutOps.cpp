//===- LayoutOps.cpp - verify, infer and fold hooks -----------------------===//
//
// Every hook hands the operands' parsed values (held by their types and
// attributes, Layout/ValueStorage.h) to the Rust algebra and turns its answer
// into a type (adopting the value the algebra returns), an attribute or a
// diagnostic. No layout math here.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "Layout/RustAlgebra.h"
#include "Layout/ValueCache.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/CAPI/IR.h"

using namespace mlir;
using namespace mlir::layout;

namespace {
/// The type of a value the algebra returned (its text, kind and value).
ValueType typeOf(MLIRContext *context, const rust::Result &r) {
  return ValueType::getWithValue(context, r.text, static_cast<unsigned>(r.kind),
                                 r.value.get());
}

/// The per-context memo of the layout dialect (null if it is not loaded).
ValueCache *cacheOf(MLIRContext *context) {
  auto *dialect = context->getLoadedDialect<LayoutDialect>();
  return dialect ? &dialect->getCache() : nullptr;
}

/// Constant index values of `operands`, if all are constants.
bool constantIndices(ArrayRef<Attribute> operands,
                     SmallVectorImpl<int64_t> &out) {
  for (Attribute a : operands) {
    auto i = llvm::dyn_cast_or_null<IntegerAttr>(a);
    if (!i)
      return false;
    out.push_back(i.getInt());
  }
  return true;
}
} // namespace

//===----------------------------------------------------------------------===//
// Verifiers and folders in Rust
//===----------------------------------------------------------------------===//

/// dialect/src/element_types.rs: the inference of layout.smem_layout.
extern "C" LayoutResult layout_smem_layout(MlirType elem, bool major_k, int64_t mn, int64_t k,
                                           int64_t stages);
/// The one Rust entry of the op verifiers (dialect/src/op_verifier.rs).
extern "C" bool layout_verify_op(MlirOperation op);
/// The one Rust entry of the op folders (dialect/src/op_folder.rs): the number of index
/// constants written to `out`, -2 with `*forward` set (fold to that value), or -1.
extern "C" int64_t layout_fold_op(MlirOperation op, LayoutI64Slice ints, LayoutI64SliceMut out,
                                  MlirValue *forward);

LogicalResult mlir::layout::verifyInRust(Operation *op) {
  return success(layout_verify_op(wrap(op)));
}

/// The fold the Rust folders answer for `op` given `ints`, in `results`.
static LogicalResult foldResultsInRust(Operation *op, ArrayRef<int64_t> ints,
                                       SmallVectorImpl<OpFoldResult> &results) {
  SmallVector<int64_t, 8> out(op->getNumResults());
  MlirValue forward{nullptr};
  int64_t n = layout_fold_op(wrap(op), rust::ints(ints), rust::out(out), &forward);
  if (n == -2)
    results.push_back(unwrap(forward));
  for (int64_t v : ArrayRef<int64_t>(out).take_front(std::max<int64_t>(n, 0)))
    results.push_back(IntegerAttr::get(IndexType::get(op->getContext()), v));
  return success(n >= 0 || n == -2);
}

OpFoldResult mlir::layout::foldInRust(Operation *op, ArrayRef<int64_t> ints) {
  SmallVector<OpFoldResult, 1> results;
  if (failed(foldResultsInRust(op, ints, results)) || results.size() != 1)
    return {};
  return results.front();
}

//===----------------------------------------------------------------------===//
// Algebra ops
//===----------------------------------------------------------------------===//

LogicalResult mlir::layout::inferInRust(MLIRContext *context, std::optional<Location> loc,
                                       StringRef opName, TypeRange operandTypes,
                                       SmallVectorImpl<Type> &results,
                                       ArrayRef<int64_t> indices,
                                       std::optional<int64_t> bits) {
  // Inference runs when the op is parsed or built and again in its verifier:
  // the result for uniqued operand types (and indices) is computed once per
  // context. The key has no element width, so ops with one are not memoized.
  ValueCache *cache = bits ? nullptr : cacheOf(context);
  if (cache)
    if (Type known = cache->lookupResult(opName, operandTypes, indices)) {
      results.push_back(known);
      return success();
    }
  SmallVector<LayoutOperand, 4> args;
  for (Type t : operandTypes) {
    auto vt = llvm::dyn_cast<ValueType>(t);
    if (!vt)
      return emitOptionalError(loc, "'", opName,
                               "' op expects layout-dialect operands, got ", t);
    args.push_back(vt.asOperand());
  }
  rust::Result r = rust::take(layout_ffi_infer_result(
      rust::str(opName), rust::operands(args), rust::ints(indices), bits.value_or(0),
      bits.has_value()));
  if (r.status == rust::Dynamic) {
    results.push_back(ValueType::get(context, "*", 0));
    return success();
  }
  if (!r.ok())
    return emitOptionalError(loc, "'", opName, "' op ", r.text);
  Type result = typeOf(context, r);
  if (cache)
    cache->insertResult(opName, operandTypes, indices, result);
  results.push_back(result);
  return success();
}

OpFoldResult mlir::layout::foldStaticValue(Type type) {
  auto vt = llvm::dyn_cast<ValueType>(type);
  if (!vt || !vt.isStatic())
    return {};
  return vt.getValueAttr();
}

//===----------------------------------------------------------------------===//
// layout.smem_layout
//===----------------------------------------------------------------------===//

LogicalResult mlir::layout::inferSmemLayoutResult(
    MLIRContext *context, std::optional<Location> loc, DictionaryAttr attributes,
    TypeAttr elem, MajorAttr major, IntegerAttr mn, IntegerAttr k,
    IntegerAttr stages, SmallVectorImpl<Type> &results) {
  // The custom parser leaves the attributes in the dictionary; built ops carry
  // them in the properties.
  if (attributes) {
    if (!elem)
      elem = llvm::dyn_cast_or_null<TypeAttr>(attributes.get("elem"));
    if (!major)
      major = llvm::dyn_cast_or_null<MajorAttr>(attributes.get("major"));
    if (!mn)
      mn = llvm::dyn_cast_or_null<IntegerAttr>(attributes.get("mn"));
    if (!k)
      k = llvm::dyn_cast_or_null<IntegerAttr>(attributes.get("k"));
    if (!stages)
      stages = llvm::dyn_cast_or_null<IntegerAttr>(attributes.get("stages"));
  }
  if (!elem || !major || !mn || !k)
    return emitOptionalError(loc, "'layout.smem_layout' op requires the attributes "
                                  "elem (a type), major (#layout.major<K> or "
                                  "#layout.major<MN>), mn and k (integers)");
  if (hardwareElementName(elem.getValue()).empty())
    return emitOptionalError(loc, "'layout.smem_layout' op 'elem' must be one of the "
                                  "element types ",
                             hardwareElementTypes(), "; found ", typeText(elem.getValue()));
  rust::Result r = rust::take(layout_smem_layout(wrap(elem.getValue()), major.getValue() == Major::K,
                                                mn.getInt(), k.getInt(),
                                                stages ? stages.getInt() : 1));
  if (!r.ok())
    return emitOptionalError(loc, "'layout.smem_layout' op ", r.text);
  results.push_back(typeOf(context, r));
  return success();
}

//===----------------------------------------------------------------------===//
// Relations: layout.equal, layout.is_injective, layout.is_bijective
//===----------------------------------------------------------------------===//

/// The Rust decision on a relation op (dialect/src/relation_ops.rs).
extern "C" LayoutResult layout_relation_decision(MlirOperation op);

OpFoldResult mlir::layout::foldRelationOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  // Location-based diagnostics: an op-attached one would print (and
  // re-verify) the op being folded. The warning of an undecided op is given
  // once, when the decision is made (later folds read it from the cache).
  auto decide = [&] {
    rust::Result r = rust::take(layout_relation_decision(wrap(op)));
    if (r.status != rust::Ok && r.status != rust::Dynamic)
      mlir::emitWarning(op->getLoc()) << name << " is not folded: " << r.text;
    return ValueCache::Decision{static_cast<int32_t>(r.status), r.kind, r.text};
  };
  ValueCache *cache = cacheOf(op->getContext());
  ValueCache::Decision d =
      cache ? cache->decision(name, op->getOperandTypes(), decide) : decide();
  if (d.status != rust::Ok)
    return {};
  bool holds = d.holds != 0;
  if (!holds)
    mlir::emitRemark(op->getLoc())
        << op->getName() << " folds to false: " << d.text;
  return IntegerAttr::get(IntegerType::get(op->getContext(), 1), holds);
}

//===----------------------------------------------------------------------===//
// layout.const
//===----------------------------------------------------------------------===//

LogicalResult ConstOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  ConstOp::Adaptor adaptor(operands, attributes, properties, regions);
  ValueAttr value = adaptor.getValueAttr();
  if (!value)
    return emitOptionalError(location, "'layout.const' op requires 'value'");
  inferredReturnTypes.push_back(value.getValueType());
  return success();
}

ParseResult ConstOp::parse(OpAsmParser &parser, OperationState &result) {
  ValueAttr value;
  if (parser.parseAttribute(value, Type{}))
    return failure();
  result.getOrAddProperties<Properties>().value = value;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes) ||
      failed(verifyInherentAttrs(result.name, result.attributes, [&]() {
        return parser.emitError(loc) << "'" << result.name.getStringRef()
                                     << "' op ";
      })))
    return failure();
  result.addTypes(value.getValueType());
  return success();
}

void ConstOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printAttribute(getValueAttr());
  // The discardable attributes: `getAttrs()` of an op with properties builds
  // (uniques) a dictionary that includes `value`, once per printed constant.
  printer.printOptionalAttrDict(
      (*this)->getDiscardableAttrDictionary().getValue(), {"value"});
}

OpFoldResult ConstOp::fold(FoldAdaptor) { return getValueAttr(); }

//===----------------------------------------------------------------------===//
// layout.make
//===----------------------------------------------------------------------===//

OpFoldResult MakeOp::fold(FoldAdaptor) {
  return foldStaticValue(getResult().getType());
}

//===----------------------------------------------------------------------===//
// layout.crd2idx / layout.idx2crd
//===----------------------------------------------------------------------===//

OpFoldResult Crd2IdxOp::fold(FoldAdaptor adaptor) {
  SmallVector<int64_t, 4> coords;
  if (!constantIndices(adaptor.getCoord(), coords))
    return {};
  return foldInRust(*this, coords);
}

LogicalResult Idx2CrdOp::fold(FoldAdaptor adaptor,
                              SmallVectorImpl<OpFoldResult> &results) {
  auto idx = llvm::dyn_cast_or_null<IntegerAttr>(adaptor.getIndex());
  if (!idx)
    return failure();
  return foldResultsInRust(*this, idx.getInt(), results);
}

//===----------------------------------------------------------------------===//
// layout.apply / layout.inv (dialect/src/bijective_ops.rs)
//===----------------------------------------------------------------------===//

OpFoldResult ApplyOp::fold(FoldAdaptor adaptor) {
  SmallVector<int64_t, 4> indices;
  if (!constantIndices(adaptor.getIndices(), indices))
    return {};
  return foldInRust(*this, indices);
}

LogicalResult InvOp::fold(FoldAdaptor adaptor, SmallVectorImpl<OpFoldResult> &results) {
  auto offset = llvm::dyn_cast_or_null<IntegerAttr>(adaptor.getOffset());
  if (!offset)
    return failure();
  return foldResultsInRust(*this, offset.getInt(), results);
}

//===----------------------------------------------------------------------===//
// convert_layout, retile
//===----------------------------------------------------------------------===//

/// The fold of an op from one register tensor to another (convert_layout, retile): nothing
/// when the encodings are equal, and an op of an op of the same kind becomes one op of the
/// first operand (nothing when it comes back). Sound for both: conversions compose, and so do
/// renamings of registers (S -> M and M -> D keep the lanes and warps, and span(D.reg) lies
/// in span(M.reg), which lies in span(S.reg)).
template <typename Op>
static OpFoldResult foldRegisterPair(Op op) {
  if (op.getSrc().getType() == op.getResult().getType())
    return op.getSrc();
  if (auto inner = op.getSrc().template getDefiningOp<Op>()) {
    if (inner.getSrc().getType() == op.getResult().getType())
      return inner.getSrc();
    op.getSrcMutable().assign(inner.getSrc());
    return op.getResult();
  }
  return {};
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) { return foldRegisterPair(*this); }
OpFoldResult RetileOp::fold(FoldAdaptor) { return foldRegisterPair(*this); }

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

/// The identity order on an unchanged type: the source.
OpFoldResult TransposeOp::fold(FoldAdaptor) {
  for (auto [i, o] : llvm::enumerate(getOrder()))
    if ((int64_t)i != o)
      return {};
  return getSrc().getType() == getType() ? getSrc() : Value();
}

//===----------------------------------------------------------------------===//
// Tensors in memory: make_tensor, local_tile
//===----------------------------------------------------------------------===//

std::optional<int64_t> mlir::layout::staticSize(ValueType layout) {
  int64_t n = 0;
  if (!layout_ffi_static_size(layout.getValueHandle(), &n))
    return std::nullopt;
  return n;
}

//===----------------------------------------------------------------------===//
// Partitions and copies: partition, partition_mma, copy, slice_tensor
//===----------------------------------------------------------------------===//

/// Reads `src` and writes `dst`; with `async` the cp.asyncs stay in flight past
/// the op (their group is committed and waited for by other ops), so the op
/// also reads and writes memory in general, like the other asynchronous copies.
void CopyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getSrcMutable());
  effects.emplace_back(MemoryEffects::Write::get(), &getDstMutable());
  if (getAsync()) {
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
  }
}


//===----------------------------------------------------------------------===//
// shared_load, shared_store, async_copy: the shared layout
//===----------------------------------------------------------------------===//

ValueAttr mlir::layout::sharedLayoutOf(ValueAttr attr, Value operand) {
  if (attr)
    return attr;
  if (!operand)
    return {};
  auto type = llvm::dyn_cast<ValueType>(operand.getType());
  if (!type || !type.isStatic())
    return {};
  return type.getValueAttr();
}

//===----------------------------------------------------------------------===//
// select_tensor
//===----------------------------------------------------------------------===//

/// The modes in their order on an unchanged type: the tensor.
OpFoldResult SelectTensorOp::fold(FoldAdaptor) {
  for (auto [i, m] : llvm::enumerate(getModes()))
    if ((int64_t)i != m)
      return {};
  return getTensor().getType() == getType() ? getTensor() : Value();
}
