#!/usr/bin/env bash
# Build what `make gpu-check` runs, here (no GPU needed): for each element type, the sm_90a GEMM
# of examples/gemm_sm90.mlir lowered by `layout-opt --lower-to-nvvm` to PTX, assembled by the real
# ptxas into a cubin, and its host function `encode_tensor_maps` (layout.tma_desc, lowered to a
# call of cuTensorMapEncodeTiled) compiled into a shared library. The bf16 kernel is the same
# source with every element-type attribute `elem = f16` (elemA, elemB) replaced by `bf16`.
# Output: target/gpu/<elem>/{gemm.ptx,gemm.cubin,libgemm_host.so,ptxas.txt} and
# target/gpu/manifest.json (what the runner needs: kernel name, block, tile, shared memory).
# Usage: scripts/gpu_build.sh [layout-opt]; SRC, OUT, ELEMS and the launch parameters of the
# kernel (TILE_N, RASTER, SMEM: see the header of the source) may be overridden to build a variant.
set -euo pipefail
cd "$(dirname "$0")/.."
OPT=${1:-target/release/layout-opt}
LLVM_BIN=/usr/lib/llvm-22/bin
OUT=${OUT:-target/gpu}
SRC=${SRC:-examples/gemm_sm90.mlir}
ELEMS=${ELEMS:-f16 bf16}
TILE_N=${TILE_N:-256}
RASTER=${RASTER:-8}
SMEM=${SMEM:-197664}
PTXAS=$(compgen -G ".venv/lib/python3*/site-packages/nvidia/cu13/bin/ptxas" | head -n1 || true)
[[ -n $PTXAS ]] || { echo "gpu_build: ptxas not found under .venv (run scripts/setup.sh)"; exit 1; }
rm -rf "$OUT"
mkdir -p "$OUT"
for elem in $ELEMS; do
  d=$OUT/$elem
  mkdir -p "$d"
  sed -E "s/\b(elem[AB]?) = f16\b/\1 = $elem/g" "$SRC" >"$d/gemm.mlir"
  "$OPT" "$d/gemm.mlir" --lower-to-nvvm="ptx=$d/gemm.ptx" -o "$d/gemm.lowered.mlir"
  "$PTXAS" --gpu-name sm_90a -v "$d/gemm.ptx" -o "$d/gemm.cubin" 2>"$d/ptxas.txt"
  # The host function alone: LLVM IR of the lowered module, the function extracted (the
  # module's GPU binary and its loader are not needed: the runner loads the cubin itself).
  "$LLVM_BIN/mlir-translate" --mlir-to-llvmir "$d/gemm.lowered.mlir" -o "$d/module.ll"
  "$LLVM_BIN/llvm-extract" --func=encode_tensor_maps -S "$d/module.ll" -o "$d/host.ll"
  "$LLVM_BIN/llc" -O2 -filetype=obj -relocation-model=pic "$d/host.ll" -o "$d/host.o"
  cc -shared "$d/host.o" -o "$d/libgemm_host.so"
  echo "gpu_build: $elem: $(grep -o 'Used [0-9]* registers.*' "$d/ptxas.txt" | head -n1); cubin $(wc -c <"$d/gemm.cubin") bytes"
done
# The launch (from the source's header): a 1-D grid of RASTER x ceil(N/TILE_N) x
# ceil(ceil(M/128)/RASTER) CTAs of 256 threads with SMEM bytes of dynamic shared memory.
cat >"$OUT/manifest.json" <<EOF
{"kernel": "gemm", "block": 256, "tile_m": 128, "tile_n": $TILE_N, "raster_group": $RASTER,
 "smem_bytes": $SMEM, "host": "libgemm_host.so", "encode": "encode_tensor_maps",
 "arch": "sm_90a", "source": "$SRC", "elems": "$ELEMS"}
EOF
echo "gpu_build: OK -> $OUT"
