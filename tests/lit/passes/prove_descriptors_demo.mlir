// --layout-prove-descriptors on the demo kernels and the sm_90a GEMM, end to end: every TMA box (the
// 128B-swizzled A, B and C tiles, the C tile in two boxes), ldmatrix/stmatrix lane table and
// WGMMA/UMMA descriptor that --lower-to-nvvm derives is proven equal to its tile layout over
// the whole tile. The pass fails on the first proof that does not hold (or that ISL cannot
// decide within its operation bound), so a zero exit is the proof; the pass leaves the IR as
// it is, which the counts below check (every op that was proven is still there).
// Injected faults on the demo's tiles: prove_descriptors_errors.mlir.
// Run by the layout-opt driver only (it once took about a minute of CPU in a debug build, the
// lane tables by ISL; now they are proven point by point); the plugin runs the same pass code
// on the other prove_descriptors files.
// UNSUPPORTED: plugin-driver

// RUN: layout-opt %S/../../../examples/tile_gemm.mlir --layout-prove-descriptors -o %t.sm90
// RUN: FileCheck %s --check-prefix=TMA90 < %t.sm90
// RUN: FileCheck %s --check-prefix=LANES90 < %t.sm90
// RUN: FileCheck %s --check-prefix=DESC90 < %t.sm90
// RUN: layout-opt %S/../../../examples/gemm_sm90_hw_ops.mlir --layout-prove-descriptors -o %t.gemm
// RUN: FileCheck %s --check-prefix=GEMM < %t.gemm
// RUN: layout-opt %S/../../../examples/tile_gemm_sm100.mlir --layout-prove-descriptors -o %t.sm100
// RUN: FileCheck %s --check-prefix=TMA100 < %t.sm100
// RUN: FileCheck %s --check-prefix=DESC100 < %t.sm100

// TMA90-COUNT-3: layout.tma_desc {{.*}}smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),
// TMA90-COUNT-2: layout.tma_load {{.*}}smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>
// TMA90: layout.tma_store {{.*}}smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))>
// LANES90-COUNT-4: layout.ldmatrix
// LANES90-COUNT-8: layout.stmatrix
// DESC90-COUNT-4: layout.wgmma_desc
// TMA100-COUNT-2: layout.tma_desc
// TMA100-COUNT-2: layout.tma_load
// DESC100-COUNT-8: layout.umma_desc
// The complete kernel, tensor maps and loads with runtime extents and row stride, descriptors with a
// runtime k-block on a runtime base.
// GEMM-COUNT-2: layout.tma_desc {{.*}} dims(
// GEMM-COUNT-2: layout.tma_load {{.*}}gmem = #layout.layout<(?,?):(?,1)>
// GEMM-COUNT-2: layout.wgmma_desc base({{.*}}) k(
// GEMM: layout.fragment_store
