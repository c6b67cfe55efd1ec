#!/usr/bin/env bash
# The whole test suite: installs missing system packages (Scripts/setup.sh), then runs
# `swift test` (debug build, every test target) from the package root.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
echo "test: swift test (every suite of SnapStrategies, SnapEvaluator and the CLI)"
swift test "$@"
