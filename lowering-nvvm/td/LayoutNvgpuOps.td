//===- LayoutNvgpuOps.td - Hopper/Blackwell data movement ops of `layout` -===//
//
// ldmatrix/stmatrix of a register fragment from/to a shared-memory layout,
// WGMMA shared-memory descriptors (with the per-k advance) and the wgmma
// itself, TMA tensor maps (host) and TMA loads/stores (device). Every layout
// parameter (`smem`, `fragment`, `tile`, `gmem`, `tmem`) is given either as
// an attribute or as an SSA operand of layout type (`smem(%l : !layout...)`),
// so layouts the algebra computes flow into the ops; an operand's type must
// be static. Every parameter the hardware sees (lane addresses,
// descriptor bits, box sizes, swizzle modes) is derived from it by
// layout_algebra::hw, and the verifiers reject what the hardware would reject.
// The ops join the `layout` dialect through a registry extension
// (cpp/LayoutNvgpuOps.cpp) and lower with `--lower-to-nvvm` (docs/nvvm.md).
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_NVGPU_OPS_TD
#define LAYOUT_NVGPU_OPS_TD

include "LayoutDialect.td"
include "LayoutAttrs.td"
include "LayoutTypes.td"
include "LayoutOpContracts.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class LayoutNv_Op<string mnemonic, list<Trait> traits = []>
    : Op<Layout_Dialect, mnemonic, traits> {
  let hasVerifier = 1;
}

def LayoutNv_LdmatrixOp : LayoutNv_Op<"ldmatrix", [AttrSizedOperandSegments]> {
  let summary = "ldmatrix of a register fragment from a shared-memory layout";
  let description = [{
    ```mlir
    %r = layout.ldmatrix %smem {elem = f16, smem = #layout.layout<(16,16):(16,1)>,
           fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>}
         : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
    ```
    `smem` maps the tile index to the element offset from `%smem` (swizzle
    included); `fragment` is the (32 lanes, values) -> tile index layout of
    the registers. The x1/x2/x4 and `.trans` form and each lane's row address
    are derived from them; the result is one i32 per matrix (i32 for x1).
  }] # !cast<Layout_Contract>("Layout_Contract_ldmatrix").text;
  let arguments = (ins Arg<AnyType, "the tile", [MemRead]>:$base,
                       Optional<Layout_ValueType>:$smemLayout,
                       Optional<Layout_ValueType>:$fragmentLayout,
                       TypeAttr:$elem,
                       OptionalAttr<Layout_ValueAttr>:$smem,
                       OptionalAttr<Layout_ValueAttr>:$fragment);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$base (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? (`fragment` `(` $fragmentLayout^ `:` qualified(type($fragmentLayout)) `)`)? attr-dict `:` type($base) `->` type($result)";
}

def LayoutNv_StmatrixOp : LayoutNv_Op<"stmatrix", [AttrSizedOperandSegments]> {
  let summary = "stmatrix of a register fragment to a shared-memory layout";
  let description = [{
    ```mlir
    layout.stmatrix %smem, %r0, %r1, %r2, %r3 {elem = f16, smem = ..., fragment = ...}
        : !llvm.ptr<3>, i32, i32, i32, i32
    ```
    One i32 operand per matrix (x1/x2/x4, derived like ldmatrix).
  }] # !cast<Layout_Contract>("Layout_Contract_stmatrix").text;
  let arguments = (ins Arg<AnyType, "the tile", [MemWrite]>:$base,
                       Variadic<I32>:$values,
                       Optional<Layout_ValueType>:$smemLayout,
                       Optional<Layout_ValueType>:$fragmentLayout,
                       TypeAttr:$elem,
                       OptionalAttr<Layout_ValueAttr>:$smem,
                       OptionalAttr<Layout_ValueAttr>:$fragment);
  let assemblyFormat = "$base `,` $values (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? (`fragment` `(` $fragmentLayout^ `:` qualified(type($fragmentLayout)) `)`)? attr-dict `:` type($base) `,` type($values)";
}

def LayoutNv_LaneOffsetOp : LayoutNv_Op<"lane_offset", [Pure, AttrSizedOperandSegments]> {
  let summary = "the byte offset of the row a lane supplies to ldmatrix/stmatrix";
  let description = [{
    ```mlir
    %off = layout.lane_offset %lane {instr = "ldmatrix", elem = f16,
             smem = #layout.layout<...>, fragment = #layout.layout<...>}
    ```
    The address arithmetic `layout.ldmatrix`/`layout.stmatrix` lower to, for an
    explicit lane (i32): the byte offset from the tile origin of the row lane
    `%lane` hands to the instruction. Lowers to the same i32 arithmetic (runs
    on any target: the evaluation tests run it on the host).
  }] # !cast<Layout_Contract>("Layout_Contract_lane_offset").text;
  let arguments = (ins I32:$lane,
                       Optional<Layout_ValueType>:$smemLayout,
                       Optional<Layout_ValueType>:$fragmentLayout,
                       StrAttr:$instr,
                       TypeAttr:$elem,
                       OptionalAttr<Layout_ValueAttr>:$smem,
                       OptionalAttr<Layout_ValueAttr>:$fragment);
  let results = (outs I32:$offset);
  let assemblyFormat = "$lane (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? (`fragment` `(` $fragmentLayout^ `:` qualified(type($fragmentLayout)) `)`)? attr-dict";
}

def LayoutNv_WgmmaDescOp : LayoutNv_Op<"wgmma_desc", [Pure, AttrSizedOperandSegments]> {
  let summary = "the 64-bit WGMMA shared-memory descriptor of operand block k of a tile";
  let description = [{
    ```mlir
    %d = layout.wgmma_desc {elem = f16, major = #layout.major<K>, k = 0 : i64, address = 0 : i64,
           tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
    %d = layout.wgmma_desc base(%smem : !llvm.ptr<3>) k(%k) {elem = f16, major = #layout.major<K>, tile = ...}
    ```
    `tile` is the shared-memory tile (MN, K) in elements. Block `k` (attribute,
    default 0) plus `%k` (optional i32 operand) blocks of one instruction's K.
    Without `base` the tile sits at the static byte `address` (default 0) and
    the descriptor folds to one constant; with `base` the start-address field
    is computed from the pointer, every other field stays constant.
  }] # !cast<Layout_Contract>("Layout_Contract_wgmma_desc").text;
  let arguments = (ins Optional<AnyType>:$base,
                       Optional<I32>:$kIndex,
                       Optional<Layout_ValueType>:$tileLayout,
                       TypeAttr:$elem,
                       Layout_MajorAttr:$major,
                       OptionalAttr<Layout_ValueAttr>:$tile,
                       DefaultValuedAttr<I64Attr, "0">:$k,
                       DefaultValuedAttr<I64Attr, "0">:$address);
  let results = (outs I64:$desc);
  let assemblyFormat = [{
    (`base` `(` $base^ `:` type($base) `)`)? (`k` `(` $kIndex^ `)`)? (`tile` `(` $tileLayout^ `:` qualified(type($tileLayout)) `)`)? attr-dict
  }];
}

def LayoutNv_WgmmaOp : LayoutNv_Op<"wgmma", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "warpgroup MMA m64nNk: D = A * B + D, B from a shared-memory descriptor";
  let description = [{
    ```mlir
    %d = layout.wgmma %descA, %descB, %acc {n = 64 : i64, elemA = f16, majorA = #layout.major<K>,
           elemB = f16, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32 x 32)>
    %d = layout.wgmma %regsA, %descB, %acc {...} : !llvm.struct<(i32, i32, i32, i32)>, ...
    ```
    A is either an i64 shared-memory descriptor or the warp's A fragment in
    four i32 registers (e.g. from `layout.ldmatrix`; then A is K-major).
    Lowers to wgmma.fence, wgmma.mma_async, commit_group and wait_group 0.
    With `async`, to the wgmma.mma_async alone: several may be in flight, and
    the kernel fences, commits and waits (`nvvm.wgmma.fence.aligned`,
    `nvvm.wgmma.commit.group.sync.aligned`, `nvvm.wgmma.wait.group.sync.aligned N`)
    as CuTe's warpgroup_arrive / commit_batch / wait<N> do.
  }] # !cast<Layout_Contract>("Layout_Contract_wgmma").text;
  let arguments = (ins AnyType:$a, I64:$descB, AnyType:$acc, I64Attr:$n,
                       TypeAttr:$elemA, Layout_MajorAttr:$majorA, TypeAttr:$elemB,
                       Layout_MajorAttr:$majorB, TypeAttr:$elemD, UnitAttr:$async);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$a `,` $descB `,` $acc attr-dict `:` type($a) `,` type($acc) `->` type($result)";
}

def LayoutNv_FragmentStoreOp : LayoutNv_Op<"fragment_store"> {
  let summary = "store an MMA accumulator fragment to a row-major global tensor, predicated";
  let description = [{
    ```mlir
    layout.fragment_store %acc, %C[%row, %col] thread(%t) bounds(%M, %N) ld(%ldc)
        {elem = f16, tileRows = 64 : i64,
         fragment = #layout.layout<((4,8,4),(2,2,16)):((128,1,16),(64,8,512))>}
        : !llvm.struct<(f32, ...)>, !llvm.ptr
    ```
    `fragment` maps (thread, register) to the column-major index `m + tileRows * n`
    of the tile whose origin is element (`%row`, `%col`) of the row-major tensor at
    `%C` (leading dimension `%ldc` elements, `%M` x `%N`); `%t` is the thread's index
    in the fragment's thread mode. Register v of the f32 struct is converted to
    `elem` and stored at `(row + m, col + n)` when that is inside the bounds.
    Registers adjacent in a row are stored as one vector (width derived from the
    fragment; used where the address is aligned, else element stores).
  }] # !cast<Layout_Contract>("Layout_Contract_fragment_store").text;
  let arguments = (ins AnyType:$acc,
                       Arg<AnyType, "the tensor", [MemWrite]>:$base,
                       I32:$row,
                       I32:$col,
                       I32:$thread,
                       I32:$rowBound,
                       I32:$colBound,
                       I32:$ld,
                       Optional<Layout_ValueType>:$fragmentLayout,
                       TypeAttr:$elem,
                       I64Attr:$tileRows,
                       OptionalAttr<Layout_ValueAttr>:$fragment);
  let assemblyFormat = [{
    $acc `,` $base `[` $row `,` $col `]` `thread` `(` $thread `)` `bounds` `(` $rowBound `,` $colBound `)` `ld` `(` $ld `)` (`fragment` `(` $fragmentLayout^ `:` qualified(type($fragmentLayout)) `)`)? attr-dict `:` type($acc) `,` type($base)
  }];
}

def LayoutNv_ConvertOp : LayoutNv_Op<"convert", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "move a register tensor from one layout to another (registers, shuffles or shared memory)";
  let description = [{
    ```mlir
    %out = layout.convert %in smem(%buf) thread(%t)
        {elem = f16,
         from = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{...}>>>,
         to = #layout.linear<tensor<64x64xf16, #ttg.blocked<{...}>>>}
        : !llvm.struct<(f16, ...)>, !llvm.ptr<3> -> !llvm.struct<(f16, ...)>
    ```
    `from` and `to` are register layouts of the CTA (in dimensions `register`,
    `lane`, `warp`) over the same tensor; register `r` of a thread is field `r`
    of the struct (2^|register bits| fields of `elem`). `%t` is the thread's
    index in the CTA (lane = t % 32, warp = t / 32). The lowering follows
    `convert_plan(from, to, bits, smemBudget)`: register moves, warp shuffles,
    or stores to the shared buffer `%buf` (at least the plan's `smem_bytes`,
    16-byte aligned), a barrier and loads, with the shared layout and the
    instructions (st/ld.shared widths, stmatrix/ldmatrix) chosen together; a
    remark names the plan, its cost and lower bound. `sm` is the target (default
    90): `stmatrix` is used only from sm_90, `ldmatrix` from sm_75.
  }] # !cast<Layout_Contract>("Layout_Contract_convert").text;
  let arguments = (ins AnyType:$src,
                       Arg<Optional<AnyType>, "the shared buffer", [MemRead, MemWrite]>:$smem,
                       I32:$thread,
                       TypeAttr:$elem,
                       Layout_ValueAttr:$from,
                       Layout_ValueAttr:$to,
                       OptionalAttr<I64Attr>:$smemBudget,
                       OptionalAttr<I64Attr>:$sm);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $src (`smem` `(` $smem^ `:` type($smem) `)`)? `thread` `(` $thread `)` attr-dict `:` type($src) `->` type($result)
  }];
}

def LayoutNv_TmaDescOp : LayoutNv_Op<"tma_desc", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "host: encode a TMA tensor map for a global tensor and a shared-memory tile";
  let description = [{
    ```mlir
    %status = layout.tma_desc %map, %global {elem = f16,
                gmem = #layout.layout<(1024,1024):(1024,1)>,
                smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64)):((64,512),(1))>}
              : !llvm.ptr, !llvm.ptr -> i32
    ```
    Calls `cuTensorMapEncodeTiled(%map, ...)` with the arguments derived by
    `tma_desc(elem, gmem, smem)`; `?` extents/strides of `gmem` come from the
    i64 operands `dims(...)`: first the dynamic `globalDim` entries, then the
    dynamic `globalStrides` entries (bytes), innermost first.
  }] # !cast<Layout_Contract>("Layout_Contract_tma_desc").text;
  let arguments = (ins Arg<AnyType, "the tensor map", [MemWrite]>:$tensorMap,
                       AnyType:$global,
                       Variadic<I64>:$dynamic,
                       Optional<Layout_ValueType>:$gmemLayout,
                       Optional<Layout_ValueType>:$smemLayout,
                       TypeAttr:$elem,
                       OptionalAttr<Layout_ValueAttr>:$gmem,
                       OptionalAttr<Layout_ValueAttr>:$smem);
  let results = (outs I32:$status);
  let assemblyFormat = [{
    $tensorMap `,` $global (`dims` `(` $dynamic^ `)`)? (`gmem` `(` $gmemLayout^ `:` qualified(type($gmemLayout)) `)`)? (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? attr-dict `:` type($tensorMap) `,` type($global)
  }];
}

def LayoutNv_TmaLoadOp : LayoutNv_Op<"tma_load", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "device: TMA load of a tile into shared memory, completing on an mbarrier";
  let description = [{
    ```mlir
    layout.tma_load %dst, %map, %mbar[%x, %y] {elem = f16, gmem = ..., smem = ...}
        : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
    ```
    `%x, %y` are the TMA coordinates (innermost first) of the tile's origin.
    Sets the mbarrier's expected transaction bytes (arrive.expect_tx with the
    tile's byte count) and issues one cp.async.bulk.tensor per box.

    With `multicast = n` (2 to 16) the boxes are written to the same shared
    address and complete on the same barrier address in each of the cluster's
    CTAs 0..n-1 (`.multicast::cluster`, mask `2^n - 1`), and each of these CTAs
    is taken to issue one such tile (a slice of a tile the n CTAs share): every
    barrier receives n tiles, so the expected bytes are n times the tile's.
  }] # !cast<Layout_Contract>("Layout_Contract_tma_load").text;
  let arguments = (ins Arg<AnyType, "the shared tile", [MemWrite]>:$dst,
                       Arg<AnyType, "the tensor map", [MemRead]>:$tensorMap,
                       Arg<AnyType, "the mbarrier", [MemRead, MemWrite]>:$mbar,
                       Variadic<I32>:$coords,
                       Optional<Layout_ValueType>:$gmemLayout,
                       Optional<Layout_ValueType>:$smemLayout,
                       TypeAttr:$elem,
                       OptionalAttr<Layout_ValueAttr>:$gmem,
                       OptionalAttr<Layout_ValueAttr>:$smem,
                       OptionalAttr<I64Attr>:$multicast);
  let assemblyFormat = [{
    $dst `,` $tensorMap `,` $mbar `[` $coords `]` (`gmem` `(` $gmemLayout^ `:` qualified(type($gmemLayout)) `)`)? (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? attr-dict `:` type($dst) `,` type($tensorMap) `,` type($mbar)
  }];
}

def LayoutNv_TmaStoreOp : LayoutNv_Op<"tma_store", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "device: TMA store of a shared-memory tile to global memory";
  let description = [{
    ```mlir
    layout.tma_store %map, %src[%x, %y] {elem = f16, gmem = ..., smem = ...}
        : !llvm.ptr, !llvm.ptr<3>
    ```
    A proxy fence, one cp.async.bulk.tensor store per box, commit and wait.
  }] # !cast<Layout_Contract>("Layout_Contract_tma_store").text;
  let arguments = (ins Arg<AnyType, "the tensor map", [MemRead]>:$tensorMap,
                       Arg<AnyType, "the shared tile", [MemRead]>:$src,
                       Variadic<I32>:$coords,
                       Optional<Layout_ValueType>:$gmemLayout,
                       Optional<Layout_ValueType>:$smemLayout,
                       TypeAttr:$elem,
                       OptionalAttr<Layout_ValueAttr>:$gmem,
                       OptionalAttr<Layout_ValueAttr>:$smem);
  let assemblyFormat = [{
    $tensorMap `,` $src `[` $coords `]` (`gmem` `(` $gmemLayout^ `:` qualified(type($gmemLayout)) `)`)? (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? attr-dict `:` type($tensorMap) `,` type($src)
  }];
}

//===----------------------------------------------------------------------===//
// Blackwell (sm_100a): UMMA descriptors, tcgen05.mma, TMEM loads/stores, tcgen05.cp
//===----------------------------------------------------------------------===//

def LayoutNv_UmmaDescOp : LayoutNv_Op<"umma_desc", [Pure, AttrSizedOperandSegments]> {
  let summary = "the 64-bit UMMA (tcgen05) shared-memory descriptor of operand block k of a tile";
  let description = [{
    ```mlir
    %d = layout.umma_desc {elem = f16, major = #layout.major<K>, k = 1 : i64,
           tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
    %d = layout.umma_desc base(%smem : !llvm.ptr<3>) k(%k) {elem = f16, major = #layout.major<K>, tile = ...}
    ```
    As `layout.wgmma_desc`, with the Blackwell descriptor (version bits 46-48,
    layout type in bits 61-63, the 128B swizzle with 32-byte atoms).
  }] # !cast<Layout_Contract>("Layout_Contract_umma_desc").text;
  let arguments = (ins Optional<AnyType>:$base,
                       Optional<I32>:$kIndex,
                       Optional<Layout_ValueType>:$tileLayout,
                       TypeAttr:$elem,
                       Layout_MajorAttr:$major,
                       OptionalAttr<Layout_ValueAttr>:$tile,
                       DefaultValuedAttr<I64Attr, "0">:$k,
                       DefaultValuedAttr<I64Attr, "0">:$address);
  let results = (outs I64:$desc);
  let assemblyFormat = [{
    (`base` `(` $base^ `:` type($base) `)`)? (`k` `(` $kIndex^ `)`)? (`tile` `(` $tileLayout^ `:` qualified(type($tileLayout)) `)`)? attr-dict
  }];
}

def LayoutNv_Tcgen05MmaOp : LayoutNv_Op<"tcgen05_mma", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "tcgen05.mma, descriptor form: D (TMEM) = A * B (+ D)";
  let description = [{
    ```mlir
    layout.tcgen05_mma %tmemD, %descA, %descB, %accumulate {elemA = f16, elemB = f16,
        elemD = f32, m = 128 : i64, n = 256 : i64, majorA = #layout.major<K>, majorB = #layout.major<K>}
    ```
    `%tmemD` is the accumulator's TMEM address (i32), `%descA`/`%descB` the
    UMMA shared-memory descriptors (i64, e.g. from `layout.umma_desc`),
    `%accumulate` (i1) adds to D. The kind and the 32-bit instruction
    descriptor are derived from the types, shape, majors and the optional
    `negA`/`negB` unit attributes (`umma_instr_desc`); `ctaGroup` is 1
    (default) or 2.
  }] # !cast<Layout_Contract>("Layout_Contract_tcgen05_mma").text;
  let arguments = (ins I32:$tmemD, I64:$descA, I64:$descB, I1:$accumulate,
                       TypeAttr:$elemA, TypeAttr:$elemB, TypeAttr:$elemD,
                       I64Attr:$m, I64Attr:$n, Layout_MajorAttr:$majorA, Layout_MajorAttr:$majorB,
                       UnitAttr:$negA, UnitAttr:$negB,
                       DefaultValuedAttr<I64Attr, "1">:$ctaGroup);
  let assemblyFormat = "$tmemD `,` $descA `,` $descB `,` $accumulate attr-dict";
}

def LayoutNv_TmemLoadOp : LayoutNv_Op<"tmem_load", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead]>]> {
  let summary = "tcgen05.ld of a register fragment from a TMEM layout";
  let description = [{
    ```mlir
    %r = layout.tmem_load %taddr {tmem = #layout.layout<(128,128):(65536,1)>,
           fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>
    ```
    `tmem` maps the tile index to the TMEM address (`lane << 16 | column`)
    relative to `%taddr` (i32); `fragment` is the (threads, values) -> tile
    index layout of the registers (32 threads run by warp `warp`, or 128 =
    a warpgroup), or a register tensor's encoding (`#layout.linear`), whose
    thread-value layout `((lane, warp), register) -> tile index` it then is
    (`layout.tensor_memory_load` passes it so). The shape (32x32b, 16x64b, 16x128b, 16x256b, 16x32bx2)
    and `.num` are derived (`tmem_copy`), with the quadrant rule; the result
    is one i32 per register (i32 or vector<N x i32>), valid after the
    `tcgen05.wait::ld` the op ends with.
  }] # !cast<Layout_Contract>("Layout_Contract_tmem_load").text;
  let arguments = (ins I32:$taddr,
                       Optional<Layout_ValueType>:$tmemLayout,
                       Optional<Layout_ValueType>:$fragmentLayout,
                       OptionalAttr<Layout_ValueAttr>:$tmem,
                       OptionalAttr<Layout_ValueAttr>:$fragment,
                       DefaultValuedAttr<I64Attr, "0">:$warp);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$taddr (`tmem` `(` $tmemLayout^ `:` qualified(type($tmemLayout)) `)`)? (`fragment` `(` $fragmentLayout^ `:` qualified(type($fragmentLayout)) `)`)? attr-dict `:` type($result)";
}

def LayoutNv_TmemStoreOp : LayoutNv_Op<"tmem_store", [AttrSizedOperandSegments,
    MemoryEffects<[MemWrite]>]> {
  let summary = "tcgen05.st of a register fragment to a TMEM layout";
  let description = [{
    ```mlir
    layout.tmem_store %taddr, %vals {tmem = ..., fragment = ...} : vector<4xi32>
    ```
    As `layout.tmem_load`; ends with `tcgen05.wait::st`.
  }] # !cast<Layout_Contract>("Layout_Contract_tmem_store").text;
  let arguments = (ins I32:$taddr,
                       AnyType:$values,
                       Optional<Layout_ValueType>:$tmemLayout,
                       Optional<Layout_ValueType>:$fragmentLayout,
                       OptionalAttr<Layout_ValueAttr>:$tmem,
                       OptionalAttr<Layout_ValueAttr>:$fragment,
                       DefaultValuedAttr<I64Attr, "0">:$warp);
  let assemblyFormat = "$taddr `,` $values (`tmem` `(` $tmemLayout^ `:` qualified(type($tmemLayout)) `)`)? (`fragment` `(` $fragmentLayout^ `:` qualified(type($fragmentLayout)) `)`)? attr-dict `:` type($values)";
}

def LayoutNv_Tcgen05CpOp : LayoutNv_Op<"tcgen05_cp", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "tcgen05.cp of a shared-memory tile into TMEM (128x256b)";
  let description = [{
    ```mlir
    layout.tcgen05_cp %taddr, %smem {elem = f16,
        tile = #layout.layout<Sw<3,3,3> o 0 o (128,16):(64,1)>} : !llvm.ptr<3>
    ```
    Copies a 128-row x 32-byte shared-memory tile (K-major canonical layout,
    any UMMA swizzle) into 128 lanes x 8 columns of TMEM at `%taddr`: row r
    to lane r. The source descriptor is `umma_desc(elem, K, tile)` with the
    start address from `%smem`.
  }] # !cast<Layout_Contract>("Layout_Contract_tcgen05_cp").text;
  let arguments = (ins I32:$taddr,
                       Arg<AnyType, "the shared tile", [MemRead]>:$base,
                       Optional<Layout_ValueType>:$tileLayout,
                       TypeAttr:$elem,
                       OptionalAttr<Layout_ValueAttr>:$tile);
  let assemblyFormat = "$taddr `,` $base (`tile` `(` $tileLayout^ `:` qualified(type($tileLayout)) `)`)? attr-dict `:` type($base)";
}

#endif // LAYOUT_NVGPU_OPS_TD
