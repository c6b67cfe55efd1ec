#!/usr/bin/env bash
# The whole test suite: installs missing system packages and the test-only tools
# (Scripts/setup.sh --tests), then runs `swift test` (debug build, every test target) from the
# package root, in two passes:
#   1. every suite but the ones below, in parallel;
#   2. one at a time, the tests that pace touch swipes in real time in Chromium or build other
#      code on both cores (a kotlinc run, a nested `swift build`, a Spark job in local[2] mode): run beside the parallel pass,
#      the builds starve the paced swipes and the time-limited browser tests of CPU.
# With arguments (e.g. --filter X) it runs `swift test` once with them.
# The tests' temporary files (thousands of small trace files) go to one fresh directory,
# removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh --tests
scratch="$(mktemp -d "${TMPDIR:-/tmp}/snaplab-tests.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
if [ $# -gt 0 ]; then
  echo "test: swift test $*; temporary files in $scratch, removed at the end"
  TMPDIR="$scratch" swift test "$@"
  exit 0
fi
serial='ChromiumOracleTests|ExportWebAdapterTests|PolicyExportVectorTests|ConsumerPackageTests|SparkJobTests'
echo "test: swift test, pass 1 of 2: every suite of SnapStrategies, SnapEvaluator and the CLI but ($serial), in parallel; temporary files in $scratch, removed at the end"
TMPDIR="$scratch" swift test --skip "$serial"
echo "test: swift test, pass 2 of 2: ($serial), one at a time"
TMPDIR="$scratch" swift test --skip-build --no-parallel --filter "$serial"
