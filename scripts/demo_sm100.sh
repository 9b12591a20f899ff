#!/usr/bin/env bash
# The Blackwell half of `make demo` (run by scripts/demo.sh after the Hopper kernel):
# examples/tile_gemm_sm100.mlir (TMA loads of 128x64 f16 tiles of A and B with the 128B swizzle,
# tcgen05.mma kind::f16 M=128 N=128 with UMMA shared-memory descriptors for both operands, the
# f32 accumulator in tensor memory, read back with tcgen05.ld 32x32b.x128) lowered by
# `layout-opt --lower-to-nvvm` to PTX for sm_100a and assembled by the ptxas of .venv.
# Prints the PTX's tcgen05 instructions and what the layouts derived.
# Usage: scripts/demo_sm100.sh [layout-opt] [layout]   (default target/release/{layout-opt,layout})
set -euo pipefail
cd "$(dirname "$0")/.."
OPT=${1:-target/release/layout-opt}
LAYOUT=${2:-target/release/layout}
OUT=target/demo
KERNEL=examples/tile_gemm_sm100.mlir
mkdir -p "$OUT"
PTX=$OUT/tile_gemm_sm100.ptx
CUBIN=$OUT/tile_gemm_sm100.cubin
PTXAS=$(compgen -G ".venv/lib/python3*/site-packages/nvidia/cu13/bin/ptxas" | head -n1 || true)
[[ -n $PTXAS ]] || { echo "demo: ptxas not found under .venv (run scripts/setup.sh)"; exit 1; }

say() { printf '\n== %s\n' "$*"; }
show() { printf '$ %s\n' "$*"; "$@"; }

say "B1. Blackwell: lower $KERNEL to PTX for sm_100a"
show "$OPT" "$KERNEL" --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=$PTX" -o "$OUT/tile_gemm_sm100.binary.mlir"
echo "PTX: $PTX ($(wc -l <"$PTX") lines, $(grep -m1 '^.target' "$PTX"))"

say "B2. Assemble with the real ptxas for sm_100a"
show "$PTXAS" --gpu-name sm_100a -v "$PTX" -o "$CUBIN" 2>&1 | sed 's/^/  /'
echo "ptxas: OK -> $CUBIN ($(wc -c <"$CUBIN") bytes)"

say "B3. Blackwell instructions in the PTX (count, instruction)"
grep -oE '^\s*(tcgen05|cp\.async\.bulk|mbarrier)[A-Za-z0-9_.:]*' "$PTX" |
  sed 's/^[[:space:]]*//' | sort | uniq -c | sort -k2 | sed 's/^/  /'
n=$(grep -c 'tcgen05.mma.cta_group::1.kind::f16' "$PTX")
[[ $n == 4 ]] || { echo "demo: expected 4 tcgen05.mma, found $n"; exit 1; }
grep -q 'tcgen05.ld.sync.aligned.32x32b.x128.b32' "$PTX" || { echo "demo: no tcgen05.ld 32x32b.x128"; exit 1; }

say "B4. What the layouts derived (layout batch; the same values are in the PTX)"
SW='Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)'
res() { printf '%s\n' "$1" | "$LAYOUT" batch | python3 -c 'import json,sys; r=json.loads(sys.stdin.read()); print(json.dumps(r.get("result", r)))'; }
echo "A/B tile in smem (128 x 64 f16, K-major, 128B swizzle): $SW"
echo "UMMA shared-memory descriptors per k-block (tile at byte 0; the kernel ORs in the smem address):"
for k in 0 1 2 3; do
  blk=$(res "{\"op\":\"wgmma_k_block\",\"args\":[\"f16\",\"$SW\",\"$k\"]}" | tr -d '"')
  d=$(res "{\"op\":\"umma_desc\",\"args\":[\"f16\",\"K\",\"$blk\"]}" | tr -d '"')
  printf '  k=%d  block %-36s desc %s\n' "$k" "$blk" "$d"
done
echo "  (LBO 16 B, SBO 1024 B, version bit 46, layout type 2 = 128B in bits 61-63; +32 bytes per k)"
printf '  in the PTX: or.b64 ..., %s\n' "$(grep -m1 -oE 'or.b64[^;]*4611756662049538048' "$PTX" | grep -oE '[0-9]{19}')"
idesc=$(res '{"op":"umma_instr_desc","args":["f16","f16","f32","128","128","K","K"]}' | tr -d '"')
echo "Instruction descriptor (kind::f16, f16 x f16 -> f32, M=128, N=128, K-major A and B): $idesc = $((idesc))"
grep -q "mov.b32[[:space:]]*%r[0-9]*, $((idesc));" "$PTX" && echo "  in the PTX: mov.b32 %r, $((idesc))"
echo "TMEM accumulator (128,128):(65536,1) read by the warpgroup fragment (128,128):(1,128):"
res '{"op":"tmem_copy","args":["(128,128):(65536,1)","(128,128):(1,128)"]}' | sed 's/^/  /'

say "B5. Prove what the lowering derived (--layout-prove-descriptors)"
. scripts/prove_kernel.sh
prove_kernel "$OPT" "$KERNEL"

say "demo (sm_100a): OK. PTX: $PTX (assembled by ptxas: $CUBIN)"
