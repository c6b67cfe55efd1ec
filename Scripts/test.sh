#!/usr/bin/env bash
# The whole test suite: installs missing system packages and the test-only pandas
# (Scripts/setup.sh --tests), then runs
# `swift test` (debug build, every test target) from the package root. The tests' temporary
# files (thousands of small trace files) go to one fresh directory, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh --tests
scratch="$(mktemp -d "${TMPDIR:-/tmp}/snaplab-tests.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
echo "test: swift test (every suite of SnapStrategies, SnapEvaluator and the CLI); temporary files in $scratch, removed at the end"
TMPDIR="$scratch" swift test "$@"
