// layout-opt's malloc is mimalloc, for MLIR's C++ as well as for Rust (src/main.rs): the
// executable itself defines malloc, free and the aligned and sized variants, so the dynamic
// linker binds libstdc++'s operator new and every other caller in the process to them, and
// mimalloc initializes when the process starts.
// UNSUPPORTED: plugin-driver
// RUN: llvm-nm -D --defined-only %layout_opt_bin | FileCheck %s --check-prefix=SYMBOLS
// RUN: env MIMALLOC_VERBOSE=1 layout-opt %s 2>&1 | FileCheck %s --check-prefix=INIT

// SYMBOLS-DAG: {{ T }}malloc{{$}}
// SYMBOLS-DAG: {{ T }}free{{$}}
// SYMBOLS-DAG: {{ T }}calloc{{$}}
// SYMBOLS-DAG: {{ T }}realloc{{$}}
// SYMBOLS-DAG: {{ T }}posix_memalign{{$}}
// SYMBOLS-DAG: {{ T }}aligned_alloc{{$}}
// SYMBOLS-DAG: {{ T }}malloc_usable_size{{$}}

// Version 2 (version 3 held more memory at peak on the fold benchmark: tools/layout-opt/src/main.rs).
// INIT: mimalloc: process init
// INIT: mimalloc: v2.
// INIT: func.func @f
func.func @f() {
  return
}
