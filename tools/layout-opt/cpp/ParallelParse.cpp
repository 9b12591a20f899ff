//===- ParallelParse.cpp - parse top-level ops on several threads ---------===//
//
// MLIR's parser reads a file on one thread. A module of many top-level ops
// (functions) parses on all of the context's threads instead:
//
//   1. the text is cut between top-level ops into pieces that shrink (the
//      Rust function `layout_opt_top_level_cuts`, src/top_level_split.rs, says
//      where a cut may sit): the threads take the pieces in order, and the
//      small last ones keep a thread that is done from waiting long for the
//      others;
//   2. the pieces are scanned on the context's threads
//      (`layout_opt_scan_piece`): their lines, the names they put before a
//      `.`, and whether they hold alias definitions or resources that every
//      piece would need (then nothing is cut);
//   3. the dialects the text names (every such name that is a registered
//      dialect) are loaded first: MLIR loads a dialect when its parser first
//      meets the name, which is not safe on several threads;
//   4. each piece is parsed by MLIR's own parser into a block of its own, from
//      a buffer with the file's name that starts with as many newlines as the
//      piece has lines before it, so every location (file, line, column) is the
//      one the sequential parse records;
//   5. the blocks are joined, in order, into one `builtin.module` at the
//      location `parseSourceFile<ModuleOp>` gives an implicit module, and the
//      module is verified on the same threads (ModuleVerification.h).
//
// The result is the module the sequential parse builds. Nothing is reported
// from here: every diagnostic of steps 4 and 5 is held, and any diagnostic of a
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
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

extern "C" size_t layout_opt_top_level_cuts(const char *text, size_t len,
                                            size_t parts, size_t *out);
struct LayoutOptPieceScan {
  size_t lines;
  bool keepsWhole;
};
extern "C" LayoutOptPieceScan
layout_opt_scan_piece(const char *text, size_t len,
                      void (*each)(void *, const char *, size_t),
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

/// One piece of the text, what its scan found, and the block its ops are
/// parsed into.
struct Piece {
  llvm::StringRef text;
  LayoutOptPieceScan scan{0, false};
  std::vector<llvm::StringRef> dottedNames;
  size_t linesBefore = 0;
  Block block;
  LocationAttr fileLoc;
};

/// Fills in `piece.scan` and `piece.dottedNames` (names into the text).
void scanPiece(Piece &piece) {
  piece.scan = layout_opt_scan_piece(
      piece.text.data(), piece.text.size(),
      [](void *names, const char *name, size_t len) {
        static_cast<std::vector<llvm::StringRef> *>(names)->emplace_back(name,
                                                                         len);
      },
      &piece.dottedNames);
}

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

/// Loads every registered dialect that a piece names before a `.`, on this
/// thread, with the context single-threaded as dialect loading requires.
void loadNamedDialects(llvm::ArrayRef<std::unique_ptr<Piece>> pieces,
                       MLIRContext *context) {
  llvm::StringSet<> seen;
  context->disableMultithreading();
  for (const std::unique_ptr<Piece> &piece : pieces)
    for (llvm::StringRef dialect : piece->dottedNames)
      if (seen.insert(dialect).second &&
          context->getDialectRegistry().getDialectAllocator(dialect))
        context->getOrLoadDialect(dialect);
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
  // Four pieces per thread, shrinking (src/top_level_split.rs).
  size_t parts = 4 * context->getThreadPool().getMaxConcurrency();
  if (parts < 2 || text.size() < (1u << 16))
    return nullptr;
  std::vector<size_t> cuts(parts - 1);
  cuts.resize(
      layout_opt_top_level_cuts(text.data(), text.size(), parts, cuts.data()));
  if (cuts.empty())
    return nullptr;

  std::vector<std::unique_ptr<Piece>> pieces;
  size_t begin = 0;
  cuts.push_back(text.size());
  for (size_t end : cuts) {
    auto piece = std::make_unique<Piece>();
    piece->text = text.slice(begin, end);
    begin = end;
    pieces.push_back(std::move(piece));
  }
  parallelForEach(context, pieces,
                  [](const std::unique_ptr<Piece> &piece) { scanPiece(*piece); });
  size_t lines = 0;
  for (const std::unique_ptr<Piece> &piece : pieces) {
    if (piece->scan.keepsWhole)
      return nullptr;
    piece->linesBefore = lines;
    lines += piece->scan.lines;
  }

  TimingScope parallelTiming = timing.nest("Parallel parse");
  loadNamedDialects(pieces, context);
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
