#!/usr/bin/env bash
# `make demo`: the example kernel examples/tile_gemm.mlir (TMA loads of 128x64 f16 tiles of A and
# B with the 128B swizzle under an mbarrier, ldmatrix of the A fragments, WGMMA descriptors for B,
# wgmma with A from registers, the accumulator converted to f16 and written back with stmatrix,
# then a TMA store) lowered by `layout-opt --lower-to-nvvm` to PTX for sm_90a, assembled by the
# ptxas of .venv. Prints where the PTX is, the instructions in it, and what the layouts derived.
# Usage: scripts/demo.sh [layout-opt] [layout]   (default target/release/{layout-opt,layout})
set -euo pipefail
cd "$(dirname "$0")/.."
OPT=${1:-target/release/layout-opt}
LAYOUT=${2:-target/release/layout}
OUT=target/demo
KERNEL=examples/tile_gemm.mlir
mkdir -p "$OUT"
PTX=$OUT/tile_gemm.ptx
LLVM=$OUT/tile_gemm.llvm.mlir
CUBIN=$OUT/tile_gemm.cubin
PTXAS=$(compgen -G ".venv/lib/python3*/site-packages/nvidia/cu13/bin/ptxas" | head -n1 || true)
[[ -n $PTXAS ]] || { echo "demo: ptxas not found under .venv (run scripts/setup.sh)"; exit 1; }

say() { printf '\n== %s\n' "$*"; }
show() { printf '$ %s\n' "$*"; "$@"; }

say "1. Lower the kernel: layout ops -> NVVM -> LLVM dialect -> PTX (LLVM NVPTX backend, in process)"
show "$OPT" "$KERNEL" --lower-to-nvvm -o "$LLVM"
show "$OPT" "$KERNEL" --lower-to-nvvm="ptx=$PTX" -o "$OUT/tile_gemm.binary.mlir"
echo "NVVM/LLVM dialect: $LLVM ($(wc -l <"$LLVM") lines)"
echo "PTX:          $PTX ($(wc -l <"$PTX") lines, $(grep -m1 '^.target' "$PTX"))"

say "2. Assemble with the real ptxas for sm_90a"
show "$PTXAS" --gpu-name sm_90a -v "$PTX" -o "$CUBIN" 2>&1 | sed 's/^/  /'
echo "ptxas: OK -> $CUBIN ($(wc -c <"$CUBIN") bytes)"

say "3. Hopper instructions in the PTX (count, instruction)"
grep -oE '^\s*(ldmatrix|stmatrix|wgmma|cp\.async\.bulk|mbarrier|fence)[A-Za-z0-9_.:]*' "$PTX" |
  sed 's/^[[:space:]]*//' | sort | uniq -c | sort -k2 | sed 's/^/  /'

say "4. What the layouts derived (layout_algebra::hw through \`layout batch\`; the same values are in the IR)"
SW='Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)'
CT='Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))'
G='(4096,4096):(4096,1)'
F='((4,8),(2,2,2)):((32,1),(16,8,128))'
json() { python3 -c 'import json,sys; [print(json.dumps(json.loads(l)["result"])) for l in sys.stdin]'; }
batch() { printf '%s\n' "$@" | "$LAYOUT" batch; }
field() { python3 -c "import json,sys; r=json.loads(sys.stdin.read())['result']; print(', '.join(f'{k}={json.dumps(r[k])}' for k in sys.argv[1:]))" "$@"; }

echo "A/B tile in smem (128 x 64 f16, K-major, 128B swizzle): $SW"
echo "  TMA (cuTensorMapEncodeTiled for A and B):"
batch "{\"op\":\"tma_desc\",\"args\":[\"f16\",\"$G\",\"$SW\"]}" |
  field dataTypeName rank globalDim globalStrides boxDim swizzleName boxBytes | sed 's/^/    /'
echo "C tile in smem (128 x 128 f16, two 64-column 128B-swizzled blocks): $CT"
echo "  TMA store:"
batch "{\"op\":\"tma_desc\",\"args\":[\"f16\",\"$G\",\"$CT\"]}" |
  field boxDim swizzleName boxBytes boxes | sed 's/^/    /'
echo "  mbarrier: 2 arrivals (one expect_tx per tile), 16384 transaction bytes each"
echo "WGMMA descriptors of B, per k-block (m64n128k16, start address at byte 0 of the B tile):"
for k in 0 1 2 3; do
  blk=$(batch "{\"op\":\"wgmma_k_block\",\"args\":[\"f16\",\"$SW\",\"$k\"]}" | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["result"])')
  d=$(batch "{\"op\":\"wgmma_desc\",\"args\":[\"f16\",\"K\",\"$blk\"]}" | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["result"])')
  printf '  k=%d  block %-36s desc %s\n' "$k" "$blk" "$d"
done
echo "  (LBO 1, SBO 64 = 1024 bytes, layout type 1 = 128B; the start field advances by 2 = 32 bytes per k)"
hi=$(grep -oE 'llvm.mlir.constant\((-?[0-9]+) : i64\)' "$LLVM" | grep -oE -- '-?[0-9]{12,}' | sort -u | head -n1 || true)
[[ -n $hi ]] && printf '  in the lowered IR: the constant fields %s = 0x%016x, OR-ed with ((smem + 32k) >> 4) & 0x3fff\n' "$hi" "$hi"
echo "ldmatrix of the A fragment (warp 0, k-block 0; lane -> byte offset of the row it supplies):"
batch "{\"op\":\"ldmatrix\",\"args\":[\"f16\",\"Sw<3,3,3> o 0 o (16,16):(64,1)\",\"$F\"]}" |
  field instr lane_offsets | sed 's/^/  /'
echo "stmatrix of C chunk 1 (columns 16-31):"
batch "{\"op\":\"stmatrix\",\"args\":[\"f16\",\"Sw<3,3,3> o 16 o (16,16):(64,1)\",\"$F\"]}" |
  field instr lane_offsets | sed 's/^/  /'

say "5. Prove what the lowering derived (--layout-prove-descriptors: decoded back, proven equal to the tile layouts by ISL)"
. scripts/prove_kernel.sh
prove_kernel "$OPT" "$KERNEL"

say "demo: OK. PTX for sm_90a: $PTX (assembled by ptxas: $CUBIN)"

bash scripts/demo_sm100.sh "$OPT" "$LAYOUT"
