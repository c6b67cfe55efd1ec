// The JavaScript export of compose-pager (ComposePagerSnap.swift) and the spline pieces it needs
// beyond the fling distance (AndroidSplineDeceleration.swift `duration(velocity:)`,
// `velocity(afterTravelling:from:)`, the 100-sample spline table built with the same bisection).
// Same branches, same rule names; needs `RecorderScript.cssSnap` (SL.spline,
// SL.splineTable, SL.splineDuration) and `RecorderScript.geometry` (SL.exp, SL.log).

extension JavaScriptExport {
    /// More entries of `SL.policies`: compose-pager.
    static let composePager = #"""
    // AndroidSplineDeceleration.swift: the slope of OverScroller's spline table (SL.splineTable, RecorderScript+CSSSnap.swift).
    SL.splineSlope = (fraction) => {
      const t = SL.splineTable;
      for (let i = 0; i < 100; i++) if (t[i + 1] > fraction) return (t[i + 1] - t[i]) * 100;
      return 0;
    };
    // AndroidSplineDeceleration.velocity(afterTravelling:from:).
    SL.velocityAfter = (distance, velocity, s) => {
      const total = Math.abs(SL.spline(velocity, s)), t = SL.splineDuration(velocity, s);
      if (!(total > 0 && isFinite(total) && t > 0 && isFinite(t) && distance === distance)) return 0;
      const fraction = Math.abs(distance) / total;
      if (!(fraction < 1)) return 0;
      const speed = total / t * SL.splineSlope(fraction);
      return velocity < 0 ? -speed : speed;
    };

    // ComposePagerSnap.swift (Pager's fling behaviour: PagerSnapDistance.atMost, decay approach, settle).
    SL.policies["compose-pager"] = (r, L, p) => {
      const s = { friction: p.friction, inflexion: p.inflexion, exponent: p.decelerationExponent,
                  coefficient: p.physicalCoefficient, density: p.density };
      const stride = L.stride, density = p.density;
      const v = r.velocity !== r.velocity ? r.velocity : SL.splineClamp(r.velocity, density);
      const pos = L.position(r.offset), n = SL.truncatedIndex(p.maxPages);
      // Approach: decay toward a page, stopping one page short.
      const decay = SL.spline(v, s);
      const firstVisible = SL.flooredIndex(pos), start = v < 0 ? firstVisible + 1 : firstVisible;
      let target = start + SL.truncatedIndex(decay / stride);
      if (!L.isLooping) target = SL.clamp(target, 0, L.itemCount);
      target = SL.clamp(target, start - n, start + n);
      if (!L.isLooping) target = SL.clamp(target, 0, L.itemCount);
      const approachPages = Math.max(Math.abs(target - start) - 1, 0);
      let settle = v, position = pos;
      if (approachPages > 0 && v !== 0 && v === v) {
        const approach = approachPages * stride;
        settle = Math.abs(decay) >= approach ? SL.velocityAfter(approach, v, s) : 0;
        position = L.position(L.clampedOffset(r.offset + (v > 0 ? approach : -approach)));
      }
      const lower = SL.flooredIndex(position), upper = SL.ceiledIndex(position);
      const after = approachPages > 0 ? "-after-approach" : "";
      // Settle.
      if (Math.abs(settle) >= p.minFlingVelocity * density) {
        return settle > 0 ? L.decision(upper, "fling-next" + after) : L.decision(lower, "fling-previous" + after);
      }
      const drag = -SL.fingerTravel(r, p.touchSlop * density);
      const f = drag === drag ? drag / L.itemWidth : 0, overflow = f - Math.trunc(f);
      const pageSize = L.itemWidth, forward = !(drag > 0);
      const a = p.positionThresholdDistance * density, b = pageSize / 2;
      const fraction = (b < a ? b : a) / pageSize;
      if (Math.abs(overflow) > p.positionalThreshold) return L.decision(forward ? upper : lower, "drag-past-threshold" + after);
      if (Math.abs(f) >= fraction) return L.decision(forward ? lower : upper, "drag-below-threshold" + after);
      return L.decision(position - lower < upper - position ? lower : upper, "dead-zone-nearest" + after);
    };
    """#
}
