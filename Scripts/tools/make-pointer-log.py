#!/usr/bin/env python3
"""Writes a synthetic Android-style pointer log (CSV) for `snaplab import` benchmarks.

One row per event: user,trial,stroke,uptime_ms,x_px,y_px,action,pointer,target, as in
Data/pointer-example.csv: action 0 = down, 2 = move, 1 = up (Android MotionEvent codes).
Each stroke: down, the first move 65-105 ms later, moves every ~16.7 ms, and an up that
repeats the last position ~8 ms after it (the real recordings' delivery, issue 13).

    Scripts/tools/make-pointer-log.py --strokes 20000 --seed 1 --out /tmp/pointer_20k.csv
    Scripts/tools/make-pointer-log.py --strokes 20000 --seed 1 --format jsonl --out /tmp/pointer_20k.jsonl

--format jsonl writes the same strokes as W3C PointerEvent-like objects (pointerdown/move/up,
pointerId, timeStamp, clientX, clientY, user, trial, target), one per line.
"""
import argparse
import random

p = argparse.ArgumentParser()
p.add_argument("--strokes", type=int, default=20000)
p.add_argument("--users", type=int, default=25)
p.add_argument("--seed", type=int, default=1)
p.add_argument("--format", choices=["csv", "jsonl"], default="csv")
p.add_argument("--out", required=True)
a = p.parse_args()
rng = random.Random(a.seed)
print(f"seed: {a.seed}")
TYPES = {0: "pointerdown", 2: "pointermove", 1: "pointerup"}


def row(f, user, trial, stroke, t, x, y, action, target):
    if a.format == "csv":
        f.write(f"{user},{trial},{stroke},{t:.0f},{x:.1f},{y:.1f},{action},0,{target}\n")
    else:
        f.write(f'{{"type":"{TYPES[action]}","pointerId":1,"timeStamp":{t:.1f},"clientX":{x:.1f},'
                f'"clientY":{y:.1f},"user":"{user}","trial":"{trial}","target":{target}}}\n')


with open(a.out, "w") as f:
    if a.format == "csv":
        f.write("user,trial,stroke,uptime_ms,x_px,y_px,action,pointer,target\n")
    t = 1000.0
    for s in range(a.strokes):
        user = f"p{s % a.users:02d}"
        trial = s // 10 + 1
        target = rng.randint(1, 10)
        x, y = 640.0 + rng.uniform(-40, 40), 900.0
        speed = rng.uniform(0.5, 4.0) * rng.choice([-1, 1])   # px/ms
        row(f, user, trial, s + 1, t, x, y, 0, target)
        t += rng.uniform(65, 105)
        for _ in range(rng.randint(2, 12)):
            x -= speed * 16.7
            y += rng.uniform(-1, 1)
            row(f, user, trial, s + 1, t, x, y, 2, target)
            t += 16.7
        t -= 16.7 - 8
        row(f, user, trial, s + 1, t, x, y, 1, target)
        t += rng.uniform(400, 1500)
