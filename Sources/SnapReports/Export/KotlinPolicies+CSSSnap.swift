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
        let coast = proximity ? [
            "// CSSScrollSnap+Coast.swift",
            "    if (P.scrollEndSnap != 0.0 && fling != null && d.rule == \"no-snap-in-range\") return cssCoast(current, v, P.proximityRatio * L.viewportWidth, L)",
        ].joined(separator: "\n") : ""
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
            if (P.decayPrediction != 0.0) return cssDecay(r, L) // CSSScrollSnap+DecayPrediction.swift
            val v = r.velocity
            var displacement: Double? = null
            if (Math.abs(v) >= P.minFlingVelocity && v != 0.0) {
                val delta = if (v == v) auraOffset(v, P.frameInterval) else 0.0 // ChromiumFlingEstimate.firstInertialDelta
                displacement = if (delta == delta) delta * P.distanceScalar else 0.0
            }
            val fling = if (displacement != null && displacement == displacement && displacement != 0.0) displacement else null
            val current = L.clampedOffset(r.offset)
            val d = cssDecideAt(current, fling, L)
            \(coast)
            return d
        }

        // CSSScrollSnap.swift: decide(current:displacement:in:) (null displacement: no fling).
        private fun cssDecideAt(current: Double, fling: Double?, L: SnapGeometry): SnapDecision {
            val range = \(proximity ? "P.proximityRatio * L.viewportWidth" : "Double.POSITIVE_INFINITY")
            if (fling == null) {
                val slot = cssClosestSlot(current, current, 0, false, range, L)
                return cssResolve(slot, "end-position", current, current, 0, range, L) ?: cssNoSnap(current, L)
            }
            val found = cssFlingTarget(current, fling, range, L)
            if (found != null) return found
            \(fallback)
            return cssNoSnap(current + fling, L)
        }

        private fun cssNoSnap(x: Double, L: SnapGeometry): SnapDecision {
            val rest = L.clampedOffset(x)
            return L.decision(L.nearestSlot(rest), rest, "no-snap-in-range")
        }

        // ChromiumFlingEstimate.swift: decayPrediction(velocity:firstUpdate:frame:) as (scrolled, displacement).
        private fun cssDecayPrediction(velocity: Double, firstUpdate: Double, frame: Double): DoubleArray? {
            if (!(velocity.isFinite() && velocity != 0.0 && firstUpdate.isFinite())) return null
            val duration = cssCurveDuration(Math.abs(velocity) * 1000) * 1000
            var elapsed = 0.0
            var reached = 0.0
            var scrolled = 0.0
            var previous: Double? = null
            var decaying = 0
            var update = 0
            while (elapsed < duration && update < 1000) {
                update += 1
                elapsed = if (update == 1) Math.max(0.0, firstUpdate) else elapsed + frame
                val next = cssCurveOffset(velocity, elapsed)
                val delta = next - reached
                reached = next
                if (!(Math.abs(delta) > 0.1)) continue // kMinInertialScrollDelta
                val prev = previous
                decaying = if (prev != null && Math.abs(delta) < Math.abs(prev)) decaying + 1 else 0
                if (prev != null && prev != 0.0 && (prev > 0) == (delta > 0)) {
                    val ratio = Math.abs(delta) / Math.abs(prev)
                    if (ratio < 0.96 || (decaying >= 3 && ratio < 1)) return doubleArrayOf(scrolled, delta / (1 - ratio))
                }
                previous = delta
                scrolled += delta
            }
            return null
        }

        // CSSScrollSnap+DecayPrediction.swift: decideWithDecayPrediction (Chromium's kSnapFlingDecayPrediction).
        private fun cssDecay(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val current = L.clampedOffset(r.offset)
            val v = r.velocity
            if (!(Math.abs(v) >= P.minFlingVelocity && v != 0.0 && v == v)) return cssDecideAt(current, null, L)
            val range = \(proximity ? "P.proximityRatio * L.viewportWidth" : "Double.POSITIVE_INFINITY")
            val coast = cssCurveOffset(v, Double.POSITIVE_INFINITY) // CSSScrollSnap.nativeFlingDistance: the whole curve
            val prediction = cssDecayPrediction(v, P.decayFirstUpdate, 1000.0 / 60.0)
            if (prediction != null) {
                val reached = current + prediction[0]
                val x = L.clampedOffset(reached)
                if (L.isLooping || x == reached) {
                    val d = cssDecideAt(x, prediction[1], L)
                    if (d.rule != "no-snap-in-range") return d
                }
            }
            return cssSnapAtScrollEnd(L.clampedOffset(current + coast), range, L)
        }

        // CSSScrollSnap+Coast.swift: snapAtScrollEnd (InputHandler::SnapAtScrollEnd, EndPositionStrategy).
        private fun cssSnapAtScrollEnd(x: Double, range: Double, L: SnapGeometry): SnapDecision {
            val slot = cssClosestSlot(x, x, 0, false, range, L)
            return cssResolve(slot, "scroll-end-position", x, x, 0, range, L) ?: cssNoSnap(x, L)
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
        \(auraFunctions)\(physicsFunctions)\(proximity ? coastFunction : "")
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

    /// PhysicsBasedFlingCurve.swift (desktop: 96 ppi, unbounded), MobileScrollerFlingCurve.swift (needs
    /// ``spline`` and ``splineTable``) and the curve `flingCurve` chooses.
    static let physicsFunctions = """

        // CSSScrollSnap.swift: flingCurve chooses the curve of the decay path and of a native fling's end.
        private fun cssCurveOffset(velocity: Double, elapsed: Double): Double =
            if (P.flingCurve == 2.0) mobileOffset(velocity, elapsed)
            else if (P.flingCurve != 0.0) physicsOffset(velocity, elapsed) else auraOffset(velocity, elapsed)
        private fun cssCurveDuration(speed: Double): Double {
            if (P.flingCurve == 2.0) return mobileDuration(speed / 1000) / 1000
            if (P.flingCurve != 0.0) return physicsShape(speed / 1000)?.get(1) ?: 0.0
            val times = auraTimes(Math.min(speed, auraMaximum))
            return if (times == null) 0.0 else times[1] - times[0]
        }

        // PhysicsBasedFlingCurve.swift: shape(speed:) as (distance px, duration s, p1x, p1y), speed in px/ms.
        private fun physicsShape(speed: Double): DoubleArray? {
            val a = 96.0 * 2.7559e-5
            if (!(speed > 0 && speed.isFinite())) return null
            val time = speed / a
            val distance = (speed - a * time * 0.5) * time
            val duration = Math.min(2.0, speed * 1000 / 2300.0)
            if (!(distance > 0 && distance.isFinite() && duration > 0)) return null
            val slope = speed * 1000 * duration / distance
            var p1x = 0.2
            var p1y = 1.0
            if (slope * p1x < 1) p1y = p1x * slope else p1x = p1y / slope
            return doubleArrayOf(distance, duration, p1x, p1y)
        }

        // PhysicsBasedFlingCurve.swift: bezierY (gfx::CubicBezier::Solve; p2 = (0.55, 1)).
        private fun physicsBezierY(x: Double, p1x: Double, p1y: Double): Double {
            val cx = 3 * p1x
            val bx = 3 * (0.55 - p1x) - cx
            val ax = 1 - cx - bx
            val cy = 3 * p1y
            val by = 3 * (1.0 - p1y) - cy
            val ay = 1 - cy - by
            var t = x
            var solved = false
            for (i in 0 until 8) {
                val error = ((ax * t + bx) * t + cx) * t - x
                if (Math.abs(error) < 1e-12) { solved = true; break }
                val derivative = (3 * ax * t + 2 * bx) * t + cx
                if (Math.abs(derivative) < 1e-6) break
                t -= error / derivative
            }
            if (!solved || t < 0 || t > 1) {
                var lo = 0.0
                var hi = 1.0
                t = x
                for (i in 0 until 100) {
                    val value = ((ax * t + bx) * t + cx) * t
                    if (Math.abs(value - x) < 1e-12) break
                    if (value < x) lo = t else hi = t
                    t = (lo + hi) / 2
                }
            }
            return ((ay * t + by) * t + cy) * t
        }

        // PhysicsBasedFlingCurve.swift: offset(velocity:elapsed:).
        private fun physicsOffset(velocity: Double, elapsed: Double): Double {
            if (!(velocity == velocity && velocity != 0.0 && elapsed > 0)) return 0.0
            val s = physicsShape(Math.abs(velocity)) ?: return 0.0
            val x = elapsed / 1000 / s[1]
            val d = if (x < 1) s[0] * physicsBezierY(x, s[2], s[3]) else s[0]
            return if (velocity > 0) d else -d
        }

        // MobileScrollerFlingCurve.swift (android: the platform spline at density 1): durationMilliseconds(speed:)
        // for a speed in pt/ms, truncated to whole microseconds, and offset(velocity:elapsed:).
        private fun mobileDuration(speed: Double): Double {
            val fc = 0.015 * 9.80665 * 39.37 * 160 * 0.84
            val v = Math.abs(speed) * 1000
            if (!(v > 0 && v.isFinite())) return 0.0
            val t = 1000 * Elementary.exp(Elementary.log(0.35 * v / fc) / (2.3582018154259448 - 1))
            return if (t > 0 && t.isFinite()) Math.floor(t * 1000) / 1000 else 0.0
        }
        private fun mobileOffset(velocity: Double, elapsed: Double): Double {
            if (!(velocity == velocity && velocity != 0.0 && elapsed > 0)) return 0.0
            val total = spline(velocity, 0.015, 0.35, 2.3582018154259448, 9.80665 * 39.37 * 160 * 0.84, 1.0)
            val duration = mobileDuration(Math.abs(velocity))
            if (!(total.isFinite() && duration > 0)) return 0.0
            if (!(elapsed < duration)) return total
            // AndroidSplineDeceleration.splinePosition(atTimeFraction:): the table read linearly.
            val scaled = elapsed / duration * 100
            val i = Math.min(Math.max(Math.floor(scaled).toInt(), 0), 99)
            val d = total * (SplineTable.positions[i] + (scaled - i) * (SplineTable.positions[i + 1] - SplineTable.positions[i]))
            return if (Math.abs(total - d) < 0.1) total else d
        }

        """

    /// CSSScrollSnap+Coast.swift: a proximity fling with no snap in range runs its whole curve and snaps where it ends.
    static let coastFunction = """

        // CSSScrollSnap+Coast.swift: coast(from:velocity:in:).
        private fun cssCoast(current: Double, velocity: Double, range: Double, L: SnapGeometry): SnapDecision =
            cssSnapAtScrollEnd(L.clampedOffset(current + cssCurveOffset(velocity, Double.POSITIVE_INFINITY)), range, L)

        """
}
