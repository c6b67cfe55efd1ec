import SnapStrategies
import SnapTraces
import SnapScoring

/// What the top policies do by what the person meant: hit rate per intent (stay, one item,
/// two or more items) and the intended-vs-resting confusion matrix, both in items moved from
/// the start item (looping layouts: the shorter way round), for `snaplab report`.
public struct IntentTables: Sendable {
    /// Intent categories by |intended − start| in items: 0, 1, 2 or more.
    public static let categories = ["stay on the start item", "move 1 item", "move 2+ items"]
    /// Items moved are clamped to ±``limit`` in the confusion matrix (the ends read `≤ −3`, `≥ +3`).
    public static let limit = 3

    public let policyIDs: [String]
    /// Labelled traces per category.
    public let counts: [Int]
    /// `hits[p][c]`: traces of category `c` that policy `p` rests on the intended item.
    public let hits: [[Int]]
    /// `confusion[p][i][r]`: traces meant to move `i − limit` items that policy `p` moved
    /// `r − limit` items (only for the first `confusionPolicies` policies).
    public let confusion: [[[Int]]]

    public init(policies: [any SnapPolicy], traces: [TraceRelease], confusionPolicies: Int = 3) {
        policyIDs = policies.map(\.id)
        let size = 2 * Self.limit + 1
        var counts = [0, 0, 0]
        var hits = Array(repeating: [0, 0, 0], count: policies.count)
        let withMatrix = min(confusionPolicies, policies.count)
        var confusion = Array(repeating: Array(repeating: Array(repeating: 0, count: size), count: size), count: withMatrix)
        for t in traces {
            guard let intended = t.intendedIndex else { continue }
            let layout = t.layout
            let start = layout.itemIndex(ofSlot: t.release.startSlot(in: layout))
            let meant = TraceOutcome.itemError(target: intended, intended: start, in: layout)
            let category = min(2, abs(meant))
            counts[category] += 1
            for (p, policy) in policies.enumerated() {
                let target = policy.decide(t.release, in: layout).targetIndex
                if TraceOutcome.itemError(target: target, intended: intended, in: layout) == 0 { hits[p][category] += 1 }
                if p < withMatrix {
                    let moved = TraceOutcome.itemError(target: target, intended: start, in: layout)
                    confusion[p][Self.clamped(meant)][Self.clamped(moved)] += 1
                }
            }
        }
        self.counts = counts
        self.hits = hits
        self.confusion = confusion
    }

    static func clamped(_ items: Int) -> Int { min(max(items, -limit), limit) + limit }

    /// `"0"`, `"+1"`, `"−2"`, `"≥ +3"`, `"≤ −3"` for matrix index `i`.
    public static func label(_ i: Int) -> String { Palette.pagesLabel(i - limit) }
}
