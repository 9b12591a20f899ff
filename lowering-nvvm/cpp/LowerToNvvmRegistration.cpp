//===- LowerToNvvmRegistration.cpp - pass and pipeline registry entries ---===//
//
// The hardware-op lowering is MLIR's dialect conversion (cpp/HardwareOpLowering.cpp,
// with the Rust lowering of each op), the PTX writer a Rust pass (src/ptx.rs); MLIR's
// pass registry has no C API, so this file registers them: the flag
// `--layout-lower-to-nvvm` and the named pipeline `--lower-to-nvvm` with the
// options `ptx=<file>` (emit PTX for `chip` through LLVM's NVPTX backend in
// process and write it to <file>) and `chip=<sm_90a>`.
//
//===----------------------------------------------------------------------===//

#include "LayoutNvvm.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

#include <string>

extern "C" MlirPass layout_nvvm_create_lower_to_index_pass(void);
extern "C" MlirPass layout_nvvm_create_write_ptx_pass(const char *path, size_t len);

namespace {
std::unique_ptr<mlir::Pass> createLower() {
  return mlir::layout::createLowerHardwareOpsPass();
}

struct LowerToNvvmOptions : public mlir::PassPipelineOptions<LowerToNvvmOptions> {
  Option<std::string> ptx{*this, "ptx",
                          llvm::cl::desc("write the PTX of every gpu.module to this file "
                                         "(LLVM NVPTX backend, in process); - for stdout"),
                          llvm::cl::init("")};
  Option<std::string> chip{*this, "chip", llvm::cl::desc("target SM (wgmma needs sm_90a)"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> features{*this, "features", llvm::cl::desc("PTX ISA features"),
                               llvm::cl::init("+ptx80")};
};

/// The SM number of a chip name (`sm_90a` -> 90; 90 when it is not of that form).
int64_t smOf(llvm::StringRef chip) {
  int64_t sm = 0;
  if (!chip.consume_front("sm_") || chip.consumeInteger(10, sm))
    return 90;
  return sm;
}

void buildPipeline(mlir::OpPassManager &pm, const LowerToNvvmOptions &o) {
  // Tensors in memory resolved at their copies (pointer, strides, bounds of partial tiles).
  pm.addPass(mlir::layout::createLowerTensorsPass(smOf(o.chip)));
  // Register tensors (tensors encoded by #layout.linear) to structs of registers, their
  // conversions to layout.convert, which the next pass lowers.
  pm.addPass(mlir::layout::createLowerRegisterTensorsPass(smOf(o.chip)));
  pm.addPass(mlir::layout::createLowerHardwareOpsPass(smOf(o.chip)));
  // The index math of the layout ops the hardware lowering leaves (crd2idx, size, ... in
  // kernels and host code, with runtime leaves computed in place).
  pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(layout_nvvm_create_lower_to_index_pass())));
  std::string p = "canonicalize,cse,convert-scf-to-cf,"
                  "nvvm-attach-target{chip=" + o.chip + " features=" + o.features + " O=3},"
                  "gpu.module(convert-gpu-to-nvvm),convert-nvvm-to-llvm,"
                  "convert-func-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,"
                  "reconcile-unrealized-casts,canonicalize,cse";
  if (mlir::failed(mlir::parsePassPipeline(p, pm)))
    llvm::report_fatal_error("lower-to-nvvm: cannot build the upstream pipeline");
  if (!o.ptx.empty()) {
    if (mlir::failed(mlir::parsePassPipeline("gpu-module-to-binary{format=isa}", pm)))
      llvm::report_fatal_error("lower-to-nvvm: cannot add gpu-module-to-binary");
    pm.addPass(std::unique_ptr<mlir::Pass>(
        unwrap(layout_nvvm_create_write_ptx_pass(o.ptx.data(), o.ptx.size()))));
  }
}
} // namespace

extern "C" void layout_nvvm_register_passes(void) {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  mlir::registerPass(createLower);
  mlir::registerPass([] { return mlir::layout::createLowerRegisterTensorsPass(); });
  mlir::registerPass([] { return mlir::layout::createLowerTensorsPass(); });
  mlir::PassPipelineRegistration<LowerToNvvmOptions>(
      "lower-to-nvvm",
      "Lower layout.ldmatrix/stmatrix/wgmma_desc/wgmma/tma_* to NVVM and the LLVM dialect "
      "(descriptor bits folded to constants); ptx=<file> also emits PTX for chip (sm_90a)",
      buildPipeline);
}
