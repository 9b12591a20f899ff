//===- BijectiveOps.cpp - layout.apply / layout.inv ------------------------===//
//
// Verifiers and folders of the bijective (LEGO) layout ops. The layout is a
// #layout.bijective attribute (parsed and verified by Rust when the attribute
// is built); the operand/result counts and the folded values come from
// layout_algebra::bijective through dialect/ffi.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "Layout/RustAlgebra.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::layout;

namespace {
LogicalResult checkCount(Operation *op, ValueAttr attr, size_t n, bool inv) {
  if (attr.getValueKind() != ValueKind::Bijective)
    return op->emitOpError() << "expects a #layout.bijective attribute, got "
                             << attr;
  rust::Result r =
      rust::take(layout_ffi_bijective_check(attr.getValueHandle(), n, inv));
  if (!r.ok() || !r.text.empty())
    return op->emitOpError() << r.text;
  return success();
}

/// The folded results (comma-separated integers) or nothing.
std::optional<SmallVector<int64_t, 4>> fold(ValueAttr attr,
                                            ArrayRef<Attribute> operands,
                                            bool inv) {
  if (attr.getValueKind() != ValueKind::Bijective)
    return std::nullopt;
  SmallVector<int64_t, 4> values;
  for (Attribute a : operands) {
    auto i = llvm::dyn_cast_or_null<IntegerAttr>(a);
    if (!i)
      return std::nullopt;
    values.push_back(i.getInt());
  }
  rust::Result r =
      rust::take(layout_ffi_bijective_fold(attr.getValueHandle(), rust::ints(values), inv));
  if (!r.ok())
    return std::nullopt;
  SmallVector<int64_t, 4> out;
  SmallVector<StringRef, 4> parts;
  StringRef(r.text).split(parts, ',');
  for (StringRef p : parts) {
    int64_t v;
    if (p.getAsInteger(10, v))
      return std::nullopt;
    out.push_back(v);
  }
  return out;
}
} // namespace

LogicalResult ApplyOp::verify() {
  return checkCount(*this, getLayout(), getIndices().size(), false);
}

OpFoldResult ApplyOp::fold(FoldAdaptor adaptor) {
  auto r = ::fold(getLayout(), adaptor.getIndices(), false);
  if (!r || r->size() != 1)
    return {};
  return IntegerAttr::get(IndexType::get(getContext()), (*r)[0]);
}

LogicalResult InvOp::verify() {
  return checkCount(*this, getLayout(), getIndices().size(), true);
}

LogicalResult InvOp::fold(FoldAdaptor adaptor,
                          SmallVectorImpl<OpFoldResult> &results) {
  auto r = ::fold(getLayout(), {adaptor.getOffset()}, true);
  if (!r || r->size() != getIndices().size())
    return failure();
  for (int64_t v : *r)
    results.push_back(IntegerAttr::get(IndexType::get(getContext()), v));
  return success();
}
