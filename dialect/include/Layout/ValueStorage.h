//===- ValueStorage.h - storage of layout attributes and types ------------===//
//
// A layout value (attribute `#layout.<kind><text>` or type
// `!layout.<kind><text>`) is uniqued by its key (canonical text, kind): one
// storage object per distinct value and context, alive as long as the context.
//
// The storage holds the parsed value: one reference to the Rust value
// (Layout/RustAlgebra.h, a handle), taken when the storage is constructed and
// released when the context destroys it. Every hook and Rust pass reads the
// value through it; the text is only the key and the printed form. A value
// computed by the algebra arrives with its handle (the key's `value`), which
// the new storage adopts, so it is never parsed; a key without one (the text
// alone, as MLIR's generated getters build it) is parsed once, here.
//
// Besides the key and the value, the storage records two facts about the
// value: whether the text is the value's canonical text (computed with the
// parse, with the parse's error or the canonical text as a note for the
// verifier), and the peer (the type of an attribute, or the attribute of a type,
// with the same text and kind), computed the first time it is needed. Neither
// changes what the value is: equality and hashing use the key only. Writers
// of the peer race benignly: two threads compute the same uniqued object.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_VALUESTORAGE_H
#define LAYOUT_VALUESTORAGE_H

#include "Layout/RustAlgebra.h"

#include "mlir/IR/AttributeSupport.h"
#include "mlir/IR/TypeSupport.h"
#include "llvm/ADT/Hashing.h"

#include <atomic>
#include <cstdint>

namespace mlir::layout::detail {

/// The key of a layout value: canonical text and kind. `value`, when not
/// null, is the parsed value of that text (a handle the caller keeps alive
/// during the call); it is not part of the key's identity.
struct ValueKey {
  ValueKey(llvm::StringRef text, unsigned kind, LayoutHandle value = nullptr)
      : text(text), kind(kind), value(value) {}
  llvm::StringRef text;
  unsigned kind;
  LayoutHandle value;
};

template <typename Derived, typename BaseStorage>
struct ValueStorageBase : public BaseStorage {
  using KeyTy = ValueKey;

  ValueStorageBase(llvm::StringRef text, unsigned kind, LayoutHandle value,
                   bool canonical, llvm::StringRef note = {})
      : text(text), kind(kind), value(value), canonical(canonical), note(note) {}
  ~ValueStorageBase() { layout_ffi_value_release(value); }

  KeyTy getAsKey() const { return KeyTy(text, kind); }

  bool operator==(const KeyTy &key) const {
    return text == key.text && kind == key.kind;
  }

  static llvm::hash_code hashKey(const KeyTy &key) {
    return llvm::hash_combine(key.text, key.kind);
  }

  static Derived *construct(StorageUniquer::StorageAllocator &allocator,
                            KeyTy &&key) {
    llvm::StringRef text = allocator.copyInto(key.text);
    LayoutHandle value = key.value;
    bool canonical = true;
    llvm::StringRef note;
    if (value) {
      layout_ffi_value_retain(value);
    } else {
      LayoutResult r{};
      value = layout_ffi_value_new(rust::str(text), static_cast<int32_t>(key.kind),
                                   &canonical, &r);
      if (r.len)
        note = allocator.copyInto(llvm::StringRef(r.text, r.len));
      layout_result_free(&r);
    }
    return new (allocator.allocate<Derived>())
        Derived(text, key.kind, value, canonical, note);
  }

  /// The key: canonical text (owned by the context's allocator) and kind.
  llvm::StringRef text;
  unsigned kind;
  /// The parsed value (one reference owned by this storage); null when the
  /// text has no value (`*`) or is not valid text of its kind.
  LayoutHandle value;
  /// Whether `text` is the canonical text of `value` under `kind`.
  bool canonical;
  /// For a text that is not a canonical value, what the parse said of it (kept so that a
  /// verifier reports it without parsing again): the parse error when `value` is null, else
  /// the canonical text; empty otherwise.
  llvm::StringRef note;

  /// The opaque pointer of the peer value (type of an attribute, attribute of
  /// a type), or null until it is first needed.
  mutable std::atomic<const void *> peer{nullptr};
};

struct ValueAttrStorage
    : public ValueStorageBase<ValueAttrStorage, AttributeStorage> {
  using ValueStorageBase::ValueStorageBase;
};

struct ValueTypeStorage : public ValueStorageBase<ValueTypeStorage, TypeStorage> {
  using ValueStorageBase::ValueStorageBase;
};

} // namespace mlir::layout::detail

#endif // LAYOUT_VALUESTORAGE_H
