#!/usr/bin/env bash
# Build what `make gpu-check` runs, here (no GPU needed):
#  - sm90a: for each element type, the sm_90a GEMM of examples/gemm_sm90.mlir
#    (gemm(mapA, mapB, mapC, pc, M, N, K), i32 sizes; the entry's parameters are checked) lowered by
#    `layout-opt --lower-to-nvvm` to PTX, assembled by the real ptxas into a cubin, and its host
#    function `encode_tensor_maps` (layout.tma_desc, lowered to a call of cuTensorMapEncodeTiled)
#    compiled into a shared library. The bf16 kernel is the same source with every element-type
#    attribute `elem = f16` (elemA, elemB) replaced by `bf16`.
#    Output: target/gpu/<elem>/{gemm.ptx,gemm.cubin,libgemm_host.so,ptxas.txt} and
#    target/gpu/manifest.json (what the runner needs: kernel name, block, tile, shared memory).
#  - sm80: for each element type, the sm_80 GEMM of examples/gemm_sm80.mlir (cp.async, ldmatrix,
#    mma.sync; no TMA, so no host library): `gemm_sm80(pa, pb, pc, m, n, k, lda, ldb, ldc)`,
#    C = A B with A (M x K), B (K x N), C (M x N) row-major, 64x64x32 tiles, 128 threads, static
#    shared memory only. The bf16 kernel is the same source with every `f16` replaced by `bf16`.
#    The PTX (.target sm_80) is assembled by ptxas for sm_90 (an H100 runs no sm_80 SASS; the
#    PTX is forward compatible and kept for the driver's JIT).
#    Output: target/gpu/sm80/<elem>/{gemm.mlir,gemm.ptx,gemm.cubin,ptxas.txt} and
#    target/gpu/sm80/manifest.json. The .entry parameters of the PTX are checked against that
#    signature: a source with another signature fails the build instead of the launch.
#  - sm90a_fp8: the fp8 GEMM of examples/gemm_fp8_sm90.mlir (e4m3 A and B, f32 accumulation, bf16
#    C; the sm90a kernel's signature, launch and host function), lowered as it is (no element-type
#    substitution) and assembled for sm_90a.
#    Output: target/gpu/fp8/e4m3/{gemm.ptx,gemm.cubin,libgemm_host.so,ptxas.txt} and
#    target/gpu/fp8/manifest.json.
#  - attention: examples/attention_sm90.mlir and attention_sm90_d128.mlir (TMA, a K/V ring, a
#    producer and two consumer warpgroups; d = 64 and 128) for each of ELEMS, lowered, assembled
#    for sm_90a, and their host functions encode_tensor_maps compiled:
#    target/gpu/attention/d{64,128}/<elem>/{attention.ptx,attention.cubin,libattention_host.so,
#    ptxas.txt}; the sm_80 kernels examples/attention_sm80.mlir and attention_sm80_d128.mlir
#    (FlashAttention-2 with cp.async, ldmatrix, mma.sync; the sm90a kernels' interface with
#    global pointers for the tensor maps) for each of ELEMS, lowered with chip=sm_80 and
#    assembled for sm_90 (as the sm80 GEMM): target/gpu/attention/sm80/d{64,128}/<elem>/...; the
#    fp8 kernel examples/attention_fp8_sm90.mlir (e4m3 in, bf16 out, d = 128):
#    target/gpu/attention/fp8/d128/...;
#    and target/gpu/attention/manifest.json (bench/gpu/run_attention.py runs both).
# The sm90a part is built (and its manifest written) first, so a failure of a later part leaves
# it complete; the script still exits non-zero.
# Usage: scripts/gpu_build.sh [layout-opt]; SRC (sm90a), SRC80 (sm80), SRCFP8 (sm90a_fp8), OUT,
# ELEMS (ELEMS80 for sm80 alone; default ELEMS), PARTS (default "sm90a sm90a_fp8 sm80": the parts
# to build; building sm90a clears all of OUT, another part alone only its folder)
# and the launch parameters of the sm90a kernel (TILE_N, RASTER, SMEM: see the header of the
# source) may be overridden to build a variant.
set -euo pipefail
cd "$(dirname "$0")/.."
OPT=${1:-target/release/layout-opt}
LLVM_BIN=/usr/lib/llvm-22/bin
OUT=${OUT:-target/gpu}
SRC=${SRC:-examples/gemm_sm90.mlir}
SRC80=${SRC80:-examples/gemm_sm80.mlir}
SRCFP8=${SRCFP8:-examples/gemm_fp8_sm90.mlir}
SRCATTN=${SRCATTN:-examples/attention_sm90.mlir}
SRCATTN80=${SRCATTN80:-examples/attention_sm80.mlir}
ELEMS=${ELEMS:-f16 bf16}
ELEMS80=${ELEMS80:-$ELEMS}
PARTS=${PARTS:-sm90a sm90a_fp8 sm80 attention}
TILE_N=${TILE_N:-256}
RASTER=${RASTER:-8}
SMEM=${SMEM:-197696}
trap 'echo "gpu_build: FAILED (line $LINENO: $BASH_COMMAND)" >&2' ERR
PTXAS=$(compgen -G ".venv/lib/python3*/site-packages/nvidia/cu13/bin/ptxas" | head -n1 || true)
[[ -n $PTXAS ]] || { echo "gpu_build: ptxas not found under .venv (run scripts/setup.sh)"; exit 1; }
for part in $PARTS; do
  [[ $part == sm90a || $part == sm90a_fp8 || $part == sm80 || $part == attention ]] ||
    { echo "gpu_build: unknown part '$part' in PARTS"; exit 1; }
done
has_part() { [[ " $PARTS " == *" $1 "* ]]; }
# lower PART SRC DIR ELEM OPTIONS [NAME]: DIR/NAME.mlir (SRC with every f16 -- tensor elements,
# the host's elem -- replaced by ELEM; SRC as it is when ELEM is "-") lowered to DIR/NAME.ptx and
# DIR/NAME.lowered.mlir (NAME: gemm unless given); the remarks and errors in DIR/lower.txt, the
# errors shown when it fails.
lower() {
  local part=$1 src=$2 d=$3 elem=$4 options=$5 name=${6:-gemm}
  if [[ $elem == - ]]; then
    cp "$src" "$d/$name.mlir"
  else
    sed -E "s/(^|[^b])f16/\1$elem/g" "$src" >"$d/$name.mlir"
  fi
  if ! "$OPT" "$d/$name.mlir" --lower-to-nvvm="ptx=$d/$name.ptx$options" -o "$d/$name.lowered.mlir" \
      2>"$d/lower.txt"; then
    grep -E -A3 'error:' "$d/lower.txt" >&2 || tail -n 20 "$d/lower.txt" >&2
    echo "gpu_build: $part $elem: lowering $src failed (all of it: $d/lower.txt)" >&2
    exit 1
  fi
}

# check_entry PART ELEM PTX ENTRY WANT NAMES SRC: the .entry parameters of ENTRY in PTX (a
# global pointer `ptr`, else its type) are WANT, those the runner passes: a source with another
# signature fails the build instead of the launch.
check_entry() {
  local part=$1 elem=$2 ptx=$3 entry=$4 want=$5 names=$6 src=$7 got
  got=$(awk -v e="$entry" '$0 ~ "\\.entry " e "\\(" {on = 1; next} on && /^\)/ {exit}
             on && /\.param/ {printf "%s%s", sep, ($0 ~ /\.ptr/ ? "ptr" : $2); sep = " "}' "$ptx")
  if [[ $got != "$want" ]]; then
    echo "gpu_build: $part $elem: the PTX entry $entry has parameters '${got:-<no such entry>}'," \
      "the runner passes '$want' ($names): is $src the new kernel?" >&2
    exit 1
  fi
}

# build_tma_kernel PART SRC DIR ELEM SUBST NAME WANT NAMES: one TMA kernel NAME (gemm or
# attention) whose .entry parameters are WANT (NAMES): lowered (SUBST: the element type put for
# f16, or - for the source as it is), checked, assembled for sm_90a, and its host function
# encode_tensor_maps compiled into DIR/libNAME_host.so.
build_tma_kernel() {
  local part=$1 src=$2 d=$3 elem=$4 subst=$5 name=$6 want=$7 names=$8
  mkdir -p "$d"
  lower "$part" "$src" "$d" "$subst" "" "$name"
  check_entry "$part" "$elem" "$d/$name.ptx" "$name" "$want" "$names" "$src"
  "$PTXAS" --gpu-name sm_90a -v "$d/$name.ptx" -o "$d/$name.cubin" 2>"$d/ptxas.txt"
  # The host function alone: LLVM IR of the lowered module, the function extracted (the
  # module's GPU binary and its loader are not needed: the runner loads the cubin itself).
  "$LLVM_BIN/mlir-translate" --mlir-to-llvmir "$d/$name.lowered.mlir" -o "$d/module.ll"
  "$LLVM_BIN/llvm-extract" --func=encode_tensor_maps -S "$d/module.ll" -o "$d/host.ll"
  "$LLVM_BIN/llc" -O2 -filetype=obj -relocation-model=pic "$d/host.ll" -o "$d/host.o"
  cc -shared "$d/host.o" -o "$d/lib${name}_host.so"
  echo "gpu_build: $part $elem: $(grep -o 'Used [0-9]* registers.*' "$d/ptxas.txt" | head -n1); cubin $(wc -c <"$d/$name.cubin") bytes"
}

# build_tma_gemm PART SRC DIR ELEM SUBST: one TMA GEMM of the signature gemm(mapA, mapB, mapC, pc,
# M, N, K).
build_tma_gemm() {
  build_tma_kernel "$1" "$2" "$3" "$4" "$5" gemm "ptr ptr ptr ptr .u32 .u32 .u32" \
    "mapA, mapB, mapC, pc, M, N, K"
}
# tma_manifest FILE SRC ELEMS OUTPUT: the launch (from the source's header): a 1-D grid of
# RASTER x ceil(N/TILE_N) x ceil(ceil(M/128)/RASTER) CTAs of 384 threads with SMEM bytes of
# dynamic shared memory, in clusters of 2 (the PTX's .reqnctapercluster: a plain cuLaunchKernel
# launches them); OUTPUT: C's element type (empty: the operands').
tma_manifest() {
  cat >"$1" <<EOF
{"kernel": "gemm", "block": 384, "tile_m": 128, "tile_n": $TILE_N, "raster_group": $RASTER, "cluster": 2,
 "smem_bytes": $SMEM, "host": "libgemm_host.so", "encode": "encode_tensor_maps",
 "arch": "sm_90a", "source": "$2", "elems": "$3", "output": "$4"}
EOF
}

if has_part sm90a; then
rm -rf "$OUT"
mkdir -p "$OUT"
for elem in $ELEMS; do
  build_tma_gemm sm90a "$SRC" "$OUT/$elem" "$elem" "$elem"
done
tma_manifest "$OUT/manifest.json" "$SRC" "$ELEMS" ""
echo "gpu_build: sm90a OK -> $OUT"
fi

if has_part sm90a_fp8; then
OF=$OUT/fp8
rm -rf "$OF"
mkdir -p "$OF"
build_tma_gemm sm90a_fp8 "$SRCFP8" "$OF/e4m3" e4m3 -
tma_manifest "$OF/manifest.json" "$SRCFP8" e4m3 bf16
echo "gpu_build: sm90a_fp8 OK -> $OF"
fi

if has_part sm80; then
O80=$OUT/sm80
rm -rf "$O80"
mkdir -p "$O80"
# The .entry parameters the runner passes (gemm_sm80(pa, pb, pc, m, n, k, lda, ldb, ldc)): a
# global pointer is `.param .u64 .ptr .global`, an i64 `.param .u64`.
want="ptr ptr ptr .u64 .u64 .u64 .u64 .u64 .u64"
for elem in $ELEMS80; do
  d=$O80/$elem
  mkdir -p "$d"
  lower sm80 "$SRC80" "$d" "$elem" " chip=sm_80"
  check_entry sm80 "$elem" "$d/gemm.ptx" gemm_sm80 "$want" "pa, pb, pc, m, n, k, lda, ldb, ldc" "$SRC80"
  if ! "$PTXAS" --gpu-name sm_90 -v "$d/gemm.ptx" -o "$d/gemm.cubin" 2>"$d/ptxas.txt"; then
    cat "$d/ptxas.txt" >&2
    echo "gpu_build: sm80 $elem: ptxas --gpu-name sm_90 failed" >&2
    exit 1
  fi
  echo "gpu_build: sm80 $elem: $(grep -o 'Used [0-9]* registers.*' "$d/ptxas.txt" | head -n1); cubin $(wc -c <"$d/gemm.cubin") bytes"
done
# The launch (the kernel's contract): grid (ceil(N/64), ceil(M/64)), 128 threads, no dynamic
# shared memory; lda, ldb, ldc multiples of 8 (any M, N, K: partial tiles are predicated).
cat >"$O80/manifest.json" <<EOF
{"kernel": "gemm_sm80", "block": [128, 1, 1], "tile_m": 64, "tile_n": 64, "tile_k": 32,
 "smem_bytes": 0, "params": ["ptr", "ptr", "ptr", "i64", "i64", "i64", "i64", "i64", "i64"],
 "ld_multiple": 8, "k_multiple": 1, "b_layout": "KxN", "arch": "sm_80", "cubin_arch": "sm_90",
 "source": "$SRC80", "elems": "$ELEMS80"}
EOF
echo "gpu_build: sm80 OK -> $O80"
fi
if has_part attention; then
OA=$OUT/attention
rm -rf "$OA"
for d in 64 128; do
  src=$SRCATTN
  [[ $d == 128 ]] && src=${SRCATTN%.mlir}_d128.mlir
  for elem in $ELEMS; do
    build_tma_kernel attention "$src" "$OA/d$d/$elem" "d=$d $elem" "$elem" attention \
      "ptr ptr ptr ptr ptr .u32 .u32 .u32 .u32" "mapQ, mapK, mapV, mapO, lse, SQ, SK, BH, causal"
  done
done
# The sm_80 kernels: attention(q, k, v, o, lse, SQ, SK, BH, causal), bf16 the same source with
# every f16 replaced.
for d in 64 128; do
  src=$SRCATTN80
  [[ $d == 128 ]] && src=${SRCATTN80%.mlir}_d128.mlir
  for elem in $ELEMS; do
    dd=$OA/sm80/d$d/$elem
    mkdir -p "$dd"
    lower "attention sm80" "$src" "$dd" "$elem" " chip=sm_80" attention
    check_entry "attention sm80" "d=$d $elem" "$dd/attention.ptx" attention \
      "ptr ptr ptr ptr ptr .u32 .u32 .u32 .u32" "q, k, v, o, lse, SQ, SK, BH, causal" "$src"
    "$PTXAS" --gpu-name sm_90 -v "$dd/attention.ptx" -o "$dd/attention.cubin" 2>"$dd/ptxas.txt"
    echo "gpu_build: attention sm80 d=$d $elem: $(grep -o 'Used [0-9]* registers.*' "$dd/ptxas.txt" | head -n1)"
  done
done
# The fp8 kernel (head dim 128): attention(mapQ, mapK, mapVt, mapO, lse, SQ, SK, BH, causal,
# scale_qk, scale_v), e4m3 in, bf16 out.
build_tma_kernel "attention fp8" "${SRCATTN%_sm90.mlir}_fp8_sm90.mlir" "$OA/fp8/d128" "d=128 e4m3" - attention \
  "ptr ptr ptr ptr ptr .u32 .u32 .u32 .u32 .f32 .f32" "mapQ, mapK, mapVt, mapO, lse, SQ, SK, BH, causal, scale_qk, scale_v"
# The launches (the kernels' headers): sm90a: grid (ceil(SQ / 128), BH) of 384 threads (two
# consumer warpgroups and a producer), the dynamic shared memory of each head dim; sm80: grid
# (ceil(SQ / 64), BH) of 128 threads, static shared memory.
cat >"$OA/manifest.json" <<EOF
{"kernel": "attention", "block": 384, "tile_q": 128, "head_dims": [64, 128],
 "smem_bytes": {"64": 83024, "128": 99408}, "host": "libattention_host.so",
 "encode": "encode_tensor_maps", "elems": "$ELEMS", "arch": "sm_90a", "source": "$SRCATTN",
 "sm80": {"dir": "sm80", "block": 128, "tile_q": 64, "elems": "$ELEMS", "arch": "sm_80",
          "cubin_arch": "sm_90", "source": "$SRCATTN80"},
 "fp8": {"dir": "fp8", "head_dims": [128], "smem_bytes": 115792, "output": "bf16",
         "source": "${SRCATTN%_sm90.mlir}_fp8_sm90.mlir"}}
EOF
echo "gpu_build: attention OK -> $OA"
fi
echo "gpu_build: OK -> $OUT ($PARTS)"
