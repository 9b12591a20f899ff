//===- LayoutDialect.cpp - dialect, attribute and type hooks --------------===//
//
// Parsing hands the raw text between the angle brackets to the Rust parser;
// a parse error is reported at the exact character of the source.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "Layout/RustAlgebra.h"
#include "Layout/ValueCache.h"
#include "Layout/ValueStorage.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <mutex>
#include <shared_mutex>

using namespace mlir;
using namespace mlir::layout;

#include "LayoutDialect.cpp.inc"

#include "LayoutEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "LayoutAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "LayoutTypes.cpp.inc"

#define GET_OP_CLASSES
#include "LayoutOps.cpp.inc"

void LayoutDialect::initialize() {
  cache = std::make_unique<ValueCache>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "LayoutAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "LayoutTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "LayoutOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared text syntax of attributes and types: <mnemonic> '<' cute-text '>'
//===----------------------------------------------------------------------===//

namespace {
const char *kindMnemonic(ValueKind k) {
  switch (k) {
  case ValueKind::Layout: return "layout";
  case ValueKind::Swizzle: return "swizzle";
  case ValueKind::Tiler: return "tiler";
  case ValueKind::Tuple: return "tuple";
  case ValueKind::Linear: return "linear";
  case ValueKind::Bijective: return "bijective";
  }
  return "layout";
}

/// A parsed `<mnemonic><cute-text>` body: canonical text, kind and value.
struct ParsedValue {
  std::string text;
  ValueKind kind;
  rust::OwnedValue value;
};

/// Parse the full symbol spec of an attribute or type (`mnemonic<body>`): the
/// algebra reads it (layout_ffi_parse_spec: the kind, the canonical text, the
/// value); an error is reported at the byte it names. `allowUnknown` accepts
/// `layout<*>` (types only).
std::optional<ParsedValue> parseSpec(DialectAsmParser &parser,
                                     bool allowUnknown, const char *what) {
  StringRef spec = parser.getFullSymbolSpec();
  rust::Result r = rust::take(layout_ffi_parse_spec(rust::str(spec), allowUnknown,
                                                    rust::str(what)));
  if (!r.ok()) {
    size_t at = r.offset > spec.size() ? spec.size() : r.offset;
    parser.emitError(SMLoc::getFromPointer(spec.data() + at)) << r.text;
    return std::nullopt;
  }
  return ParsedValue{std::move(r.text), static_cast<ValueKind>(r.kind),
                     std::move(r.value)};
}

void printSpec(DialectAsmPrinter &printer, StringRef text, ValueKind kind) {
  printer << kindMnemonic(kind) << "<";
  if (kind == ValueKind::Bijective &&
      text.find_first_of("<>") != StringRef::npos) {
    printer << '"' << text << "\">";
    return;
  }
  if (kind == ValueKind::Swizzle && text.starts_with("Sw<") && text.ends_with(">"))
    printer << text.drop_front(3).drop_back(1);
  else
    printer << text;
  printer << ">";
}
} // namespace

Attribute LayoutDialect::parseAttribute(DialectAsmParser &parser,
                                        Type type) const {
  StringRef spec = parser.getFullSymbolSpec();
  // `major<K>` / `major<MN>`: the enum attribute of the hardware ops.
  if (spec.starts_with("major<") || spec == "major") {
    if (parser.parseKeyword("major"))
      return {};
    return MajorAttr::parse(parser, type);
  }
  if (Attribute known = getCache().lookupAttr(spec))
    return known;
  std::optional<ParsedValue> v = parseSpec(parser, false, "attribute");
  if (!v)
    return {};
  Attribute attr = ValueAttr::getWithValue(
      getContext(), v->text, static_cast<unsigned>(v->kind), v->value.get());
  getCache().insertAttr(spec, attr);
  return attr;
}

void LayoutDialect::printAttribute(Attribute attr,
                                   DialectAsmPrinter &printer) const {
  if (auto major = llvm::dyn_cast<MajorAttr>(attr)) {
    printer << "major";
    major.print(printer);
    return;
  }
  auto v = llvm::cast<ValueAttr>(attr);
  printSpec(printer, v.getText(), v.getValueKind());
}

Type LayoutDialect::parseType(DialectAsmParser &parser) const {
  StringRef spec = parser.getFullSymbolSpec();
  // `!layout.tensor<...>`: the ODS assembly format of its parameters.
  if (spec.starts_with(MemoryTensorType::getMnemonic())) {
    StringRef mnemonic;
    Type type;
    OptionalParseResult r = generatedTypeParser(parser, &mnemonic, type);
    if (r.has_value() && succeeded(*r))
      return type;
    return {};
  }
  if (Type known = getCache().lookupType(spec))
    return known;
  std::optional<ParsedValue> v = parseSpec(parser, true, "type");
  if (!v)
    return {};
  Type type = ValueType::getWithValue(
      getContext(), v->text, static_cast<unsigned>(v->kind), v->value.get());
  getCache().insertType(spec, type);
  return type;
}

void LayoutDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (succeeded(generatedTypePrinter(type, printer)))
    return;
  auto v = llvm::cast<ValueType>(type);
  printSpec(printer, v.getText(), v.getValueKind());
}

/// A tensor's layout is a CuTe layout (plain, swizzled or composed) of the
/// elements' offsets; its element type is an integer or float type.
LogicalResult MemoryTensorType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                 MemorySpace space, ValueType layout) {
  if (!elementType.isIntOrFloat())
    return emitError() << "a tensor's elements must be integers or floats, found " << elementType;
  if (layout.getValueKind() != ValueKind::Layout)
    return emitError() << "a tensor's layout must be a CuTe layout (!layout.layout<...>), found "
                       << Type(layout);
  if (layout.getText() == "*")
    return emitError() << "a tensor's layout must have a known structure (runtime leaves are "
                          "allowed, !layout.layout<*> is not)";
  return success();
}

unsigned MemoryTensorType::getAddressSpace() const {
  switch (getSpace()) {
  case MemorySpace::global:
    return 1;
  case MemorySpace::shared:
    return 3;
  case MemorySpace::tmem:
    return 6;
  case MemorySpace::tma:
    return 0; // the tensor map, in the generic space
  }
  return 0;
}

// The accessors of the key (TableGen declares them; the storage is ours).
StringRef ValueAttr::getText() const { return getImpl()->text; }
unsigned ValueAttr::getKind() const { return getImpl()->kind; }
StringRef ValueType::getText() const { return getImpl()->text; }
unsigned ValueType::getKind() const { return getImpl()->kind; }

LayoutHandle ValueAttr::getValueHandle() const { return getImpl()->value; }
StringRef ValueAttr::getNote() const { return getImpl()->note; }
LayoutHandle ValueType::getValueHandle() const { return getImpl()->value; }

LayoutOperand ValueType::asOperand() const {
  return LayoutOperand{rust::str(getText()), static_cast<int32_t>(getKind()),
                       getValueHandle()};
}

ValueAttr ValueAttr::getWithValue(MLIRContext *context, StringRef text,
                                  unsigned kind, LayoutHandle value) {
  return Base::get(context, text, kind, value);
}

layout::ValueType ValueType::getWithValue(MLIRContext *context, StringRef text,
                                          unsigned kind, LayoutHandle value) {
  return Base::get(context, text, kind, value);
}

// (Inside the attribute class `ValueType` names a member of Attribute.)
layout::ValueType ValueAttr::getValueType() const {
  if (const void *t = getImpl()->peer.load(std::memory_order_acquire))
    return llvm::cast<layout::ValueType>(Type::getFromOpaquePointer(t));
  auto type = layout::ValueType::getWithValue(getContext(), getText(), getKind(),
                                              getValueHandle());
  getImpl()->peer.store(type.getAsOpaquePointer(), std::memory_order_release);
  return type;
}

ValueAttr ValueType::getValueAttr() const {
  if (const void *a = getImpl()->peer.load(std::memory_order_acquire))
    return llvm::cast<ValueAttr>(Attribute::getFromOpaquePointer(a));
  auto attr =
      ValueAttr::getWithValue(getContext(), getText(), getKind(), getValueHandle());
  getImpl()->peer.store(attr.getAsOpaquePointer(), std::memory_order_release);
  return attr;
}

bool ValueType::isStatic() const {
  // A linear layout has no runtime leaves (a `?` in its text is part of a name).
  if (getValueKind() == ValueKind::Linear ||
      getValueKind() == ValueKind::Bijective)
    return true;
  StringRef t = getText();
  return t != "*" && !t.contains('?');
}

Operation *LayoutDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  if (auto v = llvm::dyn_cast<ValueAttr>(value))
    return ConstOp::create(builder, loc, v);
  if (auto i = llvm::dyn_cast<IntegerAttr>(value))
  {
    if (type.isIndex())
      return arith::ConstantIndexOp::create(builder, loc, i.getInt());
    // The verdicts of the relation ops (layout.equal, ...).
    if (type.isInteger(1))
      return arith::ConstantOp::create(builder, loc, type, i);
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// ValueCache (Layout/ValueCache.h)
//===----------------------------------------------------------------------===//

namespace {
constexpr size_t kShardEntries = ValueCache::kMaxEntries / ValueCache::kShards;

// A spelling is hashed once (StringMap's own hash): its top bits pick the
// shard, and the map finds its bucket from the same value.
uint32_t spellingHash(StringRef spelling) {
  return llvm::StringMapImpl::hash(spelling);
}

/// One entry of a thread's table of recent spellings (Layout/ValueCache.h).
struct RecentSpelling {
  static constexpr size_t kCapacity = 70;
  /// The id of the cache the entry belongs to; 0 for an empty entry.
  uint64_t cache = 0;
  uint32_t hash = 0;
  uint32_t size = 0;
  /// A type's opaque pointer when `isType`, else an attribute's.
  const void *value = nullptr;
  bool isType = false;
  char text[kCapacity];

  bool holds(uint64_t id, uint32_t spellingHash, StringRef spelling) const {
    return cache == id && hash == spellingHash && size == spelling.size() &&
           std::memcmp(text, spelling.data(), size) == 0;
  }
};

constexpr size_t kRecentSpellings = 256;

/// This thread's entry for a spelling of this hash.
RecentSpelling &recentSpelling(uint32_t hash) {
  thread_local std::array<RecentSpelling, kRecentSpellings> recent;
  return recent[(hash >> 8) % kRecentSpellings];
}

/// Make `entry` hold `spelling` -> `value` (spellings too long to fit are not
/// kept).
void remember(RecentSpelling &entry, uint64_t id, uint32_t hash,
              StringRef spelling, const void *value, bool isType) {
  if (spelling.size() > RecentSpelling::kCapacity)
    return;
  entry.cache = id;
  entry.hash = hash;
  entry.size = spelling.size();
  entry.value = value;
  entry.isType = isType;
  std::memcpy(entry.text, spelling.data(), spelling.size());
}

uint64_t nextCacheId() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

const void *lookupIn(llvm::StringMap<const void *> &map, StringRef key,
                     uint32_t hash) {
  auto it = map.find(key, hash);
  return it == map.end() ? nullptr : it->second;
}

void insertIn(llvm::StringMap<const void *> &map, StringRef key, uint32_t hash,
              const void *value) {
  if (map.size() >= kShardEntries)
    map.clear();
  map.try_emplace_with_hash(key, hash, value);
}
} // namespace

ValueCache::Shard &ValueCache::shardOf(const WordKey &key) {
  return shards[(key.hash >> 40) % kShards];
}

ValueCache::Shard &ValueCache::shardOf(uint32_t spellingHash) {
  return shards[(spellingHash >> 24) % kShards];
}

ValueCache::ValueCache() : id(nextCacheId()) {}

const void *ValueCache::lookupSpelling(StringRef spec, bool isType) {
  uint32_t hash = spellingHash(spec);
  RecentSpelling &recent = recentSpelling(hash);
  if (recent.holds(id, hash, spec)) {
    if (recent.isType == isType)
      return recent.value;
    // A type asked for, an attribute remembered: the attribute's type.
    if (isType)
      return llvm::cast<ValueAttr>(Attribute::getFromOpaquePointer(recent.value))
          .getValueType()
          .getAsOpaquePointer();
  }
  const void *found;
  {
    Shard &shard = shardOf(hash);
    std::lock_guard<std::mutex> lock(shard.mutex);
    found = lookupIn(isType ? shard.types : shard.attrs, spec, hash);
  }
  if (found)
    remember(recent, id, hash, spec, found, isType);
  return found;
}

void ValueCache::insertSpelling(StringRef spec, const void *value,
                                bool isType) {
  uint32_t hash = spellingHash(spec);
  remember(recentSpelling(hash), id, hash, spec, value, isType);
  Shard &shard = shardOf(hash);
  std::lock_guard<std::mutex> lock(shard.mutex);
  insertIn(isType ? shard.types : shard.attrs, spec, hash, value);
}

Attribute ValueCache::lookupAttr(StringRef spec) {
  return Attribute::getFromOpaquePointer(lookupSpelling(spec, false));
}

void ValueCache::insertAttr(StringRef spec, Attribute attr) {
  insertSpelling(spec, attr.getAsOpaquePointer(), false);
}

Type ValueCache::lookupType(StringRef spec) {
  return Type::getFromOpaquePointer(lookupSpelling(spec, true));
}

void ValueCache::insertType(StringRef spec, Type type) {
  insertSpelling(spec, type.getAsOpaquePointer(), true);
}

ValueCache::WordKey ValueCache::wordKey(StringRef name, TypeRange types,
                                       ArrayRef<int64_t> indices,
                                       SmallVectorImpl<uint64_t> &out) {
  out.push_back(name.size());
  for (size_t at = 0; at < name.size(); at += sizeof(uint64_t)) {
    uint64_t word = 0;
    std::memcpy(&word, name.data() + at,
                std::min(sizeof(uint64_t), name.size() - at));
    out.push_back(word);
  }
  out.push_back(types.size());
  for (Type t : types)
    out.push_back(reinterpret_cast<uintptr_t>(t.getAsOpaquePointer()));
  for (int64_t i : indices)
    out.push_back(static_cast<uint64_t>(i));
  ArrayRef<uint64_t> words(out);
  return WordKey{words, static_cast<uint64_t>(llvm::hash_value(words))};
}

template <typename V>
const V *ValueCache::find(WordMap<V> &from, WordKey key) {
  auto it = from.map.find(key);
  return it == from.map.end() ? nullptr : &it->second;
}

template <typename V>
void ValueCache::insertWords(WordMap<V> &into, WordKey key, V value) {
  if (into.map.size() >= kShardEntries) {
    into.map.clear();
    into.words.Reset();
  }
  if (into.map.count(key))
    return;
  uint64_t *stored = into.words.template Allocate<uint64_t>(key.words.size());
  std::copy(key.words.begin(), key.words.end(), stored);
  into.map.try_emplace(WordKey{ArrayRef<uint64_t>(stored, key.words.size()), key.hash},
                       std::move(value));
}

ValueCache::Decision
ValueCache::decision(StringRef opName, TypeRange operands,
                     llvm::function_ref<Decision()> decide) {
  SmallVector<uint64_t, 8> words;
  WordKey key = wordKey(opName, operands, {}, words);
  Shard &shard = shardOf(key);
  {
    std::lock_guard<std::mutex> lock(shard.mutex);
    if (const Decision *found = find(shard.decisions, key))
      return *found;
  }
  Decision d = decide();
  std::lock_guard<std::mutex> lock(shard.mutex);
  insertWords<Decision>(shard.decisions, key, d);
  return d;
}

Type ValueCache::lookupResult(StringRef opName, TypeRange operands,
                              ArrayRef<int64_t> indices) {
  SmallVector<uint64_t, 8> words;
  WordKey key = wordKey(opName, operands, indices, words);
  Shard &shard = shardOf(key);
  std::lock_guard<std::mutex> lock(shard.mutex);
  const void *const *found = find(shard.results, key);
  return found ? Type::getFromOpaquePointer(*found) : Type();
}

void ValueCache::insertResult(StringRef opName, TypeRange operands,
                              ArrayRef<int64_t> indices, Type result) {
  SmallVector<uint64_t, 8> words;
  WordKey key = wordKey(opName, operands, indices, words);
  Shard &shard = shardOf(key);
  std::lock_guard<std::mutex> lock(shard.mutex);
  insertWords<const void *>(shard.results, key, result.getAsOpaquePointer());
}

//===----------------------------------------------------------------------===//
// Element types of the hardware ops
//===----------------------------------------------------------------------===//

bool mlir::layout::isValueOfKind(Type type, std::initializer_list<ValueKind> kinds) {
  auto v = llvm::dyn_cast<ValueType>(type);
  return v && llvm::is_contained(kinds, v.getValueKind());
}

/// dialect/src/element_types.rs: the one table of the hardware's element types.
extern "C" MlirStringRef layout_hardware_element_name(MlirType type);
extern "C" MlirStringRef layout_hardware_element_types();

StringRef mlir::layout::hardwareElementName(Type type) {
  return unwrap(layout_hardware_element_name(wrap(type)));
}

std::string mlir::layout::typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

StringRef mlir::layout::hardwareElementTypes() {
  return unwrap(layout_hardware_element_types());
}
