// The recorder page's JavaScript, part 2: the policies the page can run, each ported from its
// Swift file in `Sources/SnapStrategies/Policies/` (same branches, same rule names). A test
// decides 10,000 random releases with both and requires the same slot, item, offset and rule.
//
// Each entry takes (release, layout, params) where release has offset, velocity, startOffset
// (points, pt/ms) and params holds the policy's parameters by their Swift names.

extension RecorderScript {
    /// `SL.policies[id](release, layout, params)` → `{slot, index, offset, rule}`.
    static let policies = #"""
    SL.policies = {};

    // NearestPageSnap (basis .releaseOffset): NearestPageSnap.swift.
    SL.policies["nearest"] = (r, L) => L.decision(L.nearestSlot(r.offset), "nearest-to-release");

    // NearestPageSnap (basis .projectedOffset): NearestPageSnap.swift.
    SL.policies["uikit-projected-nearest"] = (r, L, p) =>
      L.decision(L.nearestSlot(SL.uikitRest(r, p.decelerationRate, L)), "nearest-to-projection");

    // ASHorizontalSnap.swift.
    SL.policies["ashorizontal"] = (r, L, p) => {
      const target = SL.uikitRest(r, p.decelerationRate, L);
      if (!L.isLooping && !(target + L.viewportWidth < L.contentWidth)) {
        const slot = L.nearestSlot(target);
        return { slot: slot, index: L.itemIndex(slot), offset: target, rule: "end-keeps-uikit-target" };
      }
      const u = target - L.alignmentOrigin;
      const q = SL.snappedToWhole((u - L.leadingInset) / L.stride);
      let index = L.isLooping ? SL.flooredIndex(q) : Math.max(0, SL.truncatedIndex(q));
      const advance = (q - index) * L.stride > L.itemWidth * p.widthToScrollNextItem;
      if (advance) index += 1;
      if (!L.isLooping && index > L.itemCount - 1) return L.decision(L.itemCount - 1, "clamped-to-last-item");
      return L.decision(index, advance ? "advance-past-third" : "stay-before-third");
    };

    // Tag99Snap.swift.
    SL.policies["tag99"] = (r, L, p) => {
      const pw = L.stride, v = r.velocity, looping = L.isLooping;
      if (v === 0 || v !== v) {
        const t = SL.uikitRest(r, p.decelerationRate, L) - L.alignmentOrigin;
        return L.decision(SL.flooredIndex((t - pw / 2) / pw) + 1, "at-rest-nearest-to-target");
      }
      const val = L.position(r.offset);
      let page = looping ? SL.flooredIndex(val) : SL.truncatedIndex(val);
      let fromNextPage = false;
      if (v < 0 && val - page > p.backwardFraction) { page += 1; fromNextPage = true; }
      page += v > 0 ? 1 : -1;
      let extra = 0, tier = 0;
      if (Math.abs(v) > p.highTier) { extra = SL.truncatedIndex(p.highTierPages); tier = 2; }
      else if (Math.abs(v) > p.lowTier) { extra = SL.truncatedIndex(p.lowTierPages); tier = 1; }
      let rule = v > 0 ? "one-page-forward" : (fromNextPage ? "backward-from-next-page" : "one-page-back");
      if (tier === 1) rule += "+low-tier"; else if (tier === 2) rule += "+high-tier";
      page += v > 0 ? extra : -extra;
      if (!looping) {
        if (page < 0) { page = 0; rule += "+clamped-start"; }
        const content = L.contentWidth;
        if (page > SL.truncatedIndex(content / pw)) { page = SL.ceiledIndex(content / pw) - 1; rule += "+clamped-end"; }
        if (page > L.itemCount - 1) { page = L.itemCount - 1; rule += "+clamped-last-item"; }
      }
      return L.decision(page, rule);
    };

    // AndroidPixels.swift: Android's int pixels.
    SL.dimensionPixelSize = (dp, density) => {
      const f = dp * density;
      if (!(f > 0)) return 0;
      return Math.max(1, SL.truncatedIndex(f + 0.5));
    };
    SL.trackedVelocity = (v) => SL.truncatedIndex(v * 1000);

    // AndroidPagerSnapHelperSnap.swift.
    SL.policies["android-pagersnap"] = (r, L, p) => {
      const pos = L.position(r.offset), v = r.velocity;
      const isFling = p.wholePixels !== 0
        ? Math.abs(SL.trackedVelocity(v)) > SL.dimensionPixelSize(p.minFlingVelocity * 1000, p.density)
        : Math.abs(v) > p.minFlingVelocity * p.density;
      if (isFling) {
        return v > 0 ? L.decision(SL.ceiledIndex(pos), "fling-forward") : L.decision(SL.flooredIndex(pos), "fling-back");
      }
      return L.decision(SL.ceiledIndex(pos - 0.5), "slow-nearest");
    };

    // UIKitPagingSnap.swift (a model of isPagingEnabled; UNVERIFIED constants).
    SL.policies["uikit-paging"] = (r, L, p) => {
      const pos = L.position(r.offset), v = r.velocity;
      if (Math.abs(v) > p.velocityGate) {
        return v > 0 ? L.decision(SL.ceiledIndex(pos), "flick-next-boundary")
                     : L.decision(SL.flooredIndex(pos), "flick-previous-boundary");
      }
      if (!(r.offset - r.startOffset < 0)) {
        const base = SL.flooredIndex(pos), moved = pos - Math.floor(pos) >= p.positionalThreshold;
        return L.decision(moved ? base + 1 : base, moved ? "slow-past-threshold" : "slow-back");
      }
      const base = SL.ceiledIndex(pos), moved = Math.ceil(pos) - pos >= p.positionalThreshold;
      return L.decision(moved ? base - 1 : base, moved ? "slow-past-threshold" : "slow-back");
    };
    """#
}
