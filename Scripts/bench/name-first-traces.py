#!/usr/bin/env python3
"""A copy of a sample-level trace file whose users first appear in name order.

    python3 Scripts/bench/name-first-traces.py IN.csv OUT.csv

The first trace of each user, in name order, goes to the front; every other row keeps its order.
Scripts/bench/bench-compare.sh uses it to compare `snaplab compare` byte for byte with a binary older than
issue 36, whose bootstrap drew users in order of first appearance (now: in name order).
Assumes trace_id and user_id are the first two columns (../shared/bench/gen_traces.py's files).
"""
import sys
src, dst = sys.argv[1], sys.argv[2]
first = {}      # user -> lines of its first trace
with open(src, 'rb') as f:
    header = f.readline()
    cur_id, cur_user, cur = None, None, []
    for line in f:
        tid, user = line.split(b',', 2)[:2]
        if tid != cur_id:
            if cur_id is not None and cur_user not in first:
                first[cur_user] = (cur_id, cur)
            cur_id, cur_user, cur = tid, user, []
        cur.append(line)
    if cur_id is not None and cur_user not in first:
        first[cur_user] = (cur_id, cur)
moved = {tid for tid, _ in first.values()}
with open(src, 'rb') as f, open(dst, 'wb') as out:
    out.write(f.readline())
    for user in sorted(first):
        out.writelines(first[user][1])
    for line in f:
        if line.split(b',', 1)[0] not in moved:
            out.write(line)
print(len(first), "users moved to the front")
