//===- ParallelParse.cpp - parse top-level ops on several threads ---------===//
//
// MLIR's parser reads a file on one thread. A module of many top-level ops
// (functions) parses on all of the context's threads instead:
//
//   1. the text is cut between top-level ops (the Rust function
//      `layout_opt_top_level_cuts`, src/top_level_split.rs, says where a cut
//      may sit; no cut when the text holds alias definitions or resources that
//      every piece would need);
//   2. the dialects the text names (every identifier before a `.` that is a
//      registered dialect) are loaded first: MLIR loads a dialect when its
//      parser first meets the name, which is not safe on several threads;
//   3. each piece is parsed by MLIR's own parser into a block of its own, from
//      a buffer with the file's name that starts with as many newlines as the
//      piece has lines before it, so every location (file, line, column) is the
//      one the sequential parse records;
//   4. the blocks are joined, in order, into one `builtin.module` at the
//      location `parseSourceFile<ModuleOp>` gives an implicit module, and the
//      module is verified on the same threads (ModuleVerification.h).
//
// The result is the module the sequential parse builds. Nothing is reported
// from here: every diagnostic of steps 3 and 4 is held, and any diagnostic of a
// piece, or a failed verification, drops the attempt so that the caller parses
// sequentially and reports what mlir-opt reports (the order and the number of
// errors of a parallel verification can differ). The diagnostics of a
// successful verification (warnings, remarks) are re-emitted in op order.
//
//===----------------------------------------------------------------------===//

#include "ParallelParse.h"
#include "ModuleVerification.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

extern "C" size_t layout_opt_top_level_cuts(const char *text, size_t len,
                                            size_t parts, size_t *out);
extern "C" void layout_opt_dotted_prefixes(const char *text, size_t len,
                                           void (*each)(void *, const char *,
                                                        size_t),
                                           void *context);

namespace mlir::layout {
namespace {

/// Holds every diagnostic emitted on the context while it lives, and says
/// whether there was any.
class HeldDiagnostics {
public:
  explicit HeldDiagnostics(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          std::lock_guard<std::mutex> lock(mutex);
          held.push_back(std::move(diag));
          return success();
        }) {}

  bool any() const { return !held.empty(); }

  /// Re-emits the held diagnostics, in the order they arrived, to the handlers
  /// under this one (call after this object's handler is gone).
  static void emit(MLIRContext *context, std::vector<Diagnostic> diags) {
    for (Diagnostic &diag : diags)
      context->getDiagEngine().emit(std::move(diag));
  }

  std::vector<Diagnostic> take() { return std::move(held); }

private:
  std::mutex mutex;
  std::vector<Diagnostic> held;
  ScopedDiagnosticHandler handler;
};

/// One piece of the text and the block its ops are parsed into.
struct Piece {
  llvm::StringRef text;
  size_t linesBefore = 0;
  Block block;
  LocationAttr fileLoc;
};

/// Parses `piece` from a buffer named `name` whose first `linesBefore` lines are
/// empty, so locations match the whole file's.
LogicalResult parsePiece(Piece &piece, llvm::StringRef name,
                         MLIRContext *context) {
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          piece.linesBefore + piece.text.size(), name);
  if (!buffer)
    return failure();
  char *bytes = buffer->getBufferStart();
  std::memset(bytes, '\n', piece.linesBefore);
  std::memcpy(bytes + piece.linesBefore, piece.text.data(), piece.text.size());
  llvm::SourceMgr pieceMgr;
  pieceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  ParserConfig config(context, /*verifyAfterParse=*/false);
  return parseSourceFile(pieceMgr, &piece.block, config, &piece.fileLoc);
}

/// Loads every registered dialect whose name `text` mentions before a `.`, on
/// this thread, with the context single-threaded as dialect loading requires.
void loadNamedDialects(llvm::StringRef text, MLIRContext *context) {
  context->disableMultithreading();
  layout_opt_dotted_prefixes(
      text.data(), text.size(),
      [](void *ctx, const char *name, size_t len) {
        auto *context = static_cast<MLIRContext *>(ctx);
        llvm::StringRef dialect(name, len);
        if (context->getDialectRegistry().getDialectAllocator(dialect))
          context->getOrLoadDialect(dialect);
      },
      context);
  context->enableMultithreading();
}

} // namespace

OwningOpRef<ModuleOp> parseTopLevelOpsInParallel(const llvm::SourceMgr &sourceMgr,
                                                 MLIRContext *context,
                                                 bool verifyAfterParse,
                                                 TimingScope &timing) {
  if (!context->isMultithreadingEnabled())
    return nullptr;
  const llvm::MemoryBuffer *file =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef text = file->getBuffer();
  // Two pieces per thread even out pieces that parse at different speeds.
  size_t parts = 2 * context->getThreadPool().getMaxConcurrency();
  if (parts < 2 || text.size() < (1u << 16))
    return nullptr;
  std::vector<size_t> cuts(parts - 1);
  cuts.resize(
      layout_opt_top_level_cuts(text.data(), text.size(), parts, cuts.data()));
  if (cuts.empty())
    return nullptr;

  TimingScope parallelTiming = timing.nest("Parallel parse");
  std::vector<std::unique_ptr<Piece>> pieces;
  size_t begin = 0, lines = 0;
  cuts.push_back(text.size());
  for (size_t end : cuts) {
    auto piece = std::make_unique<Piece>();
    piece->text = text.slice(begin, end);
    piece->linesBefore = lines;
    lines += piece->text.count('\n');
    begin = end;
    pieces.push_back(std::move(piece));
  }

  loadNamedDialects(text, context);
  llvm::StringRef name = file->getBufferIdentifier();
  {
    TimingScope piecesTiming = parallelTiming.nest("Pieces");
    HeldDiagnostics parseDiagnostics(context);
    LogicalResult parsed = failableParallelForEach(
        context, pieces, [&](const std::unique_ptr<Piece> &piece) {
          return parsePiece(*piece, name, context);
        });
    if (failed(parsed) || parseDiagnostics.any())
      return nullptr;
  }

  OwningOpRef<ModuleOp> module = ModuleOp::create(pieces.front()->fileLoc);
  Block *body = module->getBody();
  for (const std::unique_ptr<Piece> &piece : pieces)
    body->getOperations().splice(body->end(), piece->block.getOperations());
  if (!verifyAfterParse)
    return module;

  std::vector<Diagnostic> warnings;
  {
    TimingScope verifyTiming = parallelTiming.nest("Verifier");
    HeldDiagnostics verifyDiagnostics(context);
    if (failed(verifyModule(*module)))
      return nullptr;
    warnings = verifyDiagnostics.take();
  }
  HeldDiagnostics::emit(context, std::move(warnings));
  return module;
}

} // namespace mlir::layout
