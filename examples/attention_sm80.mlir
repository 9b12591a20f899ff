// Attention at the layout level for sm_80 (FlashAttention-2's forward pass), head dim 64:
// O = softmax(Q K^T / sqrt(64) [+ causal mask]) V and LSE = log(sum_j exp(s_j)) per row, for each
// of BH heads (batch x heads), f16 in and out (bf16: the same file with bf16 for f16), f32
// accumulation and softmax statistics. Q and O are BH x SQ x 64, K and V BH x SK x 64 (row-major),
// LSE BH x SQ f32, global pointers; SQ and SK are runtime lengths, not tile multiples. The
// interface is examples/attention_sm90.mlir's with pointers for its tensor maps. One CTA of 4
// warps computes a 64-row tile of Q of one head, each warp 16 rows: the MMA layouts are Triton's
// mma v2 with warpsPerCTA [4, 1], so a row lives in the 4 lanes of a quad.
// What the layouts derive, and nothing is written by hand:
//   - Q, K, V and O are 3-D tensors in global memory ((SQ,64,BH):(64,1,64 SQ)), tiled by
//     `layout.local_tile` at (tile, 0, head) with the tile (64,64,1) (the head mode has extent
//     1: a 2-D tile of one head); the rows past SQ or SK are the tile's bounds (its residue);
//   - the tiles move global -> shared by `layout.async_copy` (cp.async of 16 bytes, chosen
//     from the thread layout, the 128B-swizzled shared layout and the alignment; in a partial
//     tile the rows past the tensor read 0 bytes: zero-filled): Q once, K and V two stages deep
//     (the stage the last mode of the shared layout, `slice_tensor {ring}` at j mod 2): tile j+1
//     is in flight while tile j is computed;
//   - S = Q K^T is `layout.mma` (mma.sync m16n8k16, 32 per tile) on Q's dot-operand A
//     fragments (`layout.shared_load`: ldmatrix.x4, read once and kept in registers) and
//     B = K^T, a `layout.select_tensor` view of K's stage (modes 1, 0: no copy) read as dot
//     operand B; its k (the head dimension) is contiguous, so ldmatrix.x4 without .trans;
//   - the online softmax works on the mma v2 accumulator: `layout.reduce` (maxnumf, addf)
//     along the rows (linear::reduce_plan: 16 registers in-thread, then 2 butterfly shuffles
//     over the quad), `layout.broadcast` back, `math.exp2` (ex2.approx.f32); the running
//     maximum m, sum l and output O are carried by scf.for in #ttg.slice / mma v2 layouts;
//   - masks compare `layout.coordinate` (each element's row and column as the accumulator's
//     layout places it) moved to the tile's origin: columns at or past SK, and with `causal`
//     columns past their row (key j <= query i), get -inf; with `causal` the K/V loop also stops
//     at the tile of the Q tile's last row (ceildiv(min((qt + 1) 64, SK), 64) tiles);
//   - O += P V: P is the accumulator rounded to f16, converted to dot operand A. With kWidth 2
//     the two are the same linear layout (each thread's P registers are its A fragments, FA2's
//     register reuse), so the `layout.convert_layout` folds away: no instruction. V's stage is
//     read as dot operand B with ldmatrix.x4.trans (keys are its k, rows of the tile);
//   - the epilogue divides by l (broadcast) and stores the f16 tile from the accumulator's
//     layout with global_store (st.global.b32 of register pairs; masked past SQ); LSE =
//     (m + log2 l) ln 2 (lg2.approx.f32) by global_store at the head's row slice of LSE
//     (`slice_tensor`), predicated on the rows inside SQ and stored once per row (the quad's
//     other lanes hold copies).
// Arguments: q, k, v, o, lse (!llvm.ptr<1>), SQ, SK, BH, causal (i32: nonzero for the causal
// mask).
// Launch: grid (ceil(SQ / 64), BH) of 128 threads (SQ, SK >= 1); 40960 bytes of static shared
// memory.
// `nvvm.minctasm = 1` (.minnctapersm 1, CUDA's __launch_bounds__(128, 1)): one CTA per SM is
// enough, so ptxas for sm_80 does not spill to fit more.
// tests/lit/nvvm/attention_sm80_run.mlir runs it on the PTX emulator.
// Build:
//   layout-opt --lower-to-nvvm="ptx=attention.ptx chip=sm_80" examples/attention_sm80.mlir
#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#row = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
#dota = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
// Which elements each thread copies: 8 consecutive halves of a row (a warp copies 4 rows).
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!lg = !layout.layout<(?,64,?):(64,1,?)>
!g = !layout.tensor<f16, global, !layout.layout<(?,64,?):(64,1,?)>>
!gt = !layout.tensor<f16, global, !layout.layout<(64,64,1):(64,1,?)>>
!glse = !layout.tensor<f32, global, !layout.layout<(?,?):(1,?)>>
!hlse = !layout.tensor<f32, global, !layout.layout<(?):(1)>>
!tlse = !layout.tensor<f32, global, !layout.layout<(64):(1)>>
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
    gpu.func @attention(%pq: !llvm.ptr<1>, %pk: !llvm.ptr<1>, %pv: !llvm.ptr<1>, %po: !llvm.ptr<1>, %plse: !llvm.ptr<1>, %SQ: i32, %SK: i32, %BH: i32, %causal: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %sq = arith.index_castui %SQ : i32 to index
      %sk = arith.index_castui %SK : i32 to index
      %bh = arith.index_castui %BH : i32 to index
      %sqd = arith.muli %sq, %c64 : index
      %skd = arith.muli %sk, %c64 : index
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
      %tt = layout.const #layout.tuple<(64,64,1)>
      %byk = layout.zipped_divide %lk, %tt : !lg, !layout.tuple<(64,64,1)>
      %nkv = layout.shape_leaf %byk modes [1, 0] : !layout.layout<((64,64,1),(?,1,?)):((64,1,?),(4096,0,?))>
      %ls = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
      %lst = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64,2):(64,1,4096)>
      %psq = llvm.mlir.addressof @sq : !llvm.ptr<3>
      %psk = llvm.mlir.addressof @sk : !llvm.ptr<3>
      %psv = llvm.mlir.addressof @sv : !llvm.ptr<3>
      %sQ = layout.make_tensor %psq, %ls : !llvm.ptr<3> -> !s
      %sK = layout.make_tensor %psk, %lst : !llvm.ptr<3> -> !stages
      %sV = layout.make_tensor %psv, %lst : !llvm.ptr<3> -> !stages
      // Causal: the K/V tiles up to this Q tile's last row.
      %c0i = arith.constant 0 : i32
      %isc = arith.cmpi ne, %causal, %c0i : i32
      %notc = arith.cmpi eq, %causal, %c0i : i32
      %qt1 = arith.addi %qt, %c1 : index
      %qend = arith.muli %qt1, %c64 : index
      %kend = arith.minui %qend, %sk : index
      %cub = arith.ceildivui %kend, %c64 : index
      %ub = arith.select %isc, %cub, %nkv : index
      // Q's tile in one cp.async group, K and V's first tiles in the next.
      %gq = layout.local_tile %Q[%qt, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      layout.async_copy %gq[] to %sQ {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
      nvvm.cp.async.commit.group
      %gk0 = layout.local_tile %K[%c0, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      %gv0 = layout.local_tile %V[%c0, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
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
      %skv = tensor.splat %SK : tensor<64x64xi32, #acc>
      %ninfacc = arith.constant dense<0xFF800000> : !accT
      %res:3 = scf.for %j = %c0 to %ub step %c1 iter_args(%m = %ninf, %l = %zr, %o = %zacc) -> (!rowT, !rowT, !accT) {
        // Tile j is in stage j mod 2; tile j+1 goes to the other one while j is computed.
        %jn = arith.addi %j, %c1 : index
        %more = arith.cmpi ult, %jn, %ub : index
        scf.if %more {
          %gk = layout.local_tile %K[%jn, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
          %gv = layout.local_tile %V[%jn, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
          %nk = layout.slice_tensor %sK[%jn] {modes = array<i64: 2>, ring} : !stages -> !s
          %nv = layout.slice_tensor %sV[%jn] {modes = array<i64: 2>, ring} : !stages -> !s
          layout.async_copy %gk[] to %nk {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
          layout.async_copy %gv[] to %nv {align = 16 : i64} : !gt, !s, tensor<64x64xf16, #rows>
        }
        nvvm.cp.async.commit.group
        // All but the newest group have landed: tile j's stage is complete.
        nvvm.cp.async.wait.group 1
        nvvm.barrier0
        %skj = layout.slice_tensor %sK[%j] {modes = array<i64: 2>, ring} : !stages -> !s
        %svj = layout.slice_tensor %sV[%j] {modes = array<i64: 2>, ring} : !stages -> !s
        // B of S = Q K^T is K^T (head dim x keys): a view of the K tile, read as dot operand B.
        %skt = layout.select_tensor %skj {modes = array<i64: 1, 0>} : !s -> !st
        %kt = layout.shared_load %skt : !st -> tensor<64x64xf16, #dotb>
        %sc = layout.mma %q, %kt, %zacc : tensor<64x64xf16, #dota>, tensor<64x64xf16, #dotb>, !accT -> !accT
        %s1 = arith.mulf %sc, %scale : !accT
        // Keys past SK, and with causal keys past their query, get -inf.
        %k0 = arith.muli %j, %c64 : index
        %k0i = arith.index_castui %k0 : index to i32
        %k0s = tensor.splat %k0i : tensor<64x64xi32, #acc>
        %colg = arith.addi %colc, %k0s : tensor<64x64xi32, #acc>
        %before = arith.cmpi sle, %colg, %rowg : tensor<64x64xi32, #acc>
        %causalok = arith.ori %before, %all : tensor<64x64xi1, #acc>
        %inside = arith.cmpi slt, %colg, %skv : tensor<64x64xi32, #acc>
        %keep = arith.andi %causalok, %inside : tensor<64x64xi1, #acc>
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
        %v = layout.shared_load %svj : !s -> tensor<64x64xf16, #dotb>
        %on = layout.mma %pa, %v, %os : tensor<64x64xf16, #dota>, tensor<64x64xf16, #dotb>, !accT -> !accT
        // Every warp is done with this stage before the next tile's copy overwrites it.
        nvvm.barrier0
        scf.yield %mn, %ln, %on : !rowT, !rowT, !accT
      }
      // Epilogue: O / l (masked past SQ); the log-sum-exp, once per row.
      %lb = layout.broadcast %res#1 {dim = 1 : i64} : !rowT -> !accT
      %out = arith.divf %res#2, %lb : !accT
      %oh = arith.truncf %out : !accT to tensor<64x64xf16, #acc>
      %go = layout.local_tile %O[%qt, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !g -> !gt
      layout.global_store %oh, %go[] {align = 4 : i64} : tensor<64x64xf16, #acc>, !gt
      %ln2 = arith.constant dense<0.6931471805599453> : !rowT
      %lg = math.log2 %res#1 : !rowT
      %ml = arith.addf %res#0, %lg : !rowT
      %lse = arith.mulf %ml, %ln2 : !rowT
      %lh = layout.slice_tensor %LSE[%h] {modes = array<i64: 1>} : !glse -> !hlse
      %lt = layout.local_tile %lh[%qt] {tile = #layout.tuple<(64)>} : !hlse -> !tlse
      layout.global_store %lse, %lt[] {align = 4 : i64} : !rowT, !tlse
      gpu.return
    }
  }
}
