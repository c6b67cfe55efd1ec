#!/usr/bin/env bash
# Checks that two snaplab binaries give byte-identical output (issue 29: a refactoring must not
# change behaviour).
#
#   bash Scripts/tools/check-byte-identical.sh BASE_BIN NEW_BIN [WORK_DIR]
#
# Runs compare, fit, recommend, report, generate, generate --like, import and velocity with each
# binary on the bundled Data/ and on a 100,000-trace file that BASE_BIN generates (seed 29), and
# compares standard output, standard error, the exit status and every file written. Each
# binary runs in its own directory with the same relative output names, so the report's
# footer (which quotes the command line) reads the same; times on standard error ("in 1.2 s")
# are masked (Scripts/tools/ab-runner.sh runs and diffs). Prints one line per command (same /
# DIFFERENT) and exits 1 on any difference.
# WORK_DIR (default: a fresh temporary directory, removed at the end) keeps the outputs.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 2 ]; then
    echo "usage: $0 BASE_BIN NEW_BIN [WORK_DIR]" >&2
    exit 64
fi
base="$(realpath "$1")"
new="$(realpath "$2")"
data="$(pwd)/Data"
if [ $# -ge 3 ]; then
    work="$3"
    mkdir -p "$work"
else
    work="$(mktemp -d "${TMPDIR:-/tmp}/snaplab-identical.XXXXXX")"
    trap 'rm -rf "$work"' EXIT
fi
work="$(realpath "$work")"

big="$work/generated-100k.csv"
if [ ! -s "$big" ]; then
    echo "check: $base generate --traces 100000 --seed 29 --out $big" >&2
    "$base" generate --traces 100000 --seed 29 --out "$big" -q
fi

# name|arguments (files as absolute paths; outputs relative to the run directory)
cases=(
    "compare|compare $data/synthetic.csv -q"
    "compare-json|compare $data/release-example.csv $data/synthetic.csv --format json --by user -q"
    "compare-revealed|compare $data/reveal.csv --hit revealed --format csv -q"
    "compare-100k|compare $big --format markdown -q"
    "fit|fit $data/synthetic.csv --policy tag99 -q"
    "fit-100k|fit $big --policy compose-pager --bootstrap 10 --format json -q"
    "recommend|recommend $data/synthetic.csv -q"
    "recommend-100k|recommend $big --policies tag99,nearest,compose-pager,uikit-paging -q"
    "report|report $data/synthetic.csv --out report.html -q"
    "report-100k|report $big --out report.html --bootstrap 200 -q"
    "generate|generate --traces 3000 --seed 11 --users 30 --out generated.csv -q"
    "generate-like|generate --like $data/synthetic.csv --traces 2000 --seed 5 --out like.csv -q"
    "import|import $data/pointer-example.csv --from pointer-csv --columns user=user,trial=trial,stroke=stroke,t=uptime_ms,x=x_px,y=y_px,phase=action,pointer=pointer --target-column target --scale 1.75 --touch-slop compose --max-dy-ratio 1 --item-width 160 --spacing 10 --leading-inset 10 --viewport 375 --count 12 --chain --live-policy compose-lazyrow-snap --velocity compose --out imported.csv"
    "velocity|velocity $data/synthetic.csv -q"
    "velocity-ios|velocity $data/release-example.csv $data/reveal.csv --velocity ios --format json -q"
    "velocity-100k|velocity $big -q"
)

# elapsed times on standard error are masked; Scripts/tools/ab-runner.sh runs and diffs each case
source Scripts/tools/ab-runner.sh
AB_MASK_TIMES=1
ab_start "$base" "$new" "$work"
for c in "${cases[@]}"; do
    read -r -a args <<< "${c#*|}"
    ab_case "${c%%|*}" "${args[@]}"
done
if ! ab_finish; then
    echo "check: outputs differ" >&2
    exit 1
fi
echo "check: every output is byte-identical" >&2
