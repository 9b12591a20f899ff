// FlashAttention-class forward attention in fp8 (sm_90a), head dim 128: examples/attention_sm90.mlir
// (read its header) with Q, K and V in e4m3 (f8E4M3FN), f32 accumulation and softmax statistics,
// O in bf16. For each of BH heads, O = softmax(scale_qk ln(2) Q K^T [+ causal mask]) V scale_v and
// LSE = log(sum_j exp(s_j)) per row (s the scores in natural units); the host folds the softmax
// scale and the fp8 descale factors into scale_qk = dq dk log2(e) / sqrt(128) and scale_v = dv.
// Q is BH x SQ x 128 and K BH x SK x 128 (row-major); V is given transposed, BH x 128 x SK (V^T
// row-major, as Triton's fp8 attention takes it), because WGMMA reads fp8 operands K-major only
// and the keys are O += P V's K: V^T's tensor map has a row stride of SK bytes, so SK is a
// multiple of 16 (TMA's stride rule; SQ and SK need not be tile multiples). What changes from the
// f16 kernel:
//   - Q, K and V^T tiles are 128 x 128 bytes, one 128B-swizzle atom per row (Sw<3,4,3> in 1-byte
//     elements); V^T's stage is laid out (key, d):(1, 128), and O += P V's B operand is its view
//     (d, key):(128, 1) by `layout.select_tensor`: K-major, no copy;
//   - S = Q K^T is m64n128k32.f32.e4m3.e4m3 (4 k blocks of 32 bytes);
//   - P: the scores' accumulator is rounded to e4m3 (`arith.truncf`: cvt.rn.satfinite.e4m3x2.f32)
//     and converted by `layout.convert_layout` to WGMMA's 8-bit A fragment (Triton's dot_op of the
//     v3 parent with kWidth 4, which hw::wgmma_a_operand checks per k block of 32): the fragment
//     wants columns 4q .. 4q+3 of each 16 where the accumulator holds 2q, 2q+1 of each 8, so
//     linear::convert_shuffle moves words of 4 bytes (rows g and g+8 of two columns, one lane's
//     registers) with 16 shuffles per 128-key tile and thread, the bound; byte permutes pack and
//     unpack the words (FlashAttention 3 does the same by hand, with __byte_perm and __shfl_sync);
//   - O += P V is m64n128k32 with A from registers (the RS form);
//   - the epilogue writes O / l * scale_v as bf16 into its own 128B-swizzled tile (two atoms along
//     d), then one thread's TMA store.
// Launch: grid (ceil(SQ / 128), BH) of 384 threads, 115792 bytes of dynamic shared memory
// (shared_alloc's remark: 115776).
// Build:
//   layout-opt --lower-to-nvvm="ptx=attention_fp8.ptx" examples/attention_fp8_sm90.mlir
#sacc = #layout.linear<tensor<128x128xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>>>
#sacc8 = #layout.linear<tensor<128x128xf8E4M3FN, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>>>
#pa = #layout.linear<tensor<128x128xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>, kWidth = 4}>>>
#row = #layout.linear<tensor<128xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>}>>>
!lg = !layout.layout<(?,128,?):(128,1,?)>
!lgt = !layout.layout<(?,128,?):(1,?,?)>
!map = !layout.tensor<f8E4M3FN, tma, !layout.layout<(?,128,?):(128,1,?)>>
!mapT = !layout.tensor<f8E4M3FN, tma, !layout.layout<(?,128,?):(1,?,?)>>
!mapO = !layout.tensor<bf16, tma, !layout.layout<(?,128,?):(128,1,?)>>
!tile = !layout.tensor<f8E4M3FN, tma, !layout.layout<(128,128,1):(128,1,?)>>
!tileT = !layout.tensor<f8E4M3FN, tma, !layout.layout<(128,128,1):(1,?,?)>>
!tileO = !layout.tensor<bf16, tma, !layout.layout<(128,128,1):(128,1,?)>>
!glse = !layout.tensor<f32, global, !layout.layout<(?,?):(1,?)>>
!hlse = !layout.tensor<f32, global, !layout.layout<(?):(1)>>
!tlse = !layout.tensor<f32, global, !layout.layout<(128):(1)>>
!sq = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>>
!kstages = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128,2):(128,1,16384)>>
!kstage = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>>
!vstages = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128,2):(1,128,16384)>>
!vstage = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128):(1,128)>>
!vstageT = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>>
!so = !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,(64,2)):(64,(1,8192))>>
!one = !layout.tensor<i64, shared, !layout.layout<1:1>>
!ring = !layout.tensor<i64, shared, !layout.layout<2:1>>
!sT = tensor<128x128xf32, #sacc>
!pT = tensor<128x128xf8E4M3FN, #pa>
!rowT = tensor<128xf32, #row>
module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    gpu.func @attention(%mapQ: !llvm.ptr, %mapK: !llvm.ptr, %mapVt: !llvm.ptr, %mapO: !llvm.ptr, %plse: !llvm.ptr<1>, %SQ: i32, %SK: i32, %BH: i32, %causal: i32, %scale_qk: f32, %scale_v: f32) kernel attributes {known_block_size = array<i32: 384, 1, 1>, layout.tensor_map_encoder = @encode_tensor_maps} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %bar1 = arith.constant 1 : i32
      %consumers = arith.constant 256 : i32
      %sq = arith.index_castui %SQ : i32 to index
      %sk = arith.index_castui %SK : i32 to index
      %bh = arith.index_castui %BH : i32 to index
      %sqd = arith.muli %sq, %c128 : index
      %skd = arith.muli %sk, %c128 : index
      %lq = layout.make %sq, %bh, %sqd : !lg
      %lk = layout.make %sk, %bh, %skd : !lg
      %lvt = layout.make %sk, %bh, %sk, %skd : !lgt
      %Q = layout.make_tensor %mapQ, %lq : !llvm.ptr -> !map
      %K = layout.make_tensor %mapK, %lk : !llvm.ptr -> !map
      %Vt = layout.make_tensor %mapVt, %lvt : !llvm.ptr -> !mapT
      %O = layout.make_tensor %mapO, %lq : !llvm.ptr -> !mapO
      %ll = layout.make %sq, %bh, %sq : !layout.layout<(?,?):(1,?)>
      %LSE = layout.make_tensor %plse, %ll : !llvm.ptr<1> -> !glse
      %qt = gpu.block_id x
      %h = gpu.block_id y
      %tt = layout.const #layout.tuple<(128,128,1)>
      %byk = layout.zipped_divide %lk, %tt : !lg, !layout.tuple<(128,128,1)>
      %nkv = layout.shape_leaf %byk modes [1, 0] : !layout.layout<((128,128,1),(?,1,?)):((128,1,?),(16384,0,?))>
      // Causal: the K/V tiles up to this Q tile's last row.
      %c0i = arith.constant 0 : i32
      %isc = arith.cmpi ne, %causal, %c0i : i32
      %qt1 = arith.addi %qt, %c1 : index
      %qend = arith.muli %qt1, %c128 : index
      %kend = arith.minui %qend, %sk : index
      %cub = arith.ceildivui %kend, %c128 : index
      %ub = arith.select %isc, %cub, %nkv : index
      %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %sQ, %sK, %sV, %sO, %qbar, %kfull, %vfull, %kempty, %vempty = layout.shared_alloc %smem : !llvm.ptr<3> -> !sq, !kstages, !vstages, !so, !one, !ring, !ring, !ring, !ring
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
        %gq = layout.local_tile %Q[%qt, %c0, %h] {tile = #layout.tuple<(128,128,1)>} : !map -> !tile
        layout.tma_copy %gq to %sQ barrier(%qbar[%c0] : !one) : !tile, !sq
        scf.for %j = %c0 to %ub step %c1 {
          %gk = layout.local_tile %K[%j, %c0, %h] {tile = #layout.tuple<(128,128,1)>} : !map -> !tile
          %gv = layout.local_tile %Vt[%j, %c0, %h] {tile = #layout.tuple<(128,128,1)>} : !mapT -> !tileT
          %sk1 = layout.slice_tensor %sK[%j] {modes = array<i64: 2>, ring} : !kstages -> !kstage
          %sv1 = layout.slice_tensor %sV[%j] {modes = array<i64: 2>, ring} : !vstages -> !vstage
          layout.mbarrier_wait %kempty[%j] {free} : !ring
          layout.tma_copy %gk to %sk1 barrier(%kfull[%j] : !ring) : !tile, !kstage
          layout.mbarrier_wait %vempty[%j] {free} : !ring
          layout.tma_copy %gv to %sv1 barrier(%vfull[%j] : !ring) : !tileT, !vstage
        }
      }
      %consumer = arith.cmpi ult, %tid, %c256 : index
      scf.if %consumer {
        nvvm.setmaxregister increase 240
        %ninf = arith.constant dense<0xFF800000> : !rowT
        %zr = arith.constant dense<0.0> : !rowT
        %zs = arith.constant dense<0.0> : !sT
        %ninfs = arith.constant dense<0xFF800000> : !sT
        %scale = tensor.splat %scale_qk : !sT
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
        // Ping-pong between the two consumer warpgroups (named barriers 2 + g), as in the f16 kernel.
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
        %zp = arith.constant dense<0.0> : !pT
        // K/V tile j: S_j = Q K_j^T is issued, then O += P_{j-1} V_{j-1} (FA3's intra-warpgroup
        // overlap); P_{j-1} is carried in WGMMA's 8-bit A fragment.
        %res:4 = scf.for %j = %c0 to %ub step %c1 iter_args(%m = %ninf, %l = %zr, %o = %zs, %pp = %zp) -> (!rowT, !rowT, !sT, !pT) {
          layout.mbarrier_wait %kfull[%j] : !ring
          nvvm.barrier id = %mybar number_of_threads = %consumers
          %sk1 = layout.slice_tensor %sK[%j] {modes = array<i64: 2>, ring} : !kstages -> !kstage
          %sc = layout.mma_async %sQ, %sk1, %zs : !sq, !kstage, !sT -> !sT
          %later = arith.cmpi ugt, %j, %c0 : index
          %prev = arith.subi %j, %c1 : index
          %o1 = scf.if %later -> (!sT) {
            layout.mbarrier_wait %vfull[%prev] : !ring
            %svp = layout.slice_tensor %sV[%prev] {modes = array<i64: 2>, ring} : !vstages -> !vstage
            %svt = layout.select_tensor %svp {modes = array<i64: 1, 0>} : !vstage -> !vstageT
            %on = layout.mma_async %pp, %svt, %o : !pT, !vstageT, !sT -> !sT
            scf.yield %on : !sT
          } else {
            nvvm.wgmma.wait.group.sync.aligned 0
            scf.yield %o : !sT
          }
          %next = arith.addi %j, %c1 : index
          %more = arith.cmpi ult, %next, %ub : index
          %handoff = arith.ori %first, %more : i1
          scf.if %handoff {
            nvvm.barrier.arrive id = %otherbar number_of_threads = %consumers
          }
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
          nvvm.wgmma.wait.group.sync.aligned 0
          scf.if %later {
            layout.mbarrier_arrive %vempty[%prev] : !ring
          }
          %ab = layout.broadcast %alpha {dim = 1 : i64} : !rowT -> !sT
          %os = arith.mulf %o1, %ab : !sT
          %p8 = arith.truncf %p : !sT to tensor<128x128xf8E4M3FN, #sacc8>
          %pa = layout.convert_layout %p8 : tensor<128x128xf8E4M3FN, #sacc8> -> !pT
          scf.yield %mn, %ln, %os, %pa : !rowT, !rowT, !sT, !pT
        }
        // The last tile's O += P V.
        %last = arith.subi %ub, %c1 : index
        layout.mbarrier_wait %vfull[%last] : !ring
        %svl = layout.slice_tensor %sV[%last] {modes = array<i64: 2>, ring} : !vstages -> !vstage
        %svlt = layout.select_tensor %svl {modes = array<i64: 1, 0>} : !vstage -> !vstageT
        %ofin = layout.mma_async %res#3, %svlt, %res#2 : !pT, !vstageT, !sT -> !sT
        nvvm.wgmma.wait.group.sync.aligned 0
        // Epilogue: O / l * scale_v through shared memory and a TMA store; the log-sum-exp.
        %vs = tensor.splat %scale_v : !rowT
        %inv = arith.divf %vs, %res#1 : !rowT
        %ib = layout.broadcast %inv {dim = 1 : i64} : !rowT -> !sT
        %out = arith.mulf %ofin, %ib : !sT
        %oh = arith.truncf %out : !sT to tensor<128x128xbf16, #sacc>
        layout.shared_store %oh, %sO : tensor<128x128xbf16, #sacc>, !so
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
        nvvm.barrier id = %bar1 number_of_threads = %consumers
        scf.if %leader {
          %go = layout.local_tile %O[%qt, %c0, %h] {tile = #layout.tuple<(128,128,1)>} : !mapO -> !tileO
          layout.tma_copy %sO to %go : !so, !tileO
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
