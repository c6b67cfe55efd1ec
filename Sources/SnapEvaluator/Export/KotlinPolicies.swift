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
        "android-pagersnap": androidPixels + """
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
        "android-viewpager": androidPixels + """
        // AndroidViewPagerSnap.swift (ViewPager.determineTargetPage).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val pos = L.position(r.offset)
            val currentPage = SnapMath.flooredIndex(pos)
            val pageOffset = pos - currentPage
            val fling = if (P.wholePixels != 0.0) {
                val slop = 2 * dimensionPixelSize(P.touchSlop / 2, P.density)
                val delta = SnapMath.truncatedIndex(L.fingerTravel(r, slop))
                Math.abs(delta) > SnapMath.truncatedIndex(P.minFlingDistance * P.density) &&
                    Math.abs(SnapMath.truncatedIndex(r.velocity * 1000)) > SnapMath.truncatedIndex(P.minFlingVelocity * 1000 * P.density)
            } else {
                Math.abs(L.fingerTravel(r, P.touchSlop * P.density)) > P.minFlingDistance * P.density &&
                    Math.abs(r.velocity) > P.minFlingVelocity * P.density
            }
            if (fling) {
                return if (r.velocity > 0) L.decision(currentPage + 1, "fling-forward") else L.decision(currentPage, "fling-back")
            }
            val selected = L.startSlot(r)
            val t = if (currentPage >= selected) P.truncator else 1 - P.truncator
            val target = currentPage + SnapMath.flooredIndex(pageOffset + t)
            return L.decision(target, if (target > selected) "slow-forward" else if (target < selected) "slow-back" else "slow-stay")
        }
        """,
        "flutter-pageview": flutterPageView,
        "flutter-pageview-bouncing": flutterPageView,
        "swiftui-viewaligned": """
        // SwiftUIViewAlignedSnap.swift (a model of .viewAligned, limit .alwaysByOne).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val slot = L.nearestSlot(L.uikitRest(r, P.decelerationRate))
            val start = L.startSlot(r)
            val k = SnapMath.truncatedIndex(P.maxViews)
            val bounded = Math.min(Math.max(slot, start - k), start + k)
            return L.decision(bounded, if (bounded == slot) "nearest-to-projection" else "limited-by-one")
        }
        """,
        "swiftui-viewaligned-never": """
        // SwiftUIViewAlignedSnap.swift (a model of .viewAligned, limit .never).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision =
            L.decision(L.nearestSlot(L.uikitRest(r, P.decelerationRate)), "nearest-to-projection")
        """,
        "rn-ios-snapinterval": snapInterval(target: "L.uikitRest(r, P.decelerationRate)"),
        "rn-ios-snapinterval-nomomentum": snapInterval(target: "r.offset"),
        "swiper": """
        // SwiperSnap.swift (Swiper onTouchEnd.ts).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val travel = r.offset - r.startOffset
            val start = L.startSlot(r)
            if (!(Math.abs(L.fingerTravel(r, P.threshold)) > P.threshold && travel != 0.0 && travel == travel)) {
                return L.decision(start, "no-swipe")
            }
            val pos = L.position(r.offset)
            var stopIndex = SnapMath.flooredIndex(pos)
            if (!L.isLooping) {
                stopIndex = if (r.offset >= L.maxOffset) L.itemCount - 1 else Math.min(Math.max(stopIndex, 0.0), L.itemCount - 1)
            }
            val ratio = pos - stopIndex
            val next = travel > 0
            if (r.durationMs > P.longSwipesMs) {
                if (P.longSwipes == 0.0) return L.decision(start, "long-swipes-off")
                val moveOn = if (next) ratio >= P.longSwipesRatio else ratio > 1 - P.longSwipesRatio
                return L.decision(if (moveOn) stopIndex + 1 else stopIndex,
                    if (next) (if (moveOn) "long-next-past-ratio" else "long-next-back")
                    else (if (moveOn) "long-prev-back" else "long-prev-past-ratio"))
            }
            if (P.shortSwipes == 0.0) return L.decision(start, "short-swipes-off")
            return L.decision(if (next) stopIndex + 1 else stopIndex, if (next) "short-next" else "short-prev")
        }
        """,
        "css-snap-mandatory": cssSnap(proximity: false),
        "css-snap-proximity": cssSnap(proximity: true),
    ]

    /// AndroidPixels.swift: Android's int pixels (`dimensionPixelSize`).
    static let androidPixels = """
        // AndroidPixels.swift: Android's int pixels.
        private fun dimensionPixelSize(dp: Double, density: Double): Double {
            val f = dp * density
            if (!(f > 0)) return 0.0
            return Math.max(1.0, SnapMath.truncatedIndex(f + 0.5))
        }


        """

    /// FlutterPageViewSnap.swift with FlutterFlingGate.swift (maxFlingVelocity 8 pt/ms).
    static let flutterPageView = """
        // FlutterFlingGate.swift (DragGestureRecognizer.isFlingGesture).
        private fun gatedVelocity(r: SnapRelease): Double {
            val travel = Math.abs(r.offset - r.startOffset)
            var window = travel
            if (travel != travel) window = 0.0
            else if (r.durationMs > P.velocityHorizon) {
                val b = Math.abs(r.velocity) * P.velocityHorizon
                window = if (b < travel) b else travel // Swift.min keeps travel when b is NaN
            }
            if (!(Math.abs(r.velocity) > P.minFlingVelocity && window > P.minFlingDistance)) return 0.0
            return SnapMath.clamp(r.velocity, -8.0, 8.0)
        }

        // FlutterPageViewSnap.swift (PageScrollPhysics).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val v = gatedVelocity(r)
            val offset = r.offset
            if (!L.isLooping && ((v <= 0 && offset <= 0) || (v >= 0 && offset >= L.maxOffset))) {
                return L.decision(SnapMath.flooredIndex(L.position(L.clampedOffset(offset)) + 0.5), "edge-parent-physics")
            }
            val pos = L.position(offset)
            if (v > 0) return L.decision(SnapMath.flooredIndex(pos + 1), "fling-forward")
            if (v < 0) return L.decision(SnapMath.flooredIndex(pos), "fling-back")
            return L.decision(SnapMath.flooredIndex(pos + 0.5), "round-page")
        }
        """

    /// RNIOSSnapIntervalSnap.swift (RCTScrollView snapToInterval) from the target offset `target`.
    static func snapInterval(target: String) -> String {
        """
        // RNIOSSnapIntervalSnap.swift (RCTScrollView scrollViewWillEndDragging, snapToInterval).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val fi = L.position(\(target))
            val v = r.velocity
            if (v > 0) return L.decision(SnapMath.ceiledIndex(fi), "ceil-forward")
            if (v < 0) return L.decision(SnapMath.flooredIndex(fi), "floor-backward")
            return L.decision(SnapMath.roundedIndex(fi), "round-at-rest")
        }
        """
    }

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
