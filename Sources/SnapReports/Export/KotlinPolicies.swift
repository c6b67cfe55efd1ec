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
        "android-linearsnap": androidPixels + elementary + spline + """
        // AndroidLinearSnapHelperSnap.swift (LinearSnapHelper.findTargetSnapPosition, estimateNextPositionDiffForFling).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val whole = P.wholePixels != 0.0
            val v = if (whole) {
                val m = dimensionPixelSize(P.maxFlingVelocity * 1000, P.density)
                SnapMath.clamp(SnapMath.truncatedIndex(r.velocity * 1000), -m, m) / 1000
            } else clampedFling(r.velocity, P.density, P.maxFlingVelocity)
            val pos = L.position(r.offset)
            val current = SnapMath.ceiledIndex(pos - 0.5)
            val gate = if (whole) dimensionPixelSize(P.minFlingVelocity * 1000, P.density) / 1000 else P.minFlingVelocity * P.density
            if (!(Math.abs(v) > gate)) return L.decision(current, "slow-nearest")
            val raw = spline(v, P.friction, P.inflexion, P.decelerationExponent, P.physicalCoefficient, P.density)
            val distance = if (whole) SnapMath.roundedHalfAway(raw) else raw
            val jump = SnapMath.flooredIndex(distance / L.stride + 0.5)
            if (jump == 0.0) {
                val end = L.clampedOffset(r.offset + distance)
                return L.decision(SnapMath.ceiledIndex(L.position(end) - 0.5), "free-fling-nearest")
            }
            return L.decision(current + jump, if (jump > 0) "spline-jump-forward" else "spline-jump-back")
        }
        """,
        "learned-threshold": elementary + spline + """
        // LearnedThresholdSnap.swift: the features, the linear score and the cut points (P.cuts, lowest first).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val s = L.startSlot(r)
            val pos = L.position(r.offset)
            val stride = L.stride
            val t = r.offset - r.startOffset
            val travel = t / stride
            val finger = r.fingerTravel
            val excess = if (finger != null) (finger - t) / stride else 0.0
            val uikit = L.position(L.uikitRest(r, 0.998)) - s
            val v = clampedFling(r.velocity, 1.0)
            val android = L.position(L.clampedOffset(r.offset + spline(v, 0.015, 0.35, 2.3582018154259448,
                9.80665 * 39.37 * 160 * 0.84, 1.0))) - s
            val contact = if (r.durationMs > 0) r.durationMs else 0.0
            val direction = if (t > 0) 1.0 else if (t < 0) -1.0 else 0.0
            val eta = P.velocityWeight * (r.velocity / stride) + P.travelWeight * travel + P.fingerTravelWeight * excess +
                P.fractionWeight * (pos - Math.floor(pos)) + P.uikitProjectionWeight * uikit + P.androidProjectionWeight * android +
                P.durationWeight * Elementary.log(1 + contact) + P.quicknessWeight * (direction * 100 / (if (contact > 10) contact else 10.0))
            var k = 0.0
            if (eta == eta) {
                var above = 0.0
                for (c in P.cuts) if (c < eta) above += 1
                k = above - P.cuts.size / 2
            }
            val rule = if (k == 0.0) "stay-on-start-item" else if (k > 0) "forward-" + k.toLong() else "back-" + (-k).toLong()
            return L.decision(L.clampedSlot(s) + k, rule)
        }
        """,
        "compose-lazyrow-snap": elementary + spline + """
        // ComposeLazyRowSnap.swift (LazyListSnapLayoutInfoProvider with the spline decay).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val v = clampedFling(r.velocity, P.density)
            val d = spline(v, P.friction, P.inflexion, P.decelerationExponent, P.physicalCoefficient, P.density)
            val end = L.clampedOffset(r.offset + d)
            return L.decision(SnapMath.flooredIndex(L.position(end) + 0.5), "nearest-to-decay-end")
        }
        """,
        "rn-android-paging": androidPixels + elementary + spline + """
        // RNAndroidPagingSnap.swift (ReactHorizontalScrollView.smoothScrollAndSnap, pagingEnabled; pages are the view's width).
        private fun page(p: Double, end: Double, v: Double): Pair<Double, String> {
            var prev = SnapMath.flooredIndex(p)
            var next = SnapMath.ceiledIndex(p)
            if (prev == next) {
                if (v > 0) next += 1 else if (v < 0) prev -= 1
            }
            val cur = SnapMath.flooredIndex(p + 0.5)
            val target = SnapMath.flooredIndex(end + 0.5)
            if (v > 0 && cur < next && target > prev) return Pair(next, "fling-next-page")
            if (v < 0 && cur > prev && target < next) return Pair(prev, "fling-previous-page")
            return Pair(cur, if (v == 0.0) "nearest-page" else "fling-stays-nearest")
        }

        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val clamped = clampedFling(r.velocity, 1.0)
            // HorizontalScrollView.onTouchEvent: (int) px/s > minimum, strictly.
            val isFling = if (P.wholePixels != 0.0)
                Math.abs(SnapMath.truncatedIndex(clamped * P.density * 1000)) > dimensionPixelSize(P.minFlingVelocity * 1000, P.density)
            else Math.abs(clamped) > P.minFlingVelocity
            val v = if (isFling) clamped else 0.0
            val distance = spline(v, 1 - P.decelerationRate, 0.35, 2.3582018154259448, 9.80665 * 39.37 * 160 * 0.84, 1.0)
            if (L.isLooping) {
                val pg = page(L.position(r.offset), L.position(r.offset + distance), v)
                return L.decision(pg.first, pg.second)
            }
            // getSnapInterval(): the view's width; pages from offset 0, the fling end clamped to the range.
            val interval = L.viewportWidth
            val offset = if (r.offset == r.offset) r.offset else 0.0
            val end = L.clampedOffset(offset + distance)
            val pg = page(offset / interval, end / interval, v)
            val rest = L.clampedOffset(pg.first * interval)
            return L.decision(L.nearestSlot(rest), rest, pg.second)
        }
        """,
        "compose-pager": composePager,
        "embla": embla,
        "flutter-fixedextent": flutterFixedExtent(bouncing: false),
        "flutter-fixedextent-bouncing": flutterFixedExtent(bouncing: true),
        "icarousel": iCarousel(paging: false),
        "icarousel-paging": iCarousel(paging: true),
        "uikit-paging-spring": uiKitPagingSpring,
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
        // SwiperSnap.swift (Swiper onTouchEnd.ts, onTouchMove.ts).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val travel = r.offset - r.startOffset
            val start = L.startSlot(r)
            // onTouchEnd: the content did not move: no swipe; onTouchMove: a known finger must be past the threshold.
            val finger = r.fingerTravel
            val fingerPastThreshold = if (finger != null) Math.abs(finger) > P.threshold else true
            if (!(travel != 0.0 && travel == travel && fingerPastThreshold)) {
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
        "css-snap-mandatory": elementary + spline + splineTable + cssSnap(proximity: false),
        "css-snap-proximity": elementary + spline + splineTable + cssSnap(proximity: true),
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

    /// FlutterFlingGate.swift: the release velocity if it is a fling, clamped to `maximum`, else 0.
    static let flutterGate = """
        // FlutterFlingGate.swift (DragGestureRecognizer.isFlingGesture).
        private fun gatedVelocity(r: SnapRelease, maximum: Double): Double {
            val travel = Math.abs(r.offset - r.startOffset)
            var window = travel
            if (travel != travel) window = 0.0
            else if (r.durationMs > P.velocityHorizon) {
                val b = Math.abs(r.velocity) * P.velocityHorizon
                window = if (b < travel) b else travel // Swift.min keeps travel when b is NaN
            }
            if (!(Math.abs(r.velocity) > P.minFlingVelocity && window > P.minFlingDistance)) return 0.0
            return SnapMath.clamp(r.velocity, -maximum, maximum)
        }


        """

    /// FlutterPageViewSnap.swift with FlutterFlingGate.swift (maxFlingVelocity 8 pt/ms).
    static let flutterPageView = flutterGate + """
        // FlutterPageViewSnap.swift (PageScrollPhysics).
        private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
            val v = gatedVelocity(r, 8.0)
            val offset = r.offset
            if (!L.isLooping && ((v <= 0 && offset <= 0) || (v >= 0 && offset >= L.maxOffset))) {
                return L.decision(SnapMath.flooredIndex(L.position(L.clampedOffset(offset)) + 0.5), "edge-parent-physics")
            }
            // _PagePosition.page: getPageFromPixels(clampDouble(pixels, minScrollExtent, maxScrollExtent), …).
            val pos = L.position(L.clampedOffset(offset))
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
}
