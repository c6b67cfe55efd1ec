import SnapStrategies
import SnapLabSupport

/// The finished comparison of policies on a set of traces: what `snaplab compare` prints.
///
/// Rates are over the labelled traces `n`, except the missed-change rate (over traces whose
/// intended item differs from the start item) and the false-change rate (over traces whose
/// intended item is the start item). Snap correction and cells reconfigured are means over every
/// decided trace, labelled or not.
///
/// Uncertainty: hit-rate intervals from a user-clustered bootstrap (``UserBootstrap``; a
/// cluster-robust normal interval above its user limit); each policy against the best (highest
/// hit rate): the interval of the difference in hit rate and the clustered McNemar p-value
/// (``ClusteredMcNemarTest``: users, not traces, are the independent units), Holm-adjusted
/// across the policies compared with the best.
public struct Comparison: Sendable {
    /// One policy's scores.
    public struct Row: Sendable {
        public var policy: String
        public var parameters: [(name: String, value: Double)]
        public var n: Int
        public var hits: Int
        public var hitRate: Double
        public var hitRateInterval: Interval
        public var meanAbsoluteError: Double
        public var overshootRate: Double
        public var undershootRate: Double
        public var missedChangeRate: Double
        public var falseChangeRate: Double
        public var meanSnapCorrection: Double
        public var meanCellsReconfigured: Double
        public var signedErrors: [(error: Int, traces: Int)]
        public var unlabelledPagesMoved: [(pages: Int, traces: Int)]
        /// `hitRate − best hitRate` and its bootstrap interval (0 for the best).
        public var differenceToBest: Double
        public var differenceInterval: Interval
        /// Clustered McNemar p-value against the best (``ClusteredMcNemarTest``), raw and
        /// Holm-adjusted (`nil` for the best).
        public var mcNemarP: Double?
        public var holmP: Double?
        /// Discordant counts against the best: traces only the best hits, only this one hits.
        public var onlyBestHits: Int
        public var onlyThisHits: Int
        /// The clustered McNemar statistic X² behind ``mcNemarP`` (`nil` for the best), so reports
        /// can print p-values too small for a `Double` (``PValueText``).
        public var mcNemarStatistic: Double? = nil

        /// `*` when the Holm-adjusted p-value is below 0.05, `**` below 0.01, `***` below 0.001.
        public var significanceMark: String {
            guard let p = holmP else { return "best" }
            return p < 0.001 ? "***" : p < 0.01 ? "**" : p < 0.05 ? "*" : ""
        }
    }

    /// Per-group hit rates (`--by user|file`).
    public struct Group: Sendable {
        public var name: String
        public var n: Int
        public var hitRates: [Double]
    }

    /// Sorted by hit rate, best first (ties keep catalogue order).
    public var rows: [Row]
    public var labelled: Int
    public var unlabelled: Int
    public var users: Int
    public var bootstrap: UserBootstrap
    /// How the intervals were made (bootstrap, or cluster-robust normal for many users).
    public var intervalMethod: UserBootstrap.Method = .bootstrap
    /// Per-user hit rates in row order (`--by user`), built when asked for from the compact
    /// per-user totals kept below: with a million users, a `Group` per user would cost hundreds of
    /// megabytes that most runs never print.
    public var byUser: [Group] {
        let p = userPolicyCount
        return userCounts.indices.filter { userCounts[$0] > 0 }.map { u in
            Group(name: u < userNames.count ? userNames[u] : "user \(u)", n: Int(userCounts[u]),
                  hitRates: rowPolicies.map { Double(userHits[u * p + $0]) / userCounts[u] })
        }
    }
    /// The accumulator's user table: names, scored traces and hits (`userHits[u·P + p]`, policies
    /// in input order), and the input index of each row's policy.
    private let userNames: [String]
    private let userCounts: [Double]
    private let userHits: UserHitTable
    private let userPolicyCount: Int
    private let rowPolicies: [Int]
    public var byFile: [Group]
    /// Policy ids in row order and `agreement[i][j]`: share of unlabelled traces on which they agree.
    public var agreement: [[Double]]

    /// Finishes `accumulator`: bootstrap, clustered McNemar, Holm.
    /// - Parameter userNames: names of the user table the accumulator's user indices refer to.
    public init(_ accumulator: ScoreAccumulator, userNames: [String], bootstrap: UserBootstrap) throws {
        // The accumulator's views (assembled on each access), taken once.
        let totals = (policies: accumulator.policies, labelled: accumulator.labelled, unlabelled: accumulator.unlabelled,
                      totals: accumulator.totals, userHits: accumulator.userHitCounts, userCounts: accumulator.userCounts,
                      fileNames: accumulator.fileNames, fileHits: accumulator.fileHits, fileCounts: accumulator.fileCounts,
                      agreements: accumulator.agreements)
        let p = totals.policies.count
        let n = totals.labelled
        let decided = totals.labelled + totals.unlabelled
        func rate(_ a: Int, _ b: Int) -> Double { rate(Double(a), b) }
        func rate(_ a: Double, _ b: Int) -> Double { b > 0 ? a / Double(b) : .nan }
        let best = (0..<p).max { a, b in
            totals.totals[a].hits != totals.totals[b].hits ? totals.totals[a].hits < totals.totals[b].hits : a > b
        } ?? 0
        // Users in canonical order (by name), so the intervals do not depend on the order of the
        // rows: a merge of per-user summaries (`snaplab merge`) draws exactly as one run does.
        let boot = try bootstrap.run(hitTable: totals.userHits, counts: totals.userCounts, reference: best,
                                     order: CanonicalUserOrder.indices(names: userNames, counts: totals.userCounts))
        intervalMethod = boot.method

        // Discordant pairs against the best, from the hit patterns.
        let (onlyBest, onlyThis) = accumulator.discordance(against: best)
        var raw = Array(repeating: Double.nan, count: p)
        var statistics = Array(repeating: Double.nan, count: p)
        // Σ d_u and Σ d_u² over the scored users, read in place and row by row (one pass for every
        // policy: no array of a million differences, no stride across the table per policy).
        let (sums, squares) = totals.userHits.isWide
            ? Self.differenceSums(totals.userHits.wide, counts: totals.userCounts, best: best, policies: p)
            : Self.differenceSums(totals.userHits.narrow, counts: totals.userCounts, best: best, policies: p)
        for k in 0..<p where k != best {
            raw[k] = ClusteredMcNemarTest.pValue(sum: sums[k], squares: squares[k])
            statistics[k] = ClusteredMcNemarTest.statistic(sum: sums[k], squares: squares[k])
        }
        let holm = HolmAdjustment.adjust(raw)

        var rows: [Row] = []
        for k in 0..<p {
            let t = totals.totals[k]
            let policy = totals.policies[k]
            rows.append(Row(
                policy: policy.id,
                parameters: zip(policy.parameterSpecs, policy.parameterValues).map { ($0.name, $1) },
                n: n, hits: t.hits, hitRate: rate(t.hits, n), hitRateInterval: boot.intervals[k],
                meanAbsoluteError: rate(t.absoluteError, n),
                overshootRate: rate(t.overshoots, n), undershootRate: rate(t.undershoots, n),
                missedChangeRate: rate(t.missedChanges, t.intendedChanges),
                falseChangeRate: rate(t.falseChanges, t.intendedStays),
                meanSnapCorrection: decided > 0 ? t.snapCorrection / Double(decided) : .nan,
                meanCellsReconfigured: rate(t.cellsReconfigured, decided),
                signedErrors: t.signedErrors.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                unlabelledPagesMoved: t.unlabelledPagesMoved.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                differenceToBest: rate(t.hits, n) - rate(totals.totals[best].hits, n),
                differenceInterval: boot.differenceIntervals[k],
                mcNemarP: k == best ? nil : raw[k], holmP: k == best ? nil : holm[k],
                onlyBestHits: onlyBest[k], onlyThisHits: onlyThis[k],
                mcNemarStatistic: k == best ? nil : statistics[k]))
        }
        let order = (0..<p).sorted { a, b in
            totals.totals[a].hits != totals.totals[b].hits ? totals.totals[a].hits > totals.totals[b].hits : a < b
        }
        self.rows = order.map { rows[$0] }
        labelled = n
        unlabelled = totals.unlabelled
        users = totals.userCounts.filter { $0 > 0 }.count
        self.bootstrap = bootstrap
        self.userNames = userNames
        userCounts = totals.userCounts
        userHits = totals.userHits
        userPolicyCount = p
        rowPolicies = order
        byFile = totals.fileNames.indices.map { f in
            Group(name: totals.fileNames[f], n: Int(totals.fileCounts[f]),
                  hitRates: order.map { totals.fileCounts[f] > 0 ? totals.fileHits[f][$0] / totals.fileCounts[f] : .nan })
        }
        agreement = order.map { i in
            order.map { j in
                i == j ? 1 : rate(totals.agreements[i * p + j], totals.unlabelled)
            }
        }
    }

    /// Per policy `k`, `Σ d_u` and `Σ d_u²` of `d_u = hits_u(best) − hits_u(k)` over the scored
    /// users, read in place and row by row (one pass for every policy: no array of a million
    /// differences, no stride across the table per policy).
    private static func differenceSums<H: FlatHitCount>(_ hits: [H], counts: [Double], best: Int,
                                                        policies p: Int) -> (sums: [Double], squares: [Double]) {
        var sums = [Double](repeating: 0, count: p), squares = [Double](repeating: 0, count: p)
        hits.withUnsafeBufferPointer { hits in
            counts.withUnsafeBufferPointer { counts in
                sums.withUnsafeMutableBufferPointer { s in
                    squares.withUnsafeMutableBufferPointer { q in
                        guard let h = hits.baseAddress, let s = s.baseAddress, let q = q.baseAddress else { return }
                        for u in 0..<Swift.min(counts.count, hits.count / Swift.max(1, p)) where counts[u] > 0 {
                            let row = h + u * p
                            let b = row[best].hitValue
                            for k in 0..<p {
                                let d = b - row[k].hitValue
                                s[k] += d
                                q[k] += d * d
                            }
                        }
                    }
                }
            }
        }
        return (sums, squares)
    }
}
