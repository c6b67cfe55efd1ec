// The JavaScript export's policies beyond the recorder page's (`RecorderScript+Policies.swift`):
// policies that read the start item, the finger's travel or the contact time, which the page does
// not log. Translated from their Swift files (same branches, same rule names);
// `PolicyExportVectorTests` runs them against SnapStrategies on 10,000 seeded releases each.

extension JavaScriptExport {
    /// Identifiers of the policies ported here.
    static let ownPolicies = ["android-viewpager", "android-linearsnap", "compose-lazyrow-snap", "learned-threshold", "flutter-pageview", "flutter-pageview-bouncing", "rn-android-paging",
                              "swiftui-viewaligned", "swiftui-viewaligned-never", "swiper",
                              "rn-ios-snapinterval", "rn-ios-snapinterval-nomomentum", "compose-pager", "embla",
                              "flutter-fixedextent", "flutter-fixedextent-bouncing", "icarousel", "icarousel-paging", "uikit-paging-spring"]

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

    // FlutterFlingGate.swift (DragGestureRecognizer.isFlingGesture; maxFlingVelocity 8 pt/ms unless given).
    SL.flutterGatedVelocity = (r, p, maximum = 8) => {
      const travel = Math.abs(r.offset - r.startOffset);
      let window = travel;
      if (travel !== travel) window = 0;
      else if (r.durationMs > p.velocityHorizon) {
        const b = Math.abs(r.velocity) * p.velocityHorizon;
        window = b < travel ? b : travel;                      // Swift.min keeps travel when b is NaN
      }
      if (!(Math.abs(r.velocity) > p.minFlingVelocity && window > p.minFlingDistance)) return 0;
      return SL.clamp(r.velocity, -maximum, maximum);
    };
    // FlutterPageViewSnap.swift (PageScrollPhysics).
    SL.flutterPageView = (r, L, p) => {
      const v = SL.flutterGatedVelocity(r, p), offset = r.offset;
      if (!L.isLooping && ((v <= 0 && offset <= 0) || (v >= 0 && offset >= L.maxOffset))) {
        return L.decision(SL.flooredIndex(L.position(L.clampedOffset(offset)) + 0.5), "edge-parent-physics");
      }
      // _PagePosition.page: getPageFromPixels(clampDouble(pixels, minScrollExtent, maxScrollExtent), …).
      const pos = L.position(L.clampedOffset(offset));
      if (v > 0) return L.decision(SL.flooredIndex(pos + 1), "fling-forward");
      if (v < 0) return L.decision(SL.flooredIndex(pos), "fling-back");
      return L.decision(SL.flooredIndex(pos + 0.5), "round-page");
    };
    SL.policies["flutter-pageview"] = SL.flutterPageView;
    SL.policies["flutter-pageview-bouncing"] = SL.flutterPageView;

    // AndroidSplineDeceleration.swift: the fling clamp at 8 dp/ms (SL.spline: RecorderScript+CSSSnap.swift).
    SL.splineClamp = (v, density, maximum = 8) => {
      if (v !== v) return 0;
      const limit = Math.max(0, maximum * density);
      return Math.min(Math.max(v, -limit), limit);
    };

    // AndroidLinearSnapHelperSnap.swift (LinearSnapHelper.findTargetSnapPosition, estimateNextPositionDiffForFling).
    SL.policies["android-linearsnap"] = (r, L, p) => {
      const s = { friction: p.friction, inflexion: p.inflexion, exponent: p.decelerationExponent,
                  coefficient: p.physicalCoefficient, density: p.density };
      const whole = p.wholePixels !== 0;
      let v;
      if (whole) {
        const m = SL.dimensionPixelSize(p.maxFlingVelocity * 1000, p.density);
        v = SL.clamp(SL.trackedVelocity(r.velocity), -m, m) / 1000;
      } else {
        v = SL.splineClamp(r.velocity, p.density, p.maxFlingVelocity);
      }
      const pos = L.position(r.offset), current = SL.ceiledIndex(pos - 0.5);
      const gate = whole ? SL.dimensionPixelSize(p.minFlingVelocity * 1000, p.density) / 1000 : p.minFlingVelocity * p.density;
      if (!(Math.abs(v) > gate)) return L.decision(current, "slow-nearest");
      const raw = SL.spline(v, s), distance = whole ? SL.roundedHalfAway(raw) : raw;
      const jump = SL.flooredIndex(distance / L.stride + 0.5);
      if (jump === 0) {
        const end = L.clampedOffset(r.offset + distance);
        return L.decision(SL.ceiledIndex(L.position(end) - 0.5), "free-fling-nearest");
      }
      return L.decision(current + jump, jump > 0 ? "spline-jump-forward" : "spline-jump-back");
    };

    // LearnedThresholdSnap.swift: the features, the linear score and the cut points.
    SL.policies["learned-threshold"] = (r, L, p) => {
      const s = SL.startSlot(r, L), pos = L.position(r.offset), stride = L.stride, t = r.offset - r.startOffset;
      const travel = t / stride;
      const excess = r.fingerTravel !== null && r.fingerTravel !== undefined ? (r.fingerTravel - t) / stride : 0;
      const uikit = L.position(SL.uikitRest(r, 0.998, L)) - s;
      const v = SL.splineClamp(r.velocity, 1);
      const android = L.position(L.clampedOffset(r.offset + SL.spline(v, SL.platformSpline(0.015)))) - s;
      const contact = r.durationMs > 0 ? r.durationMs : 0;
      const direction = t > 0 ? 1 : (t < 0 ? -1 : 0);
      const eta = p.velocityWeight * (r.velocity / stride) + p.travelWeight * travel + p.fingerTravelWeight * excess
        + p.fractionWeight * (pos - Math.floor(pos)) + p.uikitProjectionWeight * uikit + p.androidProjectionWeight * android
        + p.durationWeight * SL.log(1 + contact) + p.quicknessWeight * (direction * 100 / (contact > 10 ? contact : 10));
      const cuts = Object.keys(p).filter((k) => /^cut[0-9]+$/.test(k)).sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
      let k = 0;
      if (eta === eta) {
        let above = 0;
        for (const c of cuts) if (p[c] < eta) above += 1;
        k = above - Math.floor(cuts.length / 2);
      }
      return L.decision(L.clampedSlot(s) + k, k === 0 ? "stay-on-start-item" : (k > 0 ? "forward-" + k : "back-" + (-k)));
    };

    // ComposeLazyRowSnap.swift (LazyListSnapLayoutInfoProvider with the spline decay).
    SL.policies["compose-lazyrow-snap"] = (r, L, p) => {
      const s = { friction: p.friction, inflexion: p.inflexion, exponent: p.decelerationExponent,
                  coefficient: p.physicalCoefficient, density: p.density };
      const end = L.clampedOffset(r.offset + SL.spline(SL.splineClamp(r.velocity, p.density), s));
      return L.decision(SL.flooredIndex(L.position(end) + 0.5), "nearest-to-decay-end");
    };

    // RNAndroidPagingSnap.swift (ReactHorizontalScrollView.smoothScrollAndSnap, pagingEnabled).
    SL.rnPage = (pos, end, v) => {
      let prev = SL.flooredIndex(pos), next = SL.ceiledIndex(pos);
      if (prev === next) { if (v > 0) next += 1; else if (v < 0) prev -= 1; }
      const cur = SL.flooredIndex(pos + 0.5), target = SL.flooredIndex(end + 0.5);
      if (v > 0 && cur < next && target > prev) return [next, "fling-next-page"];
      if (v < 0 && cur > prev && target < next) return [prev, "fling-previous-page"];
      return [cur, v === 0 ? "nearest-page" : "fling-stays-nearest"];
    };
    SL.policies["rn-android-paging"] = (r, L, p) => {
      const clamped = SL.splineClamp(r.velocity, 1);
      // HorizontalScrollView.onTouchEvent: (int) px/s > minimum, strictly.
      const isFling = p.wholePixels !== 0
        ? Math.abs(SL.trackedVelocity(clamped * p.density)) > SL.dimensionPixelSize(p.minFlingVelocity * 1000, p.density)
        : Math.abs(clamped) > p.minFlingVelocity;
      const v = isFling ? clamped : 0;
      const distance = SL.spline(v, SL.platformSpline(1 - p.decelerationRate));
      if (L.isLooping) {
        const pg = SL.rnPage(L.position(r.offset), L.position(r.offset + distance), v);
        return L.decision(pg[0], pg[1]);
      }
      // getSnapInterval(): the view's width; pages from offset 0, the fling end clamped to the range.
      const interval = L.viewportWidth, offset = r.offset === r.offset ? r.offset : 0;
      const end = L.clampedOffset(offset + distance);
      const pg = SL.rnPage(offset / interval, end / interval, v);
      const rest = L.clampedOffset(pg[0] * interval), slot = L.nearestSlot(rest);
      return { slot: slot, index: L.itemIndex(slot), offset: rest, rule: pg[1] };
    };

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
      // onTouchEnd: the content did not move: no swipe; onTouchMove: a known finger must be past the threshold.
      const fingerPastThreshold = r.fingerTravel !== null && r.fingerTravel !== undefined ? Math.abs(r.fingerTravel) > p.threshold : true;
      if (!(travel !== 0 && travel === travel && fingerPastThreshold)) {
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
