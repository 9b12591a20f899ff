//===- LayoutNvgpuOps.cpp - verifiers and registration of the NVGPU ops ---===//
//
// Glue only: each verifier is the Rust function layout_nvvm_verify_op
// (src/verify.rs), which reads the op through the C API and runs the hardware
// rules of layout_algebra::hw. The ODS accessors of
// the layout operands are exported for Rust (mlirLayoutNvLayoutOperand).
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "LayoutNvvm.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVM/NVVM/Target.h"

#define GET_OP_CLASSES
#include "LayoutNvgpuOps.h.inc"

extern "C" {
/// The verifier of a hardware op: true when valid, else false with the error emitted.
bool layout_nvvm_verify_op(MlirOperation op);
}

using namespace mlir;
using namespace mlir::layout;

static LogicalResult rustVerify(Operation *op) { return success(layout_nvvm_verify_op(wrap(op))); }

LogicalResult LdmatrixOp::verify() { return rustVerify(*this); }
LogicalResult StmatrixOp::verify() { return rustVerify(*this); }
LogicalResult LaneOffsetOp::verify() { return rustVerify(*this); }
LogicalResult WgmmaDescOp::verify() { return rustVerify(*this); }
LogicalResult WgmmaOp::verify() { return rustVerify(*this); }
LogicalResult FragmentStoreOp::verify() { return rustVerify(*this); }
LogicalResult ConvertOp::verify() { return rustVerify(*this); }
LogicalResult TmaDescOp::verify() { return rustVerify(*this); }
LogicalResult TmaLoadOp::verify() { return rustVerify(*this); }
LogicalResult TmaStoreOp::verify() { return rustVerify(*this); }
LogicalResult UmmaDescOp::verify() { return rustVerify(*this); }
LogicalResult Tcgen05MmaOp::verify() { return rustVerify(*this); }
LogicalResult TmemLoadOp::verify() { return rustVerify(*this); }
LogicalResult TmemStoreOp::verify() { return rustVerify(*this); }
LogicalResult Tcgen05CpOp::verify() { return rustVerify(*this); }

#define GET_OP_CLASSES
#include "LayoutNvgpuOps.cpp.inc"

namespace {
SmallVector<std::pair<StringRef, Value>, 2> layoutParams(Operation *op) {
  using Params = SmallVector<std::pair<StringRef, Value>, 2>;
  return llvm::TypeSwitch<Operation *, Params>(op)
      .Case<FragmentStoreOp>([](auto o) {
        return Params{{"fragment", o.getFragmentLayout()}};
      })
      .Case<LdmatrixOp, StmatrixOp, LaneOffsetOp>([](auto o) {
        return Params{{"smem", o.getSmemLayout()},
                      {"fragment", o.getFragmentLayout()}};
      })
      .Case<TmaDescOp, TmaLoadOp, TmaStoreOp>([](auto o) {
        return Params{{"gmem", o.getGmemLayout()}, {"smem", o.getSmemLayout()}};
      })
      .Case<WgmmaDescOp, UmmaDescOp, Tcgen05CpOp>(
          [](auto o) { return Params{{"tile", o.getTileLayout()}}; })
      .Case<TmemLoadOp, TmemStoreOp>([](auto o) {
        return Params{{"tmem", o.getTmemLayout()},
                      {"fragment", o.getFragmentLayout()}};
      })
      .Default([](Operation *) { return Params{}; });
}
} // namespace

/// The name of a `#layout.major` attribute (`K`, `MN`); empty for any other
/// attribute (element types are named by dialect/src/element_types.rs).
extern "C" MlirStringRef mlirLayoutNvParamName(MlirAttribute attr) {
  auto m = dyn_cast<MajorAttr>(unwrap(attr));
  return wrap(m ? stringifyMajor(m.getValue()) : StringRef());
}

/// Layout parameter `index` of a hardware op that an operand may give instead of
/// the attribute: its name (empty past the last), and in `operand` the operand
/// (null when absent).
extern "C" MlirStringRef mlirLayoutNvLayoutOperand(MlirOperation op, intptr_t index,
                                                   MlirValue *operand) {
  auto params = layoutParams(unwrap(op));
  if (index < 0 || index >= (intptr_t)params.size())
    return wrap(StringRef());
  *operand = wrap(params[index].second);
  return wrap(params[index].first);
}

void mlir::layout::registerNvgpuOps(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, LayoutDialect *dialect) {
    RegisteredOperationName::insert<LdmatrixOp>(*dialect);
    RegisteredOperationName::insert<StmatrixOp>(*dialect);
    RegisteredOperationName::insert<LaneOffsetOp>(*dialect);
    RegisteredOperationName::insert<WgmmaDescOp>(*dialect);
    RegisteredOperationName::insert<WgmmaOp>(*dialect);
    RegisteredOperationName::insert<FragmentStoreOp>(*dialect);
    RegisteredOperationName::insert<ConvertOp>(*dialect);
    RegisteredOperationName::insert<TmaDescOp>(*dialect);
    RegisteredOperationName::insert<TmaLoadOp>(*dialect);
    RegisteredOperationName::insert<TmaStoreOp>(*dialect);
    RegisteredOperationName::insert<UmmaDescOp>(*dialect);
    RegisteredOperationName::insert<Tcgen05MmaOp>(*dialect);
    RegisteredOperationName::insert<TmemLoadOp>(*dialect);
    RegisteredOperationName::insert<TmemStoreOp>(*dialect);
    RegisteredOperationName::insert<Tcgen05CpOp>(*dialect);
  });
  registerAllToLLVMIRTranslations(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
}

extern "C" void layout_nvvm_register_ops(void *registry) {
  mlir::layout::registerNvgpuOps(*static_cast<DialectRegistry *>(registry));
}
