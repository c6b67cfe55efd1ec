import SnapStrategies
import SnapLabSupport

/// The tasks of a data set that a policy must carry over between: the values of its group column
/// (`--group-by COLUMN`, or a `screen` or `session_kind` column found in the header: the
/// reader's ``TraceReadOptions/groupBy``), else its distinct layouts (a screen's carousel: item
/// count, widths, insets, alignment). When there are two or more,
/// ``Recommendation`` also scores every candidate **leave one group out** — fitted on the other
/// groups, scored on the held-out one (defaults as they are) — because folds grouped by user
/// cannot see a fit that memorises the task when every user did every task.
public struct TransferGroups: Sendable {
    /// One line per group: `layout 1: 7 items of 160 pt, 411.4 pt viewport, trailing (295 traces)`,
    /// or by column `screen = home (295 traces)`.
    public let names: [String]
    /// The trace indices of each group.
    public let indices: [[Int]]
    /// What made the groups: the column (``FitData/groupColumn``), or `nil` for the layouts.
    public let column: String?
    public var count: Int { indices.count }

    /// The groups of `data`: by its group column when the traces carry one
    /// (``FitData/groupIndex``) and it has at least two values or `byColumnOnly` (a column the user
    /// named: `--group-by`), else by layout (in order of first appearance).
    public init(data: FitData, byColumnOnly: Bool = false) {
        if !data.groupNames.isEmpty && (data.groupNames.count > 1 || byColumnOnly) {
            var indices = [[Int]](repeating: [], count: data.groupNames.count)
            for (i, g) in data.groupIndex.enumerated() { indices[Int(g)].append(i) }
            let column = data.groupColumn ?? "group"
            self.indices = indices
            self.column = column
            names = zip(data.groupNames, indices).map { "\(column) = \($0.0) (\($0.1.count) traces)" }
            return
        }
        column = nil
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
