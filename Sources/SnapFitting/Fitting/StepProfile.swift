import SnapTraces

/// One change of one trace's loss along a coordinate: the decision is the old one at `a` and
/// the new one at `b` (`b − a` within tolerance), and the weighted loss changes by `delta`.
struct StepEvent: Sendable {
    var a: Double
    var b: Double
    var delta: Double
}


/// The score along one coordinate at a point.
struct StepProfile {
    var lower: Double
    var upper: Double
    /// Σ weight · loss at `lower`.
    var base: Double
    /// Sorted by `b` across the parts taken in order; changes of zero loss left out. Kept as the
    /// chunks that found them (a sweep's chunks are already in order): no copy into one array.
    var parts: [[StepEvent]]
    var isInteger: Bool

    init(lower: Double, upper: Double, base: Double, events: [StepEvent], isInteger: Bool) {
        self.init(lower: lower, upper: upper, base: base, parts: [events], isInteger: isInteger)
    }

    init(lower: Double, upper: Double, base: Double, parts: [[StepEvent]], isInteger: Bool) {
        self.lower = lower
        self.upper = upper
        self.base = base
        self.parts = parts
        self.isInteger = isInteger
    }

    /// Every event, in order.
    var events: FlattenSequence<[[StepEvent]]> { parts.joined() }

    /// Calls `body(start, end, loss)` for every segment that ``choice(current:total:)``
    /// considers, in order: non-empty ones (integers: every whole-number one; a range of one value:
    /// that value).
    func forEachSegment(_ body: (Double, Double, Double) -> Void) {
        var start = lower, loss = base
        func visit(_ s: Double, _ e: Double, _ l: Double) {
            if isInteger ? e >= s : (e > s || upper == lower) { body(s, e, l) }
        }
        for e in events {
            visit(start, Swift.min(e.a, upper), loss)
            loss += e.delta
            start = Swift.max(e.b, lower)
        }
        visit(start, upper, loss)
    }

    /// The weighted loss at `x`: events whose new decision holds at `x` (`b ≤ x`) applied.
    func loss(at x: Double) -> Double {
        var loss = base
        for e in events where e.b <= x { loss += e.delta }
        return loss
    }

    /// Sorts events by `b` (then `a`): outside the generic search, so the sort is specialized.
    static func sorted(_ parts: [[StepEvent]]) -> [StepEvent] {
        var events: [StepEvent] = []
        events.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for p in parts { events += p }
        sort(&events)
        return events
    }

    /// Sorts `events` in place by `b` (then `a`), stably (the standard library's sort is a stable
    /// merge sort): events that compare equal keep their order, so deltas are summed in the same
    /// order as before.
    static func sort(_ events: inout [StepEvent]) {
        events.sort(by: precedes)
    }

    /// The order of ``sort(_:)``: by `b`, then `a`.
    @inline(__always)
    static func precedes(_ x: StepEvent, _ y: StepEvent) -> Bool { x.b != y.b ? x.b < y.b : x.a < y.a }

    /// `parts`, each already sorted by ``sort(_:)``, merged into one sorted array: the same array,
    /// element for element, as ``sorted(_:)`` of the concatenated parts (pairwise merges that take
    /// the earlier part's event on ties keep a stable sort's order), in `O(n log parts)` instead of
    /// `O(n log n)`, and with the parts' sorting done by the chunks that found them, in parallel.
    static func merged(_ parts: [[StepEvent]]) -> [StepEvent] {
        var level = parts.filter { !$0.isEmpty }
        if level.isEmpty { return [] }
        while level.count > 1 {
            var next: [[StepEvent]] = []
            next.reserveCapacity((level.count + 1) / 2)
            var k = 0
            while k + 1 < level.count {
                next.append(merge(level[k], level[k + 1]))
                k += 2
            }
            if k < level.count { next.append(level[k]) }
            level = next
        }
        return level[0]
    }

    /// Two sorted runs merged, `left`'s event first on ties (`left` precedes `right` in the
    /// concatenation a stable sort would see).
    static func merge(_ left: [StepEvent], _ right: [StepEvent]) -> [StepEvent] {
        var out: [StepEvent] = []
        out.reserveCapacity(left.count + right.count)
        left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                var i = 0, j = 0
                while i < l.count && j < r.count {
                    if precedes(r[j], l[i]) {
                        out.append(r[j])
                        j += 1
                    } else {
                        out.append(l[i])
                        i += 1
                    }
                }
                out.append(contentsOf: l[i...])
                out.append(contentsOf: r[j...])
            }
        }
        return out
    }
}
