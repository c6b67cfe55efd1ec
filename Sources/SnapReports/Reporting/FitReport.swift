import SnapLabSupport
import SnapTraces
import SnapFitting

/// What `snaplab fit` prints for a ``CrossValidatedFit``: the fitted values with their user
/// bootstrap intervals, the scores of the fit and of the defaults, the convergence of every
/// minimizer run of the all-traces fit, and the `--param` arguments that feed the values back to
/// `compare`, `explain` or `plot`.
///
/// Scores: *train* and *test* are the means over the user-grouped folds (test ± the folds'
/// standard error); *all traces* is the score of the all-traces fit (the reported values) on
/// every trace, which is what `snaplab compare --param …` reproduces.
public struct FitReport: Sendable {
    public var fit: CrossValidatedFit
    /// Key/value lines printed above the table (files, traces, seed, …).
    public var preamble: [(key: String, value: String)]
    /// The unit of each parameter by name (from the policy's specs), shown next to values.
    public var units: [String: String]
    /// The best any release-time policy could do on the same data and folds (``Headroom``), when computed.
    public var headroom: Headroom?
    /// Why fitted values are degenerate (``Degeneracy``), one sentence each; empty when none are.
    public var degenerate: [String] = []

    public init(fit: CrossValidatedFit, preamble: [(key: String, value: String)] = [], units: [String: String] = [:]) {
        self.fit = fit
        self.preamble = preamble
        self.units = units
    }

    /// The parameters to pass back: every fitted one and every one whose value is not its
    /// default (a start value given with `--param` and held fixed).
    public var feedBackParameters: [CrossValidatedFit.Parameter] {
        fit.parameters.filter { $0.isFitted || $0.value != $0.defaultValue }
    }

    /// `--param NAME=VALUE …` with each value in its shortest round-trip form, so the values read
    /// back are exactly the fitted ones.
    public var parameterArguments: String {
        feedBackParameters.map { "--param \($0.name)=\(NumberFormat.shortest($0.value))" }.joined(separator: " ")
    }

    /// The score of the all-traces fit on every trace.
    public var allTracesScore: Double { fit.fitted.score }

    /// The report as text.
    public func table() -> String {
        let digits = 4
        func score(_ x: Double) -> String { NumberFormat.fixed(x, digits) }
        func value(_ x: Double) -> String { NumberFormat.compact(x, 4) }
        var out = ""
        for (k, v) in preamble { out += "\(k): \(v)\n" }
        out += "policy: \(fit.policy); objective \(fit.objective) (\(fit.objective.isHigherBetter ? "higher" : "lower") is better)\n"
        out += "traces: \(fit.traces) labelled from \(fit.users) users; \(fit.folds.count) user-grouped folds; "
            + "intervals from \(fit.bootstrapResamples) user-bootstrap refits\n\n"
        let rows = fit.parameters.map { p -> [String] in
            let ci = p.interval.map { FewUsersMark.marked("[\(value($0.lower)), \(value($0.upper))]", fit.intervalsFromFewUsers) } ?? "-"
            let plateau = p.plateau.map { $0.lower == $0.upper ? "-" : "[\(value($0.lower)), \(value($0.upper))]" } ?? ""
            return [p.name, value(p.value) + (p.notIdentified ? " ?" : "") + (p.atBound ? " *" : ""), p.isFitted ? ci : "(fixed)", plateau,
                    value(p.defaultValue), units[p.name] ?? ""]
        }
        out += TextTable(header: ["parameter", "fitted", "95% CI", "plateau", "default", "unit"], rows: rows,
                         rightAligned: [1, 4]).rendered()
        if fit.parameters.contains(where: \.atBound) {
            out += "* on a bound: the values that fit best reach the end of the parameter's range; the data do not pin it\n"
        }
        if fit.parameters.contains(where: \.notIdentified) {
            out += "? not identified by the data: no trace scores differently anywhere across its plateau, which reaches "
                + "the end of its range; the value is not an estimate\n"
        }
        for reason in degenerate {
            out += "DEGENERATE: \(reason) — not a value to ship (recommend sets such a fit aside)\n"
        }
        if fit.intervalsFromFewUsers {
            out += FewUsersMark.footnote(users: fit.users) + "\n"
        }
        out += "plateau: the values scoring as well as the fitted one with the others held (the fit takes its middle)\n"
        for note in fit.notes { out += "note: \(note)\n" }
        out += "\n"
        let scoreRows: [[String]] = [
            ["train (mean of folds)", score(fit.trainScore), "-"],
            ["test (mean of folds) ± SE", "\(score(fit.testScore)) ± \(score(fit.testStandardError))",
             "\(score(fit.defaultTestScore)) ± \(score(fit.defaultTestStandardError))"],
            ["all traces", score(allTracesScore), score(fit.defaultScore)],
        ]
        out += TextTable(header: ["\(fit.objective)", "fitted", "defaults"], rows: scoreRows, rightAligned: [1, 2]).rendered()
        out += "\n"
        let runRows = fit.fitted.runs.enumerated().map { i, r -> [String] in
            [String(i + 1), r.start, String(r.traces), String(r.cycles), r.converged ? "yes" : "no", score(r.score)]
        }
        switch fit.fitted.method {
        case .coordinateSearch:
            out += "convergence (coordinate search of the all-traces fit; every end point scored on all \(fit.traces) traces):\n"
            out += TextTable(header: ["run", "start", "searched on", "cycles", "converged", "\(fit.objective) (all traces)"],
                             rows: runRows, rightAligned: [0, 2, 3, 5]).rendered()
            out += "kept: \(fit.fitted.converged ? "converged, no single-parameter move improves" : "NOT converged (cycle limit)"); "
                + "\(fit.fitted.evaluations) one-parameter profiles in all\n"
        case .likelihoodThenCutPoints:
            out += "convergence (maximum likelihood by GSL BFGS, then the cut points set exactly for \(fit.objective); "
                + "on all \(fit.traces) traces):\n"
            out += TextTable(header: ["step", "method", "fitted on", "iterations", "converged", "\(fit.objective) (all traces)"],
                             rows: runRows, rightAligned: [0, 2, 3, 5]).rendered()
            out += "kept: likelihood fit \(fit.fitted.converged ? "converged (gradient test)" : "NOT converged (iteration limit)"); "
                + "cut points exact for the fitted score; \(fit.fitted.evaluations) likelihood evaluations in all\n"
        }
        if let h = headroom {
            out += "\n" + h.summary + "\n" + h.gap(to: fit.testScore, of: "\(fit.policy) (fitted, test)") + "\n"
        }
        out += "\nuse the fitted values: \(parameterArguments.isEmpty ? "(defaults; nothing to pass)" : parameterArguments)\n"
        return out
    }

    /// ``CrossValidatedFit/jsonValue`` plus `all_traces_score` (the fit's score on every trace),
    /// `param_arguments` (the `--param` text) and `degenerate` (``degenerate``).
    public func json() -> JSONValue {
        guard case .object(var items) = fit.jsonValue else { return fit.jsonValue }
        items.append(("all_traces_score", .number(allTracesScore)))
        items.append(("param_arguments", .string(parameterArguments)))
        items.append(("degenerate", .array(degenerate.map { .string($0) })))
        if let h = headroom { items.append(("headroom", h.json())) }
        return .object(items)
    }
}
