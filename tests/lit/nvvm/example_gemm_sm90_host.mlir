// The host function of the sm_90a GEMM (examples/gemm_sm90.mlir), which --layout-lower-tensors
// derives from the kernel (layout.tensor_map_encoder; sizes i32 as the kernel's), compiled as `make gpu-build`
// compiles it (mlir-translate, llvm-extract, llc) and run on the CPU against a stand-in for
// cuTensorMapEncodeTiled that prints its arguments (Inputs/tensor_map_stub.c): the three tensor
// maps the runner passes to the kernel, with the boxes the kernel's TMA copies use (its
// remarks, tests/lit/nvvm/example_gemm_sm90.mlir): A's stage [64, 128], the half of B's stage
// one CTA of a cluster multicasts [64, 128], C's swizzle span [64, 128]; dims innermost first,
// row strides in bytes, the 128B swizzle (3). C's map only when N is a multiple of 8
// (layout.tma_encodable, which the kernel tests too): for N = 555 its rows are not 16-byte
// multiples and the kernel stores C without TMA.
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir --lower-to-nvvm="ptx=%t.ptx" -o %t.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.lowered.mlir -o %t.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.ll -o %t.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.host.ll -o %t.host.o
// RUN: cc -shared -fPIC %t.host.o %S/Inputs/tensor_map_stub.c -o %t.so
// RUN: %python %S/Inputs/encode_tensor_maps.py %t.so 1000 1024 512 i32 | FileCheck %s --check-prefix=ALIGNED
// RUN: %python %S/Inputs/encode_tensor_maps.py %t.so 777 555 1000 i32 | FileCheck %s --check-prefix=ODD

// ALIGNED: encode global 0xa000 dtype 6 rank 2 dims [512, 1000] strides [1024] box [64, 128] element_strides [1, 1] interleave 0 swizzle 3 l2 2 oob 0
// ALIGNED-NEXT: encode global 0xb000 dtype 6 rank 2 dims [512, 1024] strides [1024] box [64, 128] element_strides [1, 1] interleave 0 swizzle 3 l2 2 oob 0
// ALIGNED-NEXT: encode global 0xc000 dtype 6 rank 2 dims [1024, 1000] strides [2048] box [64, 128] element_strides [1, 1] interleave 0 swizzle 3 l2 2 oob 0
// ALIGNED-NEXT: status 0; maps written: A=0xa000 B=0xb000 C=0xc000

// ODD: encode global 0xa000 dtype 6 rank 2 dims [1000, 777] strides [2000] box [64, 128]
// ODD-NEXT: encode global 0xb000 dtype 6 rank 2 dims [1000, 555] strides [2000] box [64, 128]
// ODD-NOT: encode
// ODD-NEXT: status 0; maps written: A=0xa000 B=0xb000 C=0x0
