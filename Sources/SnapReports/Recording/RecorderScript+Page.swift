// The recorder page's JavaScript, part 5: the study itself. It reads the configuration the
// `snaplab record` command embedded (layout, policy and parameters, task, trials), draws the
// carousel scaled to the screen, follows the finger, decides each release with the ported
// policy (`SL.policies`) and the ported velocity estimator (`SL.lsq2`), animates to the decided
// item, and logs every pointer event on the carousel as one JSON object per line
// (`pointer-jsonl`, see Docs/recording.md). Nothing is sent anywhere: the log leaves the page
// only through the download button.

extension RecorderScript {
    /// The study logic; expects `SL` and an element `#snaplab-config` holding the JSON configuration.
    static let page = #"""
    const C = JSON.parse(document.getElementById("snaplab-config").textContent);
    const L = SL.layout(C.layout);
    const $ = (id) => document.getElementById(id);
    const R = { log: [], user: "", session: "", trial: -1, offset: 0, slot: 0, stroke: null,
                anim: null, done: false, scale: 1, nodes: [], completed: 0, skipped: 0, strokes: 0 };

    function resize() {
      R.scale = $("carousel").clientWidth / L.viewportWidth;
      $("carousel").style.height = Math.round(Math.min(L.itemWidth * R.scale * 1.1, window.innerHeight * 0.45)) + "px";
      render();
    }

    function colour(i) { return "hsl(" + ((i * 137.508) % 360).toFixed(1) + ", 62%, 52%)"; }

    // Draws the items whose slots intersect the viewport at the current offset.
    function render() {
      if (C.nativeSnap) { nativeRender(); return; }
      const lo0 = Math.floor((R.offset - L.leadingInset - L.itemWidth) / L.stride);
      const hi0 = Math.ceil((R.offset + L.viewportWidth - L.leadingInset) / L.stride);
      const lo = L.isLooping ? lo0 : Math.max(0, lo0), hi = L.isLooping ? hi0 : Math.min(L.itemCount - 1, hi0);
      let k = 0;
      for (let s = lo; s <= hi; s++, k++) {
        if (k >= R.nodes.length) {
          const d = document.createElement("div");
          d.className = "item";
          $("track").appendChild(d);
          R.nodes.push(d);
        }
        const d = R.nodes[k], i = L.itemIndex(s);
        d.style.display = "flex";
        d.style.width = (L.itemWidth * R.scale) + "px";
        d.style.transform = "translateX(" + ((L.itemStart(s) - R.offset) * R.scale) + "px)";
        if (d.dataset.item !== String(i)) {
          d.dataset.item = String(i);
          d.textContent = String(i);
          d.style.background = colour(i);
        }
      }
      for (; k < R.nodes.length; k++) R.nodes[k].style.display = "none";
    }

    function currentTrial() { return C.trials[R.trial]; }

    function instruction(t) {
      return C.task === "paging" ? "Bring " + t.target + " to the front" : "Show " + t.target;
    }

    function startTrial(k) {
      R.trial = k;
      if (k >= C.trials.length) { finish(); return; }
      const t = currentTrial();
      R.slot = t.startSlot;
      R.offset = L.snapOffset(t.startSlot);
      $("instruction").textContent = instruction(t);
      $("progress").textContent = "Trial " + (k + 1) + " of " + C.trials.length;
      $("feedback").textContent = "";
      render();
    }

    function finish() {
      R.done = true;
      $("study").hidden = true;
      $("done").hidden = false;
      $("summary").textContent = R.completed + " trials reached, " + R.skipped + " skipped; " + R.log.length + " events logged.";
      $("import-line").textContent = "snaplab import LOG.jsonl --from pointer-jsonl --scale " + R.scale +
        " --target-column target " + C.layoutArguments + " --out traces.csv";
    }

    // Whether the trial's goal holds with the carousel at rest on `slot`.
    function goalReached(t, decision) {
      if (C.task === "paging") return decision.index === t.target;
      const lo = Math.floor((decision.offset - L.leadingInset) / L.stride) - 1;
      const hi = Math.ceil((decision.offset + L.viewportWidth - L.leadingInset) / L.stride) + 1;
      for (let s = lo; s <= hi; s++) {
        if (!L.isLooping && (s < 0 || s >= L.itemCount)) continue;
        if (L.itemIndex(s) !== t.target) continue;
        const a = L.itemStart(s);
        if (a >= decision.offset - 1e-6 && a + L.itemWidth <= decision.offset + L.viewportWidth + 1e-6) return true;
      }
      return false;
    }

    function offsetAt(stroke, clientX) {
      return L.clampedOffset(stroke.startOffset - (clientX - stroke.x0) / R.scale);
    }

    function logEvent(e, extra) {
      const t = currentTrial();
      const entry = { type: e.type, pointerId: e.pointerId, pointerType: e.pointerType, isPrimary: e.isPrimary,
                      timeStamp: e.timeStamp, clientX: e.clientX, clientY: e.clientY,
                      devicePixelRatio: window.devicePixelRatio, scale: R.scale,
                      user: R.user, session: R.session, trial: R.trial + 1,
                      target: t ? t.target : null, task: C.task, policy: C.policy.id };
      Object.assign(entry, extra || {});
      R.log.push(entry);
      return entry;
    }

    function onDown(e) {
      if (R.done || R.trial < 0) return;
      // A second finger, or a touch during the pause after a reached goal: logged, not acted on.
      if (R.stroke !== null || !e.isPrimary || R.advance) { logEvent(e, { ignored: true }); return; }
      if (R.anim !== null) { cancelAnimationFrame(R.anim.frame); R.anim = null; R.slot = L.nearestSlot(R.offset); }
      try { $("carousel").setPointerCapture(e.pointerId); } catch (err) { /* capture is a convenience */ }
      R.stroke = { pointerId: e.pointerId, x0: e.clientX, startOffset: R.offset, startSlot: R.slot,
                   t0: e.timeStamp, samples: [{ t: e.timeStamp, x: R.offset, move: true }] };
      R.strokes += 1;
      R.stroke.number = R.strokes;
      logEvent(e, { stroke: R.strokes, offset: R.offset, start_offset: R.offset, startSlot: R.slot });
      e.preventDefault();
    }

    function onMove(e) {
      const s = R.stroke;
      if (s === null || e.pointerId !== s.pointerId) { if (R.trial >= 0 && !R.done) logEvent(e, { ignored: true }); return; }
      R.offset = offsetAt(s, e.clientX);
      s.samples.push({ t: e.timeStamp, x: R.offset, move: true });
      logEvent(e, { stroke: s.number, offset: R.offset, start_offset: s.startOffset });
      render();
      e.preventDefault();
    }

    function onUp(e) {
      const s = R.stroke;
      if (s === null || e.pointerId !== s.pointerId) { if (R.trial >= 0 && !R.done) logEvent(e, { ignored: true }); return; }
      R.stroke = null;
      const t = currentTrial();
      if (e.type === "pointercancel") {
        const d = L.decision(L.nearestSlot(R.offset), "cancelled-nearest");
        logEvent(e, { stroke: s.number, offset: R.offset, start_offset: s.startOffset, settledIndex: d.index, settledSlot: d.slot, settledOffset: d.offset, rule: d.rule });
        settle(d, t, false);
        return;
      }
      R.offset = offsetAt(s, e.clientX);
      s.samples.push({ t: e.timeStamp, x: R.offset, move: false });
      const est = SL.lsq2(s.samples);
      const release = { offset: R.offset, velocity: est.velocity, startOffset: s.startOffset,
                        startTime: s.t0, time: e.timeStamp, startIndex: s.startSlot,
                        fingerTravel: -(e.clientX - s.x0) / R.scale };
      const d = SL.decide(C.policy, release, L);
      const reached = goalReached(t, d);
      logEvent(e, { stroke: s.number, offset: R.offset, start_offset: s.startOffset, releaseVelocity: est.velocity, velocitySamples: est.samplesUsed,
                    settledIndex: d.index, settledSlot: d.slot, settledOffset: d.offset, rule: d.rule,
                    goalReached: reached });
      settle(d, t, reached);
      e.preventDefault();
    }

    // Animates to the decided offset (ease-out cubic, 200–450 ms by distance), then checks the goal.
    function settle(d, t, reached) {
      const from = R.offset, to = d.offset, t0 = performance.now();
      const duration = Math.min(450, 200 + Math.abs(to - from) * 0.5);
      const step = (now) => {
        const u = Math.min(1, (now - t0) / duration), k = 1 - Math.pow(1 - u, 3);
        R.offset = from + (to - from) * k;
        render();
        if (u < 1) { R.anim.frame = requestAnimationFrame(step); return; }
        R.anim = null;
        R.offset = to;
        R.slot = d.slot;
        render();
        if (reached && R.trial >= 0 && currentTrial() === t) {
          R.completed += 1;
          $("feedback").textContent = "\u2713";
          R.advance = setTimeout(() => { R.advance = null; startTrial(R.trial + 1); }, C.pauseMs);
        }
      };
      R.anim = { frame: requestAnimationFrame(step) };
    }

    function jsonl() { return R.log.map((x) => JSON.stringify(x)).join("\n") + (R.log.length ? "\n" : ""); }

    function download() {
      const blob = new Blob([jsonl()], { type: "application/x-ndjson" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "snaplab-" + (R.user || "anonymous").replace(/[^A-Za-z0-9_-]/g, "_") + "-" + R.session + ".jsonl";
      document.body.appendChild(a);
      a.click();
      setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    }

    function begin() {
      const id = $("participant").value.trim();
      if (id === "") { $("participant-error").textContent = "Please enter your participant id."; return; }
      R.user = id;
      R.session = id.replace(/[^A-Za-z0-9_-]/g, "_") + "-" + Date.now().toString(36);
      $("intro").hidden = true;
      $("study").hidden = false;
      resize();
      startTrial(0);
    }

    const car = $("carousel");
    if (C.nativeSnap) {
      nativeSetup();   // RecorderScript+NativeSnap.swift: touch events, the browser scrolls and snaps
    } else {
      car.addEventListener("pointerdown", onDown);
      car.addEventListener("pointermove", onMove);
      car.addEventListener("pointerup", onUp);
      car.addEventListener("pointercancel", onUp);
    }
    $("start").addEventListener("click", begin);
    $("skip").addEventListener("click", () => {
      if (R.stroke !== null || R.done) return;
      if (R.anim !== null) { cancelAnimationFrame(R.anim.frame); R.anim = null; }
      if (R.advance) { clearTimeout(R.advance); R.advance = null; }
      R.skipped += 1;
      startTrial(R.trial + 1);
    });
    for (const b of document.querySelectorAll(".download")) b.addEventListener("click", download);
    window.addEventListener("resize", resize);
    $("layout-line").textContent = C.summary;

    // For the test suite and for curious participants: read-only views of the state and the log.
    window.snaplabRecorder = {
      config: C, jsonl: jsonl, events: () => R.log.slice(),
      state: () => ({ trial: R.trial, offset: R.offset, slot: R.slot, animating: R.anim !== null,
                      stroke: R.stroke !== null, done: R.done, scale: R.scale, completed: R.completed }),
    };
    """#
}
