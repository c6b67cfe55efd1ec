#!/usr/bin/env bash
# Runs the parameter-facing commands (policies, --param parsing, compare, fit, export, explain) with
# two snaplab binaries on Data/ and diffs stdout, stderr and exit status (issue 29: parameters declared
# once must change no output). Usage: bash Scripts/tools/compare-parameter-outputs.sh BASE_BIN NEW_BIN [OUTDIR]
# Prints the commands that differ and a summary line; exits 1 when any differs.
set -u
base=$(realpath "$1"); new=$(realpath "$2"); out=${3:-/tmp/snaplab-parameter-outputs}
cd "$(dirname "$0")/../.."
ids=$($base policies --format json | python3 -c 'import json,sys; print(" ".join(p["id"] for p in json.load(sys.stdin)))' 2>/dev/null)
[ -n "$ids" ] || ids=$($base policies | awk '/^[a-z0-9-]+ /{print $1}' | sort -u)
cmds=()
cmds+=("policies" "policies --format json")
cmds+=("policies --format json --param tag99.lowTier=2 --param minFlingVelocity=0.2")
cmds+=("policies --param tag99.nope=1" "policies --param tag99.lowTier=99" "policies --param tag99.lowTier=3"
       "policies --param lowTierPages=1.5" "policies --param nope=1" "policies --param flutter-fixedextent.minFlingVelocity=9")
cmds+=("explain --offset 250 --velocity 1.7 --start-offset 80 --duration 120"
       "explain --offset 250 --velocity -2.9 --format json --param decelerationRate=0.99 --param density=2"
       "explain --offset 95 --velocity 0.2 --policy all@max1 --format json")
for f in Data/fixture-handchecked.csv Data/release-example.csv; do
  cmds+=("compare $f --bootstrap 200 --seed 7 --format json --jobs 1"
         "compare $f --bootstrap 200 --seed 7 --policies all@max1 --jobs 1"
         "compare $f --bootstrap 100 --seed 7 --param tag99.highTier=3 --param wholePixels=0 --format csv --jobs 1")
done
cmds+=("compare Data/synthetic.csv --bootstrap 200 --seed 7 --format json"
       "compare Data/reveal.csv --bootstrap 200 --seed 7 --policies all,all@max1 --param density=2.625"
       "explain --offset 1000 --velocity 3.3 --start-offset 700 --duration 200 --item-width 300 --spacing 0 --leading-inset 0 --viewport 300 --count 10 --alignment center --looping --format json")
for p in tag99 compose-pager@max2 flutter-fixedextent-bouncing embla android-viewpager; do
  cmds+=("fit Data/synthetic.csv --policy $p --bootstrap 3 --starts 2 --seed 5")
done
cmds+=("fit Data/reveal.csv --policy css-snap-proximity --bootstrap 3 --starts 2 --seed 5"
       "recommend Data/fixture-handchecked.csv --seed 4 --starts 1")
for p in tag99 uikit-paging compose-pager flutter-fixedextent-bouncing css-snap-proximity embla@max2 android-linearsnap \
         swiftui-viewaligned icarousel-paging learned-threshold; do
  cmds+=("fit Data/fixture-handchecked.csv --policy $p --bootstrap 5 --starts 2 --seed 3 --jobs 1")
done
cmds+=("fit Data/fixture-handchecked.csv --policy android-viewpager --params minFlingVelocity,density --bootstrap 0 --starts 2 --jobs 1")
for id in $ids; do
  for lang in swift kotlin js native; do cmds+=("export --policy $id --lang $lang"); done
done
cmds+=("export --policy tag99@max1 --lang swift --param lowTier=1.5" "export --policy compose-pager --lang kotlin --param maxPages=3"
       "export --policy embla --lang native --param containScroll=2" "export --policy swiper --lang js --param threshold=9")
# Scripts/tools/ab-runner.sh runs and diffs each command (named by its number; only those that differ are printed)
source Scripts/tools/ab-runner.sh
AB_QUIET_SAME=1
ab_start "$base" "$new" "$out"
root=$(pwd)
n=0
for c in "${cmds[@]}"; do
  n=$((n+1))
  read -r -a args <<< "$c"
  for i in "${!args[@]}"; do [[ ${args[$i]} == Data/* ]] && args[$i]="$root/${args[$i]}"; done
  ab_case "$n" "${args[@]}"
done
ab_finish
