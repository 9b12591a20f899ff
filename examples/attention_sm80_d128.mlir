// Attention at the layout level for sm_80, head dim 128: examples/attention_sm80.mlir (read its
// header) with d = 128, FlashAttention-2's shared-memory schedule. The layouts are the d = 64
// kernel's: the head dimension is two 64-wide halves (Q's, K's and V's tiles are two 128B
// swizzle atoms, the half the last mode of the shared layout, fixed by `slice_tensor`), so
// S = Q K^T is two `layout.mma` over the halves (Q's halves stay in registers) and O is two
// 64 x 64 accumulators, each O_h += P V_h. Registers bound the operands in flight: a whole
// 128 x 64 K^T or 64 x 128 V as dot operand B is 128 registers per thread, a half is 64.
// Shared memory holds one tile of Q, K and V (48 KB, the static limit; two stages would take
// 80 KB): the copy of V tile j is in flight while S = Q K_j^T is computed, that of K tile j+1
// while the softmax and O += P V_j are (a `cp.async.wait_group 0` and a CTA barrier before
// each, which also order the reads of the buffer before it is refilled).
// The interface, the tiles (64,128,1) of the 3-D tensors cut in halves (64,64,1) at (tile, half,
// head), the masks past SK and causal, and the LSE output are attention_sm80.mlir's.
// Arguments: q, k, v, o, lse (!llvm.ptr<1>), SQ, SK, BH, causal (i32: nonzero for the causal
// mask).
// Launch: grid (ceil(SQ / 64), BH) of 128 threads (SQ, SK >= 1); 49152 bytes of static shared
// memory.
// `nvvm.minctasm = 1` (.minnctapersm 1, CUDA's __launch_bounds__(128, 1)): one CTA per SM is
// enough, so ptxas for sm_80 does not spill to fit more.
// Build:
//   layout-opt --lower-to-nvvm="ptx=attention_d128.ptx chip=sm_80" examples/attention_sm80_d128.mlir
#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#row = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
#dota = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!lg = !layout.layout<(?,128,?):(128,1,?)>
!g = !layout.tensor<f16, global, !layout.layout<(?,128,?):(128,1,?)>>
!gt = !layout.tensor<f16, global, !layout.layout<(64,64,1):(128,1,?)>>
!glse = !layout.tensor<f32, global, !layout.layout<(?,?):(1,?)>>
!hlse = !layout.tensor<f32, global, !layout.layout<(?):(1)>>
!tlse = !layout.tensor<f32, global, !layout.layout<(64):(1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!st = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(1,64)>>
!halves = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64,2):(64,1,4096)>>
!accT = tensor<64x64xf32, #acc>
!rowT = tensor<64xf32, #row>
module {
  gpu.module @kernels attributes {layout.sm = 80 : i64} {
    llvm.mlir.global internal @sq() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<16384 x i8>
    llvm.mlir.global internal @sk() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<16384 x i8>
    llvm.mlir.global internal @sv() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<16384 x i8>
    gpu.func @attention(%pq: !llvm.ptr<1>, %pk: !llvm.ptr<1>, %pv: !llvm.ptr<1>, %po: !llvm.ptr<1>, %plse: !llvm.ptr<1>, %SQ: i32, %SK: i32, %BH: i32, %causal: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %sq = arith.index_castui %SQ : i32 to index
      %sk = arith.index_castui %SK : i32 to index
      %bh = arith.index_castui %BH : i32 to index
      %sqd = arith.muli %sq, %c128 : index
      %skd = arith.muli %sk, %c128 : index
      %lq = layout.make %sq, %bh, %sqd : !lg
      %lk = layout.make %sk, %bh, %skd : !lg
      %Q = layout.make_tensor %pq, %lq : !llvm.ptr<1> -> !g
      %K = layout.make_tensor %pk, %lk : !llvm.ptr<1> -> !g
      %V = layout.make_tensor %pv, %lk : !llvm.ptr<1> -> !g
      %O = layout.make_tensor %po, %lq : !llvm.ptr<1> -> !g
      %ll = layout.make %sq, %bh, %sq : !layout.layout<(?,?):(1,?)>
      %LSE = layout.make_tensor %plse, %ll : !llvm.ptr<1> -> !glse
      %qt = gpu.block_id x
      %h = gpu.block_id y
      %tt = layout.const #layout.tuple<(64,128,1)>
      %byk = layout.zipped_divide %lk, %tt : !lg, !layout.tuple<(64,128,1)>
      %nkv = layout.shape_leaf %byk modes [1, 0] : !layout.layout<((64,128,1),(?,1,?)):((128,1,?),(8192,0,?))>
      %lh = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64,2):(64,1,4096)>
      %psq = llvm.mlir.addressof @sq : !llvm.ptr<3>
      %psk = llvm.mlir.addressof @sk : !llvm.ptr<3>
      %psv = llvm.mlir.addressof @sv : !llvm.ptr<3>
      %sQ = layout.make_tensor %psq, %lh : !llvm.ptr<3> -> !halves
      %sK = layout.make_tensor %psk, %lh : !llvm.ptr<3> -> !halves
      %sV = layout.make_tensor %psv, %lh : !llvm.ptr<3> -> !halves
      %sq0 = layout.slice_tensor %sQ[%c0] {modes = array<i64: 2>} : !halves -> !s
      %sq1 = layout.slice_tensor %sQ[%c1] {modes = array<i64: 2>} : !halves -> !s
      %sk0 = layout.slice_tensor %sK[%c0] {modes = array<i64: 2>} : !halves -> !s
      %sk1 = layout.slice_tensor %sK[%c1] {modes = array<i64: 2>} : !halves -> !s
      %sv0 = layout.slice_tensor %sV[%c0] {modes = array<i64: 2>} : !halves -> !s
      %sv1 = layout.slice_tensor %sV[%c1] {modes = array<i64: 2>} : !halves -> !s
      %skt0 = layout.select_tensor %sk0 {modes = array<i64: 1, 0>} : !s -> !st
      %skt1 = layout.select_tensor %sk1 {modes = array<i64: 1, 0>} : !s -> !st
      %c0i = arith.constant 0 : i32
      %isc = arith.cmpi ne, %causal, %c0i : i32
      %notc = arith.cmpi eq, %causal, %c0i : i32
      // Causal: the K/V tiles up to this Q tile's last row.
      %qt1 = arith.addi %qt, %c1 : index
      %qend = arith.muli %qt1, %c64 : index
      %kend = arith.minui %qend, %sk : index
      %cub = arith.ceildivui %kend, %c64 : index
      %ub = arith.select %isc, %cub, %nkv : index
      %gq0 = layout.local_tile %Q[%qt, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      %gq1 = layout.local_tile %Q[%qt, %c1, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      layout.async_copy %gq0[] to %sq0 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
      layout.async_copy %gq1[] to %sq1 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
      nvvm.cp.async.commit.group
      %gk00 = layout.local_tile %K[%c0, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      %gk01 = layout.local_tile %K[%c0, %c1, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      layout.async_copy %gk00[] to %sk0 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
      layout.async_copy %gk01[] to %sk1 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 1
      nvvm.barrier0
      %q0 = layout.shared_load %sq0 : !s -> tensor<64x64xf16, #dota>
      %q1 = layout.shared_load %sq1 : !s -> tensor<64x64xf16, #dota>
      %ninf = arith.constant dense<0xFF800000> : !rowT
      %zr = arith.constant dense<0.0> : !rowT
      %zacc = arith.constant dense<0.0> : !accT
      // softmax scale 1/sqrt(128) times log2(e): scores in base 2.
      %scale = arith.constant dense<0.12751743082459868> : !accT
      %rowc = layout.coordinate {dim = 0 : i64} : tensor<64x64xi32, #acc>
      %colc = layout.coordinate {dim = 1 : i64} : tensor<64x64xi32, #acc>
      %qr0 = arith.muli %qt, %c64 : index
      %qr0i = arith.index_castui %qr0 : index to i32
      %qr0s = tensor.splat %qr0i : tensor<64x64xi32, #acc>
      %rowg = arith.addi %rowc, %qr0s : tensor<64x64xi32, #acc>
      %all = tensor.splat %notc : tensor<64x64xi1, #acc>
      %skv = tensor.splat %SK : tensor<64x64xi32, #acc>
      %ninfacc = arith.constant dense<0xFF800000> : !accT
      %res:4 = scf.for %j = %c0 to %ub step %c1 iter_args(%m = %ninf, %l = %zr, %o0 = %zacc, %o1 = %zacc) -> (!rowT, !rowT, !accT, !accT) {
        // K tile j has landed, and every warp is done with V tile j - 1: V tile j goes in.
        nvvm.cp.async.wait.group 0
        nvvm.barrier0
        %gv0 = layout.local_tile %V[%j, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
        %gv1 = layout.local_tile %V[%j, %c1, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
        layout.async_copy %gv0[] to %sv0 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
        layout.async_copy %gv1[] to %sv1 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
        nvvm.cp.async.commit.group
        // S = Q K^T over the two halves of the head dimension.
        %kt0 = layout.shared_load %skt0 : !st -> tensor<64x64xf16, #dotb>
        %sc0 = layout.mma %q0, %kt0, %zacc : tensor<64x64xf16, #dota>, tensor<64x64xf16, #dotb>, !accT -> !accT
        %kt1 = layout.shared_load %skt1 : !st -> tensor<64x64xf16, #dotb>
        %sc = layout.mma %q1, %kt1, %sc0 : tensor<64x64xf16, #dota>, tensor<64x64xf16, #dotb>, !accT -> !accT
        // V tile j has landed, and every warp is done with K tile j: K tile j + 1 goes in.
        nvvm.cp.async.wait.group 0
        nvvm.barrier0
        %jn = arith.addi %j, %c1 : index
        %more = arith.cmpi ult, %jn, %ub : index
        scf.if %more {
          %gk0 = layout.local_tile %K[%jn, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
          %gk1 = layout.local_tile %K[%jn, %c1, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
          layout.async_copy %gk0[] to %sk0 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
          layout.async_copy %gk1[] to %sk1 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
        }
        nvvm.cp.async.commit.group
        %s1 = arith.mulf %sc, %scale : !accT
        %k0 = arith.muli %j, %c64 : index
        %k0i = arith.index_castui %k0 : index to i32
        %k0s = tensor.splat %k0i : tensor<64x64xi32, #acc>
        %colg = arith.addi %colc, %k0s : tensor<64x64xi32, #acc>
        // Keys past SK, and with causal keys past their query, get -inf.
        %before = arith.cmpi sle, %colg, %rowg : tensor<64x64xi32, #acc>
        %causalok = arith.ori %before, %all : tensor<64x64xi1, #acc>
        %inside = arith.cmpi slt, %colg, %skv : tensor<64x64xi32, #acc>
        %keep = arith.andi %causalok, %inside : tensor<64x64xi1, #acc>
        %s2 = arith.select %keep, %s1, %ninfacc : tensor<64x64xi1, #acc>, !accT
        %mt = layout.reduce %s2 {dim = 1 : i64, kind = "maxnumf"} : !accT -> !rowT
        %mn = arith.maxnumf %m, %mt : !rowT
        %mb = layout.broadcast %mn {dim = 1 : i64} : !rowT -> !accT
        %d = arith.subf %s2, %mb : !accT
        %p = math.exp2 %d : !accT
        %dm = arith.subf %m, %mn : !rowT
        %alpha = math.exp2 %dm : !rowT
        %ps = layout.reduce %p {dim = 1 : i64, kind = "addf"} : !accT -> !rowT
        %la = arith.mulf %l, %alpha : !rowT
        %ln = arith.addf %la, %ps : !rowT
        %ab = layout.broadcast %alpha {dim = 1 : i64} : !rowT -> !accT
        %os0 = arith.mulf %o0, %ab : !accT
        %os1 = arith.mulf %o1, %ab : !accT
        %ph = arith.truncf %p : !accT to tensor<64x64xf16, #acc>
        %pa = layout.convert_layout %ph : tensor<64x64xf16, #acc> -> tensor<64x64xf16, #dota>
        // O += P V, one half of the head dimension at a time.
        %v0 = layout.shared_load %sv0 : !s -> tensor<64x64xf16, #dotb>
        %on0 = layout.mma %pa, %v0, %os0 : tensor<64x64xf16, #dota>, tensor<64x64xf16, #dotb>, !accT -> !accT
        %v1 = layout.shared_load %sv1 : !s -> tensor<64x64xf16, #dotb>
        %on1 = layout.mma %pa, %v1, %os1 : tensor<64x64xf16, #dota>, tensor<64x64xf16, #dotb>, !accT -> !accT
        scf.yield %mn, %ln, %on0, %on1 : !rowT, !rowT, !accT, !accT
      }
      %lb = layout.broadcast %res#1 {dim = 1 : i64} : !rowT -> !accT
      %out0 = arith.divf %res#2, %lb : !accT
      %out1 = arith.divf %res#3, %lb : !accT
      %oh0 = arith.truncf %out0 : !accT to tensor<64x64xf16, #acc>
      %oh1 = arith.truncf %out1 : !accT to tensor<64x64xf16, #acc>
      %go0 = layout.local_tile %O[%qt, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      %go1 = layout.local_tile %O[%qt, %c1, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      layout.global_store %oh0, %go0[] {align = 4 : i64} : tensor<64x64xf16, #acc>, !gt
      layout.global_store %oh1, %go1[] {align = 4 : i64} : tensor<64x64xf16, #acc>, !gt
      %ln2 = arith.constant dense<0.6931471805599453> : !rowT
      %lg = math.log2 %res#1 : !rowT
      %ml = arith.addf %res#0, %lg : !rowT
      %lse = arith.mulf %ml, %ln2 : !rowT
      %lsh = layout.slice_tensor %LSE[%h] {modes = array<i64: 1>} : !glse -> !hlse
      %lt = layout.local_tile %lsh[%qt] {tile = #layout.tuple<(64)>} : !hlse -> !tlse
      layout.global_store %lse, %lt[] {align = 4 : i64} : !rowT, !tlse
      gpu.return
    }
  }
}
