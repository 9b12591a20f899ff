// Round trip of layout.const for every attribute kind; canonical printing.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @kinds
func.func @kinds() {
  // CHECK: layout.const #layout.layout<((2,4),8):((1,16),2)>
  // GENERIC: "layout.const"() <{value = #layout.layout<((2,4),8):((1,16),2)>}> : () -> !layout.layout<((2,4),8):((1,16),2)>
  %0 = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // Whitespace and `_N` static marks are not kept: printing is canonical.
  // CHECK: layout.const #layout.layout<(4,8):(8,1)>
  %1 = layout.const #layout.layout< ( _4 , 8 ) : ( 8 ,_1 ) >
  // `8:1` and `(8):(1)` are distinct.
  // CHECK: layout.const #layout.layout<8:1>
  %2 = layout.const #layout.layout<8:1>
  // CHECK: layout.const #layout.layout<(8):(1)>
  %3 = layout.const #layout.layout<(8):(1)>
  // CHECK: layout.const #layout.swizzle<3,4,3>
  // GENERIC: "layout.const"() <{value = #layout.swizzle<3,4,3>}> : () -> !layout.swizzle<3,4,3>
  %4 = layout.const #layout.swizzle<3, 4, 3>
  // A swizzle written as a layout prints as a swizzle.
  // CHECK: layout.const #layout.swizzle<2,4,3>
  %5 = layout.const #layout.layout<Sw<2,4,3>>
  // CHECK: layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %6 = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  // CHECK: layout.const #layout.tiler<[4:1,_]>
  // GENERIC: -> !layout.tiler<[4:1,_]>
  %7 = layout.const #layout.tiler<[4:1, _]>
  // CHECK: layout.const #layout.tuple<(_,2)>
  %8 = layout.const #layout.tuple<(_,2)>
  // CHECK: layout.const #layout.tuple<24>
  %9 = layout.const #layout.tuple<24>
  // Scaled-basis strides.
  // CHECK: layout.const #layout.layout<(4,8):(1@0,1@1)>
  %10 = layout.const #layout.layout<(4,8):(1@0,1@1)>
  return
}
