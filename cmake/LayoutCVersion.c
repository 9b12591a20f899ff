/*===- LayoutCVersion.c - version of liblayout-c.so -----------------------===*/

#include "layout-c/Layout.h"

const char *mlirLayoutGetVersion(void) { return LAYOUT_C_VERSION; }
