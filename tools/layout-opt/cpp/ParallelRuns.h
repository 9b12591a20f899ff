//===- ParallelRuns.h - parallel loops over runs of consecutive items -----===//
//
// MLIR's parallel loops (mlir/IR/Threading.h) order the diagnostics of a loop
// by the index of the item that emitted them, through a
// ParallelDiagnosticHandler that each task tells its item: a thread-id system
// call and a lock shared by all threads, twice per item. Over the 10^5
// functions of a large module that bookkeeping costs as much as the smallest
// functions' own work. Here each task takes a run of consecutive items, so the
// handler is told once per run: the diagnostics still come out in item order
// (a run's items are handled in order on one thread, and the handler keeps the
// order of diagnostics with the same index), at a fraction of the cost.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPT_PARALLELRUNS_H
#define LAYOUT_OPT_PARALLELRUNS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <utility>

namespace mlir::layout {

/// Items per task.
constexpr size_t kItemsPerRun = 16;

/// The number of runs of `count` items.
inline size_t runCount(size_t count) {
  return (count + kItemsPerRun - 1) / kItemsPerRun;
}

/// `fn` on the items of run `run`, in order; fails at the first item it fails
/// on (the rest of the run is skipped).
template <typename T, typename F>
LogicalResult forEachInRun(llvm::ArrayRef<T> items, size_t run, F &fn) {
  size_t end = std::min(items.size(), (run + 1) * kItemsPerRun);
  for (size_t i = run * kItemsPerRun; i < end; ++i)
    if (failed(fn(items[i])))
      return failure();
  return success();
}

/// `failableParallelForEach(context, items, fn)`, one task per run of
/// `kItemsPerRun` items: fails when `fn` fails on some item (a run stops at
/// its first failure; runs not yet started are skipped).
template <typename T, typename F>
LogicalResult failableParallelForEachInRuns(MLIRContext *context,
                                            llvm::ArrayRef<T> items, F &&fn) {
  return failableParallelForEachN(context, 0, runCount(items.size()),
                                  [&](size_t run) {
                                    return forEachInRun(items, run, fn);
                                  });
}

/// The workers `forEachTaskOnWorkers` runs `tasks` tasks on: as many as the
/// context's threads (one, the calling thread, without threading), at most one
/// per task.
inline size_t workerCount(MLIRContext *context, size_t tasks) {
  size_t threads = context->isMultithreadingEnabled()
                       ? context->getThreadPool().getMaxConcurrency()
                       : 1;
  return std::min(threads, tasks);
}

/// `fn(worker, task)` for the tasks 0..tasks-1, taken in order by
/// `workerCount` workers (`worker` < workerCount names the one running it);
/// `fn` returns false to stop every worker before its next task. `beside()`
/// runs on the calling thread meanwhile (before the workers, without
/// threading).
template <typename F, typename G>
void runTasksOnWorkersBeside(MLIRContext *context, size_t tasks, F &&fn,
                             G &&beside) {
  size_t workers = workerCount(context, tasks);
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  auto work = [&](size_t worker) {
    while (!stop.load(std::memory_order_relaxed)) {
      size_t task = next.fetch_add(1, std::memory_order_relaxed);
      if (task >= tasks)
        return;
      if (!fn(worker, task))
        stop.store(true, std::memory_order_relaxed);
    }
  };
  if (workers <= 1) {
    beside();
    work(0);
    return;
  }
  llvm::ThreadPoolTaskGroup group(context->getThreadPool());
  for (size_t worker = 0; worker < workers; ++worker)
    group.async([&work, worker] { work(worker); });
  beside();
  group.wait();
}

/// `runTasksOnWorkersBeside` with nothing beside.
template <typename F>
void runTasksOnWorkers(MLIRContext *context, size_t tasks, F &&fn) {
  runTasksOnWorkersBeside(context, tasks, std::forward<F>(fn), [] {});
}

/// `fn(worker, task)` for the tasks 0..tasks-1, taken in order by
/// `workerCount` workers (`worker` < workerCount names the one running it, for
/// state kept per worker); the diagnostics of a task are reported under
/// `orderOf(task)` (a ParallelDiagnosticHandler, as MLIR's loops). Fails when
/// a task fails; no task starts after that.
template <typename Order, typename F>
LogicalResult forEachTaskOnWorkers(MLIRContext *context, size_t tasks,
                                   Order orderOf, F &&fn) {
  ParallelDiagnosticHandler ordered(context);
  std::atomic<bool> anyFailed{false};
  runTasksOnWorkers(context, tasks, [&](size_t worker, size_t task) {
    ordered.setOrderIDForThread(orderOf(task));
    LogicalResult result = fn(worker, task);
    ordered.eraseOrderIDForThread();
    if (succeeded(result))
      return true;
    anyFailed.store(true, std::memory_order_relaxed);
    return false;
  });
  return success(!anyFailed.load());
}

/// `fn(i)` for i = 0..count-1, on `workerCount` workers in runs of
/// `kItemsPerRun`, without the diagnostic bookkeeping: for work that reports
/// nothing (moving IR around).
template <typename F>
void forEachIndexQuietly(MLIRContext *context, size_t count, F &&fn) {
  runTasksOnWorkers(context, runCount(count), [&](size_t, size_t run) {
    size_t end = std::min(count, (run + 1) * kItemsPerRun);
    for (size_t i = run * kItemsPerRun; i < end; ++i)
      fn(i);
    return true;
  });
}

} // namespace mlir::layout

#endif // LAYOUT_OPT_PARALLELRUNS_H
