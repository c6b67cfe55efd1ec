// The recorder page's JavaScript, part 1: SnapMath and CarouselLayout, ported line by line from
// `Sources/SnapStrategies/Support/SnapMath.swift` (and `SnapMath+Elementary.swift`'s `exp` and
// `log`) and `Sources/SnapStrategies/Geometry/`.
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

    // SnapMath+Elementary.swift: e^x and ln x in the same operations as SnapStrategies (not Math.exp/log,
    // whose last bit differs between engines), doubles built from their bits.
    SL.bits = new Float64Array(1);
    SL.bitWords = new BigUint64Array(SL.bits.buffer);
    SL.twoTo = (n) => { SL.bitWords[0] = BigInt(1023 + n) << 52n; return SL.bits[0]; };   // 2^n, n normal
    SL.exp = (x) => {
      if (x !== x) return x;
      if (x > 709.782712893384) return Infinity;
      if (x < -745.2) return 0;
      const k = SL.roundedHalfAway(x / 0.6931471805599453);
      const r = (x - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
      const r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
      const a0 = 1 + r, a1 = 0.5 + 0.16666666666666666 * r;
      const a2 = 0.041666666666666664 + 0.008333333333333333 * r, a3 = 0.001388888888888889 + 0.0001984126984126984 * r;
      const a4 = 2.48015873015873e-05 + 2.7557319223985893e-06 * r, a5 = 2.755731922398589e-07 + 2.505210838544172e-08 * r;
      const a6 = 2.08767569878681e-09 + 1.6059043836821613e-10 * r;
      const sum = ((a0 + a1 * r2) + (a2 + a3 * r2) * r4) + ((a4 + a5 * r2) + a6 * r4) * r8;
      if (k < -1022) return (sum * SL.twoTo(-1022)) * SL.twoTo(k + 1022);   // Double(sign:exponent:significand:)
      if (k > 1023) return (sum * SL.twoTo(1023)) * SL.twoTo(k - 1023);
      return sum * SL.twoTo(k);
    };
    SL.log = (x) => {
      if (!(x === x && x >= 0)) return NaN;
      if (x === 0) return -Infinity;
      if (x === Infinity) return Infinity;
      let y = x, shift = 0;
      if (y < 2.2250738585072014e-308) { y = y * 18014398509481984; shift = 54; }   // subnormal: scale by 2^54 first
      SL.bits[0] = y;
      const b = SL.bitWords[0];
      let e = Number(b >> 52n) - 1023 - shift;
      SL.bitWords[0] = (b & 0x000FFFFFFFFFFFFFn) | 0x3FF0000000000000n;
      let m = SL.bits[0];
      if (m > 1.4142135623730951) { m /= 2; e += 1; }
      const s = (m - 1) / (m + 1);
      const t = s * s, t2 = t * t, t4 = t2 * t2, t8 = t4 * t4;
      const a0 = 1 + 0.3333333333333333 * t, a1 = 0.2 + 0.14285714285714285 * t;
      const a2 = 0.1111111111111111 + 0.09090909090909091 * t, a3 = 0.07692307692307693 + 0.06666666666666667 * t;
      const a4 = 0.058823529411764705 + 0.05263157894736842 * t, a5 = 0.047619047619047616 + 0.043478260869565216 * t;
      const sum = s * (((a0 + a1 * t2) + (a2 + a3 * t2) * t4) + (a4 + a5 * t2) * t8);
      return e * 6.93147180369123816490e-01 + (2 * sum + e * 1.90821492927058770002e-10);
    };

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
