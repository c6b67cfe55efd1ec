import Foundation
import SnapLabSupport
import SnapScoring

/// CSV and run metadata of a ``ComparisonReport``: formats that load anywhere.
///
/// CSV is RFC 4180 with exactly one header row, every number at full precision (the shortest
/// text that reads back as the same `Double`; p-values that underflow a `Double` keep their
/// exponent, ``PValueText``). With a breakdown (`--by user|file`) a first column named after it
/// holds the group: rows with an empty group are the whole data set (all columns), rows with a
/// group carry `policy`, `n`, `hits` and `hit_rate` for that group. `intervals_from_few_users`
/// is `true` when the intervals come from fewer than five users (``FewUsersMark``).
extension ComparisonReport {
    static let csvHeader = ["policy", "n", "hits", "hit_rate", "hit_rate_ci_low", "hit_rate_ci_high",
                            "diff_to_best", "diff_ci_low", "diff_ci_high", "mcnemar_p", "holm_p",
                            "mcnemar_log10_p", "holm_log10_p",
                            "mean_abs_error", "overshoot_rate", "undershoot_rate", "missed_change_rate",
                            "false_change_rate", "mean_snap_correction_pt", "mean_cells_reconfigured", "intervals_from_few_users"]

    /// Base-10 logarithms of the raw and Holm-adjusted McNemar p-values per row (`nil` for the
    /// best), exact even where the p-values themselves underflow.
    var logP: (raw: [Double?], holm: [Double?]) {
        let raw: [Double?] = comparison.rows.map { r in
            guard r.holmP != nil else { return nil }
            if let x = r.mcNemarStatistic { return PValueText.log10ChiSquare1(x) }
            return r.mcNemarP.map { $0 > 0 ? Foundation.log10($0) : -Double.infinity }
        }
        return (raw, PValueText.holm(raw))
    }

    static func pJSON(_ p: Double?, _ log10p: Double?) -> JSONValue {
        guard let p else { return .null }
        let text = PValueText.full(p, log10p: log10p ?? 0)
        return p >= 1e-300 ? .number(p) : .numberLiteral(text)
    }

    /// The run metadata (the preamble) as a JSON object; entries keyed `file` are collected in
    /// a `files` array, so every input is listed.
    public func runJSON() -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        let files = preamble.filter { $0.key == "file" }.map { JSONValue.string($0.value) }
        var filesPlaced = false
        for entry in preamble {
            if entry.key == "file" {
                if !filesPlaced { pairs.append(("files", .array(files))); filesPlaced = true }
            } else {
                pairs.append((entry.key, .string(entry.value)))
            }
        }
        return .object(pairs)
    }

    func csv() -> String {
        let n: (Double) -> String = { NumberFormat.shortestCSV($0) }
        let logP = self.logP
        let grouped = breakdown != .none
        var out = CSVText.line((grouped ? [breakdown.rawValue] : []) + Self.csvHeader)
        for (k, r) in comparison.rows.enumerated() {
            let p: (Double?, Double?) -> String = { p, l in p.map { PValueText.full($0, log10p: l ?? 0) } ?? "" }
            out += CSVText.line((grouped ? [""] : []) + [
                r.policy, String(r.n), String(r.hits), n(r.hitRate), n(r.hitRateInterval.lower),
                n(r.hitRateInterval.upper), n(r.differenceToBest), n(r.differenceInterval.lower),
                n(r.differenceInterval.upper), p(r.mcNemarP, logP.raw[k]), p(r.holmP, logP.holm[k]),
                logP.raw[k].map(n) ?? "", logP.holm[k].map(n) ?? "",
                n(r.meanAbsoluteError), n(r.overshootRate), n(r.undershootRate),
                n(r.missedChangeRate), n(r.falseChangeRate), n(r.meanSnapCorrection),
                n(r.meanCellsReconfigured), intervalsFromFewUsers ? "true" : "false"])
        }
        let blanks = Array(repeating: "", count: Self.csvHeader.count - 4)
        for g in groups {
            for (k, r) in comparison.rows.enumerated() {
                let rate = g.hitRates[k]
                let hits = rate.isFinite ? String(Int((rate * Double(g.n)).rounded())) : ""
                out += CSVText.line([g.name, r.policy, String(g.n), hits, n(rate)] + blanks)
            }
        }
        return out
    }
}

extension NumberFormat {
    /// A CSV cell at full precision: the shortest text that reads back as `x`; empty when not
    /// finite.
    public static func shortestCSV(_ x: Double) -> String {
        x.isFinite ? shortest(x) : ""
    }
}
