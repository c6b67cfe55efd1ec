#!/usr/bin/env python3
"""Writes Data/fixture-handchecked.csv from the hand-picked increments documented in Data/README.md.

    python3 Scripts/tools/make-fixture-handchecked.py [OUT]   (default: Data/fixture-handchecked.csv)

Each trace starts at rest on its start item (offset 170*i, at most the largest offset 6435) and
moves by the listed increments, one per sample, 1000/rate ms apart; offsets beyond the ends are
rubber-banded like the swipe model. Prints each trace's release offset and last-segment velocity.
"""
# trace_id, user, start_index, intended, rate, start offset, increments (pt per sample), phase_last
import sys

P = 170.0
T = [
 ("f1-forward-flick",   "hand1", 5, 6, 120, [1,2,4,6,9,11,12,13], "ended"),
 ("f2-backward-flick",  "hand1", 10, 9, 120, [-1,-2,-4,-6,-9,-11,-12,-13], "ended"),
 ("d1-drag-past-half",  "hand1", 3, 4, 60, [2,5,9,12,14,15,14,12,10,8,6,3,0,0,0,0], "ended"),
 ("d2-drag-short",      "hand2", 3, 4, 60, [1,3,5,7,8,8,7,6,5,3,2,1,0,0,0], "ended"),
 ("s1-peek-stay",       "hand2", 7, 7, 60, [2,5,8,9,8,6,2,-3,-6,-7,-5,-3,-1,0], "ended"),
 ("p1-two-item-flick",  "hand2", 2, 4, 120, [1,1,2,3,4,5,5,6,6,7,7,7,6], "ended"),
 ("e1-start-edge-back", "hand1", 0, 0, 120, [-1,-2,-3,-4,-4,-4,-3,-2,-1], "ended"),
 ("e2-end-edge-fwd",    "hand1", 38, 39, 120, [1,2,3,4,4,4,3,3,2,2], "ended"),
 ("c1-cancelled",       "hand2", 12, 13, 120, [1,3,5,7,9], "cancelled"),
 ("t1-lift-reversal",   "hand2", 6, 7, 120, [1,2,4,6,8,10,11,-2], "ended"),
 ("r1-fast-240hz",      "hand1", 15, 16, 240, [1,2,3,5,6,7,8,9,10,10,10], "ended"),
 ("r2-three-frames",    "hand1", 20, 21, 60, [15,35], "ended"),
]

maxoff = 10 + 40*160 + 39*10 + 10 - 375
def band(o):
    if o < 0: return -(1 - 1/(0.55*(-o)/375 + 1))*375
    if o > maxoff: return maxoff + (1 - 1/(0.55*(o-maxoff)/375 + 1))*375
    return o
out = ["trace_id,user_id,session_id,t_ms,offset,phase,start_offset,start_index,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count"]
t0 = 1000.0
for (tid, user, s, k, rate, inc, last) in T:
    so = min(s*P, maxoff)
    per = 1000.0/rate
    x = so; raw = 0.0
    rows = [(t0, so)]
    for j, d in enumerate(inc, 1):
        raw += d
        rows.append((t0 + j*per, band(so + raw)))
    for j, (t, o) in enumerate(rows):
        ph = "began" if j == 0 else (last if j == len(rows)-1 else "moved")
        out.append(f"{tid},{user},{user}-a,{t:.3f},{o:.3f},{ph},{so:.3f},{s},{k},160,10,10,375,40")
    t0 = rows[-1][0] + 1000
    o_end = rows[-1][1]; v_last = (rows[-1][1]-rows[-2][1])/per
    print(f"{tid:22s} start {so:7.1f} release {o_end:8.3f} p={o_end/170:6.3f} last-seg v={v_last:6.3f} pt/ms contact {rows[-1][0]-rows[0][0]:6.1f} ms n={len(rows)}", file=sys.stderr)
open(sys.argv[1] if len(sys.argv) > 1 else "Data/fixture-handchecked.csv", "w").write("\n".join(out)+"\n")
