// `layout.tensor_map_encoder` refused by --layout-lower-tensors, naming the kernel argument and
// the rule: the attribute is not a symbol; the name is taken; the kernel makes no tma tensor of
// an argument; a map no TMA copy uses (no box); two copies of one map that move different
// tiles (one map has one box); a layout computed from the CTA's index (the host cannot compute
// it) or from a value loaded through a pointer argument.
// RUN: layout-opt %s --split-input-file --layout-lower-tensors --verify-diagnostics

module {
  gpu.module @kernels {
    // expected-error@+1 {{'gpu.func' op layout.tensor_map_encoder names the host function to derive: a symbol (@name), found "encode"}}
    gpu.func @k(%map: !llvm.ptr) kernel attributes {layout.tensor_map_encoder = "encode"} {
      gpu.return
    }
  }
}

// -----

module {
  func.func @encode() {
    return
  }
  gpu.module @kernels {
    // expected-error@+1 {{'gpu.func' op asks for the host function @encode with layout.tensor_map_encoder, but the module already has a symbol of that name}}
    gpu.func @k(%map: !llvm.ptr, %m: index) kernel attributes {layout.tensor_map_encoder = @encode} {
      %l = layout.make %m, %m, %m : !layout.layout<(?,?):(?,1)>
      %A = layout.make_tensor %map, %l : !llvm.ptr -> !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
      gpu.return
    }
  }
}

// -----

module {
  gpu.module @kernels {
    // expected-error@+1 {{'gpu.func' op asks for a host function with layout.tensor_map_encoder but makes no tma tensor of an argument}}
    gpu.func @k(%p: !llvm.ptr, %m: index) kernel attributes {layout.tensor_map_encoder = @encode} {
      gpu.return
    }
  }
}

// -----

module {
  gpu.module @kernels {
    gpu.func @k(%map: !llvm.ptr, %m: index) kernel attributes {layout.tensor_map_encoder = @encode} {
      %l = layout.make %m, %m, %m : !layout.layout<(?,?):(?,1)>
      // expected-error@+1 {{'layout.make_tensor' op makes a tma tensor of kernel argument 0 that no layout.tma_copy reads or writes: layout.tensor_map_encoder has no box to encode its map with}}
      %A = layout.make_tensor %map, %l : !llvm.ptr -> !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
      gpu.return
    }
  }
}

// -----

!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!tile2 = !layout.tensor<f16, tma, !layout.layout<(64,64):(?,1)>>
!stage = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!stage2 = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!bar = !layout.tensor<i64, shared, !layout.layout<1:1>>
module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    gpu.func @k(%map: !llvm.ptr, %m: index) kernel attributes {layout.tensor_map_encoder = @encode} {
      %c0 = arith.constant 0 : index
      %l = layout.make %m, %m, %m : !layout.layout<(?,?):(?,1)>
      %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
      %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %s, %s2, %full = layout.shared_alloc %base : !llvm.ptr<3> -> !stage, !stage2, !bar
      %g = layout.local_tile %A[%c0, %c0] {tile = #layout.tuple<(128,64)>} : !map -> !tile
      %g2 = layout.local_tile %A[%c0, %c0] {tile = #layout.tuple<(64,64)>} : !map -> !tile2
      // expected-note@+1 {{the other copy}}
      layout.tma_copy %g to %s barrier(%full[%c0] : !bar) : !tile, !stage
      // expected-error@+1 {{'layout.tma_copy' op moves the shared tile '!layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>' through the tensor map of kernel argument 0, another copy the tile '!layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>': one map has one box, so its copies must agree}}
      layout.tma_copy %g2 to %s2 barrier(%full[%c0] : !bar) : !tile2, !stage2
      gpu.return
    }
  }
}

// -----

!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!stage = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!bar = !layout.tensor<i64, shared, !layout.layout<1:1>>
module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    gpu.func @k(%map: !llvm.ptr, %m: index) kernel attributes {layout.tensor_map_encoder = @encode} {
      %c0 = arith.constant 0 : index
      // expected-note@+1 {{computed here}}
      %b = gpu.block_id x
      %l = layout.make %b, %m, %m : !layout.layout<(?,?):(?,1)>
      // expected-error@+1 {{'layout.make_tensor' op computes the layout of the tensor map of kernel argument 0 with 'gpu.block_id', which the host cannot compute (only pure arith and layout ops without regions are cloned into the derived host function)}}
      %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
      %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %s, %full = layout.shared_alloc %base : !llvm.ptr<3> -> !stage, !bar
      %g = layout.local_tile %A[%c0, %c0] {tile = #layout.tuple<(128,64)>} : !map -> !tile
      layout.tma_copy %g to %s barrier(%full[%c0] : !bar) : !tile, !stage
      gpu.return
    }
  }
}

// -----

!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!stage = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!bar = !layout.tensor<i64, shared, !layout.layout<1:1>>
module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    gpu.func @k(%map: !llvm.ptr, %sizes: !llvm.ptr) kernel attributes {layout.tensor_map_encoder = @encode} {
      %c0 = arith.constant 0 : index
      // expected-note@+1 {{computed here}}
      %m = llvm.load %sizes : !llvm.ptr -> i64
      %mi = arith.index_cast %m : i64 to index
      %l = layout.make %mi, %mi, %mi : !layout.layout<(?,?):(?,1)>
      // expected-error@+1 {{'layout.make_tensor' op computes the layout of the tensor map of kernel argument 0 with 'llvm.load', which the host cannot compute}}
      %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
      %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %s, %full = layout.shared_alloc %base : !llvm.ptr<3> -> !stage, !bar
      %g = layout.local_tile %A[%c0, %c0] {tile = #layout.tuple<(128,64)>} : !map -> !tile
      layout.tma_copy %g to %s barrier(%full[%c0] : !bar) : !tile, !stage
      gpu.return
    }
  }
}

// -----

!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!stage = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!bar = !layout.tensor<i64, shared, !layout.layout<1:1>>
module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    gpu.func @k(%map: !llvm.ptr, %m: f32) kernel attributes {layout.tensor_map_encoder = @encode} {
      %c0 = arith.constant 0 : index
      %mi = arith.fptoui %m : f32 to i64
      %mx = arith.index_cast %mi : i64 to index
      %l = layout.make %mx, %mx, %mx : !layout.layout<(?,?):(?,1)>
      // expected-error@+1 {{'layout.make_tensor' op computes the layout of the tensor map of kernel argument 0 from kernel argument 1 of type 'f32': the derived host function takes the kernel's integer and index arguments only}}
      %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
      %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %s, %full = layout.shared_alloc %base : !llvm.ptr<3> -> !stage, !bar
      %g = layout.local_tile %A[%c0, %c0] {tile = #layout.tuple<(128,64)>} : !map -> !tile
      layout.tma_copy %g to %s barrier(%full[%c0] : !bar) : !tile, !stage
      gpu.return
    }
  }
}
