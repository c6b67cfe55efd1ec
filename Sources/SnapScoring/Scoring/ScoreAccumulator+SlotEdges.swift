import SnapStrategies

// The reuse pool's window ends at the settle offsets of one bounded layout, kept by target slot
// across traces: what the batch scorer's lean loop (``ScoreAccumulator/scoreBatch(count:)``) reads
// to count a settle's cell reconfigurations.

extension ScoreAccumulator {
    /// ``ReusePool/edges(atOffset:)`` of the settle offset last seen at one slot of ``slotLayout``
    /// (``slotEdges``, one entry per item). A function of the layout and the offset only, so the
    /// entry serves every trace of that layout: policies mostly settle on a slot's snap offset,
    /// the same `Double` for every trace, and the departure's count is then
    /// ``ReusePool/Departure/reconfigurations(to:arriving:)`` of it (two compares and a
    /// subtraction) instead of two divisions and their roundings per new settle of each trace.
    /// The offset is the key (a NaN offset never matches: such settles count 0 anyway).
    /// ``slotEdges`` holds two such tables (``adoptSlotTable(_:)``).
    struct SlotEdges {
        var offset: Double = .nan
        var edges = ReusePool.Edges(first: 0, last: 0)
        /// Layouts with more items keep no table (their traces count as before).
        static let maxItems = 4096
    }

    /// How many entries of ``slotEdges`` the trace with `layout`, prepared at `slot` of the batch,
    /// may use: the item count when `layout` is ``slotLayout``, else 0. The table changes layout
    /// only at a batch's first trace (the traces before it in the batch may use it until the
    /// batch is scored), and only to a bounded layout of at most ``SlotEdges/maxItems`` items.
    mutating func slotTableCount(for layout: CarouselLayout, at slot: Int) -> Int {
        if let current = slotLayout, current == layout { return layout.itemCount }
        guard slot == 0, !layout.isLooping, layout.itemCount <= SlotEdges.maxItems else { return 0 }
        adoptSlotTable(layout)
        return layout.itemCount
    }

    /// The cells reconfigured by a settle at `offset` (slot `slot`) from `departure`, as the lean
    /// loops count them: from the window ends kept at `table[slot]` (refreshed when its offset is
    /// not `offset`; `pool` is the table's layout's) when the slot is one of the trace's
    /// `tableCount` entries (``Prepared/tableCount``), else as ``ReusePool/Departure/reconfigurations(to:)``.
    @inline(__always)
    static func leanCells(to offset: Double, slot: Int, from departure: ReusePool.Departure, tableCount: Int,
                          table: UnsafeMutablePointer<SlotEdges>, pool: ReusePool) -> Int {
        guard UInt(bitPattern: slot) < UInt(bitPattern: tableCount) else { return departure.reconfigurations(to: offset) }
        let entry = table + slot
        if entry.pointee.offset != offset {
            entry.pointee = SlotEdges(offset: offset, edges: pool.edges(atOffset: offset))
        }
        return departure.reconfigurations(to: offset, arriving: entry.pointee.edges)
    }

    /// Makes ``slotEdges`` the (empty) tables of `layout`: two of one entry per item, the first
    /// for the lean loop and the first policy of a pair, the second for the pair's second policy
    /// (``scoreLeanPair(at:count:)``). Policies that settle on a slot at different offsets would
    /// refresh a shared entry at every trace of a pair's pass; apart, each table is refreshed
    /// only when the next policy scored with it settles differently.
    @inline(never)
    private mutating func adoptSlotTable(_ layout: CarouselLayout) {
        slotLayout = layout
        slotEdges = Array(repeating: SlotEdges(), count: 2 * layout.itemCount)
    }
}
