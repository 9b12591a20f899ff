// Attributes pasted from what CuTe prints: CuTe C++'s pointer in the offset position of a
// swizzled layout (`smem_ptr[16b](unset)`: offset 0; the swizzle, which CuTe applies to byte
// addresses, is read on element offsets: Sw<3,4,3> on 16-bit elements is Sw<3,3,3>) and CuTe
// IR's `S<b,m,s>` swizzle; both print back in the canonical form (docs/syntax.md).
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @pasted
func.func @pasted() -> index {
  // CHECK: layout.const #layout.layout<Sw<3,3,3> o 0 o (8,64):(64,1)>
  %0 = layout.const #layout.layout<Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)>
  // CHECK: layout.const #layout.layout<Sw<2,2,3> o 0 o (8,32):(32,1)>
  %1 = layout.const #layout.layout<Sw<2,4,3> o gmem_ptr[32b](0x7f0000) o (8,32):(32,1)>
  // CHECK: layout.const #layout.layout<Sw<3,4,3> o 0 o (6,8):(8,1)>
  %2 = layout.const #layout.layout<S<3,4,3> o 0 o (6,8):(8,1)>
  %s = layout.size %0 : !layout.layout<Sw<3,3,3> o 0 o (8,64):(64,1)>
  return %s : index
}
