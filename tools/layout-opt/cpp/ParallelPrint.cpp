//===- ParallelPrint.cpp - print top-level ops on several threads ---------===//
//
// MLIR prints a module on one thread. A module of many top-level ops prints on
// all of the context's threads instead, to the same bytes:
//
//   1. the module's ops are moved, in contiguous runs of a few ops, into
//      scratch modules (one per piece; the calling thread fills them while the
//      workers print those already filled), each printed by MLIR's printer
//      with its own AsmState;
//   2. each text is `module {\n` + its ops + `}\n`, so the ops' text is what the
//      whole module prints for them: they sit at the same indentation, and the
//      value numbering of a region starts from the counters and names of its
//      parent region, which are those of the module's own block (no top-level
//      op has results here, so they are empty, as in each scratch module);
//   3. the ops go back into the module, in order, and the texts are joined.
//      When the output is a regular file that can be rewound (not opened for
//      appending), each text is written as soon as it and every text before it
//      are printed, by the worker that completes that run, and then freed: the
//      texts of a large module (233 MB for 1M lowered crd2idx ops) are never
//      all held, and the writing overlaps the printing. If a text turns out
//      not to have the shape of step 2, the workers stop and the file is cut
//      back to where the module began, for the caller's sequential print.
//
// MLIR's printer verifies the module first and prints it in generic form when
// it fails; this runs only on a module known to verify (`verified`), so the
// pieces are printed without that check.
//
// Whole-module state would differ between the two printings in three ways, and
// each makes this fail (the caller prints sequentially): alias definitions
// (`#map = ...`, printed before the module), resources (`{-# ... #-}`, after
// it), and numbering across regions. Aliases and dialect resources show in a
// piece's text, which then does not have the shape of step 2; parsed external
// resources, debug locations (aliased `#loc`), a module with a name or
// attributes, top-level ops with results, and the flags that print generic
// form, local scope or unique SSA ids are ruled out before printing.
//
//===----------------------------------------------------------------------===//

#include "ParallelPrint.h"
#include "ParallelRuns.h"

#include "mlir/IR/AsmState.h"
#include "llvm/Support/FileSystem.h"

#include <fcntl.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace mlir::layout {
namespace {

constexpr llvm::StringLiteral kModuleHead = "module {\n";
constexpr llvm::StringLiteral kModuleTail = "\n}\n";

/// Top-level ops per scratch module, at most. An AsmState numbers every value
/// of its module up front, in maps that are looked up for every operand
/// printed; pieces of a few functions keep those maps (and the piece's text)
/// in cache. On 1M crd2idx ops lowered (62.5k functions, 2 threads) printing
/// took 2.9 s in 4 pieces and 1.7 to 1.9 s in pieces of 16 functions; pieces
/// of 64 and 256 functions fell in between.
constexpr size_t kOpsPerPiece = 16;

/// Whether the module prints as `module {\n` + its ops + `}\n` and its ops do not
/// share printing state that a piece would not see.
bool printsPieceByPiece(ModuleOp module, const OpPrintingFlags &flags) {
  if (flags.shouldPrintDebugInfo() || flags.shouldPrintGenericOpForm() ||
      flags.shouldUseLocalScope() || flags.shouldPrintUniqueSSAIDs() ||
      flags.shouldSkipRegions())
    return false;
  if (module.getSymName() || !module->getAttrs().empty())
    return false;
  for (Operation &op : module.getBody()->getOperations())
    if (op.getNumResults() != 0)
      return false;
  return true;
}

/// Whether `text` is `module {\n` + ops + `}\n`: the shape of a piece's text
/// without aliases or resources.
bool hasModuleShape(llvm::StringRef text) {
  return text.starts_with(kModuleHead) && text.ends_with(kModuleTail);
}

/// The ops' part of a piece's text of module shape (with its last newline).
llvm::StringRef opsText(llvm::StringRef text) {
  return text.drop_front(kModuleHead.size()).drop_back(kModuleTail.size() - 1);
}

/// The descriptor of a file stream (an accessor raw_fd_ostream keeps for its
/// derived classes; reached here through a derived class's access).
struct DescriptorQuery : public llvm::raw_fd_ostream {
  static int of(const llvm::raw_fd_ostream &file) {
    int (llvm::raw_fd_ostream::*query)() const = &DescriptorQuery::get_fd;
    return (file.*query)();
  }
};

/// `os` when it writes to a regular file that can be written before the print
/// is known to succeed, then cut back (seek and truncate work; not in append
/// mode, where every write goes to the end); null otherwise (a pipe, a
/// terminal, a device).
llvm::raw_fd_ostream *rewindableFile(llvm::raw_fd_ostream &os) {
  if (!os.supportsSeeking() || os.has_error())
    return nullptr;
  int fd = DescriptorQuery::of(os);
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(fd, status) ||
      status.type() != llvm::sys::fs::file_type::regular_file)
    return nullptr;
  int flags = ::fcntl(fd, F_GETFL);
  if (flags == -1 || (flags & O_APPEND))
    return nullptr;
  return &os;
}

/// Writes the pieces' texts to a rewindable file in order, each as soon as it
/// and all before it are printed (`printed` is called by the worker that
/// printed a piece), and frees them; stops at the first text without module
/// shape, and then `rewind` cuts the file back to where it began.
class OrderedWriter {
public:
  OrderedWriter(llvm::raw_fd_ostream &file, std::vector<std::string> &texts,
                const std::vector<char> &shaped)
      : file(file), start(file.tell()), texts(texts), shaped(shaped),
        done(texts.size(), 0) {
    file << kModuleHead;
  }

  /// Piece `part` is printed; false once a text without module shape was met.
  bool printed(size_t part) {
    std::lock_guard<std::mutex> lock(mutex);
    done[part] = 1;
    while (!failed && next < texts.size() && done[next]) {
      if (!shaped[next]) {
        failed = true;
        break;
      }
      file << opsText(texts[next]);
      std::string().swap(texts[next]);
      ++next;
    }
    return !failed;
  }

  /// Cut the file back to where the module began.
  void rewind() {
    file.seek(start);
    (void)llvm::sys::fs::resize_file(DescriptorQuery::of(file), start);
  }

private:
  llvm::raw_fd_ostream &file;
  uint64_t start;
  std::vector<std::string> &texts;
  const std::vector<char> &shaped;
  std::vector<char> done;
  std::mutex mutex;
  size_t next = 0;
  bool failed = false;
};

} // namespace

LogicalResult printTopLevelOpsInParallel(ModuleOp module, bool verified,
                                         llvm::raw_fd_ostream &os,
                                         TimingScope &timing) {
  MLIRContext *context = module->getContext();
  Block *body = module.getBody();
  size_t count = body->getOperations().size();
  OpPrintingFlags flags;
  if (!verified || !context->isMultithreadingEnabled() || count < 64 ||
      !printsPieceByPiece(module, flags))
    return failure();

  TimingScope parallelTiming = timing.nest("Parallel print");
  size_t parts = std::min<size_t>(
      std::max<size_t>(2 * context->getThreadPool().getMaxConcurrency(),
                       (count + kOpsPerPiece - 1) / kOpsPerPiece),
      count);
  // This thread moves the ops into the scratch modules while the workers
  // print the ones it has filled (a worker waits for its piece, which it
  // rarely has to: filling one takes a fraction of printing it).
  std::vector<OwningOpRef<ModuleOp>> scratch(parts);
  std::atomic<size_t> filled{0};
  auto fillScratch = [&] {
    for (size_t part = 0; part < parts; ++part) {
      OwningOpRef<ModuleOp> piece = ModuleOp::create(module.getLoc());
      size_t take = count * (part + 1) / parts - count * part / parts;
      auto first = body->begin(), last = std::next(first, take);
      piece->getBody()->getOperations().splice(piece->getBody()->end(),
                                               body->getOperations(), first, last);
      scratch[part] = std::move(piece);
      filled.store(part + 1, std::memory_order_release);
    }
  };

  std::vector<std::string> texts(parts);
  std::vector<char> shaped(parts, 0);
  std::optional<OrderedWriter> writer;
  if (llvm::raw_fd_ostream *file = rewindableFile(os))
    writer.emplace(*file, texts, shaped);
  auto printPiece = [&](size_t, size_t part) {
    while (filled.load(std::memory_order_acquire) <= part)
      std::this_thread::yield();
    llvm::raw_string_ostream stream(texts[part]);
    // The printer writes a few bytes at a time; a buffer in front of the
    // string turns those into large appends.
    stream.SetBufferSize(1 << 16);
    // The whole module is verified, so MLIR's printer would print it in custom
    // form; a piece alone may not verify (a call to a function in another
    // piece), so its printer must not check again.
    AsmState state(*scratch[part], OpPrintingFlags(flags).assumeVerified());
    scratch[part]->print(stream, state);
    stream.flush();
    shaped[part] = hasModuleShape(texts[part]);
    return writer ? writer->printed(part) : true;
  };
  runTasksOnWorkersBeside(context, parts, printPiece, fillScratch);

  for (OwningOpRef<ModuleOp> &piece : scratch)
    body->getOperations().splice(body->end(), piece->getBody()->getOperations());
  if (std::find(shaped.begin(), shaped.end(), 0) != shaped.end()) {
    if (writer)
      writer->rewind();
    return failure();
  }
  if (!writer) {
    os << kModuleHead;
    for (llvm::StringRef text : texts)
      os << opsText(text);
  }
  os << kModuleTail.drop_front();
  return success();
}

} // namespace mlir::layout
