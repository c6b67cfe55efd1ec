// The recorder page's JavaScript, part 3: Chromium's CSS scroll snap, ported from
// `Sources/SnapStrategies/Policies/CSSScrollSnap.swift` (`decide(current:displacement:in:)`,
// `flingTarget`, `closestSlot`), `CSSScrollSnap+Coast.swift`, `CSSScrollSnap+DecayPrediction.swift`, `ChromiumFlingCurve.swift` and `PhysicsBasedFlingCurve.swift`. In a
// bounded layout the port scans every item in document order keeping the first of least distance,
// which is Chromium's own walk (`FindClosestValidAreaInternal`) and what the Swift binary search is
// documented to find; the agreement test holds the two together.

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

    // CSSScrollSnap.swift: decide(_:in:), the fling displacement from ChromiumFlingEstimate.swift.
    SL.cssDecide = (r, L, p, proximity) => {
      if (p.decayPrediction !== 0) return SL.cssDecay(r, L, p, proximity);   // CSSScrollSnap+DecayPrediction.swift
      const v = r.velocity;
      let displacement = null;
      if (Math.abs(v) >= p.minFlingVelocity && v !== 0) {
        const delta = v === v ? SL.auraOffset(v, p.frameInterval) : 0;   // ChromiumFlingEstimate.firstInertialDelta
        displacement = delta === delta ? delta * p.distanceScalar : 0;
      }
      if (displacement !== null && !(displacement === displacement && displacement !== 0)) displacement = null;
      const current = L.clampedOffset(r.offset);
      const d = SL.cssDecideAt(current, displacement, L, p, proximity);
      if (proximity && p.scrollEndSnap !== 0 && displacement !== null && d.rule === "no-snap-in-range") {
        return SL.cssCoast(current, v, p.proximityRatio * L.viewportWidth, L, p);   // CSSScrollSnap+Coast.swift
      }
      return d;
    };

    // CSSScrollSnap.swift: decide(current:displacement:in:) (null displacement: no fling).
    SL.cssDecideAt = (current, displacement, L, p, proximity) => {
      const range = proximity ? p.proximityRatio * L.viewportWidth : Infinity;
      if (displacement === null) {
        const slot = SL.cssClosestSlot(current, current, 0, false, range, L);
        return SL.cssResolve(slot, "end-position", current, current, 0, range, L) || SL.cssNoSnap(current, L);
      }
      const found = SL.cssFlingTarget(current, displacement, range, L, p);
      if (found !== null) return found;
      if (!proximity) {
        const slot = SL.cssClosestSlot(current, current, 0, false, range, L);
        const d = SL.cssResolve(slot, "fling-fallback-end-position", current, current, 0, range, L);
        if (d !== null) return d;
      }
      return SL.cssNoSnap(current + displacement, L);
    };

    SL.cssNoSnap = (x, L) => {
      const rest = L.clampedOffset(x), slot = L.nearestSlot(rest);
      return { slot: slot, index: L.itemIndex(slot), offset: rest, rule: "no-snap-in-range" };
    };

    // ChromiumFlingEstimate.swift: decayPrediction(velocity:firstUpdate:frame:curve:), the curve p.flingCurve's.
    SL.cssDecayPrediction = (velocity, firstUpdate, frame, p) => {
      if (!(isFinite(velocity) && velocity !== 0 && isFinite(firstUpdate))) return null;
      const duration = SL.cssCurveDuration(Math.abs(velocity) * 1000, p) * 1000;
      let elapsed = 0, reached = 0, scrolled = 0, previous = null, decaying = 0;
      for (let update = 1; elapsed < duration && update <= 1000; update++) {
        elapsed = update === 1 ? Math.max(0, firstUpdate) : elapsed + frame;
        const next = SL.cssCurveOffset(velocity, elapsed, p), delta = next - reached;
        reached = next;
        if (!(Math.abs(delta) > 0.1)) continue;   // kMinInertialScrollDelta
        decaying = previous !== null && Math.abs(delta) < Math.abs(previous) ? decaying + 1 : 0;
        if (previous !== null && previous !== 0 && (previous > 0) === (delta > 0)) {
          const ratio = Math.abs(delta) / Math.abs(previous);
          if (ratio < 0.96 || (decaying >= 3 && ratio < 1)) return { scrolled: scrolled, displacement: delta / (1 - ratio) };
        }
        previous = delta;
        scrolled += delta;
      }
      return null;
    };

    // CSSScrollSnap+DecayPrediction.swift: decideWithDecayPrediction (Chromium's kSnapFlingDecayPrediction).
    SL.cssDecay = (r, L, p, proximity) => {
      const current = L.clampedOffset(r.offset), v = r.velocity;
      if (!(Math.abs(v) >= p.minFlingVelocity && v !== 0 && v === v)) return SL.cssDecideAt(current, null, L, p, proximity);
      const range = proximity ? p.proximityRatio * L.viewportWidth : Infinity;
      const coast = SL.cssCurveOffset(v, Infinity, p);   // CSSScrollSnap.nativeFlingDistance: the whole curve
      const prediction = SL.cssDecayPrediction(v, p.decayFirstUpdate, 1000 / 60, p);
      if (prediction !== null) {
        const reached = current + prediction.scrolled, x = L.clampedOffset(reached);
        if (L.isLooping || x === reached) {
          const d = SL.cssDecideAt(x, prediction.displacement, L, p, proximity);
          if (d.rule !== "no-snap-in-range") return d;
        }
      }
      return SL.cssSnapAtScrollEnd(L.clampedOffset(current + coast), range, L);
    };

    // CSSScrollSnap.swift: flingTarget (EndAndDirectionStrategy; the intended position is unclamped).
    SL.cssFlingTarget = (current, displacement, range, L, p) => {
      const intended = current + displacement;
      const direction = displacement > 0 ? 1 : -1;
      const aligned = SL.cssClosestSlot(intended, current, direction, false, range, L);
      const found = SL.cssResolve(aligned, "fling-closest-in-direction", intended, current, direction, range, L);
      if (found !== null && p.stopAlways !== 0) {
        const stop = SL.cssClosestSlot(current, current, direction, true, range, L);
        if (stop !== null && Math.abs(L.snapOffset(stop) - current) < Math.abs(found.offset - current)) {
          return L.decision(stop, "fling-snap-stop");
        }
      }
      return found;
    };

    // ChromiumFlingCurve.swift (aura): the curve's times for a speed in px/s, offset(velocity:elapsed:).
    SL.aura = { alpha: -5707.62, beta: 172, gamma: 3.7 };
    SL.auraMaximum = -SL.aura.alpha * SL.aura.gamma - SL.aura.beta;
    SL.auraTimes = (v0) => {
      const a = SL.aura, scale = -a.alpha * a.gamma;
      if (!(v0 > 0 && isFinite(v0))) return null;
      const start = Math.min(v0, SL.auraMaximum);
      const t0 = -SL.log((start + a.beta) / scale) / a.gamma, tEnd = -SL.log(a.beta / scale) / a.gamma;
      if (!(isFinite(t0) && isFinite(tEnd) && tEnd >= t0)) return null;
      return [Math.max(0, t0), tEnd];
    };
    SL.auraPosition = (t) => SL.aura.alpha * SL.exp(-SL.aura.gamma * t) - SL.aura.beta * t - SL.aura.alpha;
    SL.auraOffset = (velocity, elapsed) => {
      if (!(velocity === velocity && velocity !== 0 && elapsed > 0)) return 0;
      const times = SL.auraTimes(Math.min(Math.abs(velocity) * 1000, SL.auraMaximum));
      if (times === null) return 0;
      const d = SL.auraPosition(Math.min(times[0] + elapsed / 1000, times[1])) - SL.auraPosition(times[0]);
      if (!(isFinite(d) && d > 0)) return 0;
      return velocity > 0 ? d : -d;
    };

    // CSSScrollSnap.swift: flingCurve chooses the curve of the decay path and of a native fling's end.
    SL.cssCurveOffset = (velocity, elapsed, p) =>
      p.flingCurve === 2 ? SL.mobileOffset(velocity, elapsed)
        : p.flingCurve !== 0 ? SL.physicsOffset(velocity, elapsed) : SL.auraOffset(velocity, elapsed);
    SL.cssCurveDuration = (speed, p) => {
      if (p.flingCurve === 2) return SL.mobileDuration(speed / 1000) / 1000;
      if (p.flingCurve !== 0) { const s = SL.physicsShape(speed / 1000); return s === null ? 0 : s[1]; }
      const times = SL.auraTimes(Math.min(speed, SL.auraMaximum));
      return times === null ? 0 : times[1] - times[0];
    };

    // PhysicsBasedFlingCurve.swift (desktop: 96 ppi, unbounded): shape(speed:) as [distance px, duration s, p1x, p1y].
    SL.physicsShape = (speed) => {
      const a = 96 * 2.7559e-5;
      if (!(speed > 0 && isFinite(speed))) return null;
      const time = speed / a, distance = (speed - a * time * 0.5) * time;
      const duration = Math.min(2, speed * 1000 / 2300);
      if (!(distance > 0 && isFinite(distance) && duration > 0)) return null;
      const slope = speed * 1000 * duration / distance;
      let p1x = 0.2, p1y = 1;
      if (slope * p1x < 1) p1y = p1x * slope; else p1x = p1y / slope;
      return [distance, duration, p1x, p1y];
    };
    // PhysicsBasedFlingCurve.swift: bezierY (gfx::CubicBezier::Solve; p2 = (0.55, 1)).
    SL.physicsBezierY = (x, p1x, p1y) => {
      const cx = 3 * p1x, bx = 3 * (0.55 - p1x) - cx, ax = 1 - cx - bx;
      const cy = 3 * p1y, by = 3 * (1 - p1y) - cy, ay = 1 - cy - by;
      let t = x, solved = false;
      for (let i = 0; i < 8; i++) {
        const error = ((ax * t + bx) * t + cx) * t - x;
        if (Math.abs(error) < 1e-12) { solved = true; break; }
        const derivative = (3 * ax * t + 2 * bx) * t + cx;
        if (Math.abs(derivative) < 1e-6) break;
        t -= error / derivative;
      }
      if (!solved || t < 0 || t > 1) {
        let lo = 0, hi = 1;
        t = x;
        for (let i = 0; i < 100; i++) {
          const value = ((ax * t + bx) * t + cx) * t;
          if (Math.abs(value - x) < 1e-12) break;
          if (value < x) lo = t; else hi = t;
          t = (lo + hi) / 2;
        }
      }
      return ((ay * t + by) * t + cy) * t;
    };
    // PhysicsBasedFlingCurve.swift: offset(velocity:elapsed:).
    SL.physicsOffset = (velocity, elapsed) => {
      if (!(velocity === velocity && velocity !== 0 && elapsed > 0)) return 0;
      const s = SL.physicsShape(Math.abs(velocity));
      if (s === null) return 0;
      const x = elapsed / 1000 / s[1];
      const d = x < 1 ? s[0] * SL.physicsBezierY(x, s[2], s[3]) : s[0];
      return velocity > 0 ? d : -d;
    };

    // AndroidSplineDeceleration.swift: OverScroller's spline fling distance (coastDistance) for a spline
    // {friction, inflexion, exponent, coefficient, density}.
    SL.spline = (velocity, s) => {
      if (velocity === Infinity || velocity === -Infinity) return velocity;
      const fc = s.friction * s.coefficient * s.density, speed = Math.abs(velocity) * 1000;
      if (!(speed > 0 && isFinite(speed) && fc > 0 && isFinite(fc) && s.inflexion > 0 && s.exponent > 1)) return 0;
      const l = SL.log(s.inflexion * speed / fc);
      const d = fc * SL.exp(s.exponent / (s.exponent - 1) * l);
      return velocity < 0 ? -d : d;
    };
    SL.platformSpline = (friction) => ({ friction: friction, inflexion: 0.35, exponent: 2.3582018154259448,
                                         coefficient: 9.80665 * 39.37 * 160 * 0.84, density: 1 });
    // AndroidSplineDeceleration.swift: OverScroller's spline table (100 samples).
    SL.splineTable = (() => {
      const startTension = 0.5, endTension = 1.0, inflexion = 0.35;
      const p1 = startTension * inflexion, p2 = 1 - endTension * (1 - inflexion);
      const table = new Array(101).fill(1);
      let xMin = 0;
      for (let i = 0; i < 100; i++) {
        const alpha = i / 100;
        let xMax = 1, x = 0, coef = 0;
        for (let k = 0; k < 64; k++) {
          x = xMin + (xMax - xMin) / 2;
          coef = 3 * x * (1 - x);
          const tx = coef * ((1 - x) * p1 + x * p2) + x * x * x;
          if (Math.abs(tx - alpha) < 1e-5) break;
          if (tx > alpha) xMax = x; else xMin = x;
        }
        table[i] = coef * ((1 - x) * startTension + x) + x * x * x;
      }
      return table;
    })();
    // AndroidSplineDeceleration.duration(velocity:), ms.
    SL.splineDuration = (velocity, s) => {
      if (velocity === Infinity || velocity === -Infinity) return Infinity;
      const fc = s.friction * s.coefficient * s.density, speed = Math.abs(velocity) * 1000;
      if (!(speed > 0 && isFinite(speed) && fc > 0 && isFinite(fc) && s.inflexion > 0 && s.exponent > 1)) return 0;
      return 1000 * SL.exp(SL.log(s.inflexion * speed / fc) / (s.exponent - 1));
    };
    // AndroidSplineDeceleration.splinePosition(atTimeFraction:): the table read linearly.
    SL.splinePosition = (tau) => {
      if (!(tau > 0)) return 0;
      if (!(tau < 1)) return 1;
      const scaled = tau * 100, i = SL.clamp(SL.flooredIndex(scaled), 0, 99), t = SL.splineTable;
      return t[i] + (scaled - i) * (t[i + 1] - t[i]);
    };
    // MobileScrollerFlingCurve.swift (android: the platform spline at density 1): durationMilliseconds(speed:)
    // for a speed in pt/ms, truncated to whole microseconds, and offset(velocity:elapsed:).
    SL.mobileDuration = (speed) => {
      const t = SL.splineDuration(speed, SL.platformSpline(0.015));
      return t > 0 && isFinite(t) ? Math.trunc(t * 1000) / 1000 : 0;
    };
    SL.mobileOffset = (velocity, elapsed) => {
      if (!(velocity === velocity && velocity !== 0 && elapsed > 0)) return 0;
      const total = SL.spline(velocity, SL.platformSpline(0.015)), duration = SL.mobileDuration(Math.abs(velocity));
      if (!(isFinite(total) && duration > 0)) return 0;
      if (!(elapsed < duration)) return total;
      const d = total * SL.splinePosition(elapsed / duration);
      return Math.abs(total - d) < 0.1 ? total : d;
    };

    // CSSScrollSnap+Coast.swift: a proximity fling with no snap in range runs its whole curve (kNativeFling)
    // and snaps once where it ends.
    SL.cssCoast = (current, velocity, range, L, p) =>
      SL.cssSnapAtScrollEnd(L.clampedOffset(current + SL.cssCurveOffset(velocity, Infinity, p)), range, L);

    // CSSScrollSnap+Coast.swift: snapAtScrollEnd (InputHandler::SnapAtScrollEnd, EndPositionStrategy).
    SL.cssSnapAtScrollEnd = (x, range, L) => {
      const slot = SL.cssClosestSlot(x, x, 0, false, range, L);
      return SL.cssResolve(slot, "scroll-end-position", x, x, 0, range, L) || SL.cssNoSnap(x, L);
    };
    SL.policies["css-snap-mandatory"] = (r, L, p) => SL.cssDecide(r, L, p, false);
    SL.policies["css-snap-proximity"] = (r, L, p) => SL.cssDecide(r, L, p, true);
    """#
}
