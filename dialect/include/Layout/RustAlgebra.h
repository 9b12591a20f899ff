//===- RustAlgebra.h - the Rust functions the C++ hooks call -------------===//
//
// Declared here, defined in the Rust crate layout-dialect (src/ffi.rs). All
// layout math happens behind these functions.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_RUSTALGEBRA_H
#define LAYOUT_RUSTALGEBRA_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

extern "C" {
typedef struct {
  const char *data;
  size_t len;
} LayoutStr;

typedef struct {
  int32_t status;
  int32_t kind;
  size_t offset;
  char *text;
  size_t len;
} LayoutResult;

LayoutResult layout_ffi_parse(LayoutStr text);
LayoutResult layout_ffi_parse_linear(LayoutStr text);
LayoutResult layout_ffi_call(LayoutStr op, const LayoutStr *args, size_t nargs);
LayoutResult layout_ffi_call_linear(LayoutStr op, const LayoutStr *args,
                                    const int32_t *kinds, size_t nargs);
LayoutResult layout_ffi_call_linear_analysis(LayoutStr op, const LayoutStr *args,
                                             const int32_t *kinds, size_t nargs,
                                             int64_t bits, bool has_bits);
LayoutResult layout_ffi_relation_verdict(LayoutStr op, const LayoutStr *args,
                                         const int32_t *kinds, size_t nargs);
LayoutResult layout_ffi_linear_apply_check(LayoutStr text, size_t n);
LayoutResult layout_ffi_parse_bijective(LayoutStr text);
LayoutResult layout_ffi_bijective_check(LayoutStr text, size_t n, bool inv);
LayoutResult layout_ffi_bijective_fold(LayoutStr text, const int64_t *values, size_t n,
                                       bool inv);
int64_t layout_ffi_dynamic_leaves(LayoutStr text);
LayoutResult layout_ffi_composition_reach(LayoutStr a, LayoutStr b);
LayoutResult layout_ffi_leaf(LayoutStr layout, bool stride, const int64_t *path, size_t n);
LayoutResult layout_ffi_coord_text(LayoutStr layout, const int64_t *coords, size_t n);
int64_t layout_ffi_int_leaves(LayoutStr text, int64_t *out, size_t max);
void layout_result_free(LayoutResult *r);
}

namespace mlir::layout::rust {

enum Status : int32_t { Ok = 0, ParseError = 1, AlgebraError = 2, Dynamic = 3 };

/// An owned copy of a LayoutResult.
struct Result {
  Status status;
  int32_t kind;
  size_t offset;
  std::string text;
  bool ok() const { return status == Ok; }
};

inline LayoutStr str(llvm::StringRef s) { return LayoutStr{s.data(), s.size()}; }

inline Result take(LayoutResult r) {
  Result out{static_cast<Status>(r.status), r.kind, r.offset,
             std::string(r.text ? r.text : "", r.len)};
  layout_result_free(&r);
  return out;
}

/// Parse CuTe text; on success `text` is canonical. Not memoized (callers
/// keep what they need: the parse hooks by spelling, `layout.const` in the
/// attribute's storage).
Result parse(llvm::StringRef text);
/// Parse a linear layout (JSON or Triton text); canonical text on success.
Result parseLinear(llvm::StringRef text);
/// Parse and verify a bijective (LEGO) layout; canonical text on success.
Result parseBijective(llvm::StringRef text);

/// Apply the algebra op named `op` (CuTe name) to values given as text.
/// Memoized (a pure function of the op name and the texts).
Result call(llvm::StringRef op, llvm::ArrayRef<llvm::StringRef> args);

/// Apply the linear-layout op named `op` (dialect op name without `layout.`:
/// to_linear, from_linear, linear_compose, ...) to operands given as text and
/// kind (mlir::layout::ValueKind). Memoized.
Result callLinear(llvm::StringRef op, llvm::ArrayRef<llvm::StringRef> args,
                  llvm::ArrayRef<int32_t> kinds);

/// Apply the linear-layout analysis `op` (linear_vector_width,
/// linear_bank_conflicts, linear_choose_swizzle) to operands given as text and
/// kind, with the element width `bits` when given. The result is a decimal
/// integer (kind Tuple) or a value's canonical text and kind. Memoized.
Result callLinearAnalysis(llvm::StringRef op, llvm::ArrayRef<llvm::StringRef> args,
                          llvm::ArrayRef<int32_t> kinds,
                          std::optional<int64_t> bits);

/// Decide the relation op `op` (equal, is_injective, is_bijective) on operands
/// given as text and kind, with the relation layer on ISL. Status Ok: `kind` is
/// 1 when the property holds and 0 when not, `text` the witness in words;
/// status Dynamic: an operand has runtime leaves (no relation, no fold); an
/// algebra error: the message. Memoized.
Result callRelation(llvm::StringRef op, llvm::ArrayRef<llvm::StringRef> args,
                    llvm::ArrayRef<int32_t> kinds);

} // namespace mlir::layout::rust

#endif // LAYOUT_RUSTALGEBRA_H
