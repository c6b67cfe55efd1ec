// The JavaScript export of embla (EmblaSnap.swift, EmblaSnap+Contain.swift, EmblaProjection.swift):
// the projection, the bounded snap list of `containScroll` and the looping decision. Same
// branches, same rule names.

extension JavaScriptExport {
    /// More entries of `SL.policies`: embla; needs `JavaScriptExport.policies` (SL.startSlot).
    static let embla = #"""
    // EmblaSnap+Contain.swift: the snap list of a bounded carousel (containScroll 0 off, 1 trimSnaps, 2 keepSnaps).
    SL.emblaList = (L, mode) => {
      const n = L.itemCount, rounded = (x) => SL.roundedHalfAway(x * 1000) / 1000, bounded = (s) => rounded(L.snapOffset(s));
      const list = { first: 0, last: n - 1, lower: 0, upper: L.maxOffset };
      if (mode === 0) {
        list.lower = L.rawSnapOffset(0); list.upper = L.rawSnapOffset(n - 1);
      } else if (mode !== 2) {
        if (L.maxOffset <= 0) {
          list.last = 0;
        } else {
          const start = bounded(0), end = bounded(n - 1);
          let m = SL.clamp(SL.flooredIndex(-L.alignmentOrigin / L.stride), 0, n - 1);
          while (m > 0 && bounded(m) !== start) m -= 1;
          while (m + 1 < n && bounded(m + 1) === start) m += 1;
          let e = SL.clamp(SL.ceiledIndex((L.maxOffset - L.alignmentOrigin) / L.stride), 0, n - 1);
          while (e + 1 < n && bounded(e) !== end) e += 1;
          while (e > 0 && bounded(e - 1) === end) e -= 1;
          list.first = m; list.last = Math.max(m, e);
        }
      }
      list.snap = (s) => (mode === 0 ? L.rawSnapOffset(s) : rounded(L.snapOffset(s)));
      list.reachedBound = (offset) => offset < list.lower || offset > list.upper;
      list.representative = (slot) => Math.min(Math.max(slot, list.first), list.last);
      list.nearest = (target) => {
        const y = SL.clamp(target, list.lower, list.upper);
        const guess = Math.min(Math.max(SL.roundedIndex((y - L.alignmentOrigin) / L.stride), list.first), list.last);
        const to = Math.min(list.last, guess + 2);
        let s = Math.max(list.first, guess - 2), offset = list.snap(s), best = s, bestDistance = Math.abs(offset - y);
        while (offset < y && s < to) {
          s += 1;
          offset = list.snap(s);
          const d = Math.abs(offset - y);
          if (d < bestDistance) { best = s; bestDistance = d; }
        }
        return best;
      };
      return list;
    };
    // EmblaSnap.nearestSlot(base:relativePosition:in:).
    SL.emblaNearest = (base, x, L) => {
      if (!isFinite(x)) return L.clampedSlot(base + SL.roundedIndex(x));
      const step = SL.flooredIndex(x), lower = base + step, upper = lower + 1, frac = x - step;
      const slot = frac < 0.5 ? lower : frac > 0.5 ? upper : (L.itemIndex(upper) < L.itemIndex(lower) ? upper : lower);
      return L.clampedSlot(slot);
    };
    // EmblaSnap.swift (DragHandler.ts up/allowedForce, ScrollTarget.ts).
    SL.policies["embla"] = (r, L, p) => {
      const force = Math.abs(r.velocity) > p.minimumSpeed ? r.velocity * p.forceBoost : 0;
      const threshold = Math.min(Math.max(p.thresholdFraction * L.viewportWidth, p.thresholdMinimum), p.thresholdMaximum);
      if (!L.isLooping) {
        const mode = Math.trunc(p.containScroll), list = SL.emblaList(L, mode === 0 || mode === 2 ? mode : 1);
        const current = r.offset === r.offset ? r.offset : 0;
        const selected = list.representative(SL.startSlot(r, L)), closest = list.nearest(current + force);
        if (!(Math.abs(force) >= threshold)) return L.decision(closest, force === 0 ? "closest-snap" : "closest-to-projection");
        if (p.skipSnaps !== 0 && list.nearest(current) !== selected) {
          const base = list.reachedBound(current + force) ? force : list.snap(closest) - current;
          return L.decision(list.nearest(current + p.skipFactor * base), "skip-snaps");
        }
        return L.decision(list.representative(selected + (force > 0 ? 1 : -1)), force > 0 ? "next" : "previous");
      }
      // Positions relative to the whole slot at or before the release.
      const here = L.position(L.clampedOffset(r.offset)), finite = isFinite(here);
      const base = finite ? SL.flooredIndex(here) : 0, fraction = finite ? here - base : here;
      const closest = SL.emblaNearest(base, SL.snappedToWhole(fraction + force / L.stride), L);
      if (!(Math.abs(force) >= threshold)) return L.decision(closest, force === 0 ? "closest-snap" : "closest-to-projection");
      const selected = SL.startSlot(r, L);
      if (p.skipSnaps !== 0 && SL.emblaNearest(base, fraction, L) !== selected) {
        const closestPosition = L.position(L.snapOffset(closest)) - base;
        const resnap = SL.snappedToWhole(fraction + p.skipFactor * (closestPosition - fraction));
        return L.decision(SL.emblaNearest(base, resnap, L), "skip-snaps");
      }
      return L.decision(selected + (force > 0 ? 1 : -1), force > 0 ? "next" : "previous");
    };
    """#
}
