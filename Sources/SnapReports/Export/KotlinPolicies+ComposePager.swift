// The Kotlin export of compose-pager (ComposePagerSnap.swift) and the spline pieces it needs
// beyond the fling distance: the fling duration and the velocity left after a travelled distance
// (AndroidSplineDeceleration.swift `duration(velocity:)`, `velocity(afterTravelling:from:)`, the
// 100-sample spline table built with the same bisection). Same branches, same rule names.

extension KotlinExport {
    /// ComposePagerSnap.swift (`PagerSnapDistance.atMost`, the decay approach, the settle rules);
    /// needs ``elementary``, ``spline`` and ``splineTable``.
    static let composePager = elementary + spline + splineTable + """
        // AndroidSplineDeceleration.duration(velocity:), ms.
        private fun splineDuration(velocity: Double): Double {
            if (velocity.isInfinite()) return Double.POSITIVE_INFINITY
            val fc = P.friction * P.physicalCoefficient * P.density
            val speed = Math.abs(velocity) * 1000
            if (!(speed > 0 && speed.isFinite() && fc > 0 && fc.isFinite() && P.inflexion > 0 && P.decelerationExponent > 1)) return 0.0
            val l = Elementary.log(P.inflexion * speed / fc)
            return 1000 * Elementary.exp(l / (P.decelerationExponent - 1))
        }

        private fun decayDistance(velocity: Double): Double =
            spline(velocity, P.friction, P.inflexion, P.decelerationExponent, P.physicalCoefficient, P.density)

        // AndroidSplineDeceleration.velocity(afterTravelling:from:).
        private fun velocityAfter(distance: Double, velocity: Double): Double {
            val total = Math.abs(decayDistance(velocity))
            val t = splineDuration(velocity)
            if (!(total > 0 && total.isFinite() && t > 0 && t.isFinite() && distance == distance)) return 0.0
            val fraction = Math.abs(distance) / total
            if (!(fraction < 1)) return 0.0
            val speed = total / t * SplineTable.slope(fraction)
            return if (velocity < 0) -speed else speed
        }

        // ComposePagerSnap.swift (Pager's fling behaviour: PagerSnapDistance.atMost, decay approach, settle).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val stride = L.stride
            val density = P.density
            val v = if (r.velocity != r.velocity) r.velocity else clampedFling(r.velocity, density)
            val p = L.position(r.offset)
            val n = SnapMath.truncatedIndex(P.maxPages)
            // Approach: decay toward a page, stopping one page short.
            val decay = decayDistance(v)
            val firstVisible = SnapMath.flooredIndex(p)
            val start = if (v < 0) firstVisible + 1 else firstVisible
            var target = start + SnapMath.truncatedIndex(decay / stride)
            if (!L.isLooping) target = SnapMath.clamp(target, 0.0, L.itemCount)
            target = SnapMath.clamp(target, start - n, start + n)
            if (!L.isLooping) target = SnapMath.clamp(target, 0.0, L.itemCount)
            val approachPages = Math.max(Math.abs(target - start) - 1, 0.0)
            var settle = v
            var position = p
            if (approachPages > 0 && v != 0.0 && v == v) {
                val approach = approachPages * stride
                settle = if (Math.abs(decay) >= approach) velocityAfter(approach, v) else 0.0
                val end = r.offset + (if (v > 0) approach else -approach)
                position = L.position(L.clampedOffset(end))
            }
            val lower = SnapMath.flooredIndex(position)
            val upper = SnapMath.ceiledIndex(position)
            val approached = approachPages > 0
            val after = if (approached) "-after-approach" else ""
            // Settle.
            if (Math.abs(settle) >= P.minFlingVelocity * density) {
                return if (settle > 0) L.decision(upper, "fling-next" + after) else L.decision(lower, "fling-previous" + after)
            }
            val drag = -L.fingerTravel(r, P.touchSlop * density)
            val f = if (drag == drag) drag / L.itemWidth else 0.0
            val overflow = f - kotlin.math.truncate(f)
            val pageSize = L.itemWidth
            val forward = !(drag > 0)
            val a = P.positionThresholdDistance * density
            val b = pageSize / 2
            val fraction = (if (b < a) b else a) / pageSize
            if (Math.abs(overflow) > P.positionalThreshold) {
                return L.decision(if (forward) upper else lower, "drag-past-threshold" + after)
            }
            if (Math.abs(f) >= fraction) return L.decision(if (forward) lower else upper, "drag-below-threshold" + after)
            val nearer = if (position - lower < upper - position) lower else upper
            return L.decision(nearer, "dead-zone-nearest" + after)
        }
        """
}
