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
        let coast = proximity ? "if (P.scrollEndSnap != 0.0) return cssCoast(current, v, range, L) // CSSScrollSnap+Coast.swift" : ""
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
                val delta = if (v == v) auraOffset(v, P.frameInterval) else 0.0 // ChromiumFlingEstimate.firstInertialDelta
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
            val found = cssFlingTarget(current, fling, range, L)
            if (found != null) return found
            \(fallback)
            \(coast)
            return noSnap(current + fling)
        }

        // CSSScrollSnap.swift: flingTarget (EndAndDirectionStrategy; the intended position is unclamped).
        private fun cssFlingTarget(current: Double, displacement: Double, range: Double, L: SnapGeometry): SnapDecision? {
            val intended = current + displacement
            val direction = if (displacement > 0) 1 else -1
            val aligned = cssClosestSlot(intended, current, direction, false, range, L)
            val found = cssResolve(aligned, "fling-closest-in-direction", intended, current, direction, range, L)
            if (found != null && P.stopAlways != 0.0) {
                val stop = cssClosestSlot(current, current, direction, true, range, L)
                if (stop != null && Math.abs(L.snapOffset(stop) - current) < Math.abs(found.offset - current)) {
                    return L.decision(stop, "fling-snap-stop")
                }
            }
            return found
        }
        \(auraFunctions)\(proximity ? coastFunction : "")
        """
    }

    /// ChromiumFlingCurve.swift (aura): the desktop fling curve (needs ``elementary``).
    static let auraFunctions = """

        // ChromiumFlingCurve.swift (aura): the curve's times for a speed in px/s, offset(velocity:elapsed:).
        private val auraAlpha = -5707.62
        private val auraBeta = 172.0
        private val auraGamma = 3.7
        private val auraMaximum = -auraAlpha * auraGamma - auraBeta
        private fun auraTimes(v0: Double): DoubleArray? {
            val scale = -auraAlpha * auraGamma
            if (!(v0 > 0 && v0.isFinite())) return null
            val start = Math.min(v0, auraMaximum)
            val t0 = -Elementary.log((start + auraBeta) / scale) / auraGamma
            val tEnd = -Elementary.log(auraBeta / scale) / auraGamma
            if (!(t0.isFinite() && tEnd.isFinite() && tEnd >= t0)) return null
            return doubleArrayOf(Math.max(0.0, t0), tEnd)
        }
        private fun auraPosition(t: Double): Double = auraAlpha * Elementary.exp(-auraGamma * t) - auraBeta * t - auraAlpha
        private fun auraOffset(velocity: Double, elapsed: Double): Double {
            if (!(velocity == velocity && velocity != 0.0 && elapsed > 0)) return 0.0
            val times = auraTimes(Math.min(Math.abs(velocity) * 1000, auraMaximum)) ?: return 0.0
            val d = auraPosition(Math.min(times[0] + elapsed / 1000, times[1])) - auraPosition(times[0])
            if (!(d.isFinite() && d > 0)) return 0.0
            return if (velocity > 0) d else -d
        }

        """

    /// CSSScrollSnap+Coast.swift: a proximity fling with no snap in range coasts on and snaps later.
    static let coastFunction = """

        // CSSScrollSnap+Coast.swift: coast(from:velocity:in:).
        private fun cssCoast(current: Double, velocity: Double, range: Double, L: SnapGeometry): SnapDecision {
            val times = auraTimes(Math.min(Math.abs(velocity) * 1000, auraMaximum))
            val duration = (if (times == null) 0.0 else times[1] - times[0]) * 1000
            val frame = 1000.0 / 60.0
            var elapsed = Math.max(0.0, P.frameInterval)
            var reached = auraOffset(velocity, elapsed)
            var x = L.clampedOffset(current + reached)
            fun atEnd(x: Double): Boolean = !L.isLooping && (x <= 0 || x >= L.maxOffset)
            var frames = 0
            while (elapsed < duration && !atEnd(x) && frames < 1000) {
                val next = auraOffset(velocity, elapsed + frame)
                val delta = next - reached
                if (Math.abs(delta) > 0.1) {
                    val found = cssFlingTarget(x, delta * P.distanceScalar, range, L)
                    if (found != null) return found
                }
                x = L.clampedOffset(x + delta)
                reached = next
                elapsed += frame
                frames += 1
            }
            val slot = cssClosestSlot(x, x, 0, false, range, L)
            val d = cssResolve(slot, "scroll-end-position", x, x, 0, range, L)
            if (d != null) return d
            val rest = L.clampedOffset(x)
            return L.decision(L.nearestSlot(rest), rest, "no-snap-in-range")
        }

        """
}
