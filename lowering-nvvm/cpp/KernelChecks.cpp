//===- KernelChecks.cpp - what a kernel's ops promise each other ----------===//
//
// The checks `--layout-lower-tensors` and `--layout-lower-register-tensors`
// make before they rewrite anything, for facts that are not local to one op
// (docs/nvvm.md "What the lowering checks in a kernel"):
//
// - a kernel's arguments are what a launch passes: no value of a `layout`
//   type (a layout, a tensor in memory) is a kernel argument;
// - a tensor made from the address of a global of static size
//   (`llvm.mlir.addressof @g`, `@g` an `llvm.mlir.global` of a non-empty type)
//   fits in it: `cosize(L) * sizeof(T)` bytes (shared_alloc's own rule is in
//   MemoryTensors.cpp, lowerSharedAlloc);
// - the threads that run an op on register tensors are exactly the warps its
//   layouts span (times 32): the block's x extent (`known_block_size`), or the
//   bound N of an enclosing `scf.if` on `tid.x < N`. Too few threads leave
//   warps of the layout uncomputed; too many repeat its warps or address past
//   its tile. The warps come from the algebra (`linear::tensor_encoding`).
//
// Where the kernel states nothing (no known_block_size, a guard that is not
// `tid.x < N`, unstructured control flow), nothing is checked.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "LayoutNvvm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

using namespace mlir;
using namespace mlir::layout;

std::optional<SizedGlobal> mlir::layout::sizedGlobalOf(Value ptr) {
  auto addr = ptr.getDefiningOp<LLVM::AddressOfOp>();
  if (!addr)
    return std::nullopt;
  auto global =
      SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(addr, addr.getGlobalNameAttr());
  if (!global)
    return std::nullopt;
  DataLayout dl = DataLayout::closest(global);
  Type type = global.getGlobalType();
  int64_t bytes = (int64_t)dl.getTypeSize(type).getFixedValue();
  if (bytes <= 0)
    return std::nullopt; // `!llvm.array<0 x i8>`: dynamic shared memory, sized at launch
  int64_t align = (int64_t)global.getAlignment().value_or(dl.getTypeABIAlignment(type));
  return SizedGlobal{global.getSymName().str(), type, bytes, align};
}

namespace {

/// The linear layout encoding a register tensor, or null for any other type.
ValueAttr linearEncoding(Type t) {
  auto r = dyn_cast<RankedTensorType>(t);
  if (!r)
    return {};
  auto a = dyn_cast_or_null<ValueAttr>(r.getEncoding());
  return a && a.getValueKind() == ValueKind::Linear ? a : ValueAttr();
}

/// The warps the register tensor `t` spans (the algebra's), or none.
std::optional<int64_t> warpsOf(Type t) {
  ValueAttr enc = linearEncoding(t);
  if (!enc)
    return std::nullopt;
  ArrayRef<int64_t> shape = cast<RankedTensorType>(t).getShape();
  int64_t out[2] = {0, 0};
  rust::Result r =
      rust::take(layout_ffi_register_tensor(enc.getValueHandle(), rust::ints(shape), out));
  if (!r.ok() || out[1] < 1)
    return std::nullopt;
  return out[1];
}

/// `v` with integer casts stripped.
Value stripCasts(Value v) {
  while (Operation *d = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtUIOp, arith::ExtSIOp,
             arith::TruncIOp>(d))
      break;
    v = d->getOperand(0);
  }
  return v;
}

bool isThreadIdX(Value v) {
  v = stripCasts(v);
  if (auto t = v.getDefiningOp<gpu::ThreadIdOp>())
    return t.getDimension() == gpu::Dimension::x;
  return (bool)v.getDefiningOp<NVVM::ThreadIdXOp>();
}

/// Whether `v` may differ between the threads of a block (it is computed from a
/// thread, lane or warp index); true when the search gives up.
bool threadDependent(Value v) {
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Operation *d = work.pop_back_val().getDefiningOp();
    if (!d || !seen.insert(d).second)
      continue;
    if (seen.size() > 64)
      return true;
    if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp, NVVM::ThreadIdXOp,
            NVVM::ThreadIdYOp, NVVM::ThreadIdZOp, NVVM::LaneIdOp, NVVM::WarpIdOp>(d))
      return true;
    if (d->getNumRegions() != 0)
      return true; // a value of a region op: not followed
    for (Value o : d->getOperands())
      work.push_back(o);
  }
  return false;
}

/// The bound N of a condition `tid.x < N` (N a constant; also `tid.x <= N - 1`,
/// `N > tid.x`, and a conjunction with conditions that do not depend on the
/// thread), or none.
std::optional<int64_t> threadBound(Value cond) {
  if (auto a = cond.getDefiningOp<arith::AndIOp>()) {
    std::optional<int64_t> l = threadBound(a.getLhs()), r = threadBound(a.getRhs());
    if (l && r)
      return std::min(*l, *r);
    if (l && !threadDependent(a.getRhs()))
      return l;
    if (r && !threadDependent(a.getLhs()))
      return r;
    return std::nullopt;
  }
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return std::nullopt;
  APInt c;
  using P = arith::CmpIPredicate;
  P p = cmp.getPredicate();
  if (isThreadIdX(cmp.getLhs()) && matchPattern(cmp.getRhs(), m_ConstantInt(&c))) {
    if (p == P::ult || p == P::slt)
      return c.getSExtValue();
    if (p == P::ule || p == P::sle)
      return c.getSExtValue() + 1;
  }
  if (isThreadIdX(cmp.getRhs()) && matchPattern(cmp.getLhs(), m_ConstantInt(&c))) {
    if (p == P::ugt || p == P::sgt)
      return c.getSExtValue();
    if (p == P::uge || p == P::sge)
      return c.getSExtValue() + 1;
  }
  return std::nullopt;
}

/// The threads of `kernel` (block x extent `x`) that run `op`: `x`, narrowed by
/// each enclosing `scf.if` on `tid.x < N`; none when another thread-dependent
/// condition or a branch decides whether `op` runs.
std::optional<int64_t> threadsRunning(Operation *op, gpu::GPUFuncOp kernel, int64_t x) {
  int64_t threads = x;
  for (Operation *child = op, *p = op->getParentOp(); p && child != kernel;
       child = p, p = p->getParentOp()) {
    if (p == kernel.getOperation())
      return child->getBlock() == &kernel.getBody().front() ? std::optional(threads)
                                                             : std::nullopt;
    auto branch = dyn_cast<scf::IfOp>(p);
    if (!branch) {
      if (!isa<scf::ForOp, scf::ExecuteRegionOp>(p))
        return std::nullopt; // a while loop, a switch, ...: not analyzed
      continue;
    }
    if (!threadDependent(branch.getCondition()))
      continue;
    if (child->getParentRegion() != &branch.getThenRegion())
      return std::nullopt;
    std::optional<int64_t> n = threadBound(branch.getCondition());
    if (!n)
      return std::nullopt;
    threads = std::min(threads, std::max<int64_t>(*n, 0));
  }
  return threads;
}

std::string blockText(ArrayRef<int32_t> block) {
  std::string s = "array<i32: ";
  for (auto [i, b] : llvm::enumerate(block))
    s += (i ? ", " : "") + std::to_string(b);
  return s + ">";
}

} // namespace

LogicalResult mlir::layout::checkKernelArguments(Operation *root) {
  bool ok = true;
  root->walk([&](gpu::GPUFuncOp f) {
    if (!f.isKernel())
      return;
    for (auto [i, arg] : llvm::enumerate(f.getArguments())) {
      Type t = arg.getType();
      bool tensor = isa<MemoryTensorType>(t), layout = isa<ValueType>(t);
      if (!tensor && !layout && t.getDialect().getNamespace() != "layout")
        continue;
      InFlightDiagnostic d = f.emitOpError()
                             << "kernel argument #" << i << " has the layout type " << t
                             << ": a kernel takes what a launch passes (pointers, integers, "
                                "floats), ";
      if (tensor)
        d << "so pass the tensor's pointer and the runtime leaves of its layout and make the "
             "tensor in the kernel (layout.make, layout.make_tensor)";
      else
        d << "so pass the runtime leaves of the layout and build it in the kernel (layout.make)";
      ok = false;
    }
  });
  return success(ok);
}

LogicalResult mlir::layout::checkGlobalExtents(Operation *root) {
  bool ok = true;
  root->walk([&](MakeTensorOp make) {
    std::optional<SizedGlobal> g = sizedGlobalOf(make.getPtr());
    if (!g)
      return;
    auto t = cast<MemoryTensorType>(make.getResult().getType());
    unsigned bits = t.getElementType().getIntOrFloatBitWidth();
    int64_t bytes = 0;
    rust::Result cosize =
        rust::take(layout_ffi_tensor_bytes(t.getLayout().getValueHandle(), bits, &bytes));
    if (!cosize.ok())
      return; // a runtime cosize: not seen here
    if (bytes <= g->bytes)
      return;
    make.emitOpError() << "the tensor reaches " << bytes << " bytes (cosize " << cosize.text
                       << " of " << Type(t.getLayout()) << " times " << bits
                       << " bits), past the end of @" << g->name << ", which holds " << g->bytes
                       << " bytes (" << g->type
                       << "): a tensor made from a global lies inside it";
    ok = false;
  });
  return success(ok);
}

LogicalResult mlir::layout::checkBlockWarps(Operation *root) {
  bool ok = true;
  root->walk([&](gpu::GPUFuncOp kernel) {
    std::optional<ArrayRef<int32_t>> block = kernel.getKnownBlockSize();
    if (!kernel.isKernel() || !block || block->size() != 3)
      return;
    int64_t x = (*block)[0], yz = (int64_t)(*block)[1] * (*block)[2];
    kernel.walk([&](Operation *op) {
      if (!op->getDialect() || op->getDialect()->getNamespace() != "layout")
        return;
      // tcgen05.ld/st: each warp of the fragment reads or writes its lanes, so the warps up
      // to the fragment's highest must run it (more may: a guard outside is the kernel's).
      if (std::optional<int64_t> need = tmemCopyThreads(op)) {
        std::optional<int64_t> threads = threadsRunning(op, kernel, x);
        if (threads && *threads < *need) {
          InFlightDiagnostic d = op->emitOpError() << "runs on " << *threads << " threads (";
          if (*threads == x)
            d << "known_block_size = " << blockText(*block);
          else
            d << "an enclosing scf.if on tid.x < " << *threads;
          d << "), but its fragment is moved by warps 0.." << *need / 32 - 1 << " (" << *need
            << " threads: tcgen05.ld/st moves the lanes of the warp that issues it): warps "
            << *threads / 32 << ".." << *need / 32 - 1 << " of the fragment would never move";
          ok = false;
        }
        return;
      }
      int64_t warps = 0;
      auto count = [&](Type t) {
        if (std::optional<int64_t> w = warpsOf(t))
          warps = std::max(warps, *w);
      };
      for (Type t : op->getOperandTypes())
        count(t);
      for (Type t : op->getResultTypes())
        count(t);
      if (warps == 0)
        return;
      std::optional<int64_t> threads = threadsRunning(op, kernel, x);
      if (!threads)
        return;
      if (yz != 1 && *threads == x) {
        op->emitOpError() << "runs in a block of known_block_size = " << blockText(*block)
                          << ", but the lowering finds a register tensor's lanes and warps "
                             "by tid.x alone: the "
                          << yz
                          << " threads of each tid.x would repeat its accesses (a kernel with "
                             "register tensors has a block of one dimension)";
        ok = false;
        return;
      }
      if (*threads == 32 * warps)
        return;
      InFlightDiagnostic d = op->emitOpError() << "runs on " << *threads << " threads (";
      if (*threads == x)
        d << "known_block_size = " << blockText(*block);
      else
        d << "an enclosing scf.if on tid.x < " << *threads << " of known_block_size = "
          << blockText(*block);
      d << "), but its register layouts span " << warps << " warps (" << 32 * warps
        << " threads): the threads that run a register-tensor op are exactly the warps of "
           "its layouts";
      if (*threads < 32 * warps)
        d << " (warps " << *threads / 32 << ".." << warps - 1
          << " of the layout would never be computed)";
      else
        d << "; guard it with scf.if on gpu.thread_id x < " << 32 * warps
          << " (warps " << warps << ".. would repeat the layout's warps or address past its "
          << "tile)";
      ok = false;
    });
  });
  return success(ok);
}
