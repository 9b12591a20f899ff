#!/usr/bin/env bash
# Op-count report of the index lowering (issue 4, item 4; docs/lowering.md): every layout of
# the oracle corpus applied to a linear index, lowered by lower-to-index, arith ops counted
# against 4 x non-trivial modes after coalescing. Exit status 1 if any layout is above.
# Usage: bench/op_count.sh [path/to/cute_pycute_seed1.jsonl]
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${CARGO:-cargo}" run --quiet --release -p layout-lowering --bin lowering-op-count -- "$@"
