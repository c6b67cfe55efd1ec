// The recorder page's JavaScript, part 1: SnapMath and CarouselLayout, ported line by line from
// `Sources/SnapStrategies/Support/SnapMath.swift` and `Sources/SnapStrategies/Geometry/`.
// JavaScript numbers are IEEE doubles, as Swift's `Double`; indices stay whole doubles below
// 2^52, where Swift's `Int` arithmetic and JavaScript's agree exactly.

extension RecorderScript {
    /// `SnapMath` and the layout functions (`SL.layout(config)` builds a layout object).
    static let geometry = #"""
    "use strict";
    const SL = {};
    SL.LIMIT = 4503599627370496; // SnapMath.indexLimit, 2^52
    SL.bounded = (x) => Math.min(Math.max(x, -SL.LIMIT), SL.LIMIT);
    SL.truncatedIndex = (x) => (x !== x ? 0 : Math.trunc(SL.bounded(x)) + 0);
    SL.flooredIndex = (x) => (x !== x ? 0 : Math.floor(SL.bounded(x)) + 0);
    SL.ceiledIndex = (x) => (x !== x ? 0 : Math.ceil(SL.bounded(x)) + 0);
    SL.roundedIndex = (x) => {
      if (x !== x) return 0;
      const b = SL.bounded(x), t = Math.trunc(b), f = b - t;
      return (f >= 0.5 ? t + 1 : (f <= -0.5 ? t - 1 : t)) + 0;
    };
    SL.signOf = (x, magnitude) => (x < 0 || Object.is(x, -0) ? -magnitude : magnitude);
    SL.roundedHalfAway = (x) => {
      if (!(Math.abs(x) < SL.LIMIT)) return x; // beyond 2^52 every double is whole; NaN, ±∞ unchanged
      const t = Math.trunc(x), f = x - t;
      const r = f >= 0.5 ? t + 1 : (f <= -0.5 ? t - 1 : t);
      return SL.signOf(x, Math.abs(r));
    };
    SL.snappedToWhole = (x) => {
      const m = Math.abs(x), shifter = 6755399441055744; // 1.5 * 2^52
      const r = m < 268435456 ? SL.signOf(x, (m + shifter) - shifter) : SL.roundedHalfAway(x);
      return Math.abs(x - r) <= 1e-9 * Math.max(1, m) ? r : x;
    };
    SL.clamp = (x, lo, hi) => (x !== x ? lo : Math.min(Math.max(x, lo), hi));
    SL.wrap = (a, n) => { if (!(n > 0)) return 0; const r = a % n; return (r < 0 ? r + n : r) + 0; };

    // CarouselLayout: c has itemWidth, spacing, leadingInset, trailingInset, viewportWidth,
    // itemCount, alignment ("leading" | "center" | "trailing"), isLooping; optionally
    // originOverride (the slot-0 resting offset a policy's SnapOrigin declares, SnapOrigin.swift).
    SL.layout = (c) => {
      const L = Object.assign({}, c);
      L.config = c;
      if (L.trailingInset === undefined || L.trailingInset === null) L.trailingInset = L.leadingInset;
      L.stride = L.itemWidth + L.spacing;
      L.contentWidth = L.leadingInset + L.itemCount * L.itemWidth + (L.itemCount - 1) * L.spacing + L.trailingInset;
      L.maxOffset = Math.max(0, L.contentWidth - L.viewportWidth);
      L.alignmentOrigin = L.alignment === "center" ? L.leadingInset + L.itemWidth / 2 - L.viewportWidth / 2
        : L.alignment === "trailing" ? L.leadingInset + L.itemWidth - (L.viewportWidth - L.trailingInset) : 0;
      if (typeof c.originOverride === "number") L.alignmentOrigin = c.originOverride;
      L.cycleLength = L.itemCount * L.stride;
      L.rawSnapOffset = (slot) => L.alignmentOrigin + slot * L.stride;
      L.clampedOffset = (x) => (L.isLooping ? (x === x ? x : 0) : SL.clamp(x, 0, L.maxOffset));
      L.clampedSlot = (s) => (L.isLooping ? Math.min(Math.max(s, -SL.LIMIT), SL.LIMIT) : Math.min(Math.max(s, 0), L.itemCount - 1));
      L.snapOffset = (slot) => (L.isLooping ? L.rawSnapOffset(slot) : L.clampedOffset(L.rawSnapOffset(L.clampedSlot(slot))));
      L.position = (x) => SL.snappedToWhole((x - L.alignmentOrigin) / L.stride);
      L.nearestSlot = (x) => L.clampedSlot(SL.roundedIndex(L.position(x)));
      L.itemIndex = (slot) => (L.isLooping ? SL.wrap(slot, L.itemCount) : Math.min(Math.max(slot, 0), L.itemCount - 1));
      L.decision = (slot, rule) => {
        const s = L.clampedSlot(slot);
        return { slot: s, index: L.itemIndex(s), offset: L.snapOffset(s), rule: rule };
      };
      // Content coordinates of the item shown at slot s: [leadingInset + s*stride, + itemWidth].
      L.itemStart = (slot) => L.leadingInset + slot * L.stride;
      return L;
    };

    // CarouselLayout.snapped(to:) (SnapOrigin.swift): the layout with snap offsets measured from
    // the origin a policy declares ("layout", "start", "paddedCenter", "end").
    SL.snapped = (L, origin) => {
      if (origin === undefined || origin === "layout") return L;
      const o = origin === "start" ? 0
        : origin === "paddedCenter" ? (L.leadingInset + L.trailingInset) / 2 + L.itemWidth / 2 - L.viewportWidth / 2
        : L.leadingInset + L.itemWidth - (L.viewportWidth - L.trailingInset);
      return SL.layout(Object.assign({}, L.config, { trailingInset: L.trailingInset, originOverride: o }));
    };

    // A policy's decision as SnapPolicy.decide gives it: policy = {id, params, snapOrigin}.
    SL.decide = (policy, release, L) => SL.policies[policy.id](release, SL.snapped(L, policy.snapOrigin), policy.params);

    // UIKitDeceleration.restingOffset: offset + v*r/(1 - r), clamped to the content.
    SL.uikitRest = (release, rate, L) => {
      const coast = rate > 0 && rate < 1 ? release.velocity * rate / (1 - rate) : 0;
      return L.clampedOffset(release.offset + coast);
    };
    """#
}
