#!/usr/bin/env bash
# Op-count report of the index lowering (issue 4, item 4; issue 15, item 3; docs/lowering.md):
# every layout of the oracle corpus and of the bit-field corpus applied to a linear index,
# lowered by lower-to-index, arith ops counted against 4 x non-trivial modes after coalescing
# and against the counts before the bit-field rules (bench/op_count_baseline.tsv), per layout
# class. Exit status 1 if any layout is above its bound or above its baseline count.
# Usage: bench/op_count.sh [--oracle cute_pycute_seed1.jsonl] [--baseline FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${CARGO:-cargo}" run --quiet --release -p layout-lowering-harness --bin lowering-op-count -- "$@"
