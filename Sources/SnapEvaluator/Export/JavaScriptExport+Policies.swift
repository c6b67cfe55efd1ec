// The JavaScript export's policies beyond the recorder page's (`RecorderScript+Policies.swift`):
// policies that read the start item, the finger's travel or the contact time, which the page does
// not log. Translated from their Swift files (same branches, same rule names);
// `PolicyExportVectorTests` runs them against SnapStrategies on 10,000 seeded releases each.

extension JavaScriptExport {
    /// Identifiers of the policies ported here.
    static let ownPolicies = ["android-viewpager", "flutter-pageview", "flutter-pageview-bouncing",
                              "swiftui-viewaligned", "swiftui-viewaligned-never", "swiper",
                              "rn-ios-snapinterval", "rn-ios-snapinterval-nomomentum"]

    /// More entries of `SL.policies`, and the release helpers they need.
    static let policies = #"""
    // Release.startSlot: the start item, clamped, or the slot nearest the touch-down offset.
    SL.startSlot = (r, L) => (r.startIndex !== null && r.startIndex !== undefined
      ? L.clampedSlot(r.startIndex) : L.nearestSlot(r.startOffset));
    // Release.fingerTravel(touchSlop:): known, or the content travel plus the slop in its direction.
    SL.fingerTravel = (r, slop) => {
      if (r.fingerTravel !== null && r.fingerTravel !== undefined) return r.fingerTravel;
      const t = r.offset - r.startOffset;
      return t > 0 ? t + slop : (t < 0 ? t - slop : 0);
    };

    // AndroidViewPagerSnap.swift (ViewPager.determineTargetPage); AndroidPixels.truncated.
    SL.androidTruncated = (dp, density) => SL.truncatedIndex(dp * density);
    SL.policies["android-viewpager"] = (r, L, p) => {
      const pos = L.position(r.offset), currentPage = SL.flooredIndex(pos), pageOffset = pos - currentPage;
      let fling;
      if (p.wholePixels !== 0) {
        const slop = 2 * SL.dimensionPixelSize(p.touchSlop / 2, p.density);
        const delta = SL.truncatedIndex(SL.fingerTravel(r, slop));
        fling = Math.abs(delta) > SL.androidTruncated(p.minFlingDistance, p.density)
          && Math.abs(SL.trackedVelocity(r.velocity)) > SL.androidTruncated(p.minFlingVelocity * 1000, p.density);
      } else {
        fling = Math.abs(SL.fingerTravel(r, p.touchSlop * p.density)) > p.minFlingDistance * p.density
          && Math.abs(r.velocity) > p.minFlingVelocity * p.density;
      }
      if (fling) return r.velocity > 0 ? L.decision(currentPage + 1, "fling-forward") : L.decision(currentPage, "fling-back");
      const selected = SL.startSlot(r, L), t = currentPage >= selected ? p.truncator : 1 - p.truncator;
      const target = currentPage + SL.flooredIndex(pageOffset + t);
      return L.decision(target, target > selected ? "slow-forward" : (target < selected ? "slow-back" : "slow-stay"));
    };

    // FlutterFlingGate.swift (DragGestureRecognizer.isFlingGesture; maxFlingVelocity 8 pt/ms).
    SL.flutterGatedVelocity = (r, p) => {
      const travel = Math.abs(r.offset - r.startOffset);
      let window = travel;
      if (travel !== travel) window = 0;
      else if (r.durationMs > p.velocityHorizon) {
        const b = Math.abs(r.velocity) * p.velocityHorizon;
        window = b < travel ? b : travel;                      // Swift.min keeps travel when b is NaN
      }
      if (!(Math.abs(r.velocity) > p.minFlingVelocity && window > p.minFlingDistance)) return 0;
      return SL.clamp(r.velocity, -8, 8);
    };
    // FlutterPageViewSnap.swift (PageScrollPhysics).
    SL.flutterPageView = (r, L, p) => {
      const v = SL.flutterGatedVelocity(r, p), offset = r.offset;
      if (!L.isLooping && ((v <= 0 && offset <= 0) || (v >= 0 && offset >= L.maxOffset))) {
        return L.decision(SL.flooredIndex(L.position(L.clampedOffset(offset)) + 0.5), "edge-parent-physics");
      }
      const pos = L.position(offset);
      if (v > 0) return L.decision(SL.flooredIndex(pos + 1), "fling-forward");
      if (v < 0) return L.decision(SL.flooredIndex(pos), "fling-back");
      return L.decision(SL.flooredIndex(pos + 0.5), "round-page");
    };
    SL.policies["flutter-pageview"] = SL.flutterPageView;
    SL.policies["flutter-pageview-bouncing"] = SL.flutterPageView;

    // SwiftUIViewAlignedSnap.swift (a model of .viewAligned).
    SL.viewAligned = (r, L, p, limited) => {
      const slot = L.nearestSlot(SL.uikitRest(r, p.decelerationRate, L));
      if (!limited) return L.decision(slot, "nearest-to-projection");
      const start = SL.startSlot(r, L), k = SL.truncatedIndex(p.maxViews);
      const bounded = Math.min(Math.max(slot, start - k), start + k);
      return L.decision(bounded, bounded === slot ? "nearest-to-projection" : "limited-by-one");
    };
    SL.policies["swiftui-viewaligned"] = (r, L, p) => SL.viewAligned(r, L, p, true);
    SL.policies["swiftui-viewaligned-never"] = (r, L, p) => SL.viewAligned(r, L, p, false);

    // RNIOSSnapIntervalSnap.swift (RCTScrollView snapToInterval).
    SL.snapInterval = (r, L, t) => {
      const fi = L.position(t), v = r.velocity;
      if (v > 0) return L.decision(SL.ceiledIndex(fi), "ceil-forward");
      if (v < 0) return L.decision(SL.flooredIndex(fi), "floor-backward");
      return L.decision(SL.roundedIndex(fi), "round-at-rest");
    };
    SL.policies["rn-ios-snapinterval"] = (r, L, p) => SL.snapInterval(r, L, SL.uikitRest(r, p.decelerationRate, L));
    SL.policies["rn-ios-snapinterval-nomomentum"] = (r, L) => SL.snapInterval(r, L, r.offset);

    // SwiperSnap.swift (onTouchEnd.ts).
    SL.policies["swiper"] = (r, L, p) => {
      const travel = r.offset - r.startOffset, start = SL.startSlot(r, L);
      if (!(Math.abs(SL.fingerTravel(r, p.threshold)) > p.threshold && travel !== 0 && travel === travel)) {
        return L.decision(start, "no-swipe");
      }
      const pos = L.position(r.offset);
      let stopIndex = SL.flooredIndex(pos);
      if (!L.isLooping) {
        stopIndex = r.offset >= L.maxOffset ? L.itemCount - 1 : Math.min(Math.max(stopIndex, 0), L.itemCount - 1);
      }
      const ratio = pos - stopIndex, next = travel > 0;
      if (r.durationMs > p.longSwipesMs) {
        if (p.longSwipes === 0) return L.decision(start, "long-swipes-off");
        const moveOn = next ? ratio >= p.longSwipesRatio : ratio > 1 - p.longSwipesRatio;
        return L.decision(moveOn ? stopIndex + 1 : stopIndex,
          next ? (moveOn ? "long-next-past-ratio" : "long-next-back") : (moveOn ? "long-prev-back" : "long-prev-past-ratio"));
      }
      if (p.shortSwipes === 0) return L.decision(start, "short-swipes-off");
      return L.decision(next ? stopIndex + 1 : stopIndex, next ? "short-next" : "short-prev");
    };
    """#
}
