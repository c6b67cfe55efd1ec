// The JavaScript export of icarousel(-paging) (ICarouselSnap.swift with ICarouselDeceleration.swift).
// Same branches, same rule names.

extension JavaScriptExport {
    /// More entries of `SL.policies`: icarousel and icarousel-paging.
    static let iCarousel = #"""
    // ICarouselSnap.itemVelocity: items per second, slowed past the ends (bounceDistance).
    SL.iCarouselVelocity = (v, pos, L, p) => {
      if (v !== v) return 0;
      let factor = 1;
      if (!L.isLooping) {
        const over = Math.abs(pos - SL.clamp(pos, 0, L.itemCount - 1));
        const m = p.bounceDistance < over ? p.bounceDistance : over;   // Swift.min keeps over when it is NaN
        factor = 1 - m / p.bounceDistance;
        if (factor !== factor) factor = 0;
      }
      return v * 1000 / L.stride * p.scrollSpeed * factor;
    };
    // ICarouselDeceleration.coastDistance (items) for an item velocity per second.
    SL.iCarouselCoast = (v, p) => {
      const velocity = v / 1000, k = 2 * p.decelerationMultiplier * (1 - p.decelerationRate);
      return velocity === velocity && k > 0 && isFinite(k) ? velocity * 1000 / k : 0;
    };
    // ICarouselSnap.swift (didPan: Ended, decelerationDistance, shouldDecelerate, shouldScroll).
    SL.iCarousel = (r, L, p, paging) => {
      const pos = L.position(r.offset), v = SL.iCarouselVelocity(r.velocity, pos, L, p), distance = SL.iCarouselCoast(v, p);
      if (Math.abs(v) > p.scrollSpeedThreshold && Math.abs(distance) > p.decelerateThreshold) {
        const end = paging ? (distance > 0 ? SL.ceiledIndex(pos) : SL.flooredIndex(pos))
          : (distance > 0 ? SL.ceiledIndex(pos + distance) : SL.flooredIndex(pos + distance));
        return L.decision(end, paging ? "paging-one-item" : "decelerate-to-boundary");
      }
      const current = L.clampedSlot(SL.roundedIndex(pos)), off = Math.abs(pos - current);
      if (off < 1e-6) return L.decision(current, "at-item");
      if (Math.abs(v) > p.scrollSpeedThreshold && off > p.scrollDistanceThreshold) {
        return L.decision(current + (v > 0 ? 1 : -1), "scroll-to-neighbour");
      }
      return L.decision(current, "nearest-item");
    };
    SL.policies["icarousel"] = (r, L, p) => SL.iCarousel(r, L, p, false);
    SL.policies["icarousel-paging"] = (r, L, p) => SL.iCarousel(r, L, p, true);
    """#
}
