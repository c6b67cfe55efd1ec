#!/usr/bin/env bash
# Evidence for `generate --like` on another generator's recording (issue 32, "an independent
# generator's output"): `../shared/bench/gen_traces.py` writes every touch scan of 60/120 Hz
# minimum-jerk drags (one row per scan, not per frame). `--like` fits the swipe model to TRACES of
# them, generates as many, and this prints the `describe` statistics of both side by side with the
# % difference (samples per trace, sampling interval, release speed: within 20% is the issue's bar),
# the delivery `--like` inferred, and Spearman's ρ between the policies' hit rates on the recording
# and on the generated traces (`--rank-against`, bar 0.8), with the CPU time of the `--like` run.
#
#   Scripts/research/check-gen-traces.sh                   (5,000 traces, gen_traces seed 7, --like seed 7)
#   TRACES=N SEED=S Scripts/research/check-gen-traces.sh    (another size or seed)
#   LIKE_SEED=L Scripts/research/check-gen-traces.sh        (--like's own seed, default SEED: tells the
#                                                            recording's draws from the search's)
#   BIN=/path/to/snaplab Scripts/research/check-gen-traces.sh   (that binary; default: build release)
#   GEN=/path/to/gen_traces.py KEEP=DIR THREADS=2 Scripts/research/check-gen-traces.sh
# Needs python3 with numpy (gen_traces.py). The machine's load changes the times, not the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
traces="${TRACES:-5000}"
seed="${SEED:-7}"
like_seed="${LIKE_SEED:-$seed}"
gen="${GEN:-../shared/bench/gen_traces.py}"
if [ -n "${BIN:-}" ]; then
    bin="$BIN"
else
    bin="$(bash Scripts/tools/build-release.sh)"
fi
if [ -n "${KEEP:-}" ]; then
    tmp="$KEEP"
    mkdir -p "$tmp"
else
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
fi
python3 "$gen" --traces "$traces" --seed "$seed" --out "$tmp/g.csv"
TIMEFORMAT='%U %S %R'
{ time "$bin" generate --like "$tmp/g.csv" --traces "$traces" --seed "$like_seed" --threads "${THREADS:-2}" --allow-unconverged \
    --rank-against "$tmp/g.csv" --save-model "$tmp/like.json" --out "$tmp/like.csv" >"$tmp/like.out" 2>"$tmp/like.err"; } 2>"$tmp/time"
"$bin" describe "$tmp/g.csv" >"$tmp/g.describe" 2>/dev/null
"$bin" describe "$tmp/like.csv" >"$tmp/like.describe" 2>/dev/null
python3 - "$tmp" "$traces" "$seed" "$like_seed" <<'EOF'
import json, re, sys
tmp, traces, seed, like_seed = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]

def quantiles(path):
    """quantity -> {p50, p90} from describe's first table."""
    out = {}
    cols = None
    for line in open(path):
        if line.startswith("quantity"):
            cols = line.split()[1:]
            continue
        if cols and line.strip() and not line.startswith("-"):
            m = re.match(r"^(\S.*?)\s{2,}(\S.*)$", line.rstrip())
            if not m:
                break
            vals = m.group(2).split()
            if len(vals) != len(cols):
                break
            out[m.group(1)] = dict(zip(cols, vals))
        elif cols and not line.strip():
            break
    return out

g, l = quantiles(f"{tmp}/g.describe"), quantiles(f"{tmp}/like.describe")
print(f"gen_traces.py: {traces} traces, seed {seed}; generate --like {traces} traces, seed {like_seed}")
print(f"{'describe statistic':<36}{'gen_traces':>12}{'--like':>10}{'diff':>9}  within 20%")
for q in ("samples per trace", "sampling interval (ms)", "release speed (pt/ms)", "duration (ms)", "content travel (items)"):
    for p in ("p50", "p90"):
        a, b = float(g[q][p]), float(l[q][p])
        d = 100 * (b / a - 1)
        bar = ("yes" if abs(d) <= 20 else "NO") if q in ("samples per trace", "sampling interval (ms)", "release speed (pt/ms)") else "(not a bar)"
        print(f"{q + ' ' + p:<36}{a:>12.3f}{b:>10.3f}{d:>+8.1f}%  {bar}")
out = open(f"{tmp}/like.out").read()
m = re.search(r"Spearman rank correlation: (\S+), 95% interval (\S+)", out)
print(f"Spearman rho of the policies' hit rates (--rank-against the recording): "
      + (f"{m.group(1)} (95% interval {m.group(2)}) {'>= 0.8' if float(m.group(1)) >= 0.8 else '< 0.8'}" if m else "not printed"))
verdict = [x for x in out.splitlines() if x.startswith("verdict: ")]
print(verdict[-1] if verdict else "no verdict line")
notes = [x for x in open(f"{tmp}/like.err").read().splitlines() if x.startswith("note: delivery:")]
print(notes[0] if notes else "note: no delivery inferred (a build before the delivery inference)")
delivery = json.load(open(f"{tmp}/like.json"))["parameters"]
print(f"model: delivery.isEnabled {delivery['delivery']['isEnabled']}, rates {delivery['rates']} weights "
      + f"{[round(w, 3) for w in delivery['rateWeights']]}, timeJitterSD {delivery['timeJitterSD']:.3f}, "
      + f"scanRestMedian {delivery['delivery'].get('scanRestMedian')}")
user, system, wall = (float(x) for x in open(f"{tmp}/time").read().split())
print(f"generate --like (fit, write, rank check): CPU {user + system:.1f} s (user {user:.1f}, sys {system:.1f}), wall {wall:.1f} s")
EOF
echo "(machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end)"
