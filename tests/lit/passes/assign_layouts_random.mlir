// --layout-assign-layouts on 120 random functions (Inputs/random_assignment.py: five 64x64
// register layouts, sources and sinks in random layouts, elementwise chains, splat constants,
// f16/f32 casts, converts placed at random, scf.for loops of constant and runtime trip count
// carrying tensors, nested): the output verifies, every sink receives the same term as before
// (symbolic evaluation of both modules: the pass changes layouts, never values), no function
// costs more than its input's layouts, each verdict is optimal (or gives a lower bound not
// above the cost), and a second run finds the same cost and changes nothing.
// RUN: %python %S/Inputs/random_assignment.py gen 7 120 > %t.mlir
// RUN: layout-opt %t.mlir --layout-assign-layouts 2> %t.first > %t.out.mlir
// RUN: layout-opt %t.out.mlir --layout-assign-layouts 2> %t.again > %t.again.mlir
// RUN: %python %S/Inputs/random_assignment.py check %t.first %t.again | FileCheck %s
// RUN: layout-opt %t.out.mlir | diff - %t.again.mlir
// RUN: %python %S/Inputs/random_assignment.py same %t.mlir %t.out.mlir | FileCheck %s --check-prefix=SAME
// SAME: same terms at {{[0-9]+}} sink calls
// CHECK: checked 120 functions: 120 optimal, {{[1-9][0-9]*}} cheaper than the input's layouts
