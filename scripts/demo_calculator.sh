#!/usr/bin/env bash
# `make demo-calculator`: derive the shared-memory layout of a 128x64 f16 (half) tile with CuTe's 128-byte
# swizzle, step by step with the `layout` calculator. Each command is printed before it runs.
# Usage: scripts/demo.sh [path/to/layout]   (default target/release/layout)
set -uo pipefail
LAYOUT=${1:-target/release/layout}
ran=0 failed=0

note() { printf '\n'; printf '# %s\n' "$@"; }
run() {
  local shown="" a
  for a in "$@"; do
    if [[ $a =~ ^[A-Za-z0-9_./-]+$ ]]; then shown+=" $a"; else shown+=" '$a'"; fi
  done
  printf '$ layout%s\n' "$shown"
  ran=$((ran + 1))
  "$LAYOUT" "$@" || { echo "  -> failed (exit $?)"; failed=$((failed + 1)); }
}

ATOM='Sw<3,3,3> o 0 o (8,64):(64,1)'   # 8 rows x 64 halves = 8 x 128 bytes, K-major
TILE="tile_to_shape($ATOM, (128,64))"
PLAIN='((8,16),(64,1)):((64,512),(1,0))'  # what tile_to_shape gives, without the swizzle
SWTILE="Sw<3,3,3> o 0 o $PLAIN"            # ... and with it (CuTe prints this for $TILE)

note "1. The 128B swizzle atom. Sw<B,M,S> XORs bits [M+S, M+S+B) into [M, M+B)." \
     "   In bytes CuTe's 128B swizzle is Sw<3,4,3>; on 2-byte f16 elements it is Sw<3,3,3>."
run eval "$ATOM"
note "   Column 0 of the atom (8 rows, one row = 64 halves = 128 bytes), in elements and in bytes:"
run eval 'eval(Sw<3,3,3> o 0 o 8:64)'
run eval 'eval(Sw<3,4,3> o 0 o 8:128)'
note "   Row r moves by r*8 halves = r*16 bytes: the same swizzle in two units." \
     "   In units of 16-byte chunks it is Sw<3,0,3>: chunk c of row r goes to r*8 + (c XOR r)."
run show 'Sw<3,0,3> o 0 o (8,8):(8,1)'

note "2. Tile the atom over the 128x64 tile (16 atoms down M; the swizzle stays outermost)."
run eval "$TILE"
note "   CuTe C++ gives $SWTILE; 8192 elements, dense:"
run eval "size($SWTILE)"
run eval "cosize($SWTILE)"

note "3. Without the swizzle the tile is plain row-major 128x64: coalesce shows it."
run eval "coalesce($PLAIN)"
note "   ...and complement says where the other 15 copies of the atom go in the 8192 elements."
run eval "complement((8,64):(64,1), 8192)"

note "4. Split the tile for WGMMA: 64 rows per warpgroup and K-blocks of 16 halves" \
     "   (logical_divide), and warpgroup 0's 64 rows alone (composition with the tiler [64:1,_])."
run eval "logical_divide($PLAIN, [64:1,16:1])"
run eval "composition($PLAIN, [64:1,_])"
note "   The same on the swizzled tile: the swizzle stays outermost, applied to the offsets."
run eval "logical_divide($SWTILE, [64:1,16:1])"
run eval "composition($SWTILE, [64:1,_])"

printf '\ndemo: %d commands, %d failed\n' "$ran" "$failed"
((failed == 0))
