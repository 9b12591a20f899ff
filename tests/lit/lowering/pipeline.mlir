// The `lower-to-index` pipeline lowers each function on the context's threads (the pass, then
// canonicalize and cse), then what lies outside the functions (here: inside a non-isolated
// top-level op). The output, and the diagnostics in order, are those of one
// `layout-lower-to-index` run over the whole module followed by canonicalize and cse.
// UNSUPPORTED: plugin-driver
// RUN: layout-opt %s --allow-unregistered-dialect --lower-to-index -o %t.par
// RUN: layout-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(layout-lower-to-index,canonicalize,cse)' --mlir-disable-threading -o %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s --input-file=%t.par
// RUN: layout-opt %s --allow-unregistered-dialect --lower-to-index --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING

// CHECK-LABEL: func.func @first(
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[R:.*]] = arith.andi %arg0, %[[C3]] : index
// CHECK-NEXT: return %[[R]] : index
func.func @first(%i: index) -> index {
  %l = layout.const #layout.layout<(4,2):(1,0)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,2):(1,0)>
  return %o : index
}

// CHECK: "test.wrap"() ({
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[I:.*]] = "test.index"() : () -> index
// CHECK-NEXT: %[[M:.*]] = arith.shli %[[I]], %[[C3]] overflow<nsw, nuw> : index
// CHECK-NEXT: "test.use"(%[[M]]) : (index) -> ()
// CHECK-NOT: layout.
"test.wrap"() ({
  %i = "test.index"() : () -> index
  %l = layout.const #layout.layout<16:8>
  %o = layout.crd2idx %l[%i] : !layout.layout<16:8>
  "test.use"(%o) : (index) -> ()
}) : () -> ()

// CHECK-LABEL: func.func @second(
// CHECK-NOT: layout.
func.func @second(%i: index) -> index {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,8):(8,1)>
  return %o : index
}

// TIMING: 'any' Pipeline
// TIMING-NEXT: LayoutLowerToIndex
// TIMING-NEXT: Canonicalizer
// TIMING-NEXT: CSE
// TIMING: LayoutLowerToIndexOutsideIsolated
