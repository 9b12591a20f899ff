// The embedding examples over liblayout-c.so (examples/embed): the C program registers the
// dialect through the C API, reads the canonical text of layout attributes back
// (mlirLayoutValueAttrGetText), and runs the textual pipeline lower-to-index; the C++ program
// builds the same pipeline from the pass object mlirLayoutCreateLowerToIndexPass plus MLIR's
// C++ canonicalize and cse. Both give the index math of layout-opt --lower-to-index.
// REQUIRES: embed
// RUN: %embed_c "builtin.module(lower-to-index)" %s | FileCheck %s --check-prefixes=CHECK,TEXT
// RUN: %embed_cpp %s | FileCheck %s
// RUN: %embed_cpp %s "builtin.module(lower-to-index)" | FileCheck %s
// RUN: not %embed_c "builtin.module(no-such-pass)" %s 2>&1 | FileCheck %s --check-prefix=BADPIPE
// RUN: not %embed_cpp %s "builtin.module(no-such-pass)" 2>&1 | FileCheck %s --check-prefix=BADPIPE
// RUN: not %embed_c "builtin.module(lower-to-index)" %S/../driver/Inputs/bad_attr.mlir 2>&1 | FileCheck %s --check-prefix=BADIN
// RUN: not %embed_cpp %S/../driver/Inputs/bad_attr.mlir 2>&1 | FileCheck %s --check-prefix=BADIN
// RUN: not %embed_c 2>&1 | FileCheck %s --check-prefix=USAGE

// TEXT: // layout.const Sw<3,4,3> o 0 o (8,64):(64,1)
// TEXT-NEXT: // layout.const ((2,4),8):((1,16),2)

// Sw<3,4,3> o 0 o (8,64):(64,1): x = (i mod 8) * 64 + i / 8, then x ^ ((x & 896) >> 3).
// CHECK-LABEL: func.func @swizzled
// CHECK-DAG: %[[C896:.*]] = arith.constant 896 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C7]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shli %[[A]], %[[C6]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[C:.*]] = arith.shrui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[B]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[E:.*]] = arith.andi %[[D]], %[[C896]] : index
// CHECK-NEXT: %[[F:.*]] = arith.shrui %[[E]], %[[C3]] : index
// CHECK-NEXT: %[[G:.*]] = arith.xori %[[D]], %[[F]] : index
// CHECK-NEXT: return %[[G]] : index
func.func @swizzled(%i: index) -> index {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  return %o : index
}

// The size of a static layout folds to a constant; no layout op is left.
// CHECK-LABEL: func.func @size
// CHECK-NEXT: %[[S:.*]] = arith.constant 64 : index
// CHECK-NEXT: return %[[S]] : index
// CHECK-NOT: layout.
func.func @size() -> index {
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %s = layout.size %l : !layout.layout<((2,4),8):((1,16),2)>
  return %s : index
}

// BADPIPE: 'no-such-pass' does not refer to a registered pass or pass pipeline
// BADPIPE: bad pipeline 'builtin.module(no-such-pass)'
// BADIN: bad_attr.mlir":4:45): error: expected an integer, '?', '_' or '(', found 'x'
// BADIN: cannot parse {{.*}}bad_attr.mlir
// USAGE: usage: {{.*}}layout-embed-c PIPELINE FILE (liblayout-c 0.1.0)
