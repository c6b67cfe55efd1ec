// The Kotlin export, part 1: SnapMath and CarouselLayout translated from
// `Sources/SnapStrategies/Support/SnapMath.swift` and `Sources/SnapStrategies/Geometry/` (as the
// recorder page's JavaScript port, `RecorderScript+Geometry.swift`, does). Slots are whole
// doubles below 2^52, where Swift's `Int` arithmetic and Kotlin's `Double` agree exactly.
// Kotlin 1.3 syntax (Debian's `kotlin` package): no trailing commas, no `fun interface`.

extension KotlinExport {
    /// The data classes of the export's public shape.
    static let types = """
    /** Where a resting item sits in the viewport. */
    enum class SnapAlignment { LEADING, CENTER, TRAILING }

    /** The geometry of a horizontal carousel of equal items, points (see SnapStrategies' CarouselLayout). */
    data class SnapLayout(
        val itemWidth: Double,
        val itemSpacing: Double = 0.0,
        val leadingInset: Double = 0.0,
        val trailingInset: Double = leadingInset,
        val viewportWidth: Double,
        val itemCount: Int,
        val alignment: SnapAlignment = SnapAlignment.LEADING,
        val looping: Boolean = false
    ) {
        init {
            require(itemWidth.isFinite() && itemWidth > 0) { "itemWidth: found $itemWidth, expected a finite number > 0 (points)" }
            require(itemSpacing.isFinite() && itemSpacing >= 0) { "itemSpacing: found $itemSpacing, expected a finite number >= 0 (points)" }
            require(leadingInset.isFinite() && leadingInset >= 0) { "leadingInset: found $leadingInset, expected a finite number >= 0 (points)" }
            require(trailingInset.isFinite() && trailingInset >= 0) { "trailingInset: found $trailingInset, expected a finite number >= 0 (points)" }
            require(viewportWidth.isFinite() && viewportWidth > 0) { "viewportWidth: found $viewportWidth, expected a finite number > 0 (points)" }
            require(itemCount >= 1) { "itemCount: found $itemCount, expected at least 1" }
        }
    }

    /**
     * The moment the finger lifts: content offset (points, grows toward later items), velocity d(offset)/dt
     * (points per millisecond), the item selected before the drag (null: the one nearest startOffset), the
     * finger's travel (points, in the sign of the offset change; null: unknown), the content offset at
     * touch-down and the contact time (ms).
     */
    data class SnapRelease(
        val offset: Double,
        val velocity: Double,
        val startIndex: Int? = null,
        val fingerTravel: Double? = null,
        val startOffset: Double = offset,
        val durationMs: Double = 0.0
    )

    /** A decision: slot (counts past the ends of a looping layout), item index, resting offset (points), rule. */
    data class SnapDecision(val slot: Long, val index: Int, val offset: Double, val rule: String)

    /**
     * Units at the Android boundary. Views and Compose measure pixels; the policy points (dp) and ms.
     * `density` is DisplayMetrics.density (Compose: LocalDensity.current.density), pixels per dp.
     */
    object SnapUnits {
        /** Pixels to points (dp). */
        fun pxToPt(px: Double, density: Double): Double = px / density
        /** Points (dp) to pixels. */
        fun ptToPx(pt: Double, density: Double): Double = pt * density
        /**
         * A scroll velocity in px/s (RecyclerView `onFling` velocityX, Compose `performFling` initialVelocity: positive
         * toward later items) to the release velocity in pt/ms.
         */
        fun scrollVelocityToPtPerMs(pxPerSecond: Double, density: Double): Double = pxPerSecond / density / 1000
        /**
         * A finger velocity in px/s (VelocityTracker.getXVelocity(): positive when the finger moves right) to the release
         * velocity in pt/ms, whose sign is the content offset's (the finger moving left scrolls toward later items).
         */
        fun fingerVelocityToPtPerMs(pxPerSecond: Double, density: Double): Double = -pxPerSecond / density / 1000
    }

    """

    /// `SnapMath` and the layout's snapping geometry (private to the file).
    static let geometry = """
    private object SnapMath {
        const val LIMIT = 4503599627370496.0 // 2^52: indices saturate here
        fun bounded(x: Double): Double = Math.min(Math.max(x, -LIMIT), LIMIT)
        fun truncatedIndex(x: Double): Double = if (x != x) 0.0 else kotlin.math.truncate(bounded(x)) + 0.0
        fun flooredIndex(x: Double): Double = if (x != x) 0.0 else Math.floor(bounded(x)) + 0.0
        fun ceiledIndex(x: Double): Double = if (x != x) 0.0 else Math.ceil(bounded(x)) + 0.0
        fun roundedIndex(x: Double): Double {
            if (x != x) return 0.0
            val b = bounded(x)
            val t = kotlin.math.truncate(b)
            val f = b - t
            return (if (f >= 0.5) t + 1 else if (f <= -0.5) t - 1 else t) + 0.0
        }
        fun roundedHalfAway(x: Double): Double {
            if (!(Math.abs(x) < LIMIT)) return x
            val t = kotlin.math.truncate(x)
            val f = x - t
            val r = if (f >= 0.5) t + 1 else if (f <= -0.5) t - 1 else t
            return Math.copySign(Math.abs(r), x)
        }
        fun snappedToWhole(x: Double): Double {
            val m = Math.abs(x)
            val shifter = 6755399441055744.0 // 1.5 * 2^52
            val r = if (m < 268435456.0) Math.copySign((m + shifter) - shifter, x) else roundedHalfAway(x)
            return if (Math.abs(x - r) <= 1e-9 * Math.max(1.0, m)) r else x
        }
        fun clamp(x: Double, lo: Double, hi: Double): Double = if (x != x) lo else Math.min(Math.max(x, lo), hi)
        fun wrap(a: Double, n: Double): Double {
            if (!(n > 0)) return 0.0
            val r = a % n
            return (if (r < 0) r + n else r) + 0.0
        }
    }

    /** A layout's snapping geometry from a slot-0 resting offset (its alignment's, or the policy's snap origin). */
    private class SnapGeometry(c: SnapLayout, origin: String) {
        val itemWidth = c.itemWidth
        val spacing = c.itemSpacing
        val leadingInset = c.leadingInset
        val trailingInset = c.trailingInset
        val viewportWidth = c.viewportWidth
        val itemCount = c.itemCount.toDouble()
        val alignment = c.alignment
        val isLooping = c.looping
        val stride = itemWidth + spacing
        val contentWidth = leadingInset + itemCount * itemWidth + (itemCount - 1) * spacing + trailingInset
        val maxOffset = Math.max(0.0, contentWidth - viewportWidth)
        val alignmentOrigin: Double = when (origin) {
            "start" -> 0.0
            "paddedCenter" -> (leadingInset + trailingInset) / 2 + itemWidth / 2 - viewportWidth / 2
            "end" -> leadingInset + itemWidth - (viewportWidth - trailingInset)
            else -> when (alignment) {
                SnapAlignment.LEADING -> 0.0
                SnapAlignment.CENTER -> leadingInset + itemWidth / 2 - viewportWidth / 2
                SnapAlignment.TRAILING -> leadingInset + itemWidth - (viewportWidth - trailingInset)
            }
        }
        val cycleLength = itemCount * stride
        fun rawSnapOffset(slot: Double): Double = alignmentOrigin + slot * stride
        fun clampedOffset(x: Double): Double = if (isLooping) (if (x == x) x else 0.0) else SnapMath.clamp(x, 0.0, maxOffset)
        fun clampedSlot(s: Double): Double =
            if (isLooping) Math.min(Math.max(s, -SnapMath.LIMIT), SnapMath.LIMIT) else Math.min(Math.max(s, 0.0), itemCount - 1)
        fun snapOffset(slot: Double): Double = if (isLooping) rawSnapOffset(slot) else clampedOffset(rawSnapOffset(clampedSlot(slot)))
        fun position(x: Double): Double = SnapMath.snappedToWhole((x - alignmentOrigin) / stride)
        fun nearestSlot(x: Double): Double = clampedSlot(SnapMath.roundedIndex(position(x)))
        fun itemIndex(slot: Double): Double = if (isLooping) SnapMath.wrap(slot, itemCount) else Math.min(Math.max(slot, 0.0), itemCount - 1)
        fun decision(slot: Double, rule: String): SnapDecision {
            val s = clampedSlot(slot)
            return SnapDecision(s.toLong(), itemIndex(s).toInt(), snapOffset(s), rule)
        }
        fun decision(slot: Double, offset: Double, rule: String): SnapDecision =
            SnapDecision(slot.toLong(), itemIndex(slot).toInt(), offset, rule)
        /** Release.startSlot: the start item, clamped, or the slot nearest the touch-down offset. */
        fun startSlot(r: SnapRelease): Double {
            val index = r.startIndex
            return if (index != null) clampedSlot(index.toDouble()) else nearestSlot(r.startOffset)
        }
        /** Release.fingerTravel(touchSlop:): known, or the content travel plus the slop in its direction. */
        fun fingerTravel(r: SnapRelease, slop: Double): Double {
            val known = r.fingerTravel
            if (known != null) return known
            val t = r.offset - r.startOffset
            return if (t > 0) t + slop else if (t < 0) t - slop else 0.0
        }
        /** UIKitDeceleration.restingOffset: offset + v·r/(1 − r), clamped to the content. */
        fun uikitRest(r: SnapRelease, rate: Double): Double {
            val coast = if (rate > 0 && rate < 1) r.velocity * rate / (1 - rate) else 0.0
            return clampedOffset(r.offset + coast)
        }
    }

    """
}
