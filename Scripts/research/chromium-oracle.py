#!/usr/bin/env python3
"""Chromium as the oracle for the CSS scroll-snap policies (issue 34).

Drives a real `scroll-snap-type` container in headless Chromium (Debian `chromium` +
`chromium-driver`, through chromedriver's HTTP endpoints and the DevTools protocol's
`Input.dispatchTouchEvent`, every event with its scripted timestamp) with touch swipes over a grid
of release offsets and velocities, for every mode (mandatory/proximity x leading/centre x
scroll-snap-stop normal/always). Each swipe's touch events and the container's scroll offset at
lift-off are written as a sample-level trace whose label (`intended_index`) is the item the
browser came to rest on; `snaplab compare --velocity chromium` then scores the CSS policy of that
mode on those same events, so its hit rate is the agreement with the browser.

By default the browser is made deterministic (Docs/policies.md, "Chromium as the oracle"): the
lift-off is sent late (--lift stale), so the fling's first inertial update is one frame, and the
two features that make the outcome depend on frame timing are off (--decay-prediction off,
--resampling off); the policies are then scored with frameInterval = one frame. `--decay-prediction
on --resampling on --lift paced` runs the browser as it ships, paced in real time; with
`--decay-prediction on` the policies are scored on the same path (`decayPrediction` 1).

`--clock frames` runs the browser as it ships and still repeats itself: Debian's
`chromium-headless-shell` with begin-frame control, every frame issued by the harness on a 60-Hz grid
and every event stamped on it (Scripts/research/chromium_virtual.py; not installed by
Scripts/setup.sh). With `--decay-prediction on --resampling on` that is the browser's default path.

    python3 Scripts/research/chromium-oracle.py --snaplab .build/release/snaplab --out /tmp/oracle [--grid small|full]
    python3 Scripts/research/chromium-oracle.py --snaplab BIN --out DIR --clock frames --decay-prediction on --resampling on

Prints per-mode and overall agreement and writes, in --out: traces-<mode>.csv (the events),
per-trace-<mode>.csv (each swipe's browser item and the policy's), agreement.txt. Every swipe is
scripted (no random step). Progress goes to stderr. Nothing here is written into the repository.
"""
import argparse
import json
import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import chromium_virtual

# The carousel, CSS px = points: items 160 wide, 10 apart, 10 inset, a 375-px viewport, 40 items.
ITEM, GAP, INSET, VIEW, COUNT = 160.0, 10.0, 10.0, 375.0, 40
START_ITEM = 15
Y = 200
# The container sits MARGIN px in from the window's left edge, with as much room on its right: the
# longest swipe (412 px of finger travel) then stays inside the window, where a touch point outside it
# made the browser's resting offset erratic. Touches stay with the container they started on.
MARGIN = 450
WINDOW = int(VIEW + 2 * MARGIN)

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1">
<style>
html,body{margin:0;padding:0}
#c{position:absolute;top:100px;left:%(margin)dpx;width:%(view)dpx;height:200px;overflow-x:scroll;overflow-y:hidden;
   scrollbar-width:none;scroll-snap-type:x %(strict)s;scroll-padding-left:%(pad)dpx;touch-action:pan-x}
#t{position:relative;height:200px;width:%(content)dpx}
.i{position:absolute;top:0;height:200px;width:%(item)dpx;background:#ccd;scroll-snap-align:%(align)s;scroll-snap-stop:%(stop)s}
</style></head><body><div id="c"><div id="t"></div></div>
<script>
const c = document.getElementById('c'), t = document.getElementById('t');
for (let i = 0; i < %(count)d; i++) {
  const d = document.createElement('div'); d.className = 'i';
  d.style.left = (%(inset)f + i * %(stride)f) + 'px'; d.textContent = i; t.appendChild(d);
}
window.log = []; window.lastChange = performance.now(); window.lastLeft = c.scrollLeft;
for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel']) {
  c.addEventListener(type, e => {
    const p = e.changedTouches[0];
    window.log.push({type: type, t: e.timeStamp, x: p.clientX, offset: c.scrollLeft});
  }, {passive: true});
}
c.addEventListener('scroll', () => { window.lastChange = performance.now(); }, {passive: true});
</script></body></html>"""


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Browser:
    """A headless Chromium session through chromedriver (started here, ended by its own handle)."""

    def __init__(self, chromium, driver, extra_args=()):
        self.port = free_port()
        self.proc = subprocess.Popen([driver, "--port=%d" % self.port], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 15
        while True:
            try:
                if self.call("GET", "/status", None, timeout=2)["value"].get("ready"):
                    break
            except OSError:
                pass
            if time.time() > deadline or self.proc.poll() is not None:
                self.close()
                raise SystemExit("chromium-oracle: chromedriver did not start")
            time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=%d,800" % WINDOW, "--hide-scrollbars", "--no-first-run"] + list(extra_args)
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"binary": chromium, "args": args}}}}
        self.session = self.call("POST", "/session", caps)["value"]["sessionId"]
        self.cdp("Emulation.setDeviceMetricsOverride", {"width": WINDOW, "height": 800,
                                                        "deviceScaleFactor": 1, "mobile": True})
        self.cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})

    def call(self, method, path, body, timeout=30):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path), data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            doc = json.loads(answer.read())
        value = doc.get("value")
        if isinstance(value, dict) and "error" in value:
            raise RuntimeError("%s %s: %s %s" % (method, path, value["error"], value.get("message", "")))
        return doc

    def cdp(self, cmd, params):
        return self.call("POST", "/session/%s/goog/cdp/execute" % self.session, {"cmd": cmd, "params": params})

    def js(self, script, *args):
        return self.call("POST", "/session/%s/execute/sync" % self.session, {"script": script, "args": list(args)})["value"]

    def js_async(self, script, *args):
        return self.call("POST", "/session/%s/execute/async" % self.session, {"script": script, "args": list(args)})["value"]

    def open(self, path):
        self.call("POST", "/session/%s/url" % self.session, {"url": "file://" + path})

    def close(self):
        try:
            if getattr(self, "session", None):
                self.call("DELETE", "/session/%s" % self.session, None, timeout=10)
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def snap_offset(slot, align):
    start = INSET + slot * (ITEM + GAP)
    if align == "start":
        return start - INSET
    return start + ITEM / 2 - VIEW / 2


def finger_moves(drag, speed, hold_frames):
    """The touch-down's x and the finger's step at each 16-ms move: `drag` px at 0.3 px/ms, then
    `hold_frames` steps at `speed` px/ms the same way (negative: the finger moves left)."""
    sign = -1 if drag < 0 or (drag == 0 and speed < 0) else 1
    x = MARGIN + VIEW / 2 + (-sign) * 120  # room to move the other way
    moves = []
    travelled = 0.0
    while abs(travelled) < abs(drag) - 1e-9:
        step = sign * min(0.3 * 16, abs(drag) - abs(travelled))
        travelled += step
        moves.append(step)
    return x, moves + [sign * abs(speed) * 16] * hold_frames


def swipe(browser, drag, speed, hold_frames, lift="stale"):
    """Touch down at x0; drag `drag` px of finger travel at 0.3 px/ms (16-ms frames); then
    `hold_frames` frames at `speed` px/ms in the same direction; lift 8 ms after the last move.
    A negative drag moves the finger left (content forward).

    Every event carries its intended `timestamp` (seconds since the epoch), which Chromium uses
    as the event's time (`input_handler.cc` `GetEventTimeTicks`): the velocity tracker sees the
    scripted timing whatever the machine's load. The moves are dispatched in real time.

    lift="stale" (the default): the touchEnd, stamped 8 ms after the last move, is dispatched only
    once the container's scroll offset has stopped changing and at least `STALE_S` after the
    last move. The fling's first inertial update then covers exactly one frame: the browser's
    `FlingController::ProgressFling` moves a fling start time (the last scroll update's
    timestamp) that is two frames or more older than its first progress to one frame
    (`kFrameDelta`, 1/60 s) before it, so the snap target, 25 x that first update, no longer
    depends on when the browser gets round to it. The offset read then is the compositor's at
    lift-off. lift="paced": the touchEnd goes out in real time 8 ms after the last move (the
    first update then covers however long the browser took, a few ms on an idle machine) and
    the lift-off offset is the page's `scrollLeft` in the touchend handler.

    Returns the dispatched events [(type, t_ms, x)] and the lift-off offset (None for paced)."""
    x, moves = finger_moves(drag, speed, hold_frames)
    start = time.time() + 0.05
    events = []

    def at(t):
        while time.time() < t:
            time.sleep(0.0005)

    def send(kind, t, points):
        browser.cdp("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points, "timestamp": t})
        events.append((kind, (t - start) * 1000.0, x))

    at(start)
    send("touchStart", start, [{"x": x, "y": Y}])
    for k, step in enumerate(moves, 1):
        x += step
        t = start + k * 0.016
        at(t)
        send("touchMove", t, [{"x": x, "y": Y}])
    end = start + len(moves) * 0.016 + 0.008
    liftoff = None
    if lift == "stale":
        liftoff = browser.js_async(SETTLED_OFFSET)
        at(start + len(moves) * 0.016 + STALE_S)
    else:
        at(end)
    send("touchEnd", end, [])
    return events, liftoff


# Two animation frames in a row with the same scroll offset: the scroll updates of every move sent
# so far have been applied (the compositor's offset reaches the main thread at each commit).
SETTLED_OFFSET = """const done = arguments[arguments.length - 1], c = document.getElementById('c');
let last = c.scrollLeft, same = 0, frames = 0;
function tick() { requestAnimationFrame(() => {
  const now = c.scrollLeft; frames++;
  if (now === last) same++; else { same = 0; last = now; }
  if ((same >= 2 && frames >= 3) || frames > 60) done(now); else tick();
}); }
tick();"""
# How long after the last move the touchEnd is sent at the least, s: more than FlingController's
# kMaxMicrosecondsFromFlingTimestampToFirstProgress (2/60 s), with room for clock conversion.
STALE_S = 0.1
# How many times a swipe on the harness's frames is sent before it counts as lost (its lift-off handled too late).
FRAMES_ATTEMPTS = 5
# FlingController's kFrameDelta, ms: the first inertial update of a late lift-off covers this much of the curve.
FRAME_MS = 1000.0 / 60.0


def wait_for_rest(browser, quiet_ms=250, limit_s=5):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        still = browser.js("return performance.now() - window.lastChange;")
        if still >= quiet_ms:
            return browser.js("return document.getElementById('c').scrollLeft;")
        time.sleep(0.05)
    return browser.js("return document.getElementById('c').scrollLeft;")


def grid(kind):
    """(drag px of finger, final speed px/ms, frames at that speed): drags from 0 to 1.3 items
    either way crossed with speeds 0 (a slow drag released) to 2.4 px/ms."""
    if kind == "small":
        drags = [-40.0, -100.0, 60.0]
        speeds = [(0.0, 0), (0.8, 5), (2.0, 5)]
    else:
        drags = [-20.0, -60.0, -100.0, -150.0, -220.0, 30.0, 90.0, 140.0, 200.0]
        speeds = [(0.0, 0), (0.3, 5), (0.6, 5), (1.0, 5), (1.5, 5), (2.4, 5)]
    return [(d, s if d < 0 else -s, f) for d in drags for (s, f) in speeds]


MODES_SMALL = [("mandatory", "start", "normal"), ("mandatory", "center", "normal"), ("proximity", "start", "normal"),
               ("mandatory", "start", "always")]
MODES_FULL = [(s, a, p) for s in ("mandatory", "proximity") for a in ("start", "center") for p in ("normal", "always")]


def run_mode(browser, workdir, mode, cells, progress, lift, virtual=False, resent=None):
    strict, align, stop = mode
    html = PAGE % {"view": VIEW, "margin": MARGIN, "strict": strict, "pad": INSET if align == "start" else 0,
                   "content": INSET * 2 + COUNT * ITEM + (COUNT - 1) * GAP, "item": ITEM, "align": align,
                   "stop": stop, "count": COUNT, "inset": INSET, "stride": ITEM + GAP}
    path = os.path.join(workdir, "page-%s-%s-%s.html" % mode)
    with open(path, "w") as f:
        f.write(html)
    browser.open(path)
    if not virtual:
        time.sleep(0.3)
    rows = []
    alignment = "leading" if align == "start" else "center"
    for n, (drag, speed, frames) in enumerate(cells):
        start = snap_offset(START_ITEM, align)
        browser.js("const c = document.getElementById('c'); c.scrollLeft = arguments[0]; window.log = [];", start)
        if virtual:
            x0, moves = finger_moves(drag, speed, frames)
            for attempt in range(FRAMES_ATTEMPTS):
                if attempt:
                    resent[0] += 1
                    browser.js("document.getElementById('c').scrollLeft = arguments[0]; window.log = [];", start)
                browser.frames_until_still(3, 60)
                sent, liftoff, rest, in_time = chromium_virtual.swipe(browser, moves, x0, Y)
                if in_time:
                    break
            else:
                progress()
                rows.append(None)  # the lift-off was never handled before the fling's start
                continue
        else:
            time.sleep(0.25)
            sent, liftoff = swipe(browser, drag, speed, frames, lift)
            rest = wait_for_rest(browser)
        log = browser.js("return window.log;")
        progress()
        if not log or log[0]["type"] != "touchstart" or log[-1]["type"] != "touchend":
            rows.append(None)
            continue
        # The browser's resting item: the slot whose snap offset is nearest the resting offset.
        item = min(range(COUNT), key=lambda s: abs(max(0.0, snap_offset(s, align)) - rest))
        tid = "%s-%s-%s-%03d" % (strict, align, stop, n)
        # The finger's samples, placed so that the lift-off is at the container's scroll offset then:
        # the content starts to follow the finger only past the touch slop, so start_offset is the
        # lift-off offset less the finger travel. Stale lift-off: the events as sent (what Chromium's
        # gesture detector and velocity tracker see, every one, at its stamped time) and the
        # compositor's offset before the touchEnd; paced: the page's touch events and its scrollLeft
        # in the touchend handler.
        if lift == "stale" or virtual:
            samples = [(kind.lower(), t, px) for kind, t, px in sent]
            release = liftoff
        else:
            samples = [(e["type"], e["t"], e["x"]) for e in log]
            release = log[-1]["offset"]
        finger = -(samples[-1][2] - samples[0][2])
        for k, (kind, t, px) in enumerate(samples):
            phase = "began" if k == 0 else ("ended" if kind == "touchend" else "moved")
            rows.append([tid, "%.3f" % t, "%.3f" % px, phase, str(item), "%.3f" % (release - finger),
                         str(START_ITEM), alignment, "%.3f" % rest, "%g" % drag, "%g" % speed])
    return rows


def browser_items(path):
    """trace_id -> (the browser's resting item, the cell's speed) from a traces file."""
    items = {}
    with open(path) as f:
        names = f.readline().strip().split(",")
        tid, item, speed = names.index("trace_id"), names.index("intended_index"), names.index("speed_px_ms")
        for line in f:
            cols = line.strip().split(",")
            items[cols[tid]] = (int(cols[item]), float(cols[speed]))
    return items


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--snaplab", required=True, help="the snaplab binary")
    ap.add_argument("--out", required=True, help="output directory (outside the repository)")
    ap.add_argument("--grid", choices=["small", "full"], default="full")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--driver", default="/usr/bin/chromedriver")
    ap.add_argument("--lift", choices=["stale", "paced"], default="stale",
                    help="stale (default): the touchEnd goes out once the scroll has settled, so the fling's first "
                         "update is one whole frame whatever the load; paced: in real time, as before")
    ap.add_argument("--decay-prediction", choices=["off", "on"], default="off",
                    help="Chromium's kSnapFlingDecayPrediction: off (default here): the snap target is 25 x the "
                         "fling's first inertial update (--disable-features=SnapFlingDecayPrediction); on: the "
                         "browser's own default, which waits for two decaying updates and so depends on the frame timing")
    ap.add_argument("--resampling", choices=["off", "on"], default="off",
                    help="Chromium's ResamplingScrollEvents: off (default here): each drag scroll update moves the "
                         "content by the finger's own travel; on: the browser's default, which predicts the finger at "
                         "frame time, so the content's offset at lift-off depends on the frame timing")
    ap.add_argument("--clock", choices=["real", "frames"], default="real",
                    help="real (default): Debian's chromium through chromedriver, paced by the real clock (--lift); "
                         "frames: chromium-headless-shell with begin-frame control, every frame issued by the harness "
                         "on a 60-Hz grid and every event stamped on it, the lift-off handled before the fling starts, "
                         "so that the browser's default path (--decay-prediction on --resampling on) repeats itself "
                         "(Scripts/research/chromium_virtual.py); --lift plays no part")
    ap.add_argument("--shell", default=chromium_virtual.SHELL, help="the headless shell, for --clock frames")
    ap.add_argument("--against", help="an earlier --out of the same grid: also print how often the browser "
                                      "rested on the same item in both runs (its self-agreement)")
    ap.add_argument("--score-only", action="store_true",
                    help="do not run the browser: score the traces an earlier run left in --out")
    ap.add_argument("--policy-arg", action="append", default=[],
                    help="extra arguments for snaplab compare (e.g. --param css-snap-mandatory.X=Y; a --param for "
                         "one CSS policy is given to that policy's modes only)")
    a = ap.parse_args()
    if not (os.path.isfile(a.snaplab) and os.access(a.snaplab, os.X_OK)):
        raise SystemExit("chromium-oracle: --snaplab %s is not an executable file" % a.snaplab)
    os.makedirs(a.out, exist_ok=True)
    modes = MODES_FULL if a.grid == "full" else MODES_SMALL
    cells = grid(a.grid)
    total = len(modes) * len(cells)
    done = [0]
    t0 = time.time()

    def progress():
        done[0] += 1
        if sys.stderr.isatty() or done[0] % 20 == 0 or done[0] == total:
            rate = (time.time() - t0) / done[0]
            sys.stderr.write("\rswipes %d/%d, ETA %.0f s " % (done[0], total, rate * (total - done[0])))
            sys.stderr.flush()

    header = ("trace_id,t_ms,touch_x,phase,intended_index,start_offset,start_index,alignment,settled_offset,drag_px,speed_px_ms,"
              "item_width,item_spacing,leading_inset,viewport_width,item_count\n")
    lost = {}
    resent = [0]
    if not a.score_only:
        disabled = (["SnapFlingDecayPrediction"] if a.decay_prediction == "off" else []) + \
                   (["ResamplingScrollEvents"] if a.resampling == "off" else [])
        extra = ["--disable-features=" + ",".join(disabled)] if disabled else []
        virtual = a.clock == "frames"
        if virtual:
            if not os.access(a.shell, os.X_OK):
                raise SystemExit("chromium-oracle: --clock frames needs %s (Debian: apt-get install "
                                 "chromium-headless-shell)" % a.shell)
            browser = chromium_virtual.ShellBrowser(a.shell, WINDOW, 800, extra)
        else:
            browser = Browser(a.chromium, a.driver, extra)
        results = []
        try:
            with tempfile.TemporaryDirectory() as work:
                for mode in modes:
                    results.append((mode, run_mode(browser, work, mode, cells, progress, a.lift, virtual, resent)))
        finally:
            browser.close()
        sys.stderr.write("\n")
        for mode, rows in results:
            lost[mode] = sum(1 for r in rows if r is None)
            with open(os.path.join(a.out, "traces-%s-%s-%s.csv" % mode), "w") as f:
                f.write(header)
                for r in rows:
                    if r is not None:
                        f.write(",".join(r + ["%g" % ITEM, "%g" % GAP, "%g" % INSET, "%g" % VIEW, str(COUNT)]) + "\n")
    agree_all = n_all = 0
    lines = []
    for mode in modes:
        strict, align, stop = mode
        name = "%s-%s-%s" % mode
        traces = os.path.join(a.out, "traces-%s.csv" % name)
        if not os.path.exists(traces):
            raise SystemExit("chromium-oracle: %s is missing (run without --score-only first)" % traces)
        policy = "css-snap-" + strict
        per = os.path.join(a.out, "per-trace-%s.csv" % name)
        cmd = [a.snaplab, "compare", traces, "--policies", policy, "--velocity", "chromium", "--format", "json",
               "--bootstrap", "10", "--seed", "1", "--per-trace", per]
        if stop == "always":
            cmd += ["--param", "%s.stopAlways=1" % policy]
        given = " ".join(a.policy_arg)
        if a.decay_prediction == "on" and "decayPrediction" not in given:
            # The browser predicts the fling's end from two inertial updates: so does the policy.
            cmd += ["--param", "%s.decayPrediction=1" % policy]
            if a.clock == "frames" and "decayFirstUpdate" not in given:
                # On the harness's frames the first inertial update covers a known part of a frame.
                cmd += ["--param", "%s.decayFirstUpdate=%.17g" % (policy, chromium_virtual.first_update())]
        if a.clock == "frames" and a.decay_prediction == "off" and "frameInterval" not in given:
            cmd += ["--param", "%s.frameInterval=%.17g" % (policy, chromium_virtual.first_update())]
        elif a.lift == "stale" and a.decay_prediction == "off" and "frameInterval" not in given:
            # The late lift-off makes the first inertial update one whole frame (kFrameDelta). (With the
            # decay prediction the policy's decayFirstUpdate, 18 ms, fits both lift-offs: Docs/policies.md.)
            cmd += ["--param", "%s.frameInterval=%.17g" % (policy, FRAME_MS)]
        for extra in a.policy_arg:
            words = shlex.split(extra)
            # A --param for the other CSS policy is left out of this one's compare.
            if len(words) == 2 and words[0] == "--param" and words[1].startswith("css-snap-") \
                    and not words[1].startswith(policy + "."):
                continue
            cmd += words
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit("chromium-oracle: snaplab compare failed: " + out.stderr)
        doc = json.loads(out.stdout)
        row = doc["policies"][0]
        n, rate = row["n"], row["hit_rate"]
        agree = round(n * rate)
        agree_all += agree
        n_all += n
        missing = lost.get(mode, 0)
        lines.append("%-28s %3d/%3d agree (%.1f%%)%s" % (name, agree, n, 100 * rate,
                                                         ", %d swipes without a lift-off" % missing if missing else ""))
    lines.append("%-28s %3d/%3d agree (%.1f%%)" % ("all", agree_all, n_all, 100.0 * agree_all / max(1, n_all)))
    if a.clock == "frames" and not a.score_only:
        lines.append("swipes sent again because the lift-off was handled after the fling's start: %d" % resent[0])
    if a.against:
        same = both = 0
        fast_same = fast_both = 0
        for mode in modes:
            name = "%s-%s-%s" % mode
            mine = browser_items(os.path.join(a.out, "traces-%s.csv" % name))
            theirs = browser_items(os.path.join(a.against, "traces-%s.csv" % name))
            for tid in sorted(set(mine) & set(theirs)):
                both += 1
                same += mine[tid][0] == theirs[tid][0]
                if abs(mine[tid][1]) >= 1.5:
                    fast_both += 1
                    fast_same += mine[tid][0] == theirs[tid][0]
        lines.append("browser against %s: the same item on %d/%d identical swipes (%.1f%%); at 1.5 px/ms or more %d/%d"
                     % (a.against, same, both, 100.0 * same / max(1, both), fast_same, fast_both))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    with open(os.path.join(a.out, "agreement.txt"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
