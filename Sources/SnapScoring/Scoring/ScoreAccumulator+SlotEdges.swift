import SnapStrategies

// The reuse pool's window ends at the settle offsets of one bounded layout, kept by target slot
// across traces: what the batch scorer's lean loop (``ScoreAccumulator/scoreBatch(count:)``) reads
// to count a settle's cell reconfigurations, and the lean batch's cell sums.

extension ScoreAccumulator {
    /// ``ReusePool/edges(atOffset:)`` of the settle offset last seen at one slot of ``slotLayout``
    /// (``slotEdges``, one entry per item). A function of the layout and the offset only, so the
    /// entry serves every trace of that layout: policies mostly settle on a slot's snap offset,
    /// the same `Double` for every trace, and the departure's count is then
    /// ``ReusePool/Departure/reconfigurations(to:arriving:)`` of it (two compares and a
    /// subtraction) instead of two divisions and their roundings per new settle of each trace.
    /// The offset's bits are the key, compared as an integer (−0 and +0 are two keys; a NaN
    /// settle may find a NaN entry of its bits: it counts 0 whatever the edges).
    struct SlotEdges {
        var offset: Double = .nan
        var edges = ReusePool.Edges(first: 0, last: 0)
        /// Layouts with more items keep no table (their traces count as before).
        static let maxItems = 4096
    }

    /// How many entries of ``slotEdges`` the trace with `layout`, prepared at `slot` of the batch,
    /// may use: the item count when `layout` is ``slotLayout``, else 0. The table changes layout
    /// only at a batch's first trace (``scoreBatch(count:)`` asks for its count before any trace
    /// of the batch uses the table), and only to a bounded layout of at most
    /// ``SlotEdges/maxItems`` items.
    mutating func slotTableCount(for layout: CarouselLayout, at slot: Int) -> Int {
        let count = Self.slotTableCount(of: layout, table: slotLayout)
        guard count == 0, slot == 0, !layout.isLooping, layout.itemCount <= SlotEdges.maxItems else { return count }
        adoptSlotTable(layout)
        return layout.itemCount
    }

    /// ``slotTableCount(for:at:)`` of a trace that is not a batch's first: the item count of
    /// `layout` when it is `table` (``slotLayout``), else 0.
    static func slotTableCount(of layout: CarouselLayout, table: CarouselLayout?) -> Int {
        if let table, table == layout { return layout.itemCount }
        return 0
    }

    /// Makes ``slotEdges`` the (empty) table of `layout`.
    @inline(never)
    private mutating func adoptSlotTable(_ layout: CarouselLayout) {
        slotLayout = layout
        slotEdges = Array(repeating: SlotEdges(), count: layout.itemCount)
    }

    /// `start` plus the cells reconfigured by the decisions in ``batchDecisions`` for a lean batch
    /// `batch[0..<count]`, summed in trace order: `sum` (their sum, as an integer) when every
    /// partial sum stays within ±2^53 (each addition is then exact: the same `Double`). In a lean
    /// batch every layout is the slot table's, bounded with at most ``SlotEdges/maxItems`` items,
    /// so a settle reconfigures at most that many cells (the window's ends are clamped to the
    /// items); otherwise the batch's counts are summed again one by one.
    func cellSums(from start: Double, adding sum: Int, count: Int) -> Double {
        if abs(start) <= Self.exactSumLimit - Double(SlotEdges.maxItems * count) { return start + Double(sum) }
        return cellSumsOneByOne(from: start, count: count)
    }

    @inline(never)
    private func cellSumsOneByOne(from start: Double, count: Int) -> Double {
        var sum = start
        for t in 0..<count { sum += Double(batch[t].departure.reconfigurations(to: batchDecisions[t].targetOffset)) }
        return sum
    }
}
