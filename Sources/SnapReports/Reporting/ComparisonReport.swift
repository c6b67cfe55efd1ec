import SnapLabSupport
import SnapTraces
import SnapScoring

/// Renders a ``Comparison`` as a terminal table, Markdown, CSV or JSON.
///
/// `preamble` holds (key, value) lines about the run (files, counts, estimator, seed) that the
/// table, Markdown and JSON formats carry: as lines above the table, as a Markdown list, and as
/// a `run` object in JSON (entries keyed `file` become its `files` array). CSV is plain RFC 4180
/// with one header row and no metadata (``csv()``; `snaplab compare --meta FILE.json` writes
/// ``runJSON()``).
public struct ComparisonReport: Sendable {
    public var comparison: Comparison
    public var preamble: [(key: String, value: String)]
    public var breakdown: Breakdown
    /// Data checks' warnings (``DataChecks``), also under `warnings` in JSON.
    public var warnings: [DataWarning] = []
    /// The run's hit criterion (`--hit`), named in the legend.
    public var hit: HitCriterion = .exact

    /// Which per-group table follows the main one.
    public enum Breakdown: String, Sendable { case none, user, file }

    public init(comparison: Comparison, preamble: [(key: String, value: String)] = [], breakdown: Breakdown = .none) {
        self.comparison = comparison
        self.preamble = preamble
        self.breakdown = breakdown
    }

    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .table: return table()
        case .markdown: return markdown()
        case .csv: return csv()
        case .json: return json().rendered(pretty: true) + "\n"
        }
    }

    // MARK: - Cells

    static let header = ["policy", "n", "hit", "95% CI", "vs best", "95% CI", "p (Holm)", "sig",
                         "mean|err|", "over", "under", "missed", "false", "snap pt", "cells"]
    static let numeric: Set<Int> = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]

    static func interval(_ i: Interval) -> String {
        "[\(NumberFormat.fixed(i.lower, 3)), \(NumberFormat.fixed(i.upper, 3))]"
    }

    /// An interval cell, with ``FewUsersMark`` when it comes from fewer than five users; from one
    /// user `not estimable` (its resamples are all the same user: a zero-width interval would say
    /// nothing about other people).
    func intervalCell(_ i: Interval) -> String {
        comparison.users == 1 ? "not estimable" : FewUsersMark.marked(Self.interval(i), intervalsFromFewUsers)
    }

    func pValue(_ row: Int, _ logHolm: [Double?]) -> String {
        guard let p = comparison.rows[row].holmP else { return "-" }
        return PValueText.short(p, log10p: logHolm[row] ?? 0)
    }

    /// The cells of every row, best first.
    var allCells: [[String]] {
        let logHolm = logP.holm
        return comparison.rows.indices.map { cells($0, logHolm) }
    }

    func cells(_ k: Int, _ logHolm: [Double?]) -> [String] {
        let r = comparison.rows[k]
        return [r.policy, String(r.n), NumberFormat.fixed(r.hitRate, 3), intervalCell(r.hitRateInterval),
         (r.differenceToBest > 0 ? "+" : "") + NumberFormat.fixed(r.differenceToBest, 3),
         intervalCell(r.differenceInterval), pValue(k, logHolm), r.significanceMark,
         NumberFormat.fixed(r.meanAbsoluteError, 3), NumberFormat.fixed(r.overshootRate, 3),
         NumberFormat.fixed(r.undershootRate, 3), NumberFormat.fixed(r.missedChangeRate, 3),
         NumberFormat.fixed(r.falseChangeRate, 3), NumberFormat.fixed(r.meanSnapCorrection, 1),
         NumberFormat.fixed(r.meanCellsReconfigured, 2)]
    }

    var groups: [Comparison.Group] {
        switch breakdown {
        case .none: return []
        case .user: return comparison.byUser
        case .file: return comparison.byFile
        }
    }

    var groupHeader: [String] { [breakdown.rawValue, "n"] + comparison.rows.map(\.policy) }

    func groupCells(_ g: Comparison.Group) -> [String] {
        [g.name, String(g.n)] + g.hitRates.map { NumberFormat.fixed($0, 3) }
    }

    // MARK: - Formats

    func table() -> String {
        var out = preamble.map { "\($0.key): \($0.value)\n" }.joined()
        if !preamble.isEmpty { out += "\n" }
        out += TextTable(header: Self.header, rows: allCells, rightAligned: Self.numeric).rendered()
        out += "\n" + legend + "\n"
        if breakdown != .none {
            out += "\nhit rate by \(breakdown.rawValue):\n"
            out += TextTable(header: groupHeader, rows: groups.map(groupCells),
                             rightAligned: Set(1..<groupHeader.count)).rendered()
        }
        return out
    }

    func markdown() -> String {
        var out = preamble.map { "- **\($0.key)**: \($0.value)\n" }.joined()
        if !preamble.isEmpty { out += "\n" }
        out += MarkdownTable.render(header: Self.header, rows: allCells, rightAligned: Self.numeric)
        if intervalsFromFewUsers { out += "\n" + FewUsersMark.footnote(users: comparison.users) + "\n" }
        if breakdown != .none {
            out += "\nHit rate by \(breakdown.rawValue):\n\n"
            out += MarkdownTable.render(header: groupHeader, rows: groups.map(groupCells),
                                        rightAligned: Set(1..<groupHeader.count))
        }
        return out
    }

    /// `run` (the preamble; its `hit` says what the labelled traces were scored under: their own
    /// `hit` column, else `--hit`), `hit` (the `--hit` option, kept for readers of earlier
    /// versions: not what traces with their own `hit` column were scored under), `policies` (per policy `policy`, `parameters`, `n`, `hits`, `hit_rate`,
    /// `hit_rate_ci`, `mean_abs_error`, `overshoot_rate`, `undershoot_rate`, `missed_change_rate`,
    /// `false_change_rate`, `mean_snap_correction_pt`, `mean_cells_reconfigured`, `signed_errors`,
    /// `diff_to_best`, `diff_to_best_ci`, `mcnemar_p`, `holm_p`, `unlabelled_pages_moved`),
    /// `agreement` (unlabelled traces), and `by_user`/`by_file` when asked.
    public func json() -> JSONValue {
        func pair(_ i: Interval) -> JSONValue { .array([.number(i.lower), .number(i.upper)]) }
        let logP = self.logP
        let policies: [JSONValue] = comparison.rows.enumerated().map { k, r in
            .object([
                ("policy", .string(r.policy)),
                ("parameters", .object(r.parameters.map { ($0.name, JSONValue.number($0.value)) })),
                ("n", .int(r.n)), ("hits", .int(r.hits)),
                ("hit_rate", .number(r.hitRate)), ("hit_rate_ci", pair(r.hitRateInterval)),
                ("mean_abs_error", .number(r.meanAbsoluteError)),
                ("overshoot_rate", .number(r.overshootRate)), ("undershoot_rate", .number(r.undershootRate)),
                ("missed_change_rate", .number(r.missedChangeRate)), ("false_change_rate", .number(r.falseChangeRate)),
                ("mean_snap_correction_pt", .number(r.meanSnapCorrection)),
                ("mean_cells_reconfigured", .number(r.meanCellsReconfigured)),
                ("signed_errors", .object(r.signedErrors.map { (String($0.error), JSONValue.int($0.traces)) })),
                ("diff_to_best", .number(r.differenceToBest)), ("diff_to_best_ci", pair(r.differenceInterval)),
                ("mcnemar_p", Self.pJSON(r.mcNemarP, logP.raw[k])),
                ("holm_p", Self.pJSON(r.holmP, logP.holm[k])),
                ("mcnemar_log10_p", logP.raw[k].map(JSONValue.number) ?? .null),
                ("holm_log10_p", logP.holm[k].map(JSONValue.number) ?? .null),
                ("unlabelled_pages_moved", .object(r.unlabelledPagesMoved.map { (String($0.pages), JSONValue.int($0.traces)) })),
            ])
        }
        var doc: [(String, JSONValue)] = [
            ("run", runJSON()),
            ("labelled", .int(comparison.labelled)), ("unlabelled", .int(comparison.unlabelled)),
            ("users", .int(comparison.users)),
            ("hit", .string(hit.rawValue)),
            ("intervals_from_few_users", .bool(intervalsFromFewUsers)),
            ("bootstrap", .object([("resamples", .int(comparison.bootstrap.resamples)),
                                   ("seed", .int(Int(truncatingIfNeeded: comparison.bootstrap.seed))),
                                   ("level", .number(comparison.bootstrap.level))])),
            ("policies", .array(policies)),
            ("warnings", .array(warnings.map(\.json))),
            ("agreement", .object(comparison.rows.enumerated().map { i, r in
                (r.policy, JSONValue.object(comparison.rows.enumerated().map { j, s in
                    (s.policy, JSONValue.number(comparison.agreement[i][j])) }))
            })),
        ]
        if breakdown != .none {
            doc.append(("by_\(breakdown.rawValue)", .array(groups.map { g in
                .object([("name", .string(g.name)), ("n", .int(g.n)),
                         ("hit_rates", .object(zip(comparison.rows, g.hitRates).map { ($0.policy, JSONValue.number($1)) }))])
            })))
        }
        return .object(doc)
    }
}
