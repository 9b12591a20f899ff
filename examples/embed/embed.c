/*===- embed.c - the layout dialect from C, through liblayout-c.so --------===*/
/*                                                                            */
/*   layout-embed-c PIPELINE FILE                                             */
/*                                                                            */
/* Registers MLIR's dialects and the layout dialect (with its Hopper ops),    */
/* every upstream and layout pass and pipeline, parses FILE, prints the       */
/* canonical CuTe text of every layout.const, runs the textual PIPELINE (e.g. */
/* "builtin.module(lower-to-index)" or                                        */
/* "builtin.module(lower-to-nvvm{ptx=out.ptx})") and prints the module.       */
/* Exit code 0 on success, 1 when parsing or a pass fails (MLIR's diagnostics */
/* go to stderr), 2 on bad usage.                                             */
/*                                                                            */
/*===----------------------------------------------------------------------===*/

#include "layout-c/Layout.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <string.h>

static void write_to(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, (FILE *)stream);
}

/* Prints "layout.const <text>" for each layout.const op (walk callback). */
static MlirWalkResult print_const(MlirOperation op, void *user) {
  (void)user;
  MlirIdentifier name = mlirOperationGetName(op);
  MlirStringRef s = mlirIdentifierStr(name);
  if (s.length == 12 && strncmp(s.data, "layout.const", 12) == 0) {
    MlirAttribute value = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
    if (!mlirAttributeIsNull(value) && mlirAttributeIsALayoutValue(value)) {
      MlirStringRef text = mlirLayoutValueAttrGetText(value);
      printf("// layout.const %.*s\n", (int)text.length, text.data);
    }
  }
  return MlirWalkResultAdvance;
}

static void print_error(MlirStringRef text, void *user) {
  (void)user;
  fprintf(stderr, "%.*s", (int)text.length, text.data);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PIPELINE FILE   (liblayout-c %s)\n", argv[0],
            mlirLayoutGetVersion());
    return 2;
  }
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirLayoutRegisterDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllPasses();
  mlirLayoutRegisterAllPasses();

  int status = 1;
  /* Diagnostics (with FILE:line:col) go to stderr through MLIR's default handler. */
  MlirModule module = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(argv[2]));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "%s: cannot parse %s\n", argv[0], argv[2]);
    goto done;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  mlirOperationWalk(op, print_const, NULL, MlirWalkPreOrder);

  MlirPassManager pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm), mlirStringRefCreateFromCString(argv[1]),
          print_error, NULL))) {
    fprintf(stderr, "\n%s: bad pipeline '%s'\n", argv[0], argv[1]);
  } else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, op))) {
    fprintf(stderr, "%s: the pipeline failed\n", argv[0]);
  } else {
    mlirOperationPrint(op, write_to, stdout);
    printf("\n");
    status = 0;
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
done:
  mlirContextDestroy(ctx);
  return status;
}
