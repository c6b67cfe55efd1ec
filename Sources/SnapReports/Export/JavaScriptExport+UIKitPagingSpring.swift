// The JavaScript export of uikit-paging-spring (UIKitPagingSpringSnap.swift). Same steps, same rule
// name. The Swift policy's early stops (UIKitPagingSpringSnap+Settling.swift) only prove sooner that
// the attractor stays; stepping on reaches the same decision, so the export steps on (at most 4000 steps).

extension JavaScriptExport {
    /// More entries of `SL.policies`: uikit-paging-spring.
    static let uiKitPagingSpring = #"""
    // UIKitPagingSpringSnap.springPull / friction: _pagingSpringPull (per ms²) and _pagingFriction (per ms) for the bounds width (pt).
    SL.uiKitSpringPull = (w) => (w > 1024 ? 0.00017 : w * -0.000000184659091 + 0.000359090909);
    SL.uiKitPagingFriction = (w) => (w > 1024 ? 0.977 : w * 0.00000994318182 + 0.966818182);
    // UIKitPagingSpringSnap.decide: pages relative to the page nearest the release, the attractor within one page of it.
    SL.policies["uikit-paging-spring"] = (r, L, p) => {
      const pull = SL.uiKitSpringPull(L.viewportWidth) + p.pullAdjustment;
      const k = pull >= 1e-6 ? pull : 1e-6;                    // Swift.max(1e-6, pull) keeps 1e-6 when pull is NaN
      const f = SL.clamp(SL.uiKitPagingFriction(L.viewportWidth) + p.frictionAdjustment, 0, 0.999);
      const pos = L.position(r.offset);
      if (!isFinite(pos)) return L.decision(L.nearestSlot(0), "spring-settled");
      const base = SL.roundedIndex(pos);
      let low = -1, high = 1;
      if (!L.isLooping) {
        low = SL.clamp(base - 1, 0, L.itemCount - 1) - base;
        high = SL.clamp(base + 1, 0, L.itemCount - 1) - base;
      }
      if (low === high) return L.decision(base + low, "spring-settled");
      const middle = SL.clamp(0, low, high);
      let x = pos - base;
      let v = isFinite(r.velocity) ? r.velocity / L.stride : 0;   // pages per ms
      v = SL.clamp(v, -1, 1);
      let target = middle;
      for (let step = 0; step < 4000; step++) {
        target = x >= 0.5 ? high : (x <= -0.5 ? low : middle);
        v = f * v + k * (target - x);
        x += v;
        // Settled, or the amplitude sqrt(d² + v²/k) below 0.4 page: the attractor stays.
        if (Math.abs(v) < 1e-5 && Math.abs(target - x) < 0.05) break;
        const d = x - target;
        if (d * d + v * v / k < 0.16) break;
      }
      return L.decision(base + target, "spring-settled");
    };
    """#
}
