//===- ValueStorage.h - storage of layout attributes and types ------------===//
//
// A layout value (attribute `#layout.<kind><text>` or type
// `!layout.<kind><text>`) is uniqued by its key (canonical text, kind): one
// storage object per distinct value and context, alive as long as the context.
//
// Besides the key, the storage carries two memo fields. They never change what
// the value is (equality and hashing use the key only); they record facts
// about it the first time a hook computes them, so that later hooks read a
// field instead of looking the value up in a table or asking Rust again:
//
//  - peer: the type of an attribute, or the attribute of a type, with the same
//    text and kind. `layout.const` infers its result type from its attribute
//    when it is parsed, built and verified; a fold turns a static result type
//    into its attribute. Both directions are one pointer load after the first.
//  - checked: the text was confirmed to be valid, canonical and static (what
//    the verifier of `layout.const` requires of its attribute). Only a success
//    is recorded, so a bad attribute is diagnosed at each use.
//  - coordinateCounts: bit n (n < 64) is set once n runtime coordinates were
//    found to be a valid coordinate of the layout (1 linear index, one per
//    mode or one per leaf: what the verifier of `layout.crd2idx` asks Rust).
//    The answer depends on the text and n only; only successes are recorded.
//
// Writers race benignly: two threads that compute a peer compute the same
// uniqued object, and `checked` and the bits of `coordinateCounts` only go
// from false to true.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_VALUESTORAGE_H
#define LAYOUT_VALUESTORAGE_H

#include "mlir/IR/AttributeSupport.h"
#include "mlir/IR/TypeSupport.h"
#include "llvm/ADT/Hashing.h"

#include <atomic>
#include <cstdint>
#include <tuple>

namespace mlir::layout::detail {

template <typename Derived, typename BaseStorage>
struct ValueStorageBase : public BaseStorage {
  using KeyTy = std::tuple<llvm::StringRef, unsigned>;

  ValueStorageBase(llvm::StringRef text, unsigned kind)
      : text(text), kind(kind) {}

  KeyTy getAsKey() const { return KeyTy(text, kind); }

  bool operator==(const KeyTy &key) const {
    return text == std::get<0>(key) && kind == std::get<1>(key);
  }

  static llvm::hash_code hashKey(const KeyTy &key) {
    return llvm::hash_combine(std::get<0>(key), std::get<1>(key));
  }

  static Derived *construct(StorageUniquer::StorageAllocator &allocator,
                            KeyTy &&key) {
    llvm::StringRef text = allocator.copyInto(std::get<0>(key));
    return new (allocator.allocate<Derived>())
        Derived(text, std::get<1>(key));
  }

  /// The key: canonical text (owned by the context's allocator) and kind.
  llvm::StringRef text;
  unsigned kind;

  /// The opaque pointer of the peer value (type of an attribute, attribute of
  /// a type), or null until it is first needed.
  mutable std::atomic<const void *> peer{nullptr};
  /// True once the text was checked valid, canonical and static.
  mutable std::atomic<bool> checked{false};
  /// Bit n: n runtime coordinates were accepted for this layout.
  mutable std::atomic<uint64_t> coordinateCounts{0};
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
