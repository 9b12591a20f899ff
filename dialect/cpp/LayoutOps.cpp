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
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::layout;

namespace {
/// CuTe name of an op: its name without the dialect prefix.
StringRef cuteName(StringRef opName) {
  opName.consume_front("layout.");
  return opName;
}

/// The value-typed operands as Rust operands; false if one is not static.
bool staticOperands(TypeRange types, SmallVectorImpl<LayoutOperand> &args) {
  for (Type t : types) {
    auto vt = llvm::dyn_cast<ValueType>(t);
    if (!vt || !vt.isStatic())
      return false;
    args.push_back(vt.asOperand());
  }
  return true;
}

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

/// Parse a decimal integer result of the algebra.
std::optional<int64_t> asInteger(StringRef text) {
  int64_t v;
  if (text.getAsInteger(10, v))
    return std::nullopt;
  return v;
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
// Algebra ops
//===----------------------------------------------------------------------===//

LogicalResult mlir::layout::inferAlgebraResult(
    MLIRContext *context, std::optional<Location> loc, StringRef opName,
    TypeRange operandTypes, SmallVectorImpl<Type> &results,
    ArrayRef<int64_t> indices) {
  // Inference runs when the op is parsed or built and again in its verifier:
  // the result for uniqued operand types is computed once per context.
  ValueCache *cache = cacheOf(context);
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
    if (vt.getText() == "*") {
      results.push_back(ValueType::get(context, "*", 0));
      return success();
    }
    args.push_back(vt.asOperand());
  }
  // Integer parameters (mode indices) follow the operands.
  rust::Result r = rust::call(cuteName(opName), args, indices);
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

LogicalResult mlir::layout::inferLinearResult(MLIRContext *context,
                                             std::optional<Location> loc,
                                             StringRef opName,
                                             TypeRange operandTypes,
                                             SmallVectorImpl<Type> &results) {
  SmallVector<LayoutOperand, 2> args;
  for (Type t : operandTypes) {
    auto vt = llvm::dyn_cast<ValueType>(t);
    if (!vt)
      return emitOptionalError(loc, "'", opName,
                               "' op expects layout-dialect operands, got ", t);
    args.push_back(vt.asOperand());
  }
  rust::Result r = rust::callLinear(cuteName(opName), args);
  if (!r.ok())
    return emitOptionalError(loc, "'", opName, "' op ", r.text);
  results.push_back(typeOf(context, r));
  return success();
}

OpFoldResult mlir::layout::foldStaticValue(Type type) {
  auto vt = llvm::dyn_cast<ValueType>(type);
  if (!vt || !vt.isStatic())
    return {};
  return vt.getValueAttr();
}

/// Shared by verifyIndexOp/foldIndexOp: the integer the algebra computes for
/// a static index op, or an error message (empty when not static).
static std::optional<int64_t> evalIndexOp(Operation *op, std::string &error) {
  SmallVector<LayoutOperand, 4> args;
  if (!staticOperands(op->getOperandTypes(), args))
    return std::nullopt;
  rust::Result r = rust::call(cuteName(op->getName().getStringRef()), args);
  if (r.status == rust::Dynamic)
    return std::nullopt;
  if (!r.ok()) {
    error = r.text;
    return std::nullopt;
  }
  std::optional<int64_t> v = asInteger(r.text);
  if (!v)
    error = "expected an integer result, the algebra returned '" + r.text + "'";
  return v;
}

LogicalResult mlir::layout::verifyIndexOp(Operation *op) {
  std::string error;
  evalIndexOp(op, error);
  if (!error.empty())
    return op->emitOpError() << error;
  return success();
}

OpFoldResult mlir::layout::foldIndexOp(Operation *op) {
  std::string error;
  std::optional<int64_t> v = evalIndexOp(op, error);
  if (!v)
    return {};
  return IntegerAttr::get(IndexType::get(op->getContext()), *v);
}

//===----------------------------------------------------------------------===//
// Linear-layout analyses
//===----------------------------------------------------------------------===//

/// The algebra's answer for a linear-layout analysis on `types`; an error
/// result when an operand is not a layout-dialect value.
static rust::Result evalLinearAnalysis(StringRef opName, TypeRange types,
                                       std::optional<int64_t> bits) {
  SmallVector<LayoutOperand, 2> args;
  for (Type t : types) {
    auto vt = llvm::dyn_cast<ValueType>(t);
    if (!vt) {
      std::string msg;
      llvm::raw_string_ostream os(msg);
      os << "expects layout-dialect operands, got " << t;
      return rust::Result{rust::AlgebraError, 0, 0, msg, rust::OwnedValue()};
    }
    args.push_back(vt.asOperand());
  }
  return rust::callLinearAnalysis(cuteName(opName), args, bits);
}

LogicalResult mlir::layout::verifyLinearAnalysis(Operation *op,
                                                 std::optional<int64_t> bits) {
  rust::Result r = evalLinearAnalysis(op->getName().getStringRef(),
                                      op->getOperandTypes(), bits);
  if (!r.ok())
    return op->emitOpError() << r.text;
  if (!asInteger(r.text))
    return op->emitOpError()
           << "expected an integer result, the algebra returned '" << r.text
           << "'";
  return success();
}

OpFoldResult mlir::layout::foldLinearAnalysis(Operation *op,
                                              std::optional<int64_t> bits) {
  rust::Result r = evalLinearAnalysis(op->getName().getStringRef(),
                                      op->getOperandTypes(), bits);
  if (!r.ok())
    return {};
  std::optional<int64_t> v = asInteger(r.text);
  if (!v)
    return {};
  return IntegerAttr::get(IndexType::get(op->getContext()), *v);
}

LogicalResult mlir::layout::inferLinearAnalysisResult(
    MLIRContext *context, std::optional<Location> loc, StringRef opName,
    TypeRange operandTypes, IntegerAttr bits, SmallVectorImpl<Type> &results) {
  if (!bits)
    return emitOptionalError(loc, "'", opName,
                             "' op requires attribute 'bits'");
  rust::Result r = evalLinearAnalysis(opName, operandTypes, bits.getInt());
  if (!r.ok())
    return emitOptionalError(loc, "'", opName, "' op ", r.text);
  results.push_back(typeOf(context, r));
  return success();
}

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
  StringRef elemName = hardwareElementName(elem.getValue());
  if (elemName.empty())
    return emitOptionalError(loc, "'layout.smem_layout' op 'elem' must be one of the "
                                  "element types ",
                             hardwareElementTypes(), "; found ", typeText(elem.getValue()));
  rust::Result r = rust::smemLayout(elemName, stringifyMajor(major.getValue()), mn.getInt(),
                                    k.getInt(), stages ? stages.getInt() : 1);
  if (!r.ok())
    return emitOptionalError(loc, "'layout.smem_layout' op ", r.text);
  results.push_back(typeOf(context, r));
  return success();
}

//===----------------------------------------------------------------------===//
// Relations: layout.equal, layout.is_injective, layout.is_bijective
//===----------------------------------------------------------------------===//

/// The op's operands as Rust operands.
static SmallVector<LayoutOperand, 2> relationOperands(Operation *op) {
  SmallVector<LayoutOperand, 2> args;
  for (Type t : op->getOperandTypes())
    args.push_back(llvm::cast<ValueType>(t).asOperand());
  return args;
}

LogicalResult mlir::layout::verifyRelationOp(Operation *op) {
  // Arity and operand kinds only: deciding the relation is a search (ISL),
  // which belongs to the folder, under its budget.
  rust::Result r = rust::checkRelation(cuteName(op->getName().getStringRef()),
                                       relationOperands(op));
  if (r.ok())
    return success();
  return op->emitOpError() << r.text;
}

OpFoldResult mlir::layout::foldRelationOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  // Location-based diagnostics: an op-attached one would print (and
  // re-verify) the op being folded. The warning of an undecided op is given
  // once, when the decision is made (later folds read it from the cache).
  auto decide = [&] {
    rust::Result r = rust::callRelation(cuteName(name), relationOperands(op));
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

LogicalResult CompositionOp::verify() {
  SmallVector<LayoutOperand, 2> args;
  if (!staticOperands(getOperation()->getOperandTypes(), args))
    return success();
  // size(A) and cosize(B) from the algebra: bounded by the operands' size.
  std::string warning =
      rust::take(layout_ffi_composition_reach(args[0].value, args[1].value)).text;
  if (!warning.empty())
    // Location-based: an op-attached diagnostic prints (and so re-verifies) the op.
    mlir::emitWarning(getLoc()) << warning;
  return success();
}

//===----------------------------------------------------------------------===//
// layout.shape_leaf / layout.stride_leaf
//===----------------------------------------------------------------------===//

static rust::Result leafOf(Value layout, ArrayRef<int64_t> path, bool stride) {
  auto type = llvm::cast<ValueType>(layout.getType());
  return rust::take(layout_ffi_leaf(type.getValueHandle(), stride, rust::ints(path)));
}

LogicalResult mlir::layout::verifyLeafOp(Operation *op, Value layout,
                                         ArrayRef<int64_t> path, bool stride) {
  auto type = llvm::cast<ValueType>(layout.getType());
  if (type.getValueKind() != ValueKind::Layout)
    return op->emitOpError() << "expects a layout operand, got " << type;
  if (type.getText() == "*")
    return success();
  rust::Result r = leafOf(layout, path, stride);
  if (!r.ok())
    return op->emitOpError() << r.text;
  return success();
}

OpFoldResult mlir::layout::foldLeafOp(Operation *op, Value layout,
                                      ArrayRef<int64_t> path, bool stride) {
  auto type = llvm::cast<ValueType>(layout.getType());
  if (type.getText() == "*")
    return {};
  rust::Result r = leafOf(layout, path, stride);
  if (!r.ok())
    return {};
  StringRef text = r.text;
  if (text.consume_front("?")) {
    // The k-th runtime leaf: the k-th operand of the layout.make that built it.
    unsigned k;
    auto make = layout.getDefiningOp<MakeOp>();
    if (!make || text.getAsInteger(10, k) || k >= make.getLeaves().size())
      return {};
    return make.getLeaves()[k];
  }
  std::optional<int64_t> v = asInteger(text);
  if (!v)
    return {};
  return IntegerAttr::get(IndexType::get(op->getContext()), *v);
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

LogicalResult ConstOp::verify() {
  // The attribute's storage parsed its text once: what is checked here is a
  // fact it recorded (a value, the canonical text) or a property of the value.
  ValueAttr value = getValue();
  bool linear = value.getValueKind() == ValueKind::Linear;
  if (!value.getValueHandle())
    return emitOpError() << "invalid " << (linear ? "linear layout" : "value")
                         << " '" << value.getText() << "': " << value.getNote();
  if (!value.isCanonical())
    return emitOpError() << (linear ? "linear layout" : "value") << " '"
                         << value.getText() << "' is not canonical (expected '"
                         << value.getNote() << "')";
  if (!linear && value.getText().contains('?'))
    return emitOpError() << "value '" << value.getText()
                         << "' has dynamic leaves '?': build it with "
                            "layout.make from index values";
  return success();
}

OpFoldResult ConstOp::fold(FoldAdaptor) { return getValueAttr(); }

//===----------------------------------------------------------------------===//
// layout.make
//===----------------------------------------------------------------------===//

LogicalResult MakeOp::verify() {
  auto type = llvm::cast<ValueType>(getResult().getType());
  if (type.getText() == "*")
    return emitOpError() << "result type must spell out the value; '*' has no leaves to fill";
  if (type.getValueKind() == ValueKind::Linear)
    return emitOpError() << "a linear layout has no runtime leaves: build " << type
                         << " with layout.const";
  if (!type.getValueHandle())
    return emitOpError() << "invalid result type text '" << type.getText() << "'";
  // The canonical text of a CuTe value spells each runtime leaf as `?`.
  int64_t n = type.getText().count('?');
  if (static_cast<int64_t>(getLeaves().size()) != n)
    return emitOpError() << "expects one index operand per '?' leaf of "
                         << type << ": " << n << " leaves, got "
                         << getLeaves().size() << " operands";
  return success();
}

OpFoldResult MakeOp::fold(FoldAdaptor) {
  return foldStaticValue(getResult().getType());
}

//===----------------------------------------------------------------------===//
// layout.crd2idx / layout.idx2crd
//===----------------------------------------------------------------------===//

/// The algebra's value of crd2idx for a layout type and index values; the
/// error message in `error` (the coordinate count or the application).
static std::optional<int64_t> evalCrd2Idx(ValueType type, ArrayRef<int64_t> coords,
                                          std::string &error) {
  int64_t v = 0;
  rust::Result r = rust::take(
      type.isStatic()
          ? layout_ffi_crd2idx(type.getValueHandle(), rust::ints(coords), &v)
          : layout_ffi_coord_text(type.getValueHandle(), rust::ints(coords)));
  if (r.status != rust::Ok && r.status != rust::Dynamic)
    error = r.text;
  if (!r.ok() || !type.isStatic())
    return std::nullopt;
  return v;
}

LogicalResult Crd2IdxOp::verify() {
  auto type = llvm::cast<ValueType>(getLayout().getType());
  if (type.getValueKind() != ValueKind::Layout &&
      type.getValueKind() != ValueKind::Swizzle)
    return emitOpError() << "expects a layout operand, got " << type;
  if (getCoord().empty())
    return emitOpError() << "expects at least one coordinate operand";
  if (type.getText() == "*")
    return success();
  // The coordinate count against the shape (static or not), and with a static
  // layout and constant coordinates, the application itself.
  SmallVector<int64_t, 4> coords;
  bool constant = true;
  for (Value c : getCoord()) {
    APInt v;
    if (matchPattern(c, m_ConstantInt(&v)))
      coords.push_back(v.getSExtValue());
    else {
      constant = false;
      coords.push_back(0);
    }
  }
  std::string error;
  if (!constant) {
    // Whether n coordinates fit the shape depends on the layout and n only
    // (the constants among them are not looked at).
    rust::Result crd =
        rust::take(layout_ffi_coord_text(type.getValueHandle(), rust::ints(coords)));
    if (!crd.ok())
      return emitOpError() << crd.text;
    return success();
  }
  evalCrd2Idx(type, coords, error);
  if (!error.empty())
    return emitOpError() << error;
  return success();
}

OpFoldResult Crd2IdxOp::fold(FoldAdaptor adaptor) {
  auto type = llvm::cast<ValueType>(getLayout().getType());
  SmallVector<int64_t, 4> coords;
  if (!type.isStatic() || !constantIndices(adaptor.getCoord(), coords))
    return {};
  std::string error;
  std::optional<int64_t> v = evalCrd2Idx(type, coords, error);
  if (!v)
    return {};
  return IntegerAttr::get(IndexType::get(getContext()), *v);
}

LogicalResult Idx2CrdOp::verify() {
  auto type = llvm::cast<ValueType>(getLayout().getType());
  if (type.getValueKind() != ValueKind::Layout &&
      type.getValueKind() != ValueKind::Swizzle)
    return emitOpError() << "expects a layout operand, got " << type;
  if (!type.isStatic())
    return success();
  rust::Result shape = rust::take(layout_ffi_shape(type.getValueHandle()));
  if (!shape.ok())
    return success();
  int64_t n = layout_ffi_int_leaves(shape.value.get(), {});
  if (n >= 0 && static_cast<int64_t>(getCoord().size()) != n)
    return emitOpError() << "expects one result per leaf of the shape "
                         << shape.text << ": " << n << " results, got "
                         << getCoord().size();
  return success();
}

LogicalResult Idx2CrdOp::fold(FoldAdaptor adaptor,
                              SmallVectorImpl<OpFoldResult> &results) {
  auto type = llvm::cast<ValueType>(getLayout().getType());
  auto idx = llvm::dyn_cast_or_null<IntegerAttr>(adaptor.getIndex());
  if (!type.isStatic() || !idx)
    return failure();
  SmallVector<int64_t, 8> leaves(getCoord().size());
  int64_t n = layout_ffi_idx2crd(type.getValueHandle(), idx.getInt(), rust::out(leaves));
  if (n != static_cast<int64_t>(getCoord().size()))
    return failure();
  for (int64_t v : leaves)
    results.push_back(IntegerAttr::get(IndexType::get(getContext()), v));
  return success();
}

//===----------------------------------------------------------------------===//
// layout.linear_apply
//===----------------------------------------------------------------------===//

LogicalResult LinearApplyOp::verify() {
  ValueAttr attr = getLayoutAttr();
  Value linear = getLinear();
  if (bool(attr) == bool(linear))
    return emitOpError() << "expects the linear layout as a #layout.linear "
                            "attribute or as an SSA operand of type "
                            "!layout.linear<...>, got "
                         << (attr ? "both" : "neither");
  LayoutHandle value;
  if (attr) {
    if (attr.getValueKind() != ValueKind::Linear)
      return emitOpError() << "expects a #layout.linear attribute, got " << attr;
    value = attr.getValueHandle();
  } else {
    auto type = llvm::cast<ValueType>(linear.getType());
    if (type.getValueKind() != ValueKind::Linear)
      return emitOpError() << "expects an operand of type !layout.linear<...>, got "
                           << type;
    value = type.getValueHandle();
  }
  rust::Result r = rust::take(
      layout_ffi_linear_apply_check(value, getInputs().size()));
  if (!r.ok() || !r.text.empty())
    return emitOpError() << r.text;
  return success();
}

//===----------------------------------------------------------------------===//
// convert_layout
//===----------------------------------------------------------------------===//

/// The one Rust entry of the op verifiers (dialect/src/kernel_ops.rs): the kernel ops, and
/// through it the register-tensor ops and the tensors in memory with their tiles, slices and
/// partitions (dialect/src/tensor_op_verifier.rs).
extern "C" bool layout_verify_kernel_op(MlirOperation op);

static LogicalResult verifyTensorOp(Operation *op) {
  return success(layout_verify_kernel_op(wrap(op)));
}

/// The linear layout of a register tensor's encoding, or an error naming `what`.
static FailureOr<LayoutHandle> tensorEncoding(Operation *op, RankedTensorType type,
                                              StringRef what) {
  auto attr = llvm::dyn_cast_or_null<ValueAttr>(type.getEncoding());
  if (!attr || attr.getValueKind() != ValueKind::Linear)
    return op->emitOpError() << "the " << what
                             << " must be a register tensor encoded by a "
                                "#layout.linear<...>, found "
                             << type;
  return attr.getValueHandle();
}

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

LogicalResult ConvertLayoutOp::verify() { return verifyTensorOp(*this); }

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) { return foldRegisterPair(*this); }

//===----------------------------------------------------------------------===//
// retile
//===----------------------------------------------------------------------===//

LogicalResult RetileOp::verify() { return verifyTensorOp(*this); }

OpFoldResult RetileOp::fold(FoldAdaptor) { return foldRegisterPair(*this); }

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::verify() { return verifyTensorOp(*this); }

/// The identity order on an unchanged type: the source.
OpFoldResult TransposeOp::fold(FoldAdaptor) {
  for (auto [i, o] : llvm::enumerate(getOrder()))
    if ((int64_t)i != o)
      return {};
  return getSrc().getType() == getType() ? getSrc() : Value();
}

//===----------------------------------------------------------------------===//
// coordinate, reduce, broadcast
//===----------------------------------------------------------------------===//

LogicalResult CoordinateOp::verify() { return verifyTensorOp(*this); }
LogicalResult ReduceOp::verify() { return verifyTensorOp(*this); }
LogicalResult BroadcastOp::verify() { return verifyTensorOp(*this); }

//===----------------------------------------------------------------------===//
// Tensors in memory: make_tensor, local_tile
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorOp::verify() { return verifyTensorOp(*this); }

std::optional<int64_t> mlir::layout::staticSize(ValueType layout) {
  int64_t n = 0;
  if (!layout_ffi_static_size(layout.getValueHandle(), &n))
    return std::nullopt;
  return n;
}

/// The number of elements of each top-level mode of `layout` (-1 where not static), or none.
static std::optional<SmallVector<int64_t>> staticSizes(ValueType layout) {
  SmallVector<int64_t> sizes(16);
  int64_t n = layout_ffi_mode_sizes(layout.getValueHandle(), rust::out(sizes));
  if (n < 0)
    return std::nullopt;
  sizes.resize(n);
  for (int64_t &e : sizes)
    e = e == LAYOUT_FLAT_DYNAMIC ? -1 : e;
  return sizes;
}

/// The number of elements of each top-level mode of `layout`, or none when one is not static.
static std::optional<SmallVector<int64_t>> modeSizes(ValueType layout) {
  std::optional<SmallVector<int64_t>> sizes = staticSizes(layout);
  if (!sizes || llvm::is_contained(*sizes, -1))
    return std::nullopt;
  return sizes;
}

/// The values and modes of a tile plan (layout_ffi_local_tile's, written on success).
static void readTilePlan(MLIRContext *ctx, LocalTilePlan &p, LayoutResult (&values)[3],
                         ArrayRef<int64_t> modes) {
  SmallVector<ValueType, 3> v;
  for (LayoutResult &x : values) {
    rust::Result y = rust::take(x);
    v.push_back(y.value.get() ? typeOf(ctx, y) : ValueType());
  }
  p.divided = v[0];
  p.tile = v[1];
  p.rest = v[2];
  for (int64_t d = 0; d < p.tileRank && 2 * d + 1 < (int64_t)modes.size(); ++d) {
    p.extents.push_back(modes[2 * d]);
    p.whole.push_back(modes[2 * d + 1] != 0);
  }
}

static LayoutResult emptyResult() { return LayoutResult{0, 0, 0, nullptr, 0, nullptr}; }

LocalTilePlan mlir::layout::localTilePlan(MLIRContext *ctx, ValueType layout, ValueType tile) {
  LayoutResult values[3] = {emptyResult(), emptyResult(), emptyResult()};
  // Two integers per mode of L (a successful plan's tile has as many).
  SmallVector<int64_t> modes(2 * std::max<int64_t>(layout_ffi_rank(layout.getValueHandle()), 1));
  int64_t info[3] = {0, -1, -1};
  LocalTilePlan p;
  p.result = rust::take(layout_ffi_local_tile(layout.getValueHandle(), tile.getValueHandle(),
                                              values, rust::out(modes), info));
  p.stage = info[0];
  p.tileRank = info[1];
  p.layoutRank = info[2];
  if (p.ok())
    readTilePlan(ctx, p, values, modes);
  return p;
}

MulticastSlicePlan mlir::layout::multicastSlicePlan(MLIRContext *ctx, ValueType shared,
                                                    int64_t n) {
  LayoutResult values[3] = {emptyResult(), emptyResult(), emptyResult()};
  SmallVector<int64_t> modes(2 * std::max<int64_t>(layout_ffi_rank(shared.getValueHandle()), 1));
  int64_t info[2] = {0, 0};
  MulticastSlicePlan p;
  p.result = rust::take(
      layout_ffi_multicast_slice(shared.getValueHandle(), n, values, rust::out(modes), info));
  p.stage = info[0];
  p.info = info[1];
  if (p.ok()) {
    p.slice = typeOf(ctx, p.result);
    int64_t rank = layout_ffi_int_leaves(p.slice.getValueHandle(), {});
    p.tile.tileRank = p.tile.layoutRank = rank;
    readTilePlan(ctx, p.tile, values, modes);
  }
  return p;
}

LogicalResult LocalTileOp::verify() { return verifyTensorOp(*this); }

//===----------------------------------------------------------------------===//
// Partitions and copies: partition, partition_mma, copy, slice_tensor
//===----------------------------------------------------------------------===//

LogicalResult PartitionOp::verify() { return verifyTensorOp(*this); }

LogicalResult PartitionMmaOp::verify() { return verifyTensorOp(*this); }

LogicalResult CopyOp::verify() { return verifyTensorOp(*this); }

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

LogicalResult SliceTensorOp::verify() { return verifyTensorOp(*this); }

//===----------------------------------------------------------------------===//
// global_load / global_store
//===----------------------------------------------------------------------===//

/// The verifier of the register-tensor memory ops (Rust: dialect/src/memory_access.rs).
extern "C" bool layout_verify_memory_access(MlirOperation op);

static LogicalResult verifyMemoryAccess(Operation *op) {
  return success(layout_verify_memory_access(wrap(op)));
}

LogicalResult GlobalLoadOp::verify() { return verifyMemoryAccess(*this); }
LogicalResult GlobalStoreOp::verify() { return verifyMemoryAccess(*this); }
LogicalResult SharedLoadOp::verify() { return verifyMemoryAccess(*this); }
LogicalResult SharedStoreOp::verify() { return verifyMemoryAccess(*this); }
LogicalResult AsyncCopyOp::verify() { return verifyMemoryAccess(*this); }

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
// mma
//===----------------------------------------------------------------------===//

/// The verifier of the kernel ops: mma, mma_async, mma_tmem, the tensor views, shared_alloc,
/// the mbarrier ops, the TMA ops, tensor_ptr and the tensor-memory moves (Rust:
/// dialect/src/kernel_ops.rs).
static LogicalResult verifyKernelOp(Operation *op) {
  return success(layout_verify_kernel_op(wrap(op)));
}

LogicalResult MmaOp::verify() { return verifyKernelOp(*this); }

//===----------------------------------------------------------------------===//
// Tensor views, shared_alloc, mbarriers, TMA, mma_async, mma_tmem, tensor memory
//===----------------------------------------------------------------------===//

LogicalResult SelectTensorOp::verify() { return verifyKernelOp(*this); }

/// The modes in their order on an unchanged type: the tensor.
OpFoldResult SelectTensorOp::fold(FoldAdaptor) {
  for (auto [i, m] : llvm::enumerate(getModes()))
    if ((int64_t)i != m)
      return {};
  return getTensor().getType() == getType() ? getTensor() : Value();
}

LogicalResult GroupTensorOp::verify() { return verifyKernelOp(*this); }
LogicalResult RecastTensorOp::verify() { return verifyKernelOp(*this); }
LogicalResult SharedAllocOp::verify() { return verifyKernelOp(*this); }
LogicalResult MbarrierInitOp::verify() { return verifyKernelOp(*this); }
LogicalResult MbarrierWaitOp::verify() { return verifyKernelOp(*this); }
LogicalResult MbarrierArriveOp::verify() { return verifyKernelOp(*this); }
LogicalResult TmaCopyOp::verify() { return verifyKernelOp(*this); }
LogicalResult EncodeTensorMapOp::verify() { return verifyKernelOp(*this); }
LogicalResult TmaEncodableOp::verify() { return verifyKernelOp(*this); }
LogicalResult MmaAsyncOp::verify() { return verifyKernelOp(*this); }
LogicalResult TensorPtrOp::verify() { return verifyKernelOp(*this); }
LogicalResult MmaTmemOp::verify() { return verifyKernelOp(*this); }
LogicalResult TensorMemoryLoadOp::verify() { return verifyKernelOp(*this); }
LogicalResult TensorMemoryStoreOp::verify() { return verifyKernelOp(*this); }
