// --layout-assign-layouts: the layouts of the layout-polymorphic register tensors (elementwise
// arith/math ops, splat constants, scf.for iteration arguments) are chosen so that the
// layout.convert_layout ops they need cost least (convert_plan's shared-memory wavefronts or
// shuffles per warp, times how often they run); the input's converts are removed and the
// needed ones inserted right after each definition, each with a remark naming its plan, and
// the function with the totals. Anchors (calls here: loads, stores, MMAs) keep their layouts.
// RUN: layout-opt %s --layout-assign-layouts -verify-diagnostics | FileCheck %s
// The result re-parses, and assigning it again changes nothing.
// RUN: layout-opt %s --layout-assign-layouts 2>/dev/null > %t.mlir
// RUN: layout-opt %t.mlir --layout-assign-layouts 2>&1 > %t.again.mlir | FileCheck %s --check-prefix=AGAIN
// RUN: layout-opt %t.mlir | diff - %t.again.mlir

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#tr = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>
#dotA = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotB = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
func.func private @mma(tensor<64x64xf16, #dotA>, tensor<64x64xf16, #dotB>, tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma>
func.func private @load(index) -> tensor<64x64xf16, #blocked>
func.func private @store(tensor<64x64xf16, #blocked>)
func.func private @store_t(tensor<64x64xf16, #tr>)
func.func private @store_f32(tensor<64x64xf32, #blocked>)


// The epilogue: the input converts the f32 accumulator; the truncf takes the MMA layout and
// the convert moves half the bytes.
// CHECK-LABEL: func.func @epilogue(
// CHECK-SAME: %[[ACC:.*]]: tensor<64x64xf32, [[MMA:#layout.linear<[^>]*>]]>)
// CHECK-NEXT: %[[H:.*]] = arith.truncf %[[ACC]] : tensor<64x64xf32, [[MMA]]> to tensor<64x64xf16, [[MMA]]>
// CHECK-NEXT: %[[B:.*]] = layout.convert_layout %[[H]] : tensor<64x64xf16, [[MMA]]> -> tensor<64x64xf16, [[BLK:#layout.linear<[^>]*>]]>
// CHECK-NEXT: call @store(%[[B]]) : (tensor<64x64xf16, [[BLK]]>) -> ()
// AGAIN: remark: 'func.func' op layout assignment: 1 polymorphic value over 2 layouts: 1 convert (the input had 1), cost 32 (the input's layouts: 32); optimal
// expected-remark@+1 {{'func.func' op layout assignment: 1 polymorphic value over 2 layouts: 1 convert (the input had 1), cost 32 (the input's layouts: 64); optimal over the candidates}}
func.func @epilogue(%acc: tensor<64x64xf32, #mma>) {
  %0 = layout.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  // expected-remark@+1 {{'layout.convert_layout' op inserted by layout assignment: shared: 32 wavefronts per warp (lower bound 32); stmatrix.sync.aligned.m8n8.x4.shared.b16 x4, bar.sync x1, ld.shared.v4.b32 x4}}
  %1 = arith.truncf %0 : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
  func.call @store(%1) : (tensor<64x64xf16, #blocked>) -> ()
  return
}

// A K loop whose accumulator the input keeps blocked (two f32 converts per iteration): the
// iteration argument and the zero constant take the MMA layout, the accumulator is converted
// once after the loop (at f16, after the truncf); the only convert left in the loop is the
// A operand's (8 iterations).
// CHECK-LABEL: func.func @kloop(
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, [[MMA2:#layout.linear<[^>]*>]]>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC2:.*]] = %[[Z]]) -> (tensor<64x64xf32, [[MMA2]]>)
// CHECK: %[[A:.*]] = func.call @load
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT: %[[SA:.*]] = layout.convert_layout %[[S]]
// CHECK-NEXT: %[[D:.*]] = func.call @mma(%[[SA]], %{{.*}}, %[[ACC2]])
// CHECK-NEXT: scf.yield %[[D]] : tensor<64x64xf32, [[MMA2]]>
// CHECK: %[[H2:.*]] = arith.truncf %[[R]] : tensor<64x64xf32, [[MMA2]]> to tensor<64x64xf16, [[MMA2]]>
// CHECK-NEXT: %[[HB:.*]] = layout.convert_layout %[[H2]]
// CHECK-NEXT: call @store(%[[HB]])
// AGAIN: remark: 'func.func' op layout assignment: 4 polymorphic values over 3 layouts: 2 converts (the input had 2), cost 288 (the input's layouts: 288); optimal
// expected-remark@+1 {{'func.func' op layout assignment: 4 polymorphic values over 3 layouts: 2 converts (the input had 3), cost 288 (the input's layouts: 1280); optimal over the candidates}}
func.func @kloop(%b: tensor<64x64xf16, #dotB>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #blocked>
  %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) {
    %a = func.call @load(%k) : (index) -> tensor<64x64xf16, #blocked>
    // expected-remark@+1 {{'layout.convert_layout' op inserted by layout assignment: shared: 32 wavefronts per warp (lower bound 32); stmatrix.sync.aligned.m8n8.x4.shared.b16 x4, bar.sync x1, ld.shared.v4.b32 x4, runs 8 times}}
    %s = arith.addf %a, %a : tensor<64x64xf16, #blocked>
    %sa = layout.convert_layout %s : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #dotA>
    %accm = layout.convert_layout %acc : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
    %d = func.call @mma(%sa, %b, %accm) : (tensor<64x64xf16, #dotA>, tensor<64x64xf16, #dotB>, tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma>
    %db = layout.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    scf.yield %db : tensor<64x64xf32, #blocked>
  }
  // expected-remark@+1 {{'layout.convert_layout' op inserted by layout assignment: shared: 32 wavefronts per warp}}
  %h = arith.truncf %r : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
  func.call @store(%h) : (tensor<64x64xf16, #blocked>) -> ()
  return
}

// Two users need the transposed layout, one the blocked: one convert, shared by both.
// CHECK-LABEL: func.func @fanout(
// CHECK-NEXT: %[[Y:.*]] = arith.negf
// CHECK-NEXT: %[[T:.*]] = layout.convert_layout %[[Y]]
// CHECK-NEXT: call @store_t(%[[T]])
// CHECK-NEXT: call @store_t(%[[T]])
// CHECK-NEXT: call @store(%[[Y]])
// expected-remark@+1 {{'func.func' op layout assignment: 1 polymorphic value over 2 layouts: 1 convert (the input had 2), cost 32}}
func.func @fanout(%x: tensor<64x64xf16, #blocked>) {
  // expected-remark@+1 {{'layout.convert_layout' op inserted by layout assignment: shared: 32 wavefronts per warp (lower bound 32); stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 x4}}
  %y = arith.negf %x : tensor<64x64xf16, #blocked>
  %t1 = layout.convert_layout %y : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #tr>
  func.call @store_t(%t1) : (tensor<64x64xf16, #tr>) -> ()
  %t2 = layout.convert_layout %y : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #tr>
  func.call @store_t(%t2) : (tensor<64x64xf16, #tr>) -> ()
  func.call @store(%y) : (tensor<64x64xf16, #blocked>) -> ()
  return
}

// layout.fixed makes the truncf an anchor: the f32 accumulator is converted (64 wavefronts,
// twice the epilogue's).
// CHECK-LABEL: func.func @fixed(
// CHECK-NEXT: %[[C:.*]] = layout.convert_layout %arg0 : tensor<64x64xf32, [[MMA3:#layout.linear<[^>]*>]]> -> tensor<64x64xf32, [[BLK3:#layout.linear<[^>]*>]]>
// CHECK-NEXT: arith.truncf %[[C]] {layout.fixed} : tensor<64x64xf32, [[BLK3]]> to tensor<64x64xf16, [[BLK3]]>
// expected-remark@+2 {{'func.func' op layout assignment: 0 polymorphic values over 2 layouts: 1 convert (the input had 1), cost 64}}
// expected-remark@+1 {{'layout.convert_layout' op inserted by layout assignment: shared: 64 wavefronts per warp (lower bound 64)}}
func.func @fixed(%acc: tensor<64x64xf32, #mma>) {
  %0 = layout.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  %1 = arith.truncf %0 {layout.fixed} : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
  func.call @store(%1) : (tensor<64x64xf16, #blocked>) -> ()
  return
}

// A loop of unknown trip count N: any convert in it outweighs any number outside, so the
// accumulator is converted once after the loop (64) and only the A operand in it (32*N).
// CHECK-LABEL: func.func @unknown_trip(
// CHECK: scf.for
// CHECK-NEXT: func.call @load
// CHECK-NEXT: layout.convert_layout
// CHECK-NEXT: func.call @mma
// CHECK-NEXT: scf.yield
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: layout.convert_layout
// CHECK-NEXT: call @store_f32
// expected-remark@+1 {{'func.func' op layout assignment: 2 polymorphic values over 3 layouts: 2 converts (the input had 3), cost 32*N + 64 (the input's layouts: 160*N); optimal over the candidates}}
func.func @unknown_trip(%n: index, %b: tensor<64x64xf16, #dotB>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #blocked>
  // expected-remark@+1 {{'layout.convert_layout' op inserted by layout assignment: shared: 64 wavefronts per warp (lower bound 64)}}
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) {
    // expected-remark@+1 {{'layout.convert_layout' op inserted by layout assignment: shared: 32 wavefronts per warp (lower bound 32); stmatrix.sync.aligned.m8n8.x4.shared.b16 x4, bar.sync x1, ld.shared.v4.b32 x4, runs 1*N times}}
    %a = func.call @load(%k) : (index) -> tensor<64x64xf16, #blocked>
    %sa = layout.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #dotA>
    %accm = layout.convert_layout %acc : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
    %d = func.call @mma(%sa, %b, %accm) : (tensor<64x64xf16, #dotA>, tensor<64x64xf16, #dotB>, tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma>
    %db = layout.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    scf.yield %db : tensor<64x64xf32, #blocked>
  }
  func.call @store_f32(%r) : (tensor<64x64xf32, #blocked>) -> ()
  return
}

// A convert there and back is no convert.
// CHECK-LABEL: func.func @round_trip(
// CHECK-NEXT: call @store(%arg0)
// CHECK-NEXT: return
// expected-remark@+1 {{'func.func' op layout assignment: 0 polymorphic values over 1 layout: 0 converts (the input had 2), cost 0}}
func.func @round_trip(%x: tensor<64x64xf16, #blocked>) {
  %0 = layout.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #tr>
  %1 = layout.convert_layout %0 : tensor<64x64xf16, #tr> -> tensor<64x64xf16, #blocked>
  func.call @store(%1) : (tensor<64x64xf16, #blocked>) -> ()
  return
}
