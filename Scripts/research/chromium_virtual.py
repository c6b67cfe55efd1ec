"""The browser as it ships, on frames the harness issues (chromium-oracle.py --clock frames; issue 34).

Why the shipped path did not repeat itself. Chromium's fling is progressed by
`FlingController::ProgressFling` (`components/input/fling_controller.cc`): once right away when the
fling starts, at the real time the browser handles it (`ProgressFling(clock_->NowTicks())` in
`ProcessGestureFlingStart`), then at each animation frame's time (`FlingScheduler::
OnAnimationStep(timestamp)`). With `kSnapFlingDecayPrediction` (on by default) the snap target is
predicted from the ratio of the first inertial updates (`cc/input/snap_fling_controller.cc`), so it
depended on where the real-time lift-off fell between two frames, and on whether the renderer
received an update before or after its own frame had begun (two updates applied in one frame reach
the snap controller as one).

What this does, without turning any feature off (threaded scrolling, resampling and the decay
prediction stay as they ship):

- `chromium-headless-shell` (Debian package of the same name and version as `chromium`) runs with
  `--enable-begin-frame-control`: every frame comes from `HeadlessExperimental.beginFrame` at the
  frame time given there (a 60-Hz grid); the browser accepts that command only with
  `--run-all-compositor-stages-before-draw` (each frame waits for the main thread's commit before it
  draws). A frame is issued once the real clock has reached its time: the display holds a frame
  ahead of the real clock until then (checked: a grid run 60 s ahead stalled on its first frame with
  damage, for 60 s).
- Every touch event is stamped on that grid (`Input.dispatchTouchEvent` `timestamp`, which the
  browser takes as the event's time). The last move is stamped EARLY_MS after a frame F0 and every
  event stamped after F0 is sent before it, so the browser handles the lift-off during F0, before
  the fling's start time (the last scroll update's, `FlingController::UpdateCurrentFlingState`): the
  immediate progress finds `current_time <= start_time` and does nothing, and every inertial update
  comes from a frame, the first covering one frame less EARLY_MS of the curve, every later one a
  frame. A swipe whose lift-off was handled too late (a loaded machine) is sent again.
- Each frame of the fling is followed by a second frame EXTRA_MS later, so that the renderer applies
  the update the browser sent during the frame before the next one (the fling itself moves by less
  than `kMinInertialScrollDelta` between the two, and sends nothing).

The DevTools connection is `--remote-debugging-pipe` (NUL-separated JSON on fds 3 and 4), so nothing
but the Python standard library is needed.
"""
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

FRAME_MS = 1000.0 / 60.0
# How long after the frame that carries the lift-off the last move is stamped, ms: the real time the
# browser has to handle the lift-off before the fling starts. The first inertial update covers one
# frame less this (mod a frame): 30 ms puts the first fling frame 3.33 ms after the last move.
EARLY_MS = 30.0
# The second frame after each frame of the fling, ms after it.
EXTRA_MS = 0.001
SHELL = "/usr/lib/chromium/chromium-headless-shell"


def first_update(early=EARLY_MS):
    """The ms of the fling curve the first inertial update covers: from the last move to the first
    frame after it."""
    return FRAME_MS - (early % FRAME_MS)


class ShellBrowser:
    """chromium-headless-shell with begin-frame control, driven over a DevTools pipe; started here
    and ended by its own handle."""

    def __init__(self, binary, width, height, extra_args=()):
        self.dir = tempfile.mkdtemp(prefix="chromium-oracle-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        # Copies above fd 4, so that placing them on 3 and 4 in the child overwrites nothing needed.
        high_r, high_w = os.dup(to_browser_r), os.dup(from_browser_w)

        def place():
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        args = [binary, "--remote-debugging-pipe", "--user-data-dir=" + self.dir, "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--no-first-run", "--window-size=%d,%d" % (width, height),
                "--enable-begin-frame-control", "--run-all-compositor-stages-before-draw"] + list(extra_args)
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, pass_fds=(3, 4), preexec_fn=place)
        for fd in (to_browser_r, from_browser_w, high_r, high_w):
            os.close(fd)
        self.next_id = 0
        self.buffer = b""
        self.answers = {}
        self.session = None
        self.clock = time.monotonic() * 1000.0
        try:
            target = self.call("Target.createTarget", {"url": "about:blank", "width": width, "height": height,
                                                       "enableBeginFrameControl": True})["targetId"]
            self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            self.cdp("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                            "mobile": True})
            self.cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        except BaseException:
            self.close()
            raise

    # The protocol.
    def post(self, method, params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.next_id

    def answer(self, wanted, timeout):
        """The answer to message `wanted`, or None if it has not come within `timeout` s."""
        end = time.time() + timeout
        while wanted not in self.answers:
            while b"\0" in self.buffer:
                text, self.buffer = self.buffer.split(b"\0", 1)
                message = json.loads(text)
                if "id" in message:
                    self.answers[message["id"]] = message
            if wanted in self.answers:
                break
            if not select.select([self.from_browser], [], [], max(0.0, end - time.time()))[0]:
                return None
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise SystemExit("chromium-oracle: the headless shell closed its DevTools pipe")
            self.buffer += chunk
        message = self.answers.pop(wanted)
        if "error" in message:
            raise RuntimeError("DevTools: %s" % message["error"])
        return message.get("result", {})

    def call(self, method, params, timeout=60):
        result = self.answer(self.post(method, params), timeout)
        if result is None:
            raise SystemExit("chromium-oracle: no answer to %s within %d s" % (method, timeout))
        return result

    def cdp(self, method, params):
        return self.call(method, params)

    # Frames and time.
    def frame(self, at=None):
        """The next frame of the 60-Hz grid, once the real clock has reached it; or one at `at` ms
        (not moving the grid)."""
        if at is None:
            self.clock += FRAME_MS
            while time.monotonic() * 1000.0 < self.clock:
                time.sleep(max(0.0, (self.clock - time.monotonic() * 1000.0) / 1000.0))
        self.call("HeadlessExperimental.beginFrame", {"frameTimeTicks": self.clock if at is None else at,
                                                      "interval": FRAME_MS, "noDisplayUpdates": False})

    def touch(self, kind, at_ms, points):
        """Sends one touch event stamped `at_ms` (ms of TimeTicks, the frames' clock) as
        Input.dispatchTouchEvent's timestamp (s since the epoch; the browser converts it back with
        the two clocks' offset when it receives it, so the offset is read now, not once per run, in
        case the wall clock is slewed); its answer comes after a frame."""
        wall_minus_ticks = time.time() - time.monotonic()
        return self.post("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points,
                                                      "timestamp": at_ms / 1000.0 + wall_minus_ticks})

    # The page.
    def js(self, script, *args):
        expression = "(function(){%s}).apply(null, %s)" % (script, json.dumps(list(args)))
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError("page script failed: %s" % result["exceptionDetails"].get("text"))
        return result.get("result", {}).get("value")

    def open(self, path):
        self.call("Page.navigate", {"url": "file://" + path})
        for _ in range(600):
            self.frame()
            if self.js("return document.readyState;") == "complete":
                return
        raise SystemExit("chromium-oracle: %s did not load in 600 frames" % path)

    def scroll_left(self):
        return self.js("return document.getElementById('c').scrollLeft;")

    def frames_until_still(self, still_frames, limit):
        """Frames until the container's offset has not changed for `still_frames` frames (at most
        `limit` frames); returns the offset."""
        last, same = self.scroll_left(), 0
        for _ in range(limit):
            self.frame()
            now = self.scroll_left()
            same = same + 1 if now == last else 0
            last = now
            if same >= still_frames:
                break
        return last

    def close(self):
        try:
            self.session = None
            self.answer(self.post("Browser.close", {}), 10)
        except (RuntimeError, SystemExit, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.dir, ignore_errors=True)


def swipe(browser, moves, x, y, early=EARLY_MS):
    """One swipe: touch down, a move every 16 ms (finger steps `moves`), the touchEnd 8 ms after the
    last move, each event before the first frame after its stamp, except that the last move is
    stamped `early` ms after a frame F0 and every event stamped after F0 goes out before it (module
    doc). Then frames, each with its second frame, until the offset has been still for 15 frames.
    Returns the events [(type, t_ms from the touch-down, x)], the lift-off offset (the content's after
    F0: every drag update applied, no inertial one yet), the resting offset, and whether the touchEnd
    was acknowledged before the last move's time (else the swipe was not on the frames' clock and
    must be sent again)."""
    # The touch-down goes 4 ms or more after a frame, so that the last move is `early` ms after one.
    span = 16.0 * len(moves)
    down = browser.clock + 4.0 + ((early - 4.0 - span) % FRAME_MS)
    timeline = [("touchStart", down, x)]
    for k, step in enumerate(moves, 1):
        x += step
        timeline.append(("touchMove", down + 16.0 * k, x))
    last_move = timeline[-1][1]
    timeline.append(("touchEnd", last_move + 8.0, x))
    lift_frame = last_move - early  # F0, on the grid
    pending = []
    for kind, at, px in timeline:
        tail = at > lift_frame - 1e-6
        while (browser.clock + FRAME_MS < lift_frame - 1e-6) if tail else (browser.clock + FRAME_MS <= at):
            browser.frame()
            pending = [n for n in pending if browser.answer(n, 0.0) is None]
        pending.append(browser.touch(kind, at, [{"x": px, "y": y}] if kind != "touchEnd" else []))
    lift = pending[-1]
    in_time, liftoff, offsets = None, None, []
    for _ in range(600):
        browser.frame()
        if EXTRA_MS is not None:
            browser.frame(at=browser.clock + EXTRA_MS)
        offsets.append(browser.scroll_left())
        if liftoff is None:
            liftoff = offsets[-1]
        if in_time is None and browser.answer(lift, 0.0) is not None:
            in_time = time.monotonic() * 1000.0 < last_move
        pending = [n for n in pending if n != lift and browser.answer(n, 0.0) is None]
        if in_time is not None and len(offsets) > 15 and len(set(offsets[-15:])) == 1:
            break
    events = [(kind.lower(), at - down, px) for kind, at, px in timeline]
    return events, liftoff, offsets[-1], bool(in_time)
