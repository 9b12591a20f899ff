// Attention at the layout level for sm_80 (FlashAttention-2's forward pass):
// O = softmax(Q K^T / sqrt(64)) V for each head, f16 in and out, f32 accumulation and softmax
// statistics; Q, K, V and O are (heads x seq) x 64 row-major (head h's rows h seq ..), seq a
// multiple of 64. One CTA of 4 warps computes a 64-row tile of Q, each warp 16 rows: the MMA
// layouts are Triton's mma v2 with warpsPerCTA [4, 1], so a row lives in the 4 lanes of a quad.
// What the layouts derive, and nothing is written by hand:
//   - the tiles move global -> shared by `layout.async_copy` (cp.async of 16 bytes, chosen
//     from the thread layout, the 128B-swizzled shared layout and the alignment): Q once, K
//     and V two stages deep (the stage the last mode of the shared layout, `slice_tensor
//     {ring}` at j mod 2): tile j+1 is in flight while tile j is computed;
//   - S = Q K^T is `layout.mma` (mma.sync m16n8k16, 32 per tile) on Q's dot-operand A
//     fragments (`layout.shared_load`: ldmatrix.x4, read once and kept in registers) and
//     B = K^T, a `layout.select_tensor` view of K's stage (modes 1, 0: no copy) read as dot
//     operand B; its k (the head dimension) is contiguous, so ldmatrix.x4 without .trans;
//   - the online softmax works on the mma v2 accumulator: `layout.reduce` (maxnumf, addf)
//     along the rows (linear::reduce_plan: 16 registers in-thread, then 2 butterfly shuffles
//     over the quad), `layout.broadcast` back, `math.exp2` (ex2.approx.f32); the running
//     maximum m, sum l and output O are carried by scf.for in #ttg.slice / mma v2 layouts;
//   - O += P V: P is the accumulator rounded to f16, converted to dot operand A. With kWidth 2
//     the two are the same linear layout (each thread's P registers are its A fragments, FA2's
//     register reuse), so the `layout.convert_layout` folds away: no instruction. V's stage is
//     read as dot operand B with ldmatrix.x4.trans (keys are its k, rows of the tile);
//   - the epilogue divides by l (broadcast) and stores the f16 tile from the accumulator's
//     layout with global_store (st.global.b32 of register pairs);
//   - causal (the last argument nonzero): the loop stops at the diagonal tile and the scores of
//     columns past their row are -inf, compared on `layout.coordinate` (each element's row and
//     column as the accumulator's layout places it) moved to the tile's origin.
// Arguments: q, k, v, o, seq (i32), causal (i32: nonzero for the causal mask).
// Launch: grid (seq / 64, heads) of 128 threads; 40960 bytes of static shared memory.
// tests/lit/nvvm/attention_sm80_run.mlir runs it on the PTX emulator.
// Build:
//   layout-opt --lower-to-nvvm="ptx=attention.ptx chip=sm_80" examples/attention_sm80.mlir
#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#row = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
#dota = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
// Which elements each thread copies: 8 consecutive halves of a row (a warp copies 4 rows).
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!g = !layout.tensor<f16, global, !layout.layout<(?,64):(64,1)>>
!gt = !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>
// Q's tile, and the two stages of K and V (the stage the last mode), 128B-swizzled rows.
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!st = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(1,64)>>
!stages = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64,2):(64,1,4096)>>
!accT = tensor<64x64xf32, #acc>
!rowT = tensor<64xf32, #row>
module {
  gpu.module @kernels attributes {layout.sm = 80 : i64} {
    llvm.mlir.global internal @sq() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<8192 x i8>
    llvm.mlir.global internal @sk() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<16384 x i8>
    llvm.mlir.global internal @sv() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<16384 x i8>
    gpu.func @attention(%pq: !llvm.ptr<1>, %pk: !llvm.ptr<1>, %pv: !llvm.ptr<1>, %po: !llvm.ptr<1>, %seq: i32, %causal: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %s = arith.index_castui %seq : i32 to index
      %bh = gpu.block_id y
      %qt = gpu.block_id x
      %nbh = gpu.grid_dim y
      %rows = arith.muli %s, %nbh : index
      %lg = layout.make %rows : !layout.layout<(?,64):(64,1)>
      %Q = layout.make_tensor %pq, %lg : !llvm.ptr<1> -> !g
      %K = layout.make_tensor %pk, %lg : !llvm.ptr<1> -> !g
      %V = layout.make_tensor %pv, %lg : !llvm.ptr<1> -> !g
      %O = layout.make_tensor %po, %lg : !llvm.ptr<1> -> !g
      // This head's tiles of 64 rows: tile index bh * (seq / 64) + t.
      %tiles = arith.divui %s, %c64 : index
      %base = arith.muli %bh, %tiles : index
      %ls = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
      %lst = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64,2):(64,1,4096)>
      %psq = llvm.mlir.addressof @sq : !llvm.ptr<3>
      %psk = llvm.mlir.addressof @sk : !llvm.ptr<3>
      %psv = llvm.mlir.addressof @sv : !llvm.ptr<3>
      %sQ = layout.make_tensor %psq, %ls : !llvm.ptr<3> -> !s
      %sK = layout.make_tensor %psk, %lst : !llvm.ptr<3> -> !stages
      %sV = layout.make_tensor %psv, %lst : !llvm.ptr<3> -> !stages
      // Causal: the K/V tiles up to the diagonal (tile qt), and a mask that keeps the scores of
      // columns at or before each row (coordinates from the accumulator's layout).
      %c0i = arith.constant 0 : i32
      %isc = arith.cmpi ne, %causal, %c0i : i32
      %notc = arith.cmpi eq, %causal, %c0i : i32
      %qt1 = arith.addi %qt, %c1 : index
      %ub = arith.select %isc, %qt1, %tiles : index
      // Q's tile in one cp.async group, K and V's first tiles in the next.
      %qi = arith.addi %base, %qt : index
      %gq = layout.local_tile %Q[%qi, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
      layout.async_copy %gq[] to %sQ {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
      nvvm.cp.async.commit.group
      %gk0 = layout.local_tile %K[%base, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
      %gv0 = layout.local_tile %V[%base, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
      %sk0 = layout.slice_tensor %sK[%c0] {modes = array<i64: 2>} : !stages -> !s
      %sv0 = layout.slice_tensor %sV[%c0] {modes = array<i64: 2>} : !stages -> !s
      layout.async_copy %gk0[] to %sk0 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
      layout.async_copy %gv0[] to %sv0 {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
      nvvm.cp.async.commit.group
      // Q's fragments stay in registers for the whole loop.
      nvvm.cp.async.wait.group 1
      nvvm.barrier0
      %q = layout.shared_load %sQ : !s -> tensor<64x64xf16, #dota>
      %ninf = arith.constant dense<0xFF800000> : !rowT
      %zr = arith.constant dense<0.0> : !rowT
      %zacc = arith.constant dense<0.0> : !accT
      // softmax scale 1/sqrt(64) times log2(e): scores in base 2.
      %scale = arith.constant dense<0.18033688011112042> : !accT
      %rowc = layout.coordinate {dim = 0 : i64} : tensor<64x64xi32, #acc>
      %colc = layout.coordinate {dim = 1 : i64} : tensor<64x64xi32, #acc>
      %q0 = arith.muli %qt, %c64 : index
      %q0i = arith.index_castui %q0 : index to i32
      %q0s = tensor.splat %q0i : tensor<64x64xi32, #acc>
      %rowg = arith.addi %rowc, %q0s : tensor<64x64xi32, #acc>
      %all = tensor.splat %notc : tensor<64x64xi1, #acc>
      %ninfacc = arith.constant dense<0xFF800000> : !accT
      %res:3 = scf.for %j = %c0 to %ub step %c1 iter_args(%m = %ninf, %l = %zr, %o = %zacc) -> (!rowT, !rowT, !accT) {
        // Tile j is in stage j mod 2; tile j+1 goes to the other one while j is computed.
        %jn = arith.addi %j, %c1 : index
        %more = arith.cmpi ult, %jn, %ub : index
        scf.if %more {
          %kn = arith.addi %base, %jn : index
          %gk = layout.local_tile %K[%kn, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
          %gv = layout.local_tile %V[%kn, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
          %nk = layout.slice_tensor %sK[%jn] {modes = array<i64: 2>, ring} : !stages -> !s
          %nv = layout.slice_tensor %sV[%jn] {modes = array<i64: 2>, ring} : !stages -> !s
          layout.async_copy %gk[] to %nk {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
          layout.async_copy %gv[] to %nv {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
        }
        nvvm.cp.async.commit.group
        // All but the newest group have landed: tile j's stage is complete.
        nvvm.cp.async.wait.group 1
        nvvm.barrier0
        %sk = layout.slice_tensor %sK[%j] {modes = array<i64: 2>, ring} : !stages -> !s
        %sv = layout.slice_tensor %sV[%j] {modes = array<i64: 2>, ring} : !stages -> !s
        // B of S = Q K^T is K^T (head dim x keys): a view of the K tile, read as dot operand B.
        %skt = layout.select_tensor %sk {modes = array<i64: 1, 0>} : !s -> !st
        %kt = layout.shared_load %skt : !st -> tensor<64x64xf16, #dotb>
        %sc = layout.mma %q, %kt, %zacc : tensor<64x64xf16, #dota>, tensor<64x64xf16, #dotb>, !accT -> !accT
        %s1 = arith.mulf %sc, %scale : !accT
        %k0 = arith.muli %j, %c64 : index
        %k0i = arith.index_castui %k0 : index to i32
        %k0s = tensor.splat %k0i : tensor<64x64xi32, #acc>
        %colg = arith.addi %colc, %k0s : tensor<64x64xi32, #acc>
        %before = arith.cmpi sle, %colg, %rowg : tensor<64x64xi32, #acc>
        %keep = arith.ori %before, %all : tensor<64x64xi1, #acc>
        %s2 = arith.select %keep, %s1, %ninfacc : tensor<64x64xi1, #acc>, !accT
        // Online softmax: the new row maximum, the rescale of what came before.
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
        %os = arith.mulf %o, %ab : !accT
        // O += P V: P is the accumulator rounded to f16, as dot operand A.
        %ph = arith.truncf %p : !accT to tensor<64x64xf16, #acc>
        %pa = layout.convert_layout %ph : tensor<64x64xf16, #acc> -> tensor<64x64xf16, #dota>
        %v = layout.shared_load %sv : !s -> tensor<64x64xf16, #dotb>
        %on = layout.mma %pa, %v, %os : tensor<64x64xf16, #dota>, tensor<64x64xf16, #dotb>, !accT -> !accT
        // Every warp is done with this stage before the next tile's copy overwrites it.
        nvvm.barrier0
        scf.yield %mn, %ln, %on : !rowT, !rowT, !accT
      }
      %lb = layout.broadcast %res#1 {dim = 1 : i64} : !rowT -> !accT
      %out = arith.divf %res#2, %lb : !accT
      %oh = arith.truncf %out : !accT to tensor<64x64xf16, #acc>
      %go = layout.local_tile %O[%qi, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
      layout.global_store %oh, %go[] {align = 4 : i64} : tensor<64x64xf16, #acc>, !gt
      gpu.return
    }
  }
}
