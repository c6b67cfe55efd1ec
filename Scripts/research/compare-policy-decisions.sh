#!/usr/bin/env bash
# Every catalogue policy's decisions in this checkout against a git revision's (behaviour-preserving
# speed-ups of SnapStrategies must keep every decision): random layouts, releases and parameter
# vectors, single and batch path, slot, item, offset bit for bit and rule. Not part of the tests.
#
#   Scripts/research/compare-policy-decisions.sh [REVISION] [ROUNDS] [SEED]
#     REVISION  the reference (default main)
#     ROUNDS    random layouts (default 200; each: 400 releases × every policy)
#     SEED      seed of the random draws (default 1; printed)
#
# Builds both versions of SnapStrategies with swiftc -O (modules OldStrategies and SnapStrategies)
# in a temporary directory, then Scripts/research/compare-policy-decisions.swift; exits non-zero when any
# decision differs, listing the first ten.
set -euo pipefail
cd "$(dirname "$0")/../.."
REVISION="${1:-main}"
ROUNDS="${2:-200}"
SEED="${3:-1}"
WORK="$(mktemp -d /tmp/compare-policy-decisions.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/old"
git archive "$REVISION" Sources/SnapStrategies | tar -x -C "$WORK/old"
build() {   # module name, source directory
    (cd "$WORK" && swiftc -O -wmo -parse-as-library -module-name "$1" -emit-library -static -emit-module \
        -emit-module-path "$1.swiftmodule" $(find "$2" -name '*.swift') -o "lib$1.a")
}
echo "reference: $REVISION ($(git rev-parse --short "$REVISION")); this: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources/SnapStrategies || echo ' with uncommitted changes')"
build OldStrategies "$WORK/old/Sources/SnapStrategies"
build SnapStrategies "$PWD/Sources/SnapStrategies"
swiftc -O -I "$WORK" -L "$WORK" -lOldStrategies -lSnapStrategies -lm Scripts/research/compare-policy-decisions.swift -o "$WORK/compare"
"$WORK/compare" "$SEED" "$ROUNDS"
