/*===- layout-c/Layout.h - the C API of liblayout-c.so ------------*- C -*-===*/
/*                                                                            */
/* One include for all of liblayout-c.so: the dialect (Dialect.h), its passes */
/* and pipelines (Passes.h). The upstream MLIR C API (mlir-c/...) is in the   */
/* same library. docs/embedding.md has a complete example.                    */
/*                                                                            */
/*===----------------------------------------------------------------------===*/

#ifndef LAYOUT_C_LAYOUT_H
#define LAYOUT_C_LAYOUT_H

#include "layout-c/Dialect.h"
#include "layout-c/Passes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The version of liblayout-c.so ("major.minor.patch").
MLIR_CAPI_EXPORTED const char *mlirLayoutGetVersion(void);

#ifdef __cplusplus
}
#endif

#endif /* LAYOUT_C_LAYOUT_H */
