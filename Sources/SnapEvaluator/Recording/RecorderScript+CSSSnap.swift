// The recorder page's JavaScript, part 3: Chromium's CSS scroll snap, ported from
// `Sources/SnapStrategies/Policies/CSSScrollSnap.swift` (`decide(current:displacement:in:)`,
// `closestSlot`). In a bounded layout the port scans every item in document order keeping the
// first of least distance, which is Chromium's own walk (`FindClosestValidAreaInternal`) and what
// the Swift binary search is documented to find; the agreement test holds the two together.

extension RecorderScript {
    /// `SL.policies["css-snap-mandatory"]` and `["css-snap-proximity"]`.
    static let cssSnap = #"""
    SL.cssIsValid = (snap, current, direction, truncating) => {
      if (direction === 0) return true;
      const d = snap - current, step = truncating ? 1.0 : 0.5;
      return direction > 0 ? d >= step : d <= -step;
    };

    SL.cssClosestSlot = (base, current, direction, truncating, range, L) => {
      let best = null, bestDistance = 0;
      const consider = (lo, hi) => {
        for (let slot = lo; slot <= hi; slot++) {
          const snap = L.snapOffset(slot);
          if (!SL.cssIsValid(snap, current, direction, truncating)) continue;
          const d = Math.abs(snap - base);
          if (!(d <= range)) continue;
          if (best !== null && !(d < bestDistance)) continue;
          best = slot; bestDistance = d;
        }
      };
      if (!L.isLooping) { consider(0, L.itemCount - 1); return best; }
      const k = SL.roundedIndex(L.position(base));
      const edge = direction >= 0 ? SL.ceiledIndex(L.position(current)) : SL.flooredIndex(L.position(current));
      const nearLo = k - 1, nearHi = k + 1, aroundLo = edge - 2, aroundHi = edge + 2;
      if (nearHi + 1 < aroundLo) { consider(nearLo, nearHi); consider(aroundLo, aroundHi); }
      else if (aroundHi + 1 < nearLo) { consider(aroundLo, aroundHi); consider(nearLo, nearHi); }
      else consider(Math.min(nearLo, aroundLo), Math.max(nearHi, aroundHi));
      return best;
    };

    SL.cssDecide = (r, L, p, proximity) => {
      const v = r.velocity;
      let displacement = null;
      if (Math.abs(v) >= p.minFlingVelocity && v !== 0) {
        const delta = v === v ? v * p.frameInterval : 0;       // ChromiumFlingEstimate.firstInertialDelta
        displacement = delta === delta ? delta * p.distanceScalar : 0;
      }
      if (displacement !== null && !(displacement === displacement && displacement !== 0)) displacement = null;
      const current = L.clampedOffset(r.offset);
      const range = proximity ? p.proximityRatio * L.viewportWidth : Infinity;
      const noSnap = (x) => {
        const rest = L.clampedOffset(x), slot = L.nearestSlot(rest);
        return { slot: slot, index: L.itemIndex(slot), offset: rest, rule: "no-snap-in-range" };
      };
      if (displacement === null) {
        const slot = SL.cssClosestSlot(current, current, 0, false, range, L);
        return slot !== null ? L.decision(slot, "end-position") : noSnap(current);
      }
      const intended = L.clampedOffset(current + displacement);
      const direction = displacement > 0 ? 1 : -1;
      let found = SL.cssClosestSlot(intended, current, direction, false, range, L);
      let rule = "fling-closest-in-direction";
      if (found !== null && p.stopAlways !== 0) {
        const stop = SL.cssClosestSlot(current, current, direction, true, range, L);
        if (stop !== null && Math.abs(L.snapOffset(stop) - current) < Math.abs(L.snapOffset(found) - current)) {
          found = stop; rule = "fling-snap-stop";
        }
      }
      if (found !== null) return L.decision(found, rule);
      if (!proximity) {
        const slot = SL.cssClosestSlot(current, current, 0, false, range, L);
        if (slot !== null) return L.decision(slot, "fling-fallback-end-position");
      }
      return noSnap(intended);
    };
    SL.policies["css-snap-mandatory"] = (r, L, p) => SL.cssDecide(r, L, p, false);
    SL.policies["css-snap-proximity"] = (r, L, p) => SL.cssDecide(r, L, p, true);
    """#
}
