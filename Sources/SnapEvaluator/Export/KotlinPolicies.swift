// The Kotlin export, part 2: each policy's decision, translated from its Swift file in
// `Sources/SnapStrategies/Policies/` (same branches, same rule names; the JavaScript ports in
// `RecorderScript+Policies.swift` and `+CSSSnap.swift` are the same translations). Each is a
// file-private `decidePolicy(r, L)` reading its values from the file-private object `P`.
// `PolicyExportVectorTests` runs every one against SnapStrategies on 10,000 seeded releases.

extension KotlinExport {
    /// Kotlin source of `private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision`, by policy id.
    static let policies: [String: String] = [
        "nearest": """
        // NearestPageSnap.swift (basis .releaseOffset).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision =
            L.decision(L.nearestSlot(r.offset), "nearest-to-release")
        """,
        "uikit-projected-nearest": """
        // NearestPageSnap.swift (basis .projectedOffset).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision =
            L.decision(L.nearestSlot(L.uikitRest(r, P.decelerationRate)), "nearest-to-projection")
        """,
        "ashorizontal": """
        // ASHorizontalSnap.swift.
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val target = L.uikitRest(r, P.decelerationRate)
            if (!L.isLooping && !(target + L.viewportWidth < L.contentWidth)) {
                return L.decision(L.nearestSlot(target), target, "end-keeps-uikit-target")
            }
            val u = target - L.alignmentOrigin
            val q = SnapMath.snappedToWhole((u - L.leadingInset) / L.stride)
            var index = if (L.isLooping) SnapMath.flooredIndex(q) else Math.max(0.0, SnapMath.truncatedIndex(q))
            val advance = (q - index) * L.stride > L.itemWidth * P.widthToScrollNextItem
            if (advance) index += 1
            if (!L.isLooping && index > L.itemCount - 1) return L.decision(L.itemCount - 1, "clamped-to-last-item")
            return L.decision(index, if (advance) "advance-past-third" else "stay-before-third")
        }
        """,
        "tag99": """
        // Tag99Snap.swift.
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val pw = L.stride
            val v = r.velocity
            val looping = L.isLooping
            if (v == 0.0 || v != v) {
                val t = L.uikitRest(r, P.decelerationRate) - L.alignmentOrigin
                return L.decision(SnapMath.flooredIndex((t - pw / 2) / pw) + 1, "at-rest-nearest-to-target")
            }
            val value = L.position(r.offset)
            var page = if (looping) SnapMath.flooredIndex(value) else SnapMath.truncatedIndex(value)
            var fromNextPage = false
            if (v < 0 && value - page > P.backwardFraction) {
                page += 1
                fromNextPage = true
            }
            page += if (v > 0) 1.0 else -1.0
            var extra = 0.0
            var tier = 0
            if (Math.abs(v) > P.highTier) {
                extra = SnapMath.truncatedIndex(P.highTierPages)
                tier = 2
            } else if (Math.abs(v) > P.lowTier) {
                extra = SnapMath.truncatedIndex(P.lowTierPages)
                tier = 1
            }
            var rule = if (v > 0) "one-page-forward" else if (fromNextPage) "backward-from-next-page" else "one-page-back"
            if (tier == 1) rule += "+low-tier" else if (tier == 2) rule += "+high-tier"
            page += if (v > 0) extra else -extra
            if (!looping) {
                if (page < 0) {
                    page = 0.0
                    rule += "+clamped-start"
                }
                val content = L.contentWidth
                if (page > SnapMath.truncatedIndex(content / pw)) {
                    page = SnapMath.ceiledIndex(content / pw) - 1
                    rule += "+clamped-end"
                }
                if (page > L.itemCount - 1) {
                    page = L.itemCount - 1
                    rule += "+clamped-last-item"
                }
            }
            return L.decision(page, rule)
        }
        """,
        "android-pagersnap": """
        // AndroidPixels.swift: Android's int pixels.
        private fun dimensionPixelSize(dp: Double, density: Double): Double {
            val f = dp * density
            if (!(f > 0)) return 0.0
            return Math.max(1.0, SnapMath.truncatedIndex(f + 0.5))
        }

        // AndroidPagerSnapHelperSnap.swift (PagerSnapHelper.findTargetSnapPosition).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val pos = L.position(r.offset)
            val v = r.velocity
            val isFling = if (P.wholePixels != 0.0)
                Math.abs(SnapMath.truncatedIndex(v * 1000)) > dimensionPixelSize(P.minFlingVelocity * 1000, P.density)
            else Math.abs(v) > P.minFlingVelocity * P.density
            if (isFling) {
                return if (v > 0) L.decision(SnapMath.ceiledIndex(pos), "fling-forward")
                else L.decision(SnapMath.flooredIndex(pos), "fling-back")
            }
            return L.decision(SnapMath.ceiledIndex(pos - 0.5), "slow-nearest")
        }
        """,
        "uikit-paging": """
        // UIKitPagingSnap.swift (a model of isPagingEnabled).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val pos = L.position(r.offset)
            val v = r.velocity
            if (Math.abs(v) > P.velocityGate) {
                return if (v > 0) L.decision(SnapMath.ceiledIndex(pos), "flick-next-boundary")
                else L.decision(SnapMath.flooredIndex(pos), "flick-previous-boundary")
            }
            if (!(r.offset - r.startOffset < 0)) {
                val base = SnapMath.flooredIndex(pos)
                val moved = pos - Math.floor(pos) >= P.positionalThreshold
                return L.decision(if (moved) base + 1 else base, if (moved) "slow-past-threshold" else "slow-back")
            }
            val base = SnapMath.ceiledIndex(pos)
            val moved = Math.ceil(pos) - pos >= P.positionalThreshold
            return L.decision(if (moved) base - 1 else base, if (moved) "slow-past-threshold" else "slow-back")
        }
        """,
        "css-snap-mandatory": cssSnap(proximity: false),
        "css-snap-proximity": cssSnap(proximity: true),
    ]

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
