// layout.partition: a tensor in global or shared memory, thr and val layouts, an atom size that
// divides the values of a thread, a thread slice that moves the partition (a swizzle that sees
// no bit the thread and the values share), and the algebra's result type.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!t = !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>
func.func @result(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition' op thread partitions of '!layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>' are '!layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>', not '!layout.tensor<f16, global, !layout.layout<(8,4):(1,?)>>'}}
  %p = layout.partition %g[%t] {thr = #layout.layout<(32,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !t -> !layout.tensor<f16, global, !layout.layout<(8,4):(1,?)>>
  return
}

// -----

!t = !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>
func.func @vector(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition' op tidfrg: the value layout (1,8):(0,1) holds 8 values per thread, not a multiple of the atom's 3}}
  %p = layout.partition %g[%t] {thr = #layout.layout<(32,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 3 : i64} : !t -> !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
  return
}

// -----

!t = !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>
func.func @thr_kind(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition' op `thr` must be a layout (#layout.layout<...>), found #layout.tuple<(32,8)>}}
  %p = layout.partition %g[%t] {thr = #layout.tuple<(32,8)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !t -> !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
  return
}

// -----

!t = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
func.func @swizzle_sees_both(%s: !t, %t: index) {
  // expected-error@+1 {{'layout.partition' op thread partitions of '!layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>' are not one partition moved: mode 0 of Sw<3,3,3> o 0 o ((8,16),(4,1),(8,2)):((4,64),(1,0),(1024,32)) has the stride 4, not a static multiple of 512}}
  %p = layout.partition %s[%t] {thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,4):(0,1)>, vector = 4 : i64} : !t -> !layout.tensor<f16, shared, !layout.layout<((4,1),8,2):((1,0),1024,32)>>
  return
}

// -----

!t = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
func.func @tma(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition' op partitions a tensor in global or shared memory, found '!layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>'}}
  %p = layout.partition %g[%t] {thr = #layout.layout<(32,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !t -> !t
  return
}
