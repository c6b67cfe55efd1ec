#!/usr/bin/env bash
# Builds snaplab in release mode with the project's release flags and prints the binary's path on
# standard output (what the build says goes to standard error). Every script that runs a release
# snaplab builds through here, so that they share one build: SwiftPM rebuilds every module when the
# flags change, and a script building with other flags would undo the others' build.
#
# The flags (Docs/performance.md, "Release build"; measured in
# Docs/research/2026-11-30-compare-flags40.md):
#   --static-swift-stdlib         the Swift runtime and Foundation linked in: no dynamic symbol
#                                 binding at start (about 10 ms a run; the binary is larger)
#   --omit-frame-pointers         SwiftPM keeps frame pointers by default: one more register
#   --experimental-lto-mode=full  LLVM optimises the modules together at link time
# On macOS the Swift runtime is the system's (no --static-swift-stdlib there). SNAPLAB_RELEASE_FLAGS
# replaces them (SNAPLAB_RELEASE_FLAGS="" builds with SwiftPM's defaults).
#
# Usage: bin="$(bash Scripts/tools/build-release.sh)"
set -euo pipefail
cd "$(dirname "$0")/../.."
defaults="--static-swift-stdlib --omit-frame-pointers --experimental-lto-mode=full"
[ "$(uname -s)" != Darwin ] || defaults="--omit-frame-pointers --experimental-lto-mode=full"
read -r -a flags <<< "${SNAPLAB_RELEASE_FLAGS-$defaults}"
echo "build: swift build -c release --product snaplab ${flags[*]}" >&2
log="$(mktemp "${TMPDIR:-/tmp}/snaplab-build.XXXXXX")"
trap 'rm -f "$log"' EXIT
if ! swift build -c release --product snaplab "${flags[@]}" > "$log" 2>&1; then
    cat "$log" >&2
    echo "build: swift build failed (its output above)" >&2
    exit 1
fi
tail -1 "$log" >&2
echo "$(swift build -c release "${flags[@]}" --show-bin-path)/snaplab"
