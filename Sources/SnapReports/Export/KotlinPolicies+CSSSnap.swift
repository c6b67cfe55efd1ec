// The Kotlin export's CSS scroll snap: CSSScrollSnap.swift and CSSScrollSnap+Covering.swift
// translated (as the recorder page's JavaScript, `RecorderScript+CSSSnap.swift`).

extension KotlinExport {
    /// CSSScrollSnap.swift and CSSScrollSnap+Covering.swift (Chromium's snap selection).
    static func cssSnap(proximity: Bool) -> String {
        // Mandatory snapping falls back to the nearest valid snap at the release position.
        let fallback = proximity ? "// (proximity: no fallback)" : [
            "val slot = cssClosestSlot(current, current, 0, false, range, L)",
            "    val fallback = cssResolve(slot, \"fling-fallback-end-position\", current, current, 0, range, L)",
            "    if (fallback != null) return fallback",
        ].joined(separator: "\n")
        return """
        // CSSScrollSnap.swift: isValid.
        private fun cssIsValid(snap: Double, current: Double, direction: Int, truncating: Boolean): Boolean {
            if (direction == 0) return true
            val d = snap - current
            val step = if (truncating) 1.0 else 0.5
            return if (direction > 0) d >= step else d <= -step
        }

        // CSSScrollSnap.swift: closestSlot (a bounded layout is scanned in document order, first of least distance).
        private fun cssClosestSlot(base: Double, current: Double, direction: Int, truncating: Boolean, range: Double,
                                   L: SnapGeometry): Double? {
            var best: Double? = null
            var bestDistance = 0.0
            fun consider(lo: Double, hi: Double) {
                var slot = lo
                while (slot <= hi) {
                    val snap = L.snapOffset(slot)
                    val d = Math.abs(snap - base)
                    if (cssIsValid(snap, current, direction, truncating) && d < range && (best == null || d < bestDistance)) {
                        best = slot
                        bestDistance = d
                    }
                    slot += 1
                }
            }
            if (!L.isLooping) {
                consider(0.0, L.itemCount - 1)
                return best
            }
            val k = SnapMath.roundedIndex(L.position(base))
            val edge = if (direction >= 0) SnapMath.ceiledIndex(L.position(current)) else SnapMath.flooredIndex(L.position(current))
            val nearLo = k - 1
            val nearHi = k + 1
            val aroundLo = edge - 2
            val aroundHi = edge + 2
            if (nearHi + 1 < aroundLo) {
                consider(nearLo, nearHi)
                consider(aroundLo, aroundHi)
            } else if (aroundHi + 1 < nearLo) {
                consider(aroundLo, aroundHi)
                consider(nearLo, nearHi)
            } else {
                consider(Math.min(nearLo, aroundLo), Math.max(nearHi, aroundHi))
            }
            return best
        }

        // CSSScrollSnap+Covering.swift: items wider than the snapport.
        private fun cssResolve(aligned: Double?, alignedRule: String, x: Double, current: Double, direction: Int,
                               range: Double, L: SnapGeometry): SnapDecision? {
            val w = L.itemWidth
            val v = if (L.alignment == SnapAlignment.TRAILING) L.viewportWidth - L.trailingInset else L.viewportWidth
            var intended: Double? = null
            var displacedSlot = 0.0
            var displacedOffset = 0.0
            var displacedDistance = -1.0
            if (w > v && v > 0 && x.isFinite()) {
                val span = w - v
                val k = SnapMath.flooredIndex((x - L.leadingInset) / L.stride)
                var s = k - 1
                while (s <= k + 2) {
                    val slot = s
                    s += 1
                    if (!L.isLooping && !(slot >= 0 && slot < L.itemCount)) continue
                    val a = L.leadingInset + slot * L.stride
                    if (x >= a && x <= a + span) {
                        intended = slot
                        continue
                    }
                    val offset = SnapMath.clamp(x, a, a + span)
                    if (!cssIsValid(offset, current, direction, false)) continue
                    val distance = Math.abs(offset - x)
                    if (!(distance < range)) continue
                    if (displacedDistance >= 0 && !(distance < displacedDistance)) continue
                    displacedSlot = slot
                    displacedOffset = offset
                    displacedDistance = distance
                }
            }
            val covering = intended
            if (covering != null) return L.decision(covering, L.clampedOffset(x), "covering-intended")
            if (displacedDistance >= 0) {
                val alignedDistance = if (aligned != null) Math.abs(L.snapOffset(aligned) - x) else Double.POSITIVE_INFINITY
                if (displacedDistance < alignedDistance ||
                    (displacedDistance == alignedDistance && (aligned == null || displacedSlot < aligned))) {
                    return L.decision(displacedSlot, L.clampedOffset(displacedOffset), "covering-displaced")
                }
            }
            return if (aligned != null) L.decision(aligned, alignedRule) else null
        }

        // CSSScrollSnap.swift: decide (\(proximity ? "proximity" : "mandatory")); ChromiumFlingEstimate.swift: the fling displacement.
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val v = r.velocity
            var displacement: Double? = null
            if (Math.abs(v) >= P.minFlingVelocity && v != 0.0) {
                val delta = if (v == v) v * P.frameInterval else 0.0
                displacement = if (delta == delta) delta * P.distanceScalar else 0.0
            }
            val fling = displacement
            val current = L.clampedOffset(r.offset)
            val range = \(proximity ? "P.proximityRatio * L.viewportWidth" : "Double.POSITIVE_INFINITY")
            fun noSnap(x: Double): SnapDecision {
                val rest = L.clampedOffset(x)
                return L.decision(L.nearestSlot(rest), rest, "no-snap-in-range")
            }
            if (fling == null || !(fling == fling && fling != 0.0)) {
                val slot = cssClosestSlot(current, current, 0, false, range, L)
                return cssResolve(slot, "end-position", current, current, 0, range, L) ?: noSnap(current)
            }
            val intended = current + fling
            val direction = if (fling > 0) 1 else -1
            val aligned = cssClosestSlot(intended, current, direction, false, range, L)
            var found = cssResolve(aligned, "fling-closest-in-direction", intended, current, direction, range, L)
            val first = found
            if (first != null && P.stopAlways != 0.0) {
                val stop = cssClosestSlot(current, current, direction, true, range, L)
                if (stop != null && Math.abs(L.snapOffset(stop) - current) < Math.abs(first.offset - current)) {
                    found = L.decision(stop, "fling-snap-stop")
                }
            }
            if (found != null) return found
            \(fallback)
            return noSnap(intended)
        }
        """
    }
}
