/*===- layout-c/Passes.h - passes and pipelines of the layout dialect -*- C -*-===*/
/*                                                                            */
/* Part of liblayout-c.so (docs/embedding.md). The passes are Rust (crates    */
/* layout-lowering, layout-lowering-nvvm) behind this C interface.            */
/*                                                                            */
/*   MlirDialectRegistry r = mlirDialectRegistryCreate();                     */
/*   mlirRegisterAllDialects(r);          // upstream (RegisterEverything.h)  */
/*   mlirLayoutRegisterDialects(r);       // layout + its Hopper ops          */
/*   MlirContext ctx = mlirContextCreateWithRegistry(r, false);               */
/*   mlirRegisterAllPasses();             // upstream passes the pipelines use*/
/*   mlirLayoutRegisterAllPasses();                                           */
/*   ... mlirParsePassPipeline(opm, "builtin.module(lower-to-index)", ...)    */
/*                                                                            */
/*===----------------------------------------------------------------------===*/

#ifndef LAYOUT_C_PASSES_H
#define LAYOUT_C_PASSES_H

#include "layout-c/Dialect.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Register every pass and named pipeline of the layout dialect with MLIR's
/// global pass registry (idempotent):
///   layout-canonicalize     the dialect's folders and canonicalizations
///   layout-lower-to-index   layout.crd2idx/idx2crd/... to arith index math
///   lower-to-index          layout-lower-to-index (its output is already
///                           folded: no canonicalize/cse follows)
///   layout-lower-to-nvvm    ldmatrix/stmatrix/wgmma(_desc)/tma_* to NVVM
///   lower-to-nvvm           layout-lower-to-nvvm and the upstream conversions
///                           to the LLVM dialect; options ptx=<file> (emit PTX
///                           through LLVM's NVPTX backend), chip=<sm_90a>,
///                           features=<+ptx80>
/// The pipelines name upstream passes (canonicalize, cse, convert-*-to-llvm,
/// gpu-module-to-binary): register those too (mlirRegisterAllPasses).
MLIR_CAPI_EXPORTED void mlirLayoutRegisterAllPasses(void);

/// A new `layout-lower-to-index` pass, owned by the caller (for example by
/// mlirPassManagerAddOwnedPass). It runs on any op.
MLIR_CAPI_EXPORTED MlirPass mlirLayoutCreateLowerToIndexPass(void);

/// A new `layout-lower-to-nvvm` pass, owned by the caller. It runs on a
/// module (tma_desc declares a function there).
MLIR_CAPI_EXPORTED MlirPass mlirLayoutCreateLowerToNvvmPass(void);

/// Insert the `layout` dialect and its Hopper ops (layout.ldmatrix,
/// layout.stmatrix, layout.lane_offset, layout.wgmma_desc, layout.wgmma,
/// layout.tma_desc, layout.tma_load, layout.tma_store) into `registry`, with the
/// LLVM IR translations and the NVVM target interface that
/// `lower-to-nvvm{ptx=...}` needs. mlirGetDialectHandle__layout__() alone
/// gives the dialect without the Hopper ops.
MLIR_CAPI_EXPORTED void mlirLayoutRegisterDialects(MlirDialectRegistry registry);

#ifdef __cplusplus
}
#endif

#endif /* LAYOUT_C_PASSES_H */
