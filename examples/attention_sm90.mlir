// FlashAttention-class forward attention at the layout level (sm_90a), head dim 64:
// O = softmax(Q K^T / sqrt(64) [+ causal mask]) V and LSE = log(sum_j exp(s_j)) per row, for each
// of BH heads (batch x heads), f16 in and out (bf16: the same file with bf16 for f16), f32
// accumulation and softmax statistics. Q and O are BH x SQ x 64, K and V BH x SK x 64 (row-major),
// LSE BH x SQ f32; SQ and SK are runtime lengths, not tile multiples. One CTA of three warpgroups
// computes a 128-row tile of Q of one head: two consumer warpgroups (64 rows each) multiply and
// run the softmax, a producer warpgroup (one thread of it) feeds them by TMA.
// What the layouts derive, and nothing is written by hand:
//   - Q, K, V and O are 3-D tensors over their TMA tensor maps ((SQ,64,BH):(64,1,64 SQ)), tiled
//     by `layout.local_tile` at (tile, 0, head) with the tile (128,64,1): `layout.tma_copy` moves
//     the (128,64) box of a head (the head mode is a box extent of 1), so TMA zero-fills the rows
//     past SQ or SK and clips the store of O there; the coordinates, boxes and transaction bytes
//     come from the global and shared layouts;
//   - shared memory is carved by `layout.shared_alloc` (Q, two K and two V stages of 128B-swizzled
//     layouts, five barrier rings); K/V tile j goes to stage j mod 2 (`slice_tensor ... {ring}`),
//     its barriers and parities derive from the ring position: `kfull` and `vfull` (the TMA loads
//     complete them), `kempty` and `vempty` (the 256 consumer threads release K_j once S_j has
//     retired, V_j once O += P_j V_j has); the producer waits for a stage to be `free`;
//   - S = Q K^T is `layout.mma_async` on the shared tiles (K-major both; m64n128k16, warpgroup G
//     reads rows 64G.. of Q); its accumulator layout is Triton's nvidia_mma v3;
//   - FA3's intra-warpgroup overlap: iteration j issues S_j = Q K_j^T, then O += P_{j-1} V_{j-1}
//     (the previous tile's probabilities, carried by scf.for), waits for the older group only
//     (`wgmma.wait_group 1`: S_j) and runs tile j's softmax while the second WGMMA runs; the last
//     tile's O += P V follows the loop;
//   - ping-pong (FA3's warp scheduler barriers): each consumer warpgroup waits on its named
//     barrier (2 + g) before issuing its WGMMAs and arrives on the other's once they are issued,
//     so one warpgroup's softmax runs while the other's WGMMAs do;
//   - setmaxnreg: the producer warpgroup drops to 24 registers per thread and the consumers rise
//     to 240 (of the 168 a 384-thread CTA launches with, as FA3 does);
//   - the online softmax works on register tensors: `layout.reduce` (maxnumf, addf) along the
//     rows (linear::reduce_plan: 32 registers in-thread, then butterfly shuffles over the 4 lanes
//     of a quad), `layout.broadcast` back (a register renaming), `math.exp2` (ex2.approx.f32), the
//     running maximum m, sum l and output O carried by scf.for in the slice layout of the
//     accumulator (Triton's #ttg.slice); the rows of the m64n128 scores and of the m64n64 output
//     are the same registers, so `layout.convert_layout` between their slices folds;
//   - masks compare `layout.coordinate` (each element's row and column as the accumulator's layout
//     places it) moved to the tile's origin: columns at or past SK, and with `causal` columns past
//     their row (key j <= query i), get -inf; with `causal` the K/V loop also stops at the tile of
//     the Q tile's last row;
//   - O += P V takes P from registers (WGMMA's RS form): P is the scores' accumulator rounded to
//     f16, whose layout hw::wgmma_a_operand proves to be the A fragment of every k block; B = V^T
//     is `layout.select_tensor` of V's stage (a view: MN-major, no copy);
//   - the epilogue: O / l rounded to f16 into Q's tile (stmatrix, chosen from the layouts; each
//     warpgroup writes only the rows it read), then one thread's TMA store; LSE = (m + log2 l) ln 2
//     (lg2.approx.f32) by global_store at the head's row slice of LSE (`slice_tensor`), predicated
//     on the rows inside SQ and stored once per row (the quad's other lanes hold copies);
//   - the host function encode_tensor_maps(mapQ, Q, mapK, K, mapV, V, mapO, O, SQ, SK, BH, causal)
//     is derived from the kernel (`layout.tensor_map_encoder`).
// fp8 (e4m3 in, bf16 out, P shuffled into WGMMA's 8-bit A fragment): examples/attention_fp8_sm90.mlir.
// Launch: grid (ceil(SQ / 128), BH) of 384 threads (SQ, SK >= 1), 83024 bytes of dynamic shared
// memory (shared_alloc's remark: 83008).
// Build:
//   layout-opt --lower-to-nvvm="ptx=attention.ptx" examples/attention_sm90.mlir
#sacc = #layout.linear<tensor<128x128xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>>>
#oacc = #layout.linear<tensor<128x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>>>
#row = #layout.linear<tensor<128xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>}>>>
#orow = #layout.linear<tensor<128xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>}>>>
!lg = !layout.layout<(?,64,?):(64,1,?)>
!map = !layout.tensor<f16, tma, !layout.layout<(?,64,?):(64,1,?)>>
!tile = !layout.tensor<f16, tma, !layout.layout<(128,64,1):(64,1,?)>>
!glse = !layout.tensor<f32, global, !layout.layout<(?,?):(1,?)>>
!hlse = !layout.tensor<f32, global, !layout.layout<(?):(1)>>
!tlse = !layout.tensor<f32, global, !layout.layout<(128):(1)>>
!sq = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!stages = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,2):(64,1,8192)>>
!stage = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!stageT = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,128):(1,64)>>
!one = !layout.tensor<i64, shared, !layout.layout<1:1>>
!ring = !layout.tensor<i64, shared, !layout.layout<2:1>>
!sT = tensor<128x128xf32, #sacc>
!oT = tensor<128x64xf32, #oacc>
!rowT = tensor<128xf32, #row>
!orowT = tensor<128xf32, #orow>
module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    gpu.func @attention(%mapQ: !llvm.ptr, %mapK: !llvm.ptr, %mapV: !llvm.ptr, %mapO: !llvm.ptr, %plse: !llvm.ptr<1>, %SQ: i32, %SK: i32, %BH: i32, %causal: i32) kernel attributes {known_block_size = array<i32: 384, 1, 1>, layout.tensor_map_encoder = @encode_tensor_maps} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %bar1 = arith.constant 1 : i32
      %consumers = arith.constant 256 : i32
      %sq = arith.index_castui %SQ : i32 to index
      %sk = arith.index_castui %SK : i32 to index
      %bh = arith.index_castui %BH : i32 to index
      %sqd = arith.muli %sq, %c64 : index
      %skd = arith.muli %sk, %c64 : index
      %lq = layout.make %sq, %bh, %sqd : !lg
      %lk = layout.make %sk, %bh, %skd : !lg
      %Q = layout.make_tensor %mapQ, %lq : !llvm.ptr -> !map
      %K = layout.make_tensor %mapK, %lk : !llvm.ptr -> !map
      %V = layout.make_tensor %mapV, %lk : !llvm.ptr -> !map
      %O = layout.make_tensor %mapO, %lq : !llvm.ptr -> !map
      %ll = layout.make %sq, %bh, %sq : !layout.layout<(?,?):(1,?)>
      %LSE = layout.make_tensor %plse, %ll : !llvm.ptr<1> -> !glse
      %qt = gpu.block_id x
      %h = gpu.block_id y
      %tt = layout.const #layout.tuple<(128,64,1)>
      %byk = layout.zipped_divide %lk, %tt : !lg, !layout.tuple<(128,64,1)>
      %nkv = layout.shape_leaf %byk modes [1, 0] : !layout.layout<((128,64,1),(?,1,?)):((64,1,?),(8192,0,?))>
      // Causal: the K/V tiles up to this Q tile's last row.
      %c0i = arith.constant 0 : i32
      %isc = arith.cmpi ne, %causal, %c0i : i32
      %qt1 = arith.addi %qt, %c1 : index
      %qend = arith.muli %qt1, %c128 : index
      %kend = arith.minui %qend, %sk : index
      %cub = arith.ceildivui %kend, %c128 : index
      %ub = arith.select %isc, %cub, %nkv : index
      %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %sQ, %sK, %sV, %qbar, %kfull, %vfull, %kempty, %vempty = layout.shared_alloc %smem : !llvm.ptr<3> -> !sq, !stages, !stages, !one, !ring, !ring, !ring, !ring
      %tid = gpu.thread_id x
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        layout.mbarrier_init %qbar {arrivals = 1 : i64} : !one
        layout.mbarrier_init %kfull {arrivals = 1 : i64} : !ring
        layout.mbarrier_init %vfull {arrivals = 1 : i64} : !ring
        layout.mbarrier_init %kempty {arrivals = 256 : i64} : !ring
        layout.mbarrier_init %vempty {arrivals = 256 : i64} : !ring
      }
      nvvm.barrier0
      %producers = arith.cmpi uge, %tid, %c256 : index
      %producer = arith.cmpi eq, %tid, %c256 : index
      scf.if %producers {
        nvvm.setmaxregister decrease 24
      }
      scf.if %producer {
        %gq = layout.local_tile %Q[%qt, %c0, %h] {tile = #layout.tuple<(128,64,1)>} : !map -> !tile
        layout.tma_copy %gq to %sQ barrier(%qbar[%c0] : !one) : !tile, !sq
        scf.for %j = %c0 to %ub step %c1 {
          %gk = layout.local_tile %K[%j, %c0, %h] {tile = #layout.tuple<(128,64,1)>} : !map -> !tile
          %gv = layout.local_tile %V[%j, %c0, %h] {tile = #layout.tuple<(128,64,1)>} : !map -> !tile
          %sk1 = layout.slice_tensor %sK[%j] {modes = array<i64: 2>, ring} : !stages -> !stage
          %sv1 = layout.slice_tensor %sV[%j] {modes = array<i64: 2>, ring} : !stages -> !stage
          layout.mbarrier_wait %kempty[%j] {free} : !ring
          layout.tma_copy %gk to %sk1 barrier(%kfull[%j] : !ring) : !tile, !stage
          layout.mbarrier_wait %vempty[%j] {free} : !ring
          layout.tma_copy %gv to %sv1 barrier(%vfull[%j] : !ring) : !tile, !stage
        }
      }
      %consumer = arith.cmpi ult, %tid, %c256 : index
      scf.if %consumer {
        nvvm.setmaxregister increase 240
        %ninf = arith.constant dense<0xFF800000> : !rowT
        %zr = arith.constant dense<0.0> : !rowT
        %zs = arith.constant dense<0.0> : !sT
        %zo = arith.constant dense<0.0> : !oT
        %ninfs = arith.constant dense<0xFF800000> : !sT
        %scale = arith.constant dense<0.18033688011112042> : !sT
        %rowc = layout.coordinate {dim = 0 : i64} : tensor<128x128xi32, #sacc>
        %colc = layout.coordinate {dim = 1 : i64} : tensor<128x128xi32, #sacc>
        %q0 = arith.muli %qt, %c128 : index
        %q0i = arith.index_castui %q0 : index to i32
        %q0s = tensor.splat %q0i : tensor<128x128xi32, #sacc>
        %rowg = arith.addi %rowc, %q0s : tensor<128x128xi32, #sacc>
        %notc = arith.cmpi eq, %causal, %c0i : i32
        %all = tensor.splat %notc : tensor<128x128xi1, #sacc>
        %skv = tensor.splat %SK : tensor<128x128xi32, #sacc>
        layout.mbarrier_wait %qbar[%c0] : !one
        // Ping-pong (FA3's warp scheduler barriers): warpgroup g issues its WGMMAs after the other's
        // (named barrier 2 + g, both warpgroups' 256 threads: g waits, the other arrives once
        // its WGMMAs are issued), so one's softmax overlaps the other's WGMMAs; warpgroup 1
        // lets warpgroup 0 go first and skips its last arrival (the two counts balance).
        %wg = arith.divui %tid, %c128 : index
        %first = arith.cmpi eq, %wg, %c0 : index
        %wgi = arith.index_castui %wg : index to i32
        %c2i = arith.constant 2 : i32
        %c3i = arith.constant 3 : i32
        %mybar = arith.addi %wgi, %c2i : i32
        %otherbar = arith.subi %c3i, %wgi : i32
        %second = arith.cmpi ne, %wg, %c0 : index
        scf.if %second {
          nvvm.barrier.arrive id = %c2i number_of_threads = %consumers
        }
        %zp = arith.constant dense<0.0> : tensor<128x128xf16, #sacc>
        // K/V tile j: S_j = Q K_j^T is issued, then O += P_{j-1} V_{j-1} (tile j-1's probabilities,
        // FA3's intra-warpgroup overlap): the softmax of S_j runs while the second WGMMA does.
        %res:4 = scf.for %j = %c0 to %ub step %c1 iter_args(%m = %ninf, %l = %zr, %o = %zo, %pp = %zp) -> (!rowT, !rowT, !oT, tensor<128x128xf16, #sacc>) {
          layout.mbarrier_wait %kfull[%j] : !ring
          nvvm.barrier id = %mybar number_of_threads = %consumers
          %sk1 = layout.slice_tensor %sK[%j] {modes = array<i64: 2>, ring} : !stages -> !stage
          %sc = layout.mma_async %sQ, %sk1, %zs : !sq, !stage, !sT -> !sT
          %later = arith.cmpi ugt, %j, %c0 : index
          %prev = arith.subi %j, %c1 : index
          %o1 = scf.if %later -> (!oT) {
            layout.mbarrier_wait %vfull[%prev] : !ring
            %svp = layout.slice_tensor %sV[%prev] {modes = array<i64: 2>, ring} : !stages -> !stage
            %svt = layout.select_tensor %svp {modes = array<i64: 1, 0>} : !stage -> !stageT
            %on = layout.mma_async %pp, %svt, %o : tensor<128x128xf16, #sacc>, !stageT, !oT -> !oT
            scf.yield %on : !oT
          } else {
            // The first tile has no O += P V in flight: S_0 is the only group.
            nvvm.wgmma.wait.group.sync.aligned 0
            scf.yield %o : !oT
          }
          %next = arith.addi %j, %c1 : index
          %more = arith.cmpi ult, %next, %ub : index
          %handoff = arith.ori %first, %more : i1
          scf.if %handoff {
            nvvm.barrier.arrive id = %otherbar number_of_threads = %consumers
          }
          // S_j has retired (the older group); K_j's stage is free.
          nvvm.wgmma.wait.group.sync.aligned 1
          layout.mbarrier_arrive %kempty[%j] : !ring
          %s1 = arith.mulf %sc, %scale : !sT
          %k0 = arith.muli %j, %c128 : index
          %k0i = arith.index_castui %k0 : index to i32
          %k0s = tensor.splat %k0i : tensor<128x128xi32, #sacc>
          %colg = arith.addi %colc, %k0s : tensor<128x128xi32, #sacc>
          %before = arith.cmpi sle, %colg, %rowg : tensor<128x128xi32, #sacc>
          %causalok = arith.ori %before, %all : tensor<128x128xi1, #sacc>
          %inside = arith.cmpi slt, %colg, %skv : tensor<128x128xi32, #sacc>
          %keep = arith.andi %causalok, %inside : tensor<128x128xi1, #sacc>
          %s2 = arith.select %keep, %s1, %ninfs : tensor<128x128xi1, #sacc>, !sT
          %mt = layout.reduce %s2 {dim = 1 : i64, kind = "maxnumf"} : !sT -> !rowT
          %mn = arith.maxnumf %m, %mt : !rowT
          %mb = layout.broadcast %mn {dim = 1 : i64} : !rowT -> !sT
          %d = arith.subf %s2, %mb : !sT
          %p = math.exp2 %d : !sT
          %dm = arith.subf %m, %mn : !rowT
          %alpha = math.exp2 %dm : !rowT
          %ps = layout.reduce %p {dim = 1 : i64, kind = "addf"} : !sT -> !rowT
          %la = arith.mulf %l, %alpha : !rowT
          %ln = arith.addf %la, %ps : !rowT
          // O += P_{j-1} V_{j-1} has retired: V_{j-1}'s stage is free; O takes this tile's rescale.
          nvvm.wgmma.wait.group.sync.aligned 0
          scf.if %later {
            layout.mbarrier_arrive %vempty[%prev] : !ring
          }
          %ao = layout.convert_layout %alpha : !rowT -> !orowT
          %ab = layout.broadcast %ao {dim = 1 : i64} : !orowT -> !oT
          %os = arith.mulf %o1, %ab : !oT
          %ph = arith.truncf %p : !sT to tensor<128x128xf16, #sacc>
          scf.yield %mn, %ln, %os, %ph : !rowT, !rowT, !oT, tensor<128x128xf16, #sacc>
        }
        // The last tile's O += P V.
        %last = arith.subi %ub, %c1 : index
        layout.mbarrier_wait %vfull[%last] : !ring
        %svl = layout.slice_tensor %sV[%last] {modes = array<i64: 2>, ring} : !stages -> !stage
        %svlt = layout.select_tensor %svl {modes = array<i64: 1, 0>} : !stage -> !stageT
        %ofin = layout.mma_async %res#3, %svlt, %res#2 : tensor<128x128xf16, #sacc>, !stageT, !oT -> !oT
        nvvm.wgmma.wait.group.sync.aligned 0
        // Epilogue: O / l through shared memory (Q's tile) and a TMA store; the log-sum-exp.
        %lo = layout.convert_layout %res#1 : !rowT -> !orowT
        %lb = layout.broadcast %lo {dim = 1 : i64} : !orowT -> !oT
        %out = arith.divf %ofin, %lb : !oT
        %oh = arith.truncf %out : !oT to tensor<128x64xf16, #oacc>
        nvvm.barrier id = %bar1 number_of_threads = %consumers
        layout.shared_store %oh, %sQ : tensor<128x64xf16, #oacc>, !sq
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
        nvvm.barrier id = %bar1 number_of_threads = %consumers
        scf.if %leader {
          %go = layout.local_tile %O[%qt, %c0, %h] {tile = #layout.tuple<(128,64,1)>} : !map -> !tile
          layout.tma_copy %sQ to %go : !sq, !tile
        }
        %ln2 = arith.constant dense<0.6931471805599453> : !rowT
        %lg = math.log2 %res#1 : !rowT
        %ml = arith.addf %res#0, %lg : !rowT
        %lse = arith.mulf %ml, %ln2 : !rowT
        %lh = layout.slice_tensor %LSE[%h] {modes = array<i64: 1>} : !glse -> !hlse
        %lt = layout.local_tile %lh[%qt] {tile = #layout.tuple<(128)>} : !hlse -> !tlse
        layout.global_store %lse, %lt[] {align = 4 : i64} : !rowT, !tlse
      }
      gpu.return
    }
  }
}
