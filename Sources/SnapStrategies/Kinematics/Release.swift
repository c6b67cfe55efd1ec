/// The moment a finger lifts off the carousel: everything a snapping policy may look at.
///
/// Units: offsets in points (content offset, growing toward later items), times in
/// milliseconds, velocity in points per millisecond (positive = offset increasing, i.e.
/// the finger moving toward the leading edge). Finger displacement is the opposite of
/// ``travel``.
///
/// ```swift
/// let release = Release(offset: 387, velocity: 1.2, startOffset: 340, startTime: 0, time: 90)
/// release.travel    // 47 points toward later items
/// release.duration  // 90 ms
/// ```
public struct Release: Sendable, Hashable {
    /// Content offset at lift-off, points.
    public var offset: Double
    /// Release velocity d(offset)/dt at lift-off, points per millisecond.
    public var velocity: Double
    /// Content offset at touch-down, points.
    public var startOffset: Double
    /// Time of touch-down, milliseconds (any origin).
    public var startTime: Double
    /// Time of lift-off, milliseconds (same origin as ``startTime``).
    public var time: Double
    /// The item selected before the drag (a slot in looping layouts); `nil` means the item
    /// nearest ``startOffset``.
    public var startIndex: Int?
    /// Finger displacement from touch-down to lift-off, points, in the sign of the content
    /// offset change (finger moving toward the leading edge = positive), when it is known
    /// (sample-level traces with `touch_x`, release-level `finger_travel`). `nil` means only
    /// content offsets are known: a policy that gates on finger travel then derives it as
    /// ``travel`` plus its platform's touch slop and says so in its documentation.
    public var fingerTravel: Double?

    /// A release; by default the drag started where it ended, at time 0, lasting 0 ms.
    public init(offset: Double, velocity: Double, startOffset: Double? = nil,
                startTime: Double = 0, time: Double? = nil, startIndex: Int? = nil,
                fingerTravel: Double? = nil) {
        self.offset = offset
        self.velocity = velocity
        self.startOffset = startOffset ?? offset
        self.startTime = startTime
        self.time = time ?? startTime
        self.startIndex = startIndex
        self.fingerTravel = fingerTravel
    }

    /// Content travel during the drag, `offset − startOffset`, points (finger travel is its negative).
    @inlinable public var travel: Double { offset - startOffset }

    /// The finger travel a policy with touch slop `slop` (points) gates on: ``fingerTravel`` when
    /// known, else the content travel plus the slop in its direction (`travel + sign(travel)·slop`):
    /// content starts to follow the finger only once it has moved past the slop, so the finger
    /// travelled that much more (ViewPager `onTouchEvent`: `mLastMotionX = initialX ± touchSlop`;
    /// Compose `awaitTouchSlopOrCancellation` then the over-slop delta). A zero or NaN content
    /// travel gives 0 (the finger stayed within the slop, or nothing is known).
    @inlinable
    public func fingerTravel(touchSlop slop: Double) -> Double {
        if let fingerTravel { return fingerTravel }
        let t = travel
        return t > 0 ? t + slop : (t < 0 ? t - slop : 0)
    }

    /// Contact time from touch-down to lift-off, milliseconds.
    @inlinable public var duration: Double { time - startTime }

    /// The slot selected before the drag: ``startIndex`` or the slot nearest ``startOffset``.
    ///
    /// Inlined where it is called: an evaluator resolves ``startIndex`` once per release before
    /// its policies decide, and each policy's call is then a clamp (a call of its own cost about
    /// as much again); the search from the offset stays out of line, and is passed the start
    /// offset alone: a method on the release took it by address, so a batch loop copied each
    /// release (72 bytes) to its stack to call it, even when ``startIndex`` was set.
    @inlinable @inline(__always)
    public func startSlot(in layout: CarouselLayout) -> Int {
        if let startIndex { return layout.clampedSlot(startIndex) }
        return Release.nearestSlot(toStartOffset: startOffset, in: layout)
    }

    /// The slot nearest `startOffset` (``startSlot(in:)`` without a ``startIndex``).
    @usableFromInline @inline(never)
    static func nearestSlot(toStartOffset startOffset: Double, in layout: CarouselLayout) -> Int {
        layout.nearestSlot(toOffset: startOffset)
    }

    /// The same release moved by `distance` points (all offsets shift together).
    public func shifted(by distance: Double, slots: Int = 0) -> Release {
        var copy = self
        copy.offset += distance
        copy.startOffset += distance
        if let s = startIndex { copy.startIndex = s + slots }
        return copy
    }
}
