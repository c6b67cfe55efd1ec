#!/usr/bin/env bash
# Planted-threshold recovery on a large synthetic set (default 100k traces, release build).
#
#   Scripts/research/recover-planted.sh                      # 100k traces
#   SNAPLAB_BENCH_TRACES=300000 Scripts/research/recover-planted.sh
#
# Synthetic traces (Tests/SnapEvaluatorTests/Support/SyntheticTraces.swift, GSL mt19937 seed 78,
# 500 users): intended items from tag99 with lowTier 1.6, highTier 3.1 pt/ms and backward
# fraction 0.7, then 10% label noise (one item either way). `PolicyFitter` fits the three from
# tag99's defaults (2.2, 2.7, 0.6); the test fails unless each is within 5%. The BENCH line
# prints planted and fitted values and the relative errors.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SNAPLAB_BENCH=1
swift build -c release --build-tests -Xswiftc -enable-testing
swift test -c release -Xswiftc -enable-testing --skip-build --filter "FitBenchmarkTests/largeRecovery" 2>&1 \
    | tee /dev/stderr | grep -E "^BENCH|passed|failed" || true
