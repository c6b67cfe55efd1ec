// The Kotlin export of icarousel(-paging) (ICarouselSnap.swift with ICarouselDeceleration.swift).
// Same branches, same rule names.

extension KotlinExport {
    /// ICarouselSnap.swift (`didPan:` Ended, `decelerationDistance`, `shouldDecelerate`, `shouldScroll`).
    static func iCarousel(paging: Bool) -> String {
        """
        // ICarouselSnap.itemVelocity: items per second, slowed past the ends (bounceDistance).
        private fun itemVelocity(v: Double, p: Double, L: SnapGeometry): Double {
            if (v != v) return 0.0
            var factor = 1.0
            if (!L.isLooping) {
                val over = Math.abs(p - SnapMath.clamp(p, 0.0, L.itemCount - 1))
                val m = if (P.bounceDistance < over) P.bounceDistance else over // Swift.min keeps over when it is NaN
                factor = 1 - m / P.bounceDistance
                if (factor != factor) factor = 0.0
            }
            return v * 1000 / L.stride * P.scrollSpeed * factor
        }

        // ICarouselDeceleration.coastDistance (items) for an item velocity per second.
        private fun coast(v: Double): Double {
            val velocity = v / 1000
            val k = 2 * P.decelerationMultiplier * (1 - P.decelerationRate)
            if (!(velocity == velocity && k > 0 && k.isFinite())) return 0.0
            return velocity * 1000 / k
        }

        // ICarouselSnap.swift\(paging ? " (pagingEnabled)" : "").
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val p = L.position(r.offset)
            val v = itemVelocity(r.velocity, p, L)
            val distance = coast(v)
            if (Math.abs(v) > P.scrollSpeedThreshold && Math.abs(distance) > P.decelerateThreshold) {
                val end = \(paging ? "if (distance > 0) SnapMath.ceiledIndex(p) else SnapMath.flooredIndex(p)"
                                   : "if (distance > 0) SnapMath.ceiledIndex(p + distance) else SnapMath.flooredIndex(p + distance)")
                return L.decision(end, "\(paging ? "paging-one-item" : "decelerate-to-boundary")")
            }
            val current = L.clampedSlot(SnapMath.roundedIndex(p))
            val off = Math.abs(p - current)
            if (off < 1e-6) return L.decision(current, "at-item")
            if (Math.abs(v) > P.scrollSpeedThreshold && off > P.scrollDistanceThreshold) {
                return L.decision(current + (if (v > 0) 1 else -1), "scroll-to-neighbour")
            }
            return L.decision(current, "nearest-item")
        }
        """
    }
}
