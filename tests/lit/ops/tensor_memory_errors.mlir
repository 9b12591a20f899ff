// layout.tensor_memory_load / tensor_memory_store: the memory operand is a tensor in tensor
// memory with a static layout whose mode sizes are the register tensor's shape; both hold the
// same 32-bit elements (f32 or i32); the register tensor is encoded by #layout.linear.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

#rows = #layout.linear<tensor<128x64xf32, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!s = !layout.tensor<f32, shared, !layout.layout<(128,64):(64,1)>>
func.func @shared(%s: !s) {
  // expected-error@+1 {{'layout.tensor_memory_load' op the tensor-memory operand must be a tensor in tmem memory, found '!layout.tensor<f32, shared, !layout.layout<(128,64):(64,1)>>'}}
  %r = layout.tensor_memory_load %s : !s -> tensor<128x64xf32, #rows>
  return
}

// -----

!d = !layout.tensor<f32, tmem, !layout.layout<(128,64):(65536,1)>>
func.func @no_encoding(%d: !d) {
  // expected-error@+1 {{'layout.tensor_memory_load' op the register tensor must be a register tensor encoded by a #layout.linear<...>, found 'tensor<128x64xf32>'}}
  %r = layout.tensor_memory_load %d : !d -> tensor<128x64xf32>
  return
}

// -----

#rows = #layout.linear<tensor<128x64xf32, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!d = !layout.tensor<i32, tmem, !layout.layout<(128,64):(65536,1)>>
func.func @element_types(%d: !d) {
  // expected-error@+1 {{'layout.tensor_memory_load' op the register tensor holds 'f32' and the tensor-memory operand 'i32'}}
  %r = layout.tensor_memory_load %d : !d -> tensor<128x64xf32, #rows>
  return
}

// -----

#rows = #layout.linear<tensor<128x64xf16, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!d = !layout.tensor<f16, tmem, !layout.layout<(128,64):(65536,1)>>
func.func @f16(%r: tensor<128x64xf16, #rows>, %d: !d) {
  // expected-error@+1 {{'layout.tensor_memory_store' op tcgen05.ld/st move 32-bit cells: the elements must be f32 or i32, found 'f16'}}
  layout.tensor_memory_store %r, %d : tensor<128x64xf16, #rows>, !d
  return
}

// -----

#rows = #layout.linear<tensor<128x64xf32, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>
func.func @shape(%d: !d) {
  // expected-error@+1 {{'layout.tensor_memory_load' op the register tensor's shape must be the mode sizes of the tensor-memory layout (static), found 128x64 and '!layout.layout<(128,128):(65536,1)>'}}
  %r = layout.tensor_memory_load %d : !d -> tensor<128x64xf32, #rows>
  return
}

// -----

#rows = #layout.linear<tensor<128x64xf32, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,64):(?,1)>>
func.func @dynamic(%d: !d) {
  // expected-error@+1 {{'layout.tensor_memory_load' op the register tensor's shape must be the mode sizes of the tensor-memory layout (static), found 128x64 and '!layout.layout<(128,64):(?,1)>'}}
  %r = layout.tensor_memory_load %d : !d -> tensor<128x64xf32, #rows>
  return
}
