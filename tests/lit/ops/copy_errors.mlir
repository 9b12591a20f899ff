// layout.copy: both tensors in global or shared memory, one element type of whole bytes, the
// same static number of elements (at most 4096), align a power of two of at least one element,
// async only from global to shared memory.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!g = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
!s = !layout.tensor<f32, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>
func.func @element(%a: !g, %b: !s) {
  // expected-error@+1 {{'layout.copy' op copies 'f16' to 'f32': the element types must be the same}}
  layout.copy %a to %b {align = 16 : i64} : !g, !s
  return
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
!s = !layout.tensor<f16, shared, !layout.layout<(8,2):(1,64)>>
func.func @size(%a: !g, %b: !s) {
  // expected-error@+1 {{'layout.copy' op the source holds 32 elements, the destination 16}}
  layout.copy %a to %b {align = 16 : i64} : !g, !s
  return
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(8,?):(1,?)>>
!s = !layout.tensor<f16, shared, !layout.layout<(8,2):(1,64)>>
func.func @runtime_size(%a: !g, %b: !s) {
  // expected-error@+1 {{'layout.copy' op copies a static number of elements: the size of '!layout.layout<(8,?):(1,?)>' is not static}}
  layout.copy %a to %b {align = 16 : i64} : !g, !s
  return
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(64,128):(128,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<(64,128):(128,1)>>
func.func @too_many(%a: !g, %b: !s) {
  // expected-error@+1 {{'layout.copy' op copies at most 4096 elements per thread (one access per run is unrolled), found 8192}}
  layout.copy %a to %b {align = 16 : i64} : !g, !s
  return
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
!s = !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>
func.func @align(%a: !g, %b: !s) {
  // expected-error@+1 {{'layout.copy' op align must be a power of two of at least one element (2 bytes), found 12}}
  layout.copy %a to %b {align = 12 : i64} : !g, !s
  return
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
!s = !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>
func.func @async_direction(%a: !g, %b: !s) {
  // expected-error@+1 {{'layout.copy' op async (cp.async) copies global to shared memory, found shared to global}}
  layout.copy %b to %a {align = 16 : i64, async} : !s, !g
  return
}

// -----

!g = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>
func.func @space(%a: !g, %b: !s) {
  // expected-error@+1 {{'layout.copy' op the source must be in global or shared memory, found '!layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>'}}
  layout.copy %a to %b {align = 16 : i64} : !g, !s
  return
}
