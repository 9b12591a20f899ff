//===- TensorMapEncoder.cpp - host functions derived from a kernel's TMA use ----===//
//
// A kernel that copies with TMA reads its tensor maps from arguments, and a host
// function must encode them (cuTensorMapEncodeTiled) with the global tensor's
// extents and strides and the box of the kernel's copies. Written by hand, that
// function repeats what the kernel states: the layout of each global tensor (as
// a function of the kernel's size arguments) and the shared tile each copy
// moves, halved for a multicast load, split into swizzle spans for a wide tile.
//
// `layout.tensor_map_encoder = @name` on a `gpu.func` kernel asks
// `--layout-lower-tensors` for that function, derived from the kernel:
//
//   func.func @name(%map_1: !llvm.ptr, %data_1: !llvm.ptr, ...,   one pair per map
//                   %s_1: T_1, ...) -> i32                        the kernel's integer
//                                                                 and index arguments
//
// A kernel argument is a map when `layout.make_tensor` makes a `tma` tensor of
// it; the pairs follow the order of those arguments, the sizes theirs. For each
// map, with L the layout operand of its make_tensor:
//
//   - L's computation in the kernel (its backward slice: pure arith and layout
//     ops without regions, reaching only the kernel's integer arguments and
//     constants) is cloned into the host function, the kernel's arguments
//     replaced by the host's;
//   - the box is the shared tile of the kernel's `layout.tma_copy`s of the map's
//     tensor (through `layout.local_tile`s): the shared operand's layout, with
//     mode 0 cut in n slices for `multicast = n` (the slice one CTA loads). All
//     copies of one map must move the same tile; the tile's boxes follow from
//     it (hw::tma_desc) on both sides;
//   - `layout.encode_tensor_map %map_i, make_tensor(%data_i, L) {smem = box}`
//     gives the status; when the kernel asks `layout.tma_encodable` of the map's
//     tensor, the map is optional: the host encodes it only when the same
//     predicate holds on the same layout (else its status is 0 and the map is
//     left as it was), as the kernel uses it only then.
//
// The statuses are or-ed: 0 when every map the kernel may use was encoded.
//
//===----------------------------------------------------------------------===//

#include "LayoutNvvm.h"

#include "Layout/LayoutDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::layout;

namespace {

/// The attribute on a kernel that names the host function to derive.
constexpr StringLiteral kEncoderAttr = "layout.tensor_map_encoder";

/// One tensor map of the kernel: its argument, the make_tensor of its tma
/// tensor, the box (shared tile of one TMA copy) and whether the kernel asks
/// `layout.tma_encodable` of it.
struct KernelMap {
  BlockArgument arg;
  MakeTensorOp make;
  ValueType box;
  bool optional = false;
};

/// The shared tile one CTA's TMA of `copy` moves: the shared operand's layout,
/// mode 0 cut in `multicast` slices.
FailureOr<ValueType> boxOf(TmaCopyOp copy) {
  bool load = isa<MemoryTensorType>(copy.getSrc().getType()) &&
              cast<MemoryTensorType>(copy.getSrc().getType()).getSpace() == MemorySpace::tma;
  auto shared = cast<MemoryTensorType>((load ? copy.getDst() : copy.getSrc()).getType());
  ValueType layout = shared.getLayout();
  std::optional<uint64_t> n = copy.getMulticast();
  if (!n)
    return layout;
  // The slice one CTA loads (the same layout at every cluster rank).
  FailureOr<MulticastSlicePlan> plan = multicastSlice(copy, layout, (int64_t)*n);
  if (failed(plan))
    return failure();
  return plan->tile.tile;
}

/// The maps of `kernel`, in the order of its arguments, with their boxes.
FailureOr<SmallVector<KernelMap>> kernelMaps(gpu::GPUFuncOp kernel) {
  SmallVector<KernelMap> maps;
  for (BlockArgument arg : kernel.getArguments()) {
    SmallVector<MakeTensorOp> makes;
    for (Operation *user : arg.getUsers())
      if (auto make = dyn_cast<MakeTensorOp>(user))
        if (cast<MemoryTensorType>(make.getType()).getSpace() == MemorySpace::tma)
          makes.push_back(make);
    if (makes.empty())
      continue;
    if (makes.size() > 1)
      return makes[1].emitOpError()
             << "makes a second tma tensor of kernel argument " << arg.getArgNumber()
             << ": " << kEncoderAttr << " derives one tensor map per argument";
    KernelMap map{arg, makes.front(), ValueType(), false};
    // The copies and tma_encodable queries of the tensor, through local_tile.
    SmallVector<Value> work{map.make.getResult()};
    TmaCopyOp first;
    while (!work.empty()) {
      Value t = work.pop_back_val();
      for (Operation *user : t.getUsers()) {
        if (auto tile = dyn_cast<LocalTileOp>(user)) {
          work.push_back(tile.getResult());
        } else if (isa<TmaEncodableOp>(user)) {
          map.optional = true;
        } else if (auto copy = dyn_cast<TmaCopyOp>(user)) {
          FailureOr<ValueType> box = boxOf(copy);
          if (failed(box))
            return failure();
          if (!first) {
            first = copy;
            map.box = *box;
          } else if (*box != map.box) {
            InFlightDiagnostic d = copy.emitOpError()
                                   << "moves the shared tile " << Type(*box)
                                   << " through the tensor map of kernel argument "
                                   << arg.getArgNumber() << ", another copy the tile "
                                   << Type(map.box)
                                   << ": one map has one box, so its copies must agree";
            d.attachNote(first.getLoc()) << "the other copy";
            return failure();
          }
        }
      }
    }
    if (!first)
      return map.make.emitOpError()
             << "makes a tma tensor of kernel argument " << arg.getArgNumber()
             << " that no layout.tma_copy reads or writes: " << kEncoderAttr
             << " has no box to encode its map with";
    maps.push_back(map);
  }
  return maps;
}

/// Whether `op` may be cloned into a host function: pure, without regions, of
/// the arith or layout dialect.
bool hostComputable(Operation *op) {
  StringRef ns = op->getName().getDialectNamespace();
  return (ns == "arith" || ns == "layout") && op->getNumRegions() == 0 && isPure(op);
}

/// Clones the computation of `v` (a value of `kernel`) into the builder's
/// insertion point, the kernel's arguments mapped by `mapping`; an error at
/// `at` names the first op or argument the host cannot compute.
FailureOr<Value> cloneSlice(OpBuilder &b, Value v, IRMapping &mapping, Operation *at,
                            int64_t argument) {
  if (Value known = mapping.lookupOrNull(v))
    return known;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (!isa<gpu::GPUFuncOp>(arg.getOwner()->getParentOp()))
      return at->emitOpError()
             << "computes the layout of the tensor map of kernel argument " << argument
             << " from an argument of a block inside the kernel (a loop's induction variable, "
                "say): the derived host function computes it from the kernel's arguments";
    return at->emitOpError() << "computes the layout of the tensor map of kernel argument "
                             << argument << " from kernel argument " << arg.getArgNumber()
                             << " of type " << arg.getType()
                             << ": the derived host function takes the kernel's integer and "
                                "index arguments only";
  }
  Operation *def = v.getDefiningOp();
  if (!hostComputable(def)) {
    InFlightDiagnostic d = at->emitOpError()
                           << "computes the layout of the tensor map of kernel argument "
                           << argument << " with '" << def->getName()
                           << "', which the host cannot compute (only pure arith and layout "
                              "ops without regions are cloned into the derived host function)";
    d.attachNote(def->getLoc()) << "computed here";
    return failure();
  }
  for (Value operand : def->getOperands())
    if (failed(cloneSlice(b, operand, mapping, at, argument)))
      return failure();
  Operation *copy = b.clone(*def, mapping);
  return copy->getResult(cast<OpResult>(v).getResultNumber());
}

/// The host function of `kernel` named `name`, put in `module` before the
/// kernel's gpu.module.
LogicalResult deriveEncoder(gpu::GPUFuncOp kernel, FlatSymbolRefAttr name, ModuleOp module,
                            gpu::GPUModuleOp gpuModule) {
  if (SymbolTable::lookupSymbolIn(module, name.getAttr()))
    return kernel.emitOpError() << "asks for the host function " << name
                                << " with " << kEncoderAttr
                                << ", but the module already has a symbol of that name";
  FailureOr<SmallVector<KernelMap>> maps = kernelMaps(kernel);
  if (failed(maps))
    return failure();
  if (maps->empty())
    return kernel.emitOpError() << "asks for a host function with " << kEncoderAttr
                                << " but makes no tma tensor of an argument";
  MLIRContext *ctx = kernel.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  SmallVector<Type> inputs;
  for (const KernelMap &map : *maps) {
    if (!isa<LLVM::LLVMPointerType>(map.arg.getType()))
      return kernel.emitOpError() << "kernel argument " << map.arg.getArgNumber()
                                  << " holds a tensor map, an !llvm.ptr, found "
                                  << map.arg.getType();
    inputs.append({ptr, ptr});
  }
  SmallVector<BlockArgument> sizes;
  for (BlockArgument arg : kernel.getArguments())
    if (isa<IntegerType, IndexType>(arg.getType())) {
      sizes.push_back(arg);
      inputs.push_back(arg.getType());
    }
  OpBuilder b(ctx);
  b.setInsertionPoint(gpuModule);
  Location loc = kernel.getLoc();
  auto fn = func::FuncOp::create(b, loc, name.getValue(),
                                 b.getFunctionType(inputs, {b.getI32Type()}));
  Block *body = fn.addEntryBlock();
  b.setInsertionPointToStart(body);
  IRMapping mapping;
  for (auto [i, arg] : llvm::enumerate(sizes))
    mapping.map(arg, body->getArgument(2 * maps->size() + i));
  Value status = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  for (auto [i, map] : llvm::enumerate(*maps)) {
    FailureOr<Value> layout =
        cloneSlice(b, map.make.getLayout(), mapping, map.make, map.arg.getArgNumber());
    if (failed(layout)) {
      fn.erase();
      return failure();
    }
    auto kernelType = cast<MemoryTensorType>(map.make.getType());
    auto global = MemoryTensorType::get(ctx, kernelType.getElementType(), MemorySpace::global,
                                        kernelType.getLayout());
    Value mapPtr = body->getArgument(2 * i), data = body->getArgument(2 * i + 1);
    Value tensor = MakeTensorOp::create(b, loc, global, data, *layout);
    auto encode = [&](OpBuilder &at) {
      return EncodeTensorMapOp::create(at, loc, at.getI32Type(), mapPtr, tensor,
                                       map.box.getValueAttr())
          .getResult();
    };
    Value s;
    if (map.optional) {
      Value ok = TmaEncodableOp::create(b, loc, b.getI1Type(), tensor);
      auto branch = scf::IfOp::create(
          b, loc, ok,
          [&](OpBuilder &then, Location l) { scf::YieldOp::create(then, l, encode(then)); },
          [&](OpBuilder &other, Location l) {
            scf::YieldOp::create(other, l,
                                 ValueRange{arith::ConstantIntOp::create(other, l,
                                                                         other.getI32Type(), 0)});
          });
      s = branch.getResult(0);
    } else {
      s = encode(b);
    }
    status = arith::OrIOp::create(b, loc, status, s);
  }
  func::ReturnOp::create(b, loc, status);
  return success();
}

} // namespace

LogicalResult mlir::layout::deriveTensorMapEncoders(Operation *root) {
  SmallVector<gpu::GPUFuncOp> kernels;
  root->walk([&](gpu::GPUFuncOp f) {
    if (f->hasAttr(kEncoderAttr))
      kernels.push_back(f);
  });
  for (gpu::GPUFuncOp kernel : kernels) {
    auto name = kernel->getAttrOfType<FlatSymbolRefAttr>(kEncoderAttr);
    if (!name)
      return kernel.emitOpError() << kEncoderAttr
                                  << " names the host function to derive: a symbol (@name), found "
                                  << kernel->getAttr(kEncoderAttr);
    auto gpuModule = kernel->getParentOfType<gpu::GPUModuleOp>();
    auto module = gpuModule ? gpuModule->getParentOfType<ModuleOp>() : ModuleOp();
    if (!module)
      return kernel.emitOpError() << kEncoderAttr
                                  << " puts the host function beside the kernel's gpu.module, "
                                     "in the module that holds it: the kernel has none";
    if (failed(deriveEncoder(kernel, name, module, gpuModule)))
      return failure();
    kernel->removeAttr(kEncoderAttr);
  }
  return success();
}
