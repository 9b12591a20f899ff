//===- ValueCache.h - per-context memo of parsed and inferred values -----===//
//
// Attributes and types are uniqued by their canonical text, so a layout value
// is an MLIR storage object that exists once per context. This cache makes
// every step that turns text into such an object happen once per context:
//
//  - spelling -> attribute/type: the parse hooks look up the exact source
//    spelling (`layout<(4,8):(1,4)>`) before handing it to the Rust parser;
//    a spelling is parsed (and its canonical text computed) once. In front of
//    the shared maps, each thread keeps the spellings it met last, in a small
//    direct-mapped table without locks: a layout is usually spelled several
//    times within a few lines (a constant's attribute, then the types of its
//    uses). A spelling parses to the attribute and the type of the same text
//    and kind (only `layout<*>` is a type and not an attribute), so a type is
//    also found there as the type of an attribute met under its spelling.
//  - (op, operand types, integer parameters) -> result type: inference runs
//    at parse time and again in the verifier; the key is a few machine words
//    (a small id of the op name, the uniqued operand types as pointers, the
//    parameters), so a repeated inference is one hash lookup of those words,
//    with no text concatenated and no Rust call.
//
// The value itself, and facts about it (the type of an attribute and back,
// whether its text is canonical), live in the value's storage instead
// (Layout/ValueStorage.h).
//
// The maps are split into shards by the hash of the key, each with its own
// lock: MLIR's pass manager rewrites functions on several threads, and the
// inferences of their ops insert into the same maps.
//
// Only successes are kept: a failure is recomputed so that its diagnostic is
// emitted at the location of each offending use. Entries are keyed by
// context-owned storage (uniqued types never die before their context), so
// they never dangle. Each map is bounded: a shard's map is cleared when it
// reaches kMaxEntries / kShards (the values it maps to stay alive in the
// context; only the shortcut goes).
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_VALUECACHE_H
#define LAYOUT_VALUECACHE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"

#include <array>
#include <mutex>
#include <string>

namespace mlir::layout {

class ValueCache {
public:
  /// Bound of each map (entries over all shards); a full shard is cleared.
  static constexpr size_t kMaxEntries = 1 << 20;
  /// Number of shards, each with its own lock.
  static constexpr size_t kShards = 16;

  /// The attribute parsed earlier from the spelling `spec`, or null.
  Attribute lookupAttr(llvm::StringRef spec);
  void insertAttr(llvm::StringRef spec, Attribute attr);
  /// The type parsed earlier from the spelling `spec`, or null.
  Type lookupType(llvm::StringRef spec);
  void insertType(llvm::StringRef spec, Type type);

  /// The result type inferred earlier for op `opName` on `operands` with the
  /// integer parameters `indices`, or null.
  Type lookupResult(llvm::StringRef opName, TypeRange operands,
                    llvm::ArrayRef<int64_t> indices);
  void insertResult(llvm::StringRef opName, TypeRange operands,
                    llvm::ArrayRef<int64_t> indices, Type result);

  /// The decision of a relation op (status, verdict, witness or message) on
  /// uniqued operand types, computed by `decide` once per context: the
  /// folder asks again in every iteration of the greedy driver, and the
  /// decision (ISL under a budget) is the costly part.
  struct Decision {
    int32_t status;
    int32_t holds;
    std::string text;
  };
  Decision decision(llvm::StringRef opName, TypeRange operands,
                    llvm::function_ref<Decision()> decide);

private:
  /// A key of uniqued inputs: [name length, name bytes packed into words...,
  /// number of types, type pointers..., integer parameters...]; the words of a
  /// stored key live in its map's allocator. The key carries its hash: the
  /// shard is picked by its high bits and the map's bucket by its low 32 (had
  /// both used the same bits, a shard's keys would start probing in one
  /// sixteenth of its buckets), probes compare hashes before reading words,
  /// and growing a map rehashes nothing.
  struct WordKey {
    llvm::ArrayRef<uint64_t> words;
    uint64_t hash;
  };
  struct WordKeyInfo {
    using Words = llvm::DenseMapInfo<llvm::ArrayRef<uint64_t>>;
    static WordKey getEmptyKey() { return {Words::getEmptyKey(), 0}; }
    static WordKey getTombstoneKey() { return {Words::getTombstoneKey(), 0}; }
    static unsigned getHashValue(const WordKey &key) {
      return static_cast<unsigned>(key.hash);
    }
    static bool isEqual(const WordKey &a, const WordKey &b) {
      return a.hash == b.hash && Words::isEqual(a.words, b.words);
    }
  };
  /// A map from word keys, bounded like the others.
  template <typename V> struct WordMap {
    llvm::DenseMap<WordKey, V, WordKeyInfo> map;
    llvm::BumpPtrAllocator words;
  };
  /// One shard: the entries whose key hashes to it, under its lock.
  struct Shard {
    std::mutex mutex;
    llvm::StringMap<const void *> attrs, types;
    WordMap<const void *> results;
    WordMap<Decision> decisions;
  };

  /// The attribute (or, with `isType`, the type) of a spelling, as an opaque
  /// pointer, or null; and its insertion.
  const void *lookupSpelling(llvm::StringRef spec, bool isType);
  void insertSpelling(llvm::StringRef spec, const void *value, bool isType);
  /// The key words of (name, types, indices).
  static WordKey wordKey(llvm::StringRef name, TypeRange types,
                         llvm::ArrayRef<int64_t> indices,
                         llvm::SmallVectorImpl<uint64_t> &out);
  Shard &shardOf(const WordKey &key);
  /// The shard of a spelling, from the top bits of its StringMap hash (the
  /// map's bucket comes from the low bits).
  Shard &shardOf(uint32_t spellingHash);
  /// The entry of `key` in `from` (the caller holds the shard's lock).
  template <typename V> static const V *find(WordMap<V> &from, WordKey key);
  /// Insert `value` under `key` (the caller holds the shard's lock).
  template <typename V>
  static void insertWords(WordMap<V> &into, WordKey key, V value);

  std::array<Shard, kShards> shards;
  /// Names this cache in the threads' tables of recent spellings (never
  /// reused, so an entry of a cache that is gone matches nothing).
  const uint64_t id;

public:
  ValueCache();
};

} // namespace mlir::layout

#endif // LAYOUT_VALUECACHE_H
