# Sourced by scripts/demo.sh and scripts/demo_sm100.sh: `prove_kernel OPT KERNEL` runs
# `OPT KERNEL --layout-lower-tensors --layout-prove-descriptors` (the tensor ops become the
# hardware ops first; then every TMA box, WGMMA/UMMA descriptor and
# ldmatrix/stmatrix lane table that --lower-to-nvvm derives, decoded back and proven equal to
# its tile layout by ISL; a failed proof is an error with a witness, and stops the demo), then
# prints its time and the ops it proved, by kind.
prove_kernel() {
  local opt=$1 kernel=$2 t0 t1 proved
  proved=$(mktemp)
  t0=$(date +%s.%N)
  printf '$ %s\n' "$opt $kernel --layout-lower-tensors --layout-prove-descriptors -o $proved"
  "$opt" "$kernel" --layout-lower-tensors --layout-prove-descriptors -o "$proved" 2>/dev/null
  t1=$(date +%s.%N)
  echo "proven over the whole tiles, in $(python3 -c "print(f'{$t1 - $t0:.1f}')") s:"
  grep -oE '^[^/]*\blayout\.(tma_desc|tma_load|tma_store|ldmatrix|stmatrix|wgmma_desc|umma_desc|tcgen05_cp|lane_offset)\b' "$proved" |
    grep -oE 'layout\.[a-z0-9_]+$' | sort | uniq -c | sed 's/^/  /'
  rm -f "$proved"
}
