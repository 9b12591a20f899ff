#!/usr/bin/env bash
# `make demo`: the complete sm_90a GEMM examples/gemm_sm90.mlir, written with tensors (C = A B^T
# for runtime M, N, K; 128x256 CTA tiles of a producer and two consumer warpgroups, clusters of
# 2 sharing B by TMA multicast, a 4-stage TMA pipeline of 128B-swizzled stages with full and
# empty barrier rings, four async wgmma m64n256k16 per k-tile, an stmatrix + TMA-store
# epilogue) lowered by
# `layout-opt --lower-to-nvvm` to PTX for sm_90a and assembled by the ptxas of .venv. Prints the
# instructions in the PTX, what the layouts derived, and proves every TMA box and WGMMA descriptor.
# `make gpu-check` runs it on a GPU (docs/nvvm.md).
# Usage: scripts/demo.sh [layout-opt] [layout]   (default target/release/{layout-opt,layout})
set -euo pipefail
cd "$(dirname "$0")/.."
OPT=${1:-target/release/layout-opt}
LAYOUT=${2:-target/release/layout}
OUT=target/demo
KERNEL=examples/gemm_sm90.mlir
mkdir -p "$OUT"
PTX=$OUT/gemm_sm90.ptx
LLVM=$OUT/gemm_sm90.llvm.mlir
CUBIN=$OUT/gemm_sm90.cubin
PTXAS=$(compgen -G ".venv/lib/python3*/site-packages/nvidia/cu13/bin/ptxas" | head -n1 || true)
[[ -n $PTXAS ]] || { echo "demo: ptxas not found under .venv (run scripts/setup.sh)"; exit 1; }

say() { printf '\n== %s\n' "$*"; }
show() { printf '$ %s\n' "$*"; "$@"; }

say "1. Lower the kernel: layout ops -> NVVM -> LLVM dialect -> PTX (LLVM NVPTX backend, in process)"
show "$OPT" "$KERNEL" --lower-to-nvvm -o "$LLVM"
show "$OPT" "$KERNEL" --lower-to-nvvm="ptx=$PTX" -o "$OUT/gemm_sm90.binary.mlir"
echo "NVVM/LLVM dialect: $LLVM ($(wc -l <"$LLVM") lines)"
echo "PTX:          $PTX ($(wc -l <"$PTX") lines, $(grep -m1 '^.target' "$PTX"))"

say "2. Assemble with the real ptxas for sm_90a"
show "$PTXAS" --gpu-name sm_90a -v "$PTX" -o "$CUBIN" 2>&1 | sed 's/^/  /'
echo "ptxas: OK -> $CUBIN ($(wc -c <"$CUBIN") bytes)"

say "3. Hopper instructions in the PTX (count, instruction)"
grep -oE '^\s*(ldmatrix|stmatrix|wgmma|cp\.async\.bulk|mbarrier|fence)[A-Za-z0-9_.:]*' "$PTX" |
  sed 's/^[[:space:]]*//' | sort | uniq -c | sort -k2 | sed 's/^/  /'

say "4. What the layouts derived (layout_algebra::hw through \`layout batch\`; the same values are in the IR)"
A='Sw<3,3,3> o 0 o (128,64):(64,1)'
B='Sw<3,3,3> o 0 o (256,64):(64,1)'
AW='Sw<3,3,3> o 0 o (64,64):(64,1)'
G='(?,?):(?,1)'
batch() { printf '%s\n' "$@" | "$LAYOUT" batch; }
field() { python3 -c "import json,sys; r=json.loads(sys.stdin.read())['result']; print(', '.join(f'{k}={json.dumps(r[k])}' for k in sys.argv[1:]))" "$@"; }
result() { python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["result"])'; }
echo "global A (M x K), B (N x K): $G (runtime extents and row stride)"
echo "A stage (128 x 64 f16, K-major, 128B swizzle): $A"
batch "{\"op\":\"tma_desc\",\"args\":[\"f16\",\"$G\",\"$A\"]}" |
  field globalDim globalStrides boxDim swizzleName boxBytes gmemToTma | sed 's/^/  TMA: /'
echo "B stage (256 x 64 f16): $B"
batch "{\"op\":\"tma_desc\",\"args\":[\"f16\",\"$G\",\"$B\"]}" |
  field globalDim globalStrides boxDim swizzleName boxBytes gmemToTma | sed 's/^/  TMA: /'
echo "  one stage = 16384 + 32768 bytes: the full mbarrier of the stage expects both (two arrive.expect_tx)"
C='Sw<3,3,3> o 0 o (128,64):(64,1)'
echo "C's tile in shared memory (128 x 256 f16, four 128B-swizzled spans of 64 columns), stored by TMA in boxes of $C:"
batch "{\"op\":\"tma_desc\",\"args\":[\"f16\",\"$G\",\"$C\"]}" |
  field boxDim swizzleName boxBytes | sed 's/^/  TMA store: /'
echo "  pipeline: full[k mod 4] waits on parity (k div 4) mod 2; empty[k mod 4] {free} on (k div 4 + 1) mod 2"
echo "WGMMA descriptors per k-block (m64n256k16; a warpgroup's A rows $AW, and B):"
for k in 0 1 2 3; do
  da=$(batch "{\"op\":\"wgmma_k_block\",\"args\":[\"f16\",\"$AW\",\"$k\"]}" | result)
  db=$(batch "{\"op\":\"wgmma_k_block\",\"args\":[\"f16\",\"$B\",\"$k\"]}" | result)
  xa=$(batch "{\"op\":\"wgmma_desc\",\"args\":[\"f16\",\"K\",\"$da\"]}" | result)
  xb=$(batch "{\"op\":\"wgmma_desc\",\"args\":[\"f16\",\"K\",\"$db\"]}" | result)
  printf '  k=%d  A %s  B %s   (start address of the stage added at run time)\n' "$k" "$xa" "$xb"
done
echo "What --layout-lower-tensors chose (its remarks): shared memory, the accumulator, the TMA copies:"
"$OPT" "$KERNEL" --layout-lower-tensors --lower-to-nvvm -o /dev/null 2>&1 | grep -oE "remark: .*" |
  sed -E 's/^remark: /  /' | sort -u

say "5. Prove what the lowering derived (--layout-prove-descriptors: decoded back, proven equal to the tile layouts by ISL)"
. scripts/prove_kernel.sh
prove_kernel "$OPT" "$KERNEL"

say "demo: OK. PTX for sm_90a: $PTX (assembled by ptxas: $CUBIN); make gpu-check runs it on a GPU"

bash scripts/demo_sm100.sh "$OPT" "$LAYOUT"
