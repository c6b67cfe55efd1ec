// The Kotlin export of uikit-paging-spring (UIKitPagingSpringSnap.swift). Same steps, same rule name.
// The Swift policy's early stops (UIKitPagingSpringSnap+Settling.swift) only prove sooner that the
// attractor stays; stepping on reaches the same decision, so the export steps on (at most 4000 steps).

extension KotlinExport {
    /// UIKitPagingSpringSnap.swift (`decide`): the per-ms spring toward the nearest page with friction.
    static let uiKitPagingSpring = """
        // UIKitPagingSpringSnap.springPull / friction: _pagingSpringPull (per ms²) and _pagingFriction (per ms) for the bounds width (pt).
        private fun springPull(w: Double): Double = if (w > 1024) 0.00017 else w * -0.000000184659091 + 0.000359090909
        private fun pagingFriction(w: Double): Double = if (w > 1024) 0.977 else w * 0.00000994318182 + 0.966818182

        // UIKitPagingSpringSnap.decide: pages relative to the page nearest the release, the attractor within one page of it.
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val pull = springPull(L.viewportWidth) + P.pullAdjustment
            val k = if (pull >= 1e-6) pull else 1e-6 // Swift.max(1e-6, pull) keeps 1e-6 when pull is NaN
            val f = SnapMath.clamp(pagingFriction(L.viewportWidth) + P.frictionAdjustment, 0.0, 0.999)
            val p = L.position(r.offset)
            if (!p.isFinite()) return L.decision(L.nearestSlot(0.0), "spring-settled")
            val base = SnapMath.roundedIndex(p)
            var low = -1.0
            var high = 1.0
            if (!L.isLooping) {
                low = SnapMath.clamp(base - 1, 0.0, L.itemCount - 1) - base
                high = SnapMath.clamp(base + 1, 0.0, L.itemCount - 1) - base
            }
            if (low == high) return L.decision(base + low, "spring-settled")
            val middle = SnapMath.clamp(0.0, low, high)
            var x = p - base
            var v = if (r.velocity.isFinite()) r.velocity / L.stride else 0.0 // pages per ms
            v = SnapMath.clamp(v, -1.0, 1.0)
            var target = middle
            for (step in 0 until 4000) {
                target = if (x >= 0.5) high else if (x <= -0.5) low else middle
                v = f * v + k * (target - x)
                x += v
                // Settled, or the amplitude sqrt(d² + v²/k) below 0.4 page: the attractor stays.
                if (Math.abs(v) < 1e-5 && Math.abs(target - x) < 0.05) break
                val d = x - target
                if (d * d + v * v / k < 0.16) break
            }
            return L.decision(base + target, "spring-settled")
        }
        """
}
