#!/usr/bin/env bash
# The name issue 36 gives the `compare` benchmark: Scripts/bench/bench-compare.sh, with the same
# arguments ([RUNS] [REFERENCE]; see its header). The benchmarks live in Scripts/bench/.
exec bash "$(dirname "$0")/bench/bench-compare.sh" "$@"
