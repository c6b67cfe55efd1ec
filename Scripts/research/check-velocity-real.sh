#!/usr/bin/env bash
# Release velocities against a real recording: the GestureApp kit's `check.py velocity`
# (../shared/realdata/gestureapp, built into OUT, default /tmp/gestureapp) for the estimators
# that matter on a frame-logged Compose log, on "home" (development, tuned on) and "pix"
# (evaluation, not tuned on). The issue-31 figure is compose-frames' on strokes the recording
# shows flung: "zero among strokes shown flung" (≤ 2%), "median v/v_fling (zeros included)"
# (0.85–1.15) and "within 25% of v_fling" (≥ 50%).
#
#   Scripts/research/check-velocity-real.sh [SNAPLAB_BIN] [OUT]
#   (default: the release build of this checkout, built if missing)
set -euo pipefail
cd "$(dirname "$0")/../.."
KIT="${KIT:-../shared/realdata/gestureapp}"
OUT="${2:-/tmp/gestureapp}"
BIN="${1:-}"
if [[ -z "$BIN" ]]; then
    BIN="$(bash Scripts/tools/build-release.sh)"
fi
[[ -f "$OUT/velocity_reference.csv" ]] || { echo "no kit build in $OUT (see $KIT/README.md)" >&2; exit 66; }
# The kit runs `snaplab velocity FILE --velocity E -q`. Its log is frame-logged, so the default
# --frames auto would replay every estimator on the rebuilt samples (compose-legacy would read as
# compose-frames): this wrapper keeps the estimators on the rows as logged, what the table compares.
ASLOGGED="$(mktemp "${TMPDIR:-/tmp}/snaplab-as-logged.XXXXXX")"
trap 'rm -f "$ASLOGGED"' EXIT
printf '#!/usr/bin/env bash\nexec %q "$@" --frames as-logged\n' "$(realpath "$BIN")" > "$ASLOGGED"
chmod +x "$ASLOGGED"
for screen in home pix; do
    echo "== $screen"
    python3 "$KIT/check.py" velocity --snaplab "$ASLOGGED" --out "$OUT" --screen "$screen" \
        --velocity compose-frames,compose,compose-legacy,lsq2
done
