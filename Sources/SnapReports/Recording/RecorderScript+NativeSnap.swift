// The recorder page's JavaScript, part 6: the browser's own CSS scroll snap
// (`snaplab record --native-css-snap`, with `css-snap-mandatory` or `css-snap-proximity`).

extension RecorderScript {
    /// The native mode; used only when the configuration says `"nativeSnap": true`. Expects the
    /// page's `C`, `L`, `R`, `$`, `colour`, `logEvent`, `offsetAt`, `goalReached`, `startTrial`.
    static let nativeSnap = #"""
    // Native CSS scroll snap (`snaplab record --native-css-snap`): the carousel is a real overflow
    // container with `scroll-snap-type: x mandatory` (or proximity) and one snap area per item, so the
    // browser's own scrolling, fling and snap decide where it comes to rest. Native panning takes the
    // pointer away from the page (`pointercancel`), so the page listens to touch events instead (passive:
    // it never blocks the browser's scrolling) and logs them as pointer events. The release velocity is
    // the page's lsq2 over the finger, as in the ported mode; the settled item is where the browser's
    // scroll position rests (unchanged for `NATIVE_REST_MS`), and `portedIndex` says what the ported
    // policy decided for the same release.
    const NATIVE_REST_MS = 150;

    function nativeSetup() {
      const car = $("carousel"), track = $("track");
      car.classList.add("native");
      track.classList.add("native");
      car.style.scrollSnapType = "x " + (C.policy.id === "css-snap-proximity" ? "proximity" : "mandatory");
      for (let s = 0; s < L.itemCount; s++) {
        const d = document.createElement("div");
        d.className = "item";
        d.dataset.item = String(s);
        d.textContent = String(s);
        d.style.background = colour(s);
        track.appendChild(d);
        R.nodes.push(d);
      }
      for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"]) car.addEventListener(type, nativeTouch, { passive: true });
      car.addEventListener("scroll", () => { R.offset = car.scrollLeft / R.scale; }, { passive: true });
    }

    // Sizes the content at the current scale and scrolls to R.offset. The snap areas reproduce
    // L.snapOffset: leading: the item's start less the leading inset (scroll-padding-left); center:
    // the item's centre at the viewport's; trailing: its end at the viewport's less the trailing inset.
    function nativeRender() {
      const car = $("carousel"), track = $("track");
      const align = L.alignment === "center" ? "center" : L.alignment === "trailing" ? "end" : "start";
      track.style.width = (L.contentWidth * R.scale) + "px";
      car.style.scrollPaddingLeft = (L.alignment === "leading" ? L.leadingInset * R.scale : 0) + "px";
      car.style.scrollPaddingRight = (L.alignment === "trailing" ? L.trailingInset * R.scale : 0) + "px";
      for (let s = 0; s < R.nodes.length; s++) {
        const d = R.nodes[s];
        d.style.display = "flex";
        d.style.width = (L.itemWidth * R.scale) + "px";
        d.style.left = (L.itemStart(s) * R.scale) + "px";
        d.style.scrollSnapAlign = align;
      }
      if (R.stroke === null && R.anim === null) car.scrollLeft = R.offset * R.scale;
    }

    const TOUCH_TYPES = { touchstart: "pointerdown", touchmove: "pointermove", touchend: "pointerup", touchcancel: "pointercancel" };

    function nativeTouch(e) {
      if (R.done || R.trial < 0) return;
      for (const t of e.changedTouches) {
        const type = TOUCH_TYPES[e.type];
        const primary = R.stroke === null ? type === "pointerdown" && e.touches.length <= 1 : t.identifier === R.stroke.pointerId;
        nativePointer({ type: type, pointerId: t.identifier, pointerType: "touch", isPrimary: primary,
                        timeStamp: e.timeStamp, clientX: t.clientX, clientY: t.clientY });
      }
    }

    function nativePointer(e) {
      const car = $("carousel");
      if (e.type === "pointerdown") {
        if (R.stroke !== null || !e.isPrimary || R.advance) { logEvent(e, { ignored: true }); return; }
        if (R.anim !== null) nativeRest("browser-interrupted");   // a touch stops the browser's fling
        R.offset = car.scrollLeft / R.scale;
        R.slot = L.nearestSlot(R.offset);
        R.strokes += 1;
        R.stroke = { pointerId: e.pointerId, x0: e.clientX, startOffset: R.offset, startSlot: R.slot, t0: e.timeStamp,
                     number: R.strokes, samples: [{ t: e.timeStamp, x: R.offset, move: true }] };
        logEvent(e, { stroke: R.strokes, offset: R.offset, start_offset: R.offset, startSlot: R.slot });
        return;
      }
      const s = R.stroke;
      if (s === null || e.pointerId !== s.pointerId) { logEvent(e, { ignored: true }); return; }
      const fingerOffset = offsetAt(s, e.clientX), scrollOffset = car.scrollLeft / R.scale;
      if (e.type === "pointermove") {
        s.samples.push({ t: e.timeStamp, x: fingerOffset, move: true });
        logEvent(e, { stroke: s.number, offset: fingerOffset, start_offset: s.startOffset, scrollOffset: scrollOffset });
        return;
      }
      R.stroke = null;
      const extra = { stroke: s.number, offset: fingerOffset, start_offset: s.startOffset, scrollOffset: scrollOffset };
      if (e.type === "pointerup") {
        s.samples.push({ t: e.timeStamp, x: fingerOffset, move: false });
        const est = SL.lsq2(s.samples);
        const release = { offset: fingerOffset, velocity: est.velocity, startOffset: s.startOffset,
                          startTime: s.t0, time: e.timeStamp, startIndex: s.startSlot,
                          fingerTravel: -(e.clientX - s.x0) / R.scale };
        const ported = SL.decide(C.policy, release, L);
        Object.assign(extra, { releaseVelocity: est.velocity, velocitySamples: est.samplesUsed,
                               portedIndex: ported.index, portedOffset: ported.offset });
      }
      nativeWatch(logEvent(e, extra), currentTrial());
    }

    // Watches the browser's scroll position after a lift-off until it rests, then records it.
    function nativeWatch(entry, trial) {
      const car = $("carousel");
      const w = { entry: entry, trial: trial, last: car.scrollLeft, since: performance.now() };
      const step = (now) => {
        if (car.scrollLeft !== w.last) { w.last = car.scrollLeft; w.since = now; }
        if (now - w.since < NATIVE_REST_MS) { R.anim.frame = requestAnimationFrame(step); return; }
        nativeRest("browser-scroll-snap");
      };
      R.anim = { frame: requestAnimationFrame(step), watch: w };
    }

    function nativeRest(rule) {
      const w = R.anim.watch;
      cancelAnimationFrame(R.anim.frame);
      R.anim = null;
      R.offset = $("carousel").scrollLeft / R.scale;
      R.slot = L.nearestSlot(R.offset);
      const d = { slot: R.slot, index: L.itemIndex(R.slot), offset: R.offset, rule: rule };
      const reached = rule !== "browser-interrupted" && goalReached(w.trial, d);
      Object.assign(w.entry, { settledIndex: d.index, settledSlot: d.slot, settledOffset: d.offset, rule: rule,
                               goalReached: reached });
      if (reached && R.trial >= 0 && currentTrial() === w.trial) {
        R.completed += 1;
        $("feedback").textContent = "\u2713";
        R.advance = setTimeout(() => { R.advance = null; startTrial(R.trial + 1); }, C.pauseMs);
      }
    }
    """#
}
