// The Kotlin export of embla (EmblaSnap.swift, EmblaSnap+Contain.swift, EmblaProjection.swift):
// the projection, the bounded snap list of `containScroll` and the looping decision. Same
// branches, same rule names.

extension KotlinExport {
    /// EmblaSnap.swift with its snap list (`containScroll` 0 off, 1 trimSnaps, 2 keepSnaps).
    static let embla = """
        // EmblaSnap+Contain.swift: the snap list of a bounded carousel (containScroll, ScrollTarget.findTargetSnap).
        private class EmblaList(val L: SnapGeometry, val mode: Int) {
            var first = 0.0
            var last = L.itemCount - 1
            var lower = 0.0
            var upper = L.maxOffset
            init {
                val n = L.itemCount
                if (mode == 0) {
                    lower = L.rawSnapOffset(0.0)
                    upper = L.rawSnapOffset(n - 1)
                } else if (mode != 2) {
                    if (L.maxOffset <= 0) {
                        last = 0.0
                    } else {
                        val start = bounded(0.0)
                        val end = bounded(n - 1)
                        var m = SnapMath.clamp(SnapMath.flooredIndex(-L.alignmentOrigin / L.stride), 0.0, n - 1)
                        while (m > 0 && bounded(m) != start) m -= 1
                        while (m + 1 < n && bounded(m + 1) == start) m += 1
                        var e = SnapMath.clamp(SnapMath.ceiledIndex((L.maxOffset - L.alignmentOrigin) / L.stride), 0.0, n - 1)
                        while (e + 1 < n && bounded(e) != end) e += 1
                        while (e > 0 && bounded(e - 1) == end) e -= 1
                        first = m
                        last = Math.max(m, e)
                    }
                }
            }
            fun rounded(x: Double): Double = SnapMath.roundedHalfAway(x * 1000) / 1000
            fun bounded(s: Double): Double = rounded(L.snapOffset(s))
            fun snap(s: Double): Double = if (mode == 0) L.rawSnapOffset(s) else rounded(L.snapOffset(s))
            fun reachedBound(offset: Double): Boolean = offset < lower || offset > upper
            fun representative(slot: Double): Double = Math.min(Math.max(slot, first), last)
            fun nearest(target: Double): Double {
                val y = SnapMath.clamp(target, lower, upper)
                val guess = Math.min(Math.max(SnapMath.roundedIndex((y - L.alignmentOrigin) / L.stride), first), last)
                val to = Math.min(last, guess + 2)
                var s = Math.max(first, guess - 2)
                var offset = snap(s)
                var best = s
                var bestDistance = Math.abs(offset - y)
                while (offset < y && s < to) {
                    s += 1
                    offset = snap(s)
                    val d = Math.abs(offset - y)
                    if (d < bestDistance) {
                        best = s
                        bestDistance = d
                    }
                }
                return best
            }
        }

        // EmblaSnap.nearestSlot(base:relativePosition:in:).
        private fun emblaNearest(base: Double, x: Double, L: SnapGeometry): Double {
            if (x.isInfinite() || x != x) return L.clampedSlot(base + SnapMath.roundedIndex(x))
            val step = SnapMath.flooredIndex(x)
            val lower = base + step
            val upper = lower + 1
            val frac = x - step
            val slot = if (frac < 0.5) lower else if (frac > 0.5) upper
                else if (L.itemIndex(upper) < L.itemIndex(lower)) upper else lower
            return L.clampedSlot(slot)
        }

        // EmblaSnap.swift (DragHandler.ts up/allowedForce, ScrollTarget.ts).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val force = if (Math.abs(r.velocity) > P.minimumSpeed) r.velocity * P.forceBoost else 0.0
            val threshold = Math.min(Math.max(P.thresholdFraction * L.viewportWidth, P.thresholdMinimum), P.thresholdMaximum)
            if (!L.isLooping) {
                val mode = P.containScroll.toInt()
                val list = EmblaList(L, if (mode == 0 || mode == 2) mode else 1)
                val current = if (r.offset == r.offset) r.offset else 0.0
                val selected = list.representative(L.startSlot(r))
                val closest = list.nearest(current + force)
                if (!(Math.abs(force) >= threshold)) {
                    return L.decision(closest, if (force == 0.0) "closest-snap" else "closest-to-projection")
                }
                if (P.skipSnaps != 0.0 && list.nearest(current) != selected) {
                    val base = if (list.reachedBound(current + force)) force else list.snap(closest) - current
                    return L.decision(list.nearest(current + P.skipFactor * base), "skip-snaps")
                }
                return L.decision(list.representative(selected + (if (force > 0) 1 else -1)), if (force > 0) "next" else "previous")
            }
            // Positions relative to the whole slot at or before the release.
            val here = L.position(L.clampedOffset(r.offset))
            val finite = !(here.isInfinite() || here != here)
            val base = if (finite) SnapMath.flooredIndex(here) else 0.0
            val fraction = if (finite) here - base else here
            val projected = SnapMath.snappedToWhole(fraction + force / L.stride)
            val closest = emblaNearest(base, projected, L)
            if (!(Math.abs(force) >= threshold)) {
                return L.decision(closest, if (force == 0.0) "closest-snap" else "closest-to-projection")
            }
            val selected = L.startSlot(r)
            if (P.skipSnaps != 0.0 && emblaNearest(base, fraction, L) != selected) {
                val closestPosition = L.position(L.snapOffset(closest)) - base
                val resnap = SnapMath.snappedToWhole(fraction + P.skipFactor * (closestPosition - fraction))
                return L.decision(emblaNearest(base, resnap, L), "skip-snaps")
            }
            return L.decision(selected + (if (force > 0) 1 else -1), if (force > 0) "next" else "previous")
        }
        """
}
