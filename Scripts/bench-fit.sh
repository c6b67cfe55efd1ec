#!/usr/bin/env bash
# Fitting benchmark and large-set recovery (release build).
#
#   Scripts/bench-fit.sh            # 100k traces
#   SNAPLAB_BENCH_TRACES=20000 Scripts/bench-fit.sh
#
# (`-enable-testing` because the test targets use `@testable import`.)
# Runs the `FitBenchmarkTests` suite (skipped by the normal `swift test`) with SNAPLAB_BENCH=1:
# - 3-parameter tag99 (lowTier, highTier, backwardFraction), 5-fold grouped CV plus the final
#   fit on all traces, timed; the target is at most 5 s;
# - planted-threshold recovery: tag99 tiers 1.6/3.1 pt/ms and backward fraction 0.7 planted in
#   synthetic traces with 10% label noise, fitted from the defaults; each within 5%.
# Lines starting with BENCH carry the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
export SNAPLAB_BENCH=1
swift build -c release --build-tests -Xswiftc -enable-testing
swift test -c release -Xswiftc -enable-testing --skip-build --filter FitBenchmarkTests 2>&1 | tee /dev/stderr | grep -E "^BENCH|passed|failed" || true
