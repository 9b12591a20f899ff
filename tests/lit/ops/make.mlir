// layout.make: layouts with runtime `?` leaves; ops on them keep their results symbolic.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @dynamic
// FOLD-LABEL: func.func @dynamic
func.func @dynamic(%m: index, %ld: index) -> index {
  // CHECK: %[[L:.*]] = layout.make %{{.*}}, %{{.*}} : !layout.layout<(?,8):(1,?)>
  %l = layout.make %m, %ld : !layout.layout<(?,8):(1,?)>
  // CHECK: layout.size %[[L]] : !layout.layout<(?,8):(1,?)>
  // FOLD: layout.size
  %s = layout.size %l : !layout.layout<(?,8):(1,?)>
  return %s : index
}

// A static layout.make folds to a constant.
// FOLD-LABEL: func.func @static
func.func @static() -> !layout.layout<(4,8):(8,1)> {
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  // FOLD-NEXT: return %[[C]]
  %l = layout.make : !layout.layout<(4,8):(8,1)>
  return %l : !layout.layout<(4,8):(8,1)>
}

// An op on runtime leaves has the result type C++'s types give: which leaves are static
// follows C++ (complement's gap after the runtime extent is a runtime value).
// CHECK-LABEL: func.func @unknown
func.func @unknown(%m: index) -> !layout.layout<(?,?):(?,32)> {
  %l = layout.make %m : !layout.layout<(?,8):(1,4)>
  // CHECK: layout.complement %{{.*}} : !layout.layout<(?,8):(1,4)>
  %c = layout.complement %l : !layout.layout<(?,8):(1,4)>
  return %c : !layout.layout<(?,?):(?,32)>
}
