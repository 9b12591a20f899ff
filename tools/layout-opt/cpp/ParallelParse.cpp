//===- ParallelParse.cpp - parse a module's top-level ops in parallel -----===//
//
// A module in MLIR's text form is a sequence of top-level ops (the implicit
// module's body). Each top-level op can be parsed on its own: SSA values do
// not cross isolated-from-above ops, and symbol references (`@f`) are only
// resolved by the verifier. So the input is cut at top-level op boundaries
// into chunks, one per thread-pool task, each parsed into its own block by
// MLIR's parser (without verification), and the blocks are spliced, in
// order, into one `builtin.module` located at `file:0:0`, as the sequential
// parser builds it. Then the module is verified once (MLIR's verifier is
// itself parallel over isolated ops).
//
// Locations are the sequential parser's: a chunk is parsed from a buffer that
// has the file's name and as many newlines before the chunk as the file has
// before it, and every chunk starts at a line start, so every line:column is
// the same.
//
// Cuts are found by a scan that follows string literals, `//` comments and
// (), [], {} nesting: a cut is a line start at nesting depth 0 whose first
// character begins an op (a letter, `"` or `%`). The scan refuses inputs it
// should not cut (alias definitions `#a = ...`/`!a = ...` and `{-#` metadata,
// which the whole file shares; fewer than two top-level ops). A wrong cut
// cannot go unnoticed: each chunk must parse and the merged module must
// verify, else the caller parses the file sequentially. Diagnostics of the
// parallel attempt are held back: emitted in file order when it succeeds,
// dropped when the sequential parse takes over (which reports them itself).
//
//===----------------------------------------------------------------------===//

#include "ParallelParse.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <mutex>

using namespace mlir;

namespace {

/// Inputs below this size are parsed sequentially (the split does not pay);
/// tests lower it to exercise the parallel parse on small files.
llvm::cl::opt<uint64_t> minBytes(
    "layout-parallel-parse-min-bytes",
    llvm::cl::desc("Parse inputs of at least this many bytes in parallel, "
                   "top-level op by top-level op (default 1 MiB)"),
    llvm::cl::init(1 << 20));

/// Where a top-level op starts: byte offset and the number of lines before.
struct Start {
  size_t offset;
  size_t line;
};

bool isIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

/// The word of identifier characters at `at` when a '.' follows it (or a
/// '<' after a `#`/`!` sigil): the namespace of a dialect op, type or
/// attribute name (`arith` in `arith.addi`, `!arith.x`, `"arith.addi"`,
/// `#gpu<...>`), else empty.
StringRef namespaceAt(StringRef text, size_t at) {
  size_t end = at;
  while (end < text.size() && isIdentifierChar(text[end]))
    ++end;
  if (end == at || end >= text.size())
    return {};
  bool sigil = at > 0 && (text[at - 1] == '#' || text[at - 1] == '!');
  if (text[end] != '.' && !(sigil && text[end] == '<'))
    return {};
  return text.slice(at, end);
}

/// The starts of the top-level ops of `text`, or nothing when the input is
/// not to be cut (see the file comment); `namespaces` receives every word
/// that may name a dialect (see namespaceAt), at the start of a word.
std::optional<SmallVector<Start>>
topLevelStarts(StringRef text, llvm::DenseSet<StringRef> &namespaces) {
  SmallVector<Start> starts;
  int64_t depth = 0;
  size_t i = 0, n = text.size(), line = 0;
  bool lineStart = true;
  while (i < n) {
    char c = text[i];
    if (std::isalpha(static_cast<unsigned char>(c)) &&
        (i == 0 || !(isIdentifierChar(text[i - 1]) || text[i - 1] == '.' ||
                     text[i - 1] == '%' || text[i - 1] == '@' ||
                     text[i - 1] == '^'))) {
      StringRef ns = namespaceAt(text, i);
      if (!ns.empty())
        namespaces.insert(ns);
    }
    if (lineStart && depth == 0) {
      if (c == '#' || c == '!' || (c == '{' && text.substr(i).starts_with("{-#")))
        return std::nullopt;
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '"' || c == '%')
        starts.push_back({i, line});
    }
    lineStart = false;
    switch (c) {
    case '\n':
      lineStart = true;
      ++line;
      ++i;
      break;
    case '"': {
      // A string literal: up to the closing quote, over escapes; strings do
      // not span lines. A generic op's name is one (`"arith.addi"(...)`).
      StringRef ns = namespaceAt(text, i + 1);
      if (!ns.empty())
        namespaces.insert(ns);
      for (++i; i < n && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      ++i;
      break;
    }
    case '/':
      if (i + 1 < n && text[i + 1] == '/') {
        while (i < n && text[i] != '\n')
          ++i;
      } else {
        ++i;
      }
      break;
    case '(':
    case '[':
    case '{':
      ++depth;
      ++i;
      break;
    case ')':
    case ']':
    case '}':
      if (--depth < 0)
        return std::nullopt;
      ++i;
      break;
    default:
      ++i;
    }
  }
  if (depth != 0 || starts.size() < 2)
    return std::nullopt;
  return starts;
}

/// Holds back every diagnostic emitted while it is registered, per chunk in
/// file order (chunk = the order ID of MLIR's parallel loops).
class HeldDiagnostics {
public:
  explicit HeldDiagnostics(MLIRContext *ctx) : ctx(ctx) {
    id = ctx->getDiagEngine().registerHandler([this](Diagnostic &diag) {
      std::lock_guard<std::mutex> lock(mutex);
      held.push_back(std::move(diag));
      return success();
    });
  }
  ~HeldDiagnostics() { release(); }

  /// Stop holding; emit what was held, in order, to the other handlers.
  void emit() {
    release();
    for (Diagnostic &diag : held)
      ctx->getDiagEngine().emit(std::move(diag));
    held.clear();
  }
  /// Stop holding; forget what was held.
  void drop() {
    release();
    held.clear();
  }

private:
  void release() {
    if (registered)
      ctx->getDiagEngine().eraseHandler(id);
    registered = false;
  }

  MLIRContext *ctx;
  DiagnosticEngine::HandlerID id;
  bool registered = true;
  std::mutex mutex;
  std::vector<Diagnostic> held;
};

} // namespace

OwningOpRef<Operation *>
mlir::layout::parseTopLevelInParallel(llvm::SourceMgr &sourceMgr,
                                      MLIRContext *ctx, size_t *numChunks) {
  if (!ctx->isMultithreadingEnabled() || ctx->getNumThreads() < 2)
    return {};
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringRef text = buffer->getBuffer();
  if (text.size() < minBytes)
    return {};
  llvm::DenseSet<StringRef> namespaces;
  std::optional<SmallVector<Start>> starts = topLevelStarts(text, namespaces);
  if (!starts)
    return {};

  // Chunks of about equal size, a few per thread (they differ in cost).
  size_t wanted = std::min<size_t>(starts->size(), 4 * ctx->getNumThreads());
  struct Chunk {
    Start begin;
    size_t end;
  };
  SmallVector<Chunk> chunks;
  size_t target = text.size() / wanted;
  Start begin{0, 0};
  for (Start s : llvm::drop_begin(*starts)) {
    if (s.offset - begin.offset >= target) {
      chunks.push_back({begin, s.offset});
      begin = s;
    }
  }
  chunks.push_back({begin, text.size()});

  // The parser loads a dialect on first use, which must not happen on two
  // threads at once: load every registered dialect that the text names
  // before the threads start (words that name no dialect are ignored; the
  // dialects these depend on are loaded with them).
  for (StringRef ns : namespaces)
    (void)ctx->getOrLoadDialect(ns);

  StringRef name = buffer->getBufferIdentifier();
  ParserConfig config(ctx, /*verifyAfterParse=*/false);
  SmallVector<std::unique_ptr<Block>> blocks;
  for (size_t k = 0; k < chunks.size(); ++k)
    blocks.push_back(std::make_unique<Block>());

  HeldDiagnostics diagnostics(ctx);
  LogicalResult parsed = failableParallelForEachN(
      ctx, 0, chunks.size(), [&](size_t k) -> LogicalResult {
        const Chunk &chunk = chunks[k];
        std::string padded(chunk.begin.line, '\n');
        padded.append(text.data() + chunk.begin.offset,
                      chunk.end - chunk.begin.offset);
        llvm::SourceMgr chunkMgr;
        chunkMgr.AddNewSourceBuffer(
            llvm::MemoryBuffer::getMemBufferCopy(padded, name), llvm::SMLoc());
        return parseSourceFile(chunkMgr, blocks[k].get(), config);
      });
  if (failed(parsed)) {
    diagnostics.drop();
    return {};
  }

  OwningOpRef<ModuleOp> module(
      ModuleOp::create(FileLineColLoc::get(ctx, name, 0, 0)));
  Block *body = module->getBody();
  for (std::unique_ptr<Block> &block : blocks)
    body->getOperations().splice(body->end(), block->getOperations());
  if (failed(verify(module->getOperation()))) {
    diagnostics.drop();
    return {};
  }
  diagnostics.emit();
  *numChunks = chunks.size();
  return OwningOpRef<Operation *>(module.release().getOperation());
}
