#!/usr/bin/env bash
# One phase of `make test`, timed: runs the command and prints "make test: <name>: <s> s" (to
# stderr and to target/test-phases.txt, which `make test` starts afresh), with the command's
# exit status kept.
#   bash scripts/phase.sh NAME COMMAND [ARGS...]
set -u
name=$1
shift
start=$(date +%s)
"$@"
rc=$?
line="make test: $name: $(($(date +%s) - start)) s$( ((rc)) && echo " (exit $rc)")"
echo "$line" >&2
mkdir -p target && echo "$line" >>target/test-phases.txt
exit $rc
