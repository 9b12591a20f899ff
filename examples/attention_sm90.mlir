// Attention at the layout level, first cut (sm_90a): O = softmax(Q K^T / sqrt(64)) V for each
// head, f16 in and out, f32 accumulation and softmax statistics; Q, K, V and O are
// (heads x seq) x 64 row-major (head h's rows h seq ..), seq a multiple of 64. One CTA of one
// warpgroup (128 threads) computes a 64-row tile of Q: grid (seq / 64, heads).
// What the layouts derive, and nothing is written by hand:
//   - S = Q K^T is `layout.mma_async` on the swizzled shared tiles of Q and K (K-major both;
//     m64n64k16, 4 k blocks): its accumulator layout is Triton's nvidia_mma v3;
//   - the online softmax works on register tensors: `layout.reduce` (maxnumf, addf) along the
//     rows of the accumulator (linear::reduce_plan: 16 registers in-thread, then butterfly
//     shuffles over the 4 lanes of a quad), `layout.broadcast` back (a register renaming),
//     `math.exp2` (ex2.approx.f32), and the running maximum m, sum l and output O carried by
//     scf.for; the slice layout of m and l is Triton's #ttg.slice of the accumulator's;
//   - O += P V takes P from registers (WGMMA's RS form): P is the accumulator truncated to f16,
//     whose layout hw::wgmma_a_operand proves to be the A fragment of every k block (FA3's
//     P); B = V^T is `layout.select_tensor` of V's shared tile (a view: MN-major, no copy);
//   - the epilogue divides by l (broadcast) and stores the f16 tile with global_store.
//   - causal (the last argument nonzero): the loop stops at the diagonal tile and the scores of
//     columns past their row are -inf, compared on `layout.coordinate` (each element's row and
//     column as the accumulator's layout places it) moved to the tile's origin.
// Not yet (issue 50): TMA loads and a multi-stage K/V ring with producer and consumer
// warpgroups, sequence lengths that are not tile multiples, bf16, the log-sum-exp output, the
// stmatrix + TMA store epilogue (examples/attention_sm80.mlir is the sm_80 variant). K and V tiles are loaded by every thread through registers
// into shared memory, with CTA barriers around them.
// Arguments: q, k, v, o, seq (i32), causal (i32: nonzero for the causal mask).
// Launch: grid (seq / 64, heads) of 128 threads; 24576 bytes of static shared memory.
// Build:
//   layout-opt --lower-to-nvvm="ptx=attention.ptx" examples/attention_sm90.mlir
#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
#row = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>}>>>
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!g = !layout.tensor<f16, global, !layout.layout<(?,64):(64,1)>>
!gt = !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!st = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(1,64)>>
!accT = tensor<64x64xf32, #acc>
!rowT = tensor<64xf32, #row>
module {
  gpu.module @kernels {
    llvm.mlir.global internal @sq() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<8192 x i8>
    llvm.mlir.global internal @sk() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<8192 x i8>
    llvm.mlir.global internal @sv() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<8192 x i8>
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
      %psq = llvm.mlir.addressof @sq : !llvm.ptr<3>
      %psk = llvm.mlir.addressof @sk : !llvm.ptr<3>
      %psv = llvm.mlir.addressof @sv : !llvm.ptr<3>
      %sQ = layout.make_tensor %psq, %ls : !llvm.ptr<3> -> !s
      %sK = layout.make_tensor %psk, %ls : !llvm.ptr<3> -> !s
      %sV = layout.make_tensor %psv, %ls : !llvm.ptr<3> -> !s
      // B of O += P V is V^T (head dim x keys): a view of the V tile, MN-major.
      %sVt = layout.select_tensor %sV {modes = array<i64: 1, 0>} : !s -> !st
      %qi = arith.addi %base, %qt : index
      %gq = layout.local_tile %Q[%qi, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
      %q = layout.global_load %gq[] {align = 16 : i64} : !gt -> tensor<64x64xf16, #rows>
      layout.shared_store %q, %sQ : tensor<64x64xf16, #rows>, !s
      %ninf = arith.constant dense<0xFF800000> : !rowT
      %zr = arith.constant dense<0.0> : !rowT
      %zacc = arith.constant dense<0.0> : !accT
      // softmax scale 1/sqrt(64) times log2(e): scores in base 2.
      %scale = arith.constant dense<0.18033688011112042> : !accT
      // Causal: the K/V tiles up to the diagonal (tile qt), and a mask that keeps the scores of
      // columns at or before each row (coordinates from the accumulator's layout).
      %c0i = arith.constant 0 : i32
      %isc = arith.cmpi ne, %causal, %c0i : i32
      %notc = arith.cmpi eq, %causal, %c0i : i32
      %qt1 = arith.addi %qt, %c1 : index
      %ub = arith.select %isc, %qt1, %tiles : index
      %rowc = layout.coordinate {dim = 0 : i64} : tensor<64x64xi32, #acc>
      %colc = layout.coordinate {dim = 1 : i64} : tensor<64x64xi32, #acc>
      %q0 = arith.muli %qt, %c64 : index
      %q0i = arith.index_castui %q0 : index to i32
      %q0s = tensor.splat %q0i : tensor<64x64xi32, #acc>
      %rowg = arith.addi %rowc, %q0s : tensor<64x64xi32, #acc>
      %all = tensor.splat %notc : tensor<64x64xi1, #acc>
      %ninfacc = arith.constant dense<0xFF800000> : !accT
      %res:3 = scf.for %j = %c0 to %ub step %c1 iter_args(%m = %ninf, %l = %zr, %o = %zacc) -> (!rowT, !rowT, !accT) {
        // Every warp's last wgmma has read sK and sV before they are overwritten.
        nvvm.barrier0
        %kj = arith.addi %base, %j : index
        %gk = layout.local_tile %K[%kj, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
        %gv = layout.local_tile %V[%kj, %c0] {tile = #layout.tuple<(64,64)>} : !g -> !gt
        %k = layout.global_load %gk[] {align = 16 : i64} : !gt -> tensor<64x64xf16, #rows>
        %v = layout.global_load %gv[] {align = 16 : i64} : !gt -> tensor<64x64xf16, #rows>
        layout.shared_store %k, %sK : tensor<64x64xf16, #rows>, !s
        layout.shared_store %v, %sV : tensor<64x64xf16, #rows>, !s
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
        nvvm.barrier0
        // S = Q K^T (both K-major), in base-2 units.
        %sc = layout.mma_async %sQ, %sK, %zacc : !s, !s, !accT -> !accT
        nvvm.wgmma.wait.group.sync.aligned 0
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
        // O += P V with P from registers: the accumulator's layout is WGMMA's A fragment.
        %ph = arith.truncf %p : !accT to tensor<64x64xf16, #acc>
        %on = layout.mma_async %ph, %sVt, %os : tensor<64x64xf16, #acc>, !st, !accT -> !accT
        nvvm.wgmma.wait.group.sync.aligned 0
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
