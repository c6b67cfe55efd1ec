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
          if (!(d < range)) continue;   // strictly within (FindClosestValidAreaInternal)
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

    // CSSScrollSnap+Covering.swift: items wider than the snapport (Chromium's covering areas).
    SL.cssSnapport = (L) => (L.alignment === "trailing" ? L.viewportWidth - L.trailingInset : L.viewportWidth);
    SL.cssCovering = (x, current, direction, range, L) => {
      const w = L.itemWidth, v = SL.cssSnapport(L), out = { intended: null, displaced: null };
      if (!(w > v && v > 0 && isFinite(x))) return out;
      const span = w - v, k = SL.flooredIndex((x - L.leadingInset) / L.stride);
      for (let s = k - 1; s <= k + 2; s++) {
        if (!L.isLooping && !(s >= 0 && s < L.itemCount)) continue;
        const a = L.leadingInset + s * L.stride;
        if (x >= a && x <= a + span) { out.intended = s; continue; }
        const offset = SL.clamp(x, a, a + span);
        if (!SL.cssIsValid(offset, current, direction, false)) continue;
        const distance = Math.abs(offset - x);
        if (!(distance < range)) continue;
        if (out.displaced !== null && !(distance < out.displaced.distance)) continue;
        out.displaced = { slot: s, offset: offset, distance: distance };
      }
      return out;
    };
    SL.cssResolve = (aligned, alignedRule, x, current, direction, range, L) => {
      const c = SL.cssCovering(x, current, direction, range, L);
      if (c.intended !== null) {
        return { slot: c.intended, index: L.itemIndex(c.intended), offset: L.clampedOffset(x), rule: "covering-intended" };
      }
      if (c.displaced !== null) {
        const d = c.displaced, alignedDistance = aligned !== null ? Math.abs(L.snapOffset(aligned) - x) : Infinity;
        if (d.distance < alignedDistance || (d.distance === alignedDistance && (aligned === null || d.slot < aligned))) {
          return { slot: d.slot, index: L.itemIndex(d.slot), offset: L.clampedOffset(d.offset), rule: "covering-displaced" };
        }
      }
      return aligned !== null ? L.decision(aligned, alignedRule) : null;
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
        return SL.cssResolve(slot, "end-position", current, current, 0, range, L) || noSnap(current);
      }
      const intended = current + displacement;   // unclamped (EndAndDirectionStrategy's base)
      const direction = displacement > 0 ? 1 : -1;
      const aligned = SL.cssClosestSlot(intended, current, direction, false, range, L);
      let found = SL.cssResolve(aligned, "fling-closest-in-direction", intended, current, direction, range, L);
      if (found !== null && p.stopAlways !== 0) {
        const stop = SL.cssClosestSlot(current, current, direction, true, range, L);
        if (stop !== null && Math.abs(L.snapOffset(stop) - current) < Math.abs(found.offset - current)) {
          found = L.decision(stop, "fling-snap-stop");
        }
      }
      if (found !== null) return found;
      if (!proximity) {
        const slot = SL.cssClosestSlot(current, current, 0, false, range, L);
        const d = SL.cssResolve(slot, "fling-fallback-end-position", current, current, 0, range, L);
        if (d !== null) return d;
      }
      return noSnap(intended);
    };
    SL.policies["css-snap-mandatory"] = (r, L, p) => SL.cssDecide(r, L, p, false);
    SL.policies["css-snap-proximity"] = (r, L, p) => SL.cssDecide(r, L, p, true);
    """#
}
