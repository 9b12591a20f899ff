//===- RustAlgebra.h - the Rust functions the C++ hooks call -------------===//
//
// Declared here, defined in the Rust crate layout-dialect-ffi (dialect/ffi).
// All layout math happens behind these functions. Operands are the parsed
// values that attributes and types hold (handles, Layout/ValueStorage.h);
// a result that is a value comes back as a new handle that the storage of its
// attribute or type adopts, with its canonical text (the uniquing key).
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_RUSTALGEBRA_H
#define LAYOUT_RUSTALGEBRA_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <string>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

extern "C" {
typedef struct {
  const char *data;
  size_t len;
} LayoutStr;

/// A parsed value (an `Arc` reference on the Rust side); null for none.
typedef const void *LayoutHandle;

typedef struct {
  int32_t status;
  int32_t kind;
  size_t offset;
  char *text;
  size_t len;
  LayoutHandle value;
} LayoutResult;

/// An operand: the canonical text of its type (for messages), its kind and
/// its value (null for `*`).
typedef struct {
  LayoutStr text;
  int32_t kind;
  LayoutHandle value;
} LayoutOperand;

/// Borrowed C arrays passed by value (LayoutSlice / LayoutSliceMut of dialect/ffi abi.rs,
/// the same layout: the pointer, then the count). A read-only array: `data` points to `len`
/// values that stay unchanged during the call (anything, null included, when `len` is 0).
typedef struct {
  const int64_t *data;
  size_t len;
} LayoutI64Slice;
typedef struct {
  const LayoutOperand *data;
  size_t len;
} LayoutOperandSlice;
typedef struct {
  const LayoutHandle *data;
  size_t len;
} LayoutHandleSlice;
/// An array the callee writes: `data` points to `len` writable integers (initialized or not)
/// that nothing else accesses during the call.
typedef struct {
  int64_t *data;
  size_t len;
} LayoutI64SliceMut;

LayoutHandle layout_ffi_value_new(LayoutStr text, int32_t kind, bool *canonical,
                                   LayoutResult *note);
void layout_ffi_value_retain(LayoutHandle value);
void layout_ffi_value_release(LayoutHandle value);

/// The full symbol spec `mnemonic<body>` of an attribute or type: its kind, canonical text and
/// value, or a parse error at a byte offset of the spec (attribute_spec.rs).
LayoutResult layout_ffi_parse_spec(LayoutStr spec, bool allow_unknown, LayoutStr what);
/// The result of the dialect op named `op` (its registered name) on `args`, then the integer
/// parameters `indices` and the element width `bits` (when `has_bits`): the inference of its
/// result type. Status Dynamic: the result is `*`.
LayoutResult layout_ffi_infer_result(LayoutStr op, LayoutOperandSlice args,
                                     LayoutI64Slice indices, int64_t bits, bool has_bits);
/// out[0..2] = registers per thread, warps.
LayoutResult layout_ffi_register_tensor(LayoutHandle encoding, LayoutI64Slice shape,
                                        int64_t *out);
/// The number of elements of a CuTe layout function in *out when static; false otherwise.
bool layout_ffi_static_size(LayoutHandle layout, int64_t *out);
void layout_result_free(LayoutResult *r);
}

namespace mlir::layout::rust {

enum Status : int32_t { Ok = 0, ParseError = 1, AlgebraError = 2, Dynamic = 3 };

/// An owned reference to a parsed value (released when destroyed).
class OwnedValue {
public:
  OwnedValue() = default;
  /// Adopt the reference `value` carries.
  explicit OwnedValue(LayoutHandle value) : value(value) {}
  OwnedValue(const OwnedValue &o) : value(o.value) {
    layout_ffi_value_retain(value);
  }
  OwnedValue(OwnedValue &&o) : value(o.value) { o.value = nullptr; }
  OwnedValue &operator=(OwnedValue o) {
    std::swap(value, o.value);
    return *this;
  }
  ~OwnedValue() { layout_ffi_value_release(value); }
  LayoutHandle get() const { return value; }

private:
  LayoutHandle value = nullptr;
};

/// An owned copy of a LayoutResult.
struct Result {
  Status status;
  int32_t kind;
  size_t offset;
  std::string text;
  /// The result's value, when it is a value of the dialect.
  OwnedValue value;
  bool ok() const { return status == Ok; }
};

inline LayoutStr str(llvm::StringRef s) { return LayoutStr{s.data(), s.size()}; }

/// The C arrays of `a` (one name per element type: an `int64_t[N]` would also convert to one
/// LayoutHandle).
inline LayoutI64Slice ints(llvm::ArrayRef<int64_t> a) { return {a.data(), a.size()}; }
inline LayoutOperandSlice operands(llvm::ArrayRef<LayoutOperand> a) {
  return {a.data(), a.size()};
}
inline LayoutHandleSlice handles(llvm::ArrayRef<LayoutHandle> a) { return {a.data(), a.size()}; }
/// `a` as an array the callee writes.
inline LayoutI64SliceMut out(llvm::MutableArrayRef<int64_t> a) { return {a.data(), a.size()}; }

inline Result take(LayoutResult r) {
  Result out{static_cast<Status>(r.status), r.kind, r.offset,
             std::string(r.text ? r.text : "", r.len), OwnedValue(r.value)};
  r.value = nullptr;
  layout_result_free(&r);
  return out;
}

} // namespace mlir::layout::rust

#endif // LAYOUT_RUSTALGEBRA_H
