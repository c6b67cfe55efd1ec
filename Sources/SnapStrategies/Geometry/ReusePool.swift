/// The cell-reuse cost of a settle: how many cells a reuse pool reconfigures while the carousel
/// travels from the release offset to the target (seed document 004, HMHorizontalScrollView,
/// `scrollViewDidScroll` with `resetItemViewOfLeftPan`/`resetItemViewOfRightPan`; `policies.md` §1.5).
///
/// HMHorizontalScrollView keeps the visible cells plus one on each side; when a cell leaves one
/// edge of that window it is moved to the other edge and reconfigured for its new item. Fast
/// multi-page jumps therefore cost more.
///
/// Definitions (content coordinates of ``CarouselLayout``, `s` a slot, `L` the leading inset,
/// `w` the item width, `stride = w + spacing`, `W` the viewport width):
/// - Slot `s` occupies `[L + s·stride, L + s·stride + w]`. At offset `x` the viewport is
///   `[x, x + W]`, and slot `s` is **visible** when the two open intervals overlap:
///   `L + s·stride < x + W` and `L + s·stride + w > x`, i.e.
///   `first(x) = floor((x − L − w)/stride) + 1 ≤ s ≤ last(x) = ceil((x + W − L)/stride) − 1`.
///   A slot that only touches an edge is not visible.
/// - The pool's **window** at `x` is `first(x) − spare … last(x) + spare` (``spareCellsPerSide``
///   = 1 by default), limited to the items `0..<itemCount` in a bounded layout; a looping layout
///   keeps counting slots.
/// - Both ends of the window are non-decreasing in `x`, so as the offset travels monotonically from
///   `x0` to `x1` the slots that **enter** the window are `last(x0) + spare < s ≤ last(x1) + spare`
///   when moving forward (`x1 > x0`) and `first(x1) − spare ≤ s < first(x0) − spare` when moving
///   back. Each entering slot is one reconfiguration: `reconfigurations = last'(x1) − last'(x0)`
///   forward, `first'(x0) − first'(x1)` back (primes: the window ends, clamped to the items in a
///   bounded layout).
///
/// Total: slot positions go through ``SnapMath`` (NaN gives slot 0, magnitudes saturate at 2^52),
/// so any offsets give a bounded answer in constant time; a NaN offset means no defined travel
/// and costs 0.
///
/// ```swift
/// let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10,
///                                 viewportWidth: 375, itemCount: 40)
/// ReusePool(layout: layout).reconfigurations(from: 0, to: 510)   // 3 (three strides)
/// ```
public struct ReusePool: Sendable, Hashable {
    /// The carousel the pool serves.
    public let layout: CarouselLayout
    /// Cells kept beyond each edge of the visible ones (HMHorizontalScrollView: 1), at least 0.
    public let spareCellsPerSide: Int

    /// A pool for `layout` with `spareCellsPerSide` extra cells on each side (negative counts as 0).
    public init(layout: CarouselLayout, spareCellsPerSide: Int = 1) {
        self.layout = layout
        self.spareCellsPerSide = Swift.max(0, Swift.min(spareCellsPerSide, 1 << 20))
    }

    /// The first visible slot at `offset`: `floor((x − L − w)/stride) + 1` (unclamped).
    @inlinable
    public func firstVisibleSlot(atOffset offset: Double) -> Int {
        SnapMath.flooredIndex((offset - layout.leadingInset - layout.itemWidth) / layout.stride) + 1
    }

    /// The last visible slot at `offset`: `ceil((x + W − L)/stride) − 1` (unclamped).
    @inlinable
    public func lastVisibleSlot(atOffset offset: Double) -> Int {
        SnapMath.ceiledIndex((offset + layout.viewportWidth - layout.leadingInset) / layout.stride) - 1
    }

    /// The slots visible at `offset`, limited to the items of a bounded layout; `nil` when no item
    /// is visible (a bounded layout scrolled far past its content) or the offset is NaN.
    public func visibleSlots(atOffset offset: Double) -> ClosedRange<Int>? {
        guard offset == offset else { return nil }
        return limited(firstVisibleSlot(atOffset: offset), lastVisibleSlot(atOffset: offset))
    }

    /// The slots the pool holds at `offset`: the visible ones plus ``spareCellsPerSide`` on each
    /// side, limited to the items of a bounded layout; `nil` as for ``visibleSlots(atOffset:)``.
    public func window(atOffset offset: Double) -> ClosedRange<Int>? {
        guard offset == offset else { return nil }
        return limited(firstVisibleSlot(atOffset: offset) - spareCellsPerSide,
                       lastVisibleSlot(atOffset: offset) + spareCellsPerSide)
    }

    /// Cells reconfigured while the offset travels monotonically from `start` to `end`: the number
    /// of slots that enter the pool's window (see the type's documentation). 0 when either offset
    /// is NaN.
    ///
    /// - Complexity: O(1), whatever the distance.
    @inlinable
    public func reconfigurations(from start: Double, to end: Double) -> Int {
        departure(from: start).reconfigurations(to: end)
    }

    /// The pool's window edges at `start`, computed once for many settles from the same offset
    /// (one release scored under many policies).
    @inlinable
    public func departure(from start: Double) -> Departure {
        Departure(pool: self, start: start)
    }

    /// The ends of the pool's window at `offset` as ``Departure/reconfigurations(to:)`` counts
    /// them: `first(x) − spare` and `last(x) + spare`, clamped to the items (`0…itemCount` and
    /// `−1…itemCount − 1`) in a bounded layout, unclamped in a looping one. A function of the
    /// layout and the offset only, so a caller may keep it for many settles to the same offset
    /// (``Departure/reconfigurations(to:arriving:)``).
    @inlinable
    public func edges(atOffset offset: Double) -> Edges {
        Edges(first: firstEdge(atOffset: offset), last: lastEdge(atOffset: offset))
    }

    /// ``Edges/first`` of ``edges(atOffset:)``.
    @inlinable
    func firstEdge(atOffset offset: Double) -> Int {
        let first = firstVisibleSlot(atOffset: offset) - spareCellsPerSide
        return layout.isLooping ? first : SnapMath.clamp(first, 0, layout.itemCount)
    }

    /// ``Edges/last`` of ``edges(atOffset:)``.
    @inlinable
    func lastEdge(atOffset offset: Double) -> Int {
        let last = lastVisibleSlot(atOffset: offset) + spareCellsPerSide
        return layout.isLooping ? last : SnapMath.clamp(last, -1, layout.itemCount - 1)
    }

    /// The window's ends at one offset (``edges(atOffset:)``).
    public struct Edges: Sendable, Hashable {
        public let first: Int
        public let last: Int

        @inlinable
        public init(first: Int, last: Int) {
            self.first = first
            self.last = last
        }
    }

    /// Settles from one start offset: ``reconfigurations(to:)`` equals
    /// ``ReusePool/reconfigurations(from:to:)`` with the start's window edges computed once.
    public struct Departure: Sendable {
        @usableFromInline let start: Double
        /// The window's ends at `start` (``ReusePool/edges(atOffset:)``; zeros when it is NaN).
        @usableFromInline let edges: Edges
        @usableFromInline let pool: ReusePool

        @inlinable
        init(pool: ReusePool, start: Double) {
            self.pool = pool
            self.start = start
            edges = start == start ? pool.edges(atOffset: start) : Edges(first: 0, last: 0)
        }

        /// Cells reconfigured while the offset travels monotonically from the start to `end`.
        @inlinable
        public func reconfigurations(to end: Double) -> Int {
            guard start == start, end == end, start != end else { return 0 }
            // Only the end that moves is needed.
            return end > start ? pool.lastEdge(atOffset: end) - edges.last : edges.first - pool.firstEdge(atOffset: end)
        }

        /// ``reconfigurations(to:)`` with the window's ends at `end` given: `arriving` must be
        /// ``ReusePool/edges(atOffset:)`` of `end` for this departure's pool (or of a pool
        /// equal to it). Forward, the slots in `(last(start), last(end)]` enter the window; back,
        /// those in `[first(end), first(start))`; 0 when either offset is NaN or they are equal.
        @inlinable
        public func reconfigurations(to end: Double, arriving: Edges) -> Int {
            // Window ends are clamped to the items or saturate at ±2^52 plus the spare cells: no overflow.
            end > start ? arriving.last &- edges.last : end < start ? edges.first &- arriving.first : 0
        }
    }

    /// Cells reconfigured while settling from `release.offset` to `decision.targetOffset`.
    public func reconfigurations(settling release: Release, to decision: SnapDecision) -> Int {
        reconfigurations(from: release.offset, to: decision.targetOffset)
    }

    private func limited(_ first: Int, _ last: Int) -> ClosedRange<Int>? {
        if layout.isLooping { return first <= last ? first...last : nil }
        let lo = Swift.max(first, 0)
        let hi = Swift.min(last, layout.itemCount - 1)
        return lo <= hi ? lo...hi : nil
    }
}
