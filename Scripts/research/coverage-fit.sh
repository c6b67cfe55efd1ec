#!/usr/bin/env bash
# Coverage of `fit`'s 95% intervals in simulation, larger than the test (issue #15 "Honest
# intervals"). Not part of the tests.
#
#   Scripts/research/coverage-fit.sh [SWIPES_PER_USER] [RESAMPLES]     (defaults 40 and 100)
#
# Runs the `IntervalCoverageTests` suite in a release build with SNAPLAB_COVERAGE_TRACES and
# SNAPLAB_COVERAGE_RESAMPLES: 200 data sets, each 15 users with their own typical speed and
# label-noise rate (0–20%), a planted android-pagersnap minFlingVelocity of 0.8 pt/ms; each data
# set is fitted and given a user-bootstrap interval (refits from the same starts as the fit,
# widened to the plateau). Prints "COVERAGE: k of 200"; the target is 180–196 (90–98%).
set -euo pipefail
cd "$(dirname "$0")/../.."
export SNAPLAB_COVERAGE_TRACES="${1:-40}"
export SNAPLAB_COVERAGE_RESAMPLES="${2:-100}"
swift build -c release --build-tests -Xswiftc -enable-testing 2>&1 | tail -1
swift test -c release -Xswiftc -enable-testing --skip-build --filter IntervalCoverageTests 2>&1 | grep -E "COVERAGE|passed|failed"
