// The recorder page's JavaScript, part 4: the release velocity, estimated as SnapLab's default
// estimator does (`--velocity lsq2`): `VelocityWindow.select` and `LSQ2VelocityEstimator.estimate`
// in `Sources/SnapTraces/Velocity/` (AOSP VelocityTracker.cpp, LSQ2, HORIZON 100 ms,
// HISTORY_SIZE 20, ASSUME_POINTER_STOPPED_TIME 40 ms), ported line by line.

extension RecorderScript {
    /// `SL.lsq2(samples)` → `{velocity, samplesUsed}`; samples are `{t, x, move}` in time order,
    /// the last one the lift-off (t in ms, x the content offset in points, move true for
    /// pointerdown and pointermove rows).
    static let velocity = #"""
    SL.velocityWindow = (s) => {
      const horizon = 100, historySize = 20, stopped = 40, eps = 0.5e-6;
      let nm = -1;
      for (let i = s.length - 1; i >= 0; i--) { if (s[i].move) { nm = i; break; } }
      if (nm < 0 || s.length === 0) return [];
      const tNew = s[nm].t, lift = s[s.length - 1].t;
      if (!(lift - tNew <= stopped + eps)) return [];
      const idx = [nm];
      let previous = tNew;
      for (let j = nm - 1; j >= 0 && idx.length < historySize; j--) {
        if (!s[j].move) continue;
        const tj = s[j].t;
        if (tj - tNew < -(horizon + eps) || previous - tj > stopped + eps) break;
        if (previous - tj > eps) idx.push(j);
        previous = tj;
      }
      return idx;
    };

    SL.lsq2 = (s) => {
      const idx = SL.velocityWindow(s), n = idx.length;
      if (n < 2) return { velocity: 0, samplesUsed: n };
      const tNew = s[idx[0]].t, xNew = s[idx[0]].x;
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, r0 = 0, r1 = 0, r2 = 0;
      for (let k = 0; k < n; k++) {
        const a = s[idx[k]].t - tNew, dx = s[idx[k]].x - xNew, a2 = a * a;
        s0 += 1; s1 += a; s2 += a2; s3 += a2 * a; s4 += a2 * a2;
        r0 += dx; r1 += dx * a; r2 += dx * a2;
      }
      let v;
      if (n === 2) {
        v = (s0 * r1 - s1 * r0) / (s0 * s2 - s1 * s1);
      } else {
        const c1 = s1 * s4 - s3 * s2;
        const det = s0 * (s2 * s4 - s3 * s3) - s1 * c1 + s2 * (s1 * s3 - s2 * s2);
        const det1 = s0 * (r1 * s4 - s3 * r2) - r0 * c1 + s2 * (s1 * r2 - r1 * s2);
        v = det1 / det;
      }
      return { velocity: isFinite(v) ? v : 0, samplesUsed: n };
    };
    """#
}
