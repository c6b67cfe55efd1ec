import SnapStrategies
import SnapLabSupport

/// The tasks of a data set that a policy must carry over between: here, its distinct layouts (a
/// screen's carousel: item count, widths, insets, alignment). When there are two or more,
/// ``Recommendation`` also scores every candidate **leave one group out** — fitted on the other
/// groups, scored on the held-out one (defaults as they are) — because folds grouped by user
/// cannot see a fit that memorises the task when every user did every task.
public struct TransferGroups: Sendable {
    /// One line per group: `layout 1: 7 items of 160 pt, 411.4 pt viewport, trailing (295 traces)`.
    public let names: [String]
    /// The trace indices of each group.
    public let indices: [[Int]]
    public var count: Int { indices.count }

    /// The groups of `data` by layout (in order of first appearance).
    public init(data: FitData) {
        var slot: [CarouselLayout: Int] = [:]
        var layouts: [CarouselLayout] = []
        var indices: [[Int]] = []
        for i in 0..<data.count {
            let layout = data.layout(i)
            if let s = slot[layout] {
                indices[s].append(i)
            } else {
                slot[layout] = layouts.count
                layouts.append(layout)
                indices.append([i])
            }
        }
        self.indices = indices
        names = zip(layouts, indices).enumerated().map { k, group in
            let l = group.0
            return "layout \(k + 1): \(l.itemCount) items of \(NumberFormat.compact(l.itemWidth, 1)) pt, "
                + "\(NumberFormat.compact(l.viewportWidth, 1)) pt viewport, \(l.alignment) (\(group.1.count) traces)"
        }
    }

    /// The groups as folds: fold `k` holds group `k` out.
    var folds: GroupedFolds { GroupedFolds(testIndices: indices, note: nil) }
}

extension Recommendation.Candidate {
    /// The transfer score's standard error: the user-clustered standard error of the pooled
    /// leave-one-group-out hit rate (users are the independent units); `nil` without transfer hits.
    static func clusteredStandardError(hits: [Double], traces: [Double]) -> Double? {
        guard let i = HeldOutScore(hits: hits, traces: traces).interval else { return nil }
        return i.width / (2 * 1.959963984540054)
    }
}
