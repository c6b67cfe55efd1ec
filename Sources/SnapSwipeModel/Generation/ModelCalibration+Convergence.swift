import Foundation
import SnapLabSupport
import SnapStrategies

/// A fitted parameter the calibration could not settle (issue 32 item 3): in the model the fit
/// returns it is at a limit of the search, or its statistic there is not the target. `generate
/// --like` and `--match` refuse such a model (exit 65, ``CalibrationError``) unless `--allow-unconverged`.
public struct CalibrationProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// At a bound of its range, stopped by its valid range, or still moving at the search's
        /// largest step when the rounds ran out.
        case atLimit = "at a limit of the search"
        /// Inside its range, but its statistic is outside tolerance in the returned model.
        case notConverged = "not converged"
    }

    public var kind: Kind
    /// The parameter's name and its key under a model file's `parameters`.
    public var parameter: String
    public var key: String
    /// Its value in the model the fit returns (``ModelCalibration/Result/parameters``).
    public var value: Double
    /// What was found, in plain words.
    public var finding: String
    /// The statistic that pushes it (the largest share of the step the search would take from the
    /// returned model), with its target and its value simulated from the returned model.
    public var statistic: StatisticKind
    public var target: Double
    public var simulated: Double
    /// How the messages name ``value`` when it is not the model file's value at ``key``
    /// (``ModelCalibration/Fitted/valueName``); `nil`: `parameters.<key>`.
    public var valueName: String? = nil

    /// The parameter as the messages name it: ``valueName``, or its key.
    public var shownName: String { valueName ?? key }

    public var description: String {
        (valueName.map { "\($0) = \(Self.number(value))" } ?? "parameters.\(key) = \(Self.number(value)) (\(parameter))")
            + ": \(kind.rawValue): \(finding); "
            + "pushed by '\(statistic.id)' (\(statistic.label)): target \(Self.number(target)), simulated \(Self.number(simulated))"
    }

    /// `x` to 4 decimals, or "none" when not finite (a statistic the simulation has no strokes for).
    static func number(_ x: Double) -> String { x.isFinite ? NumberFormat.compact(x, 4) : "none" }
}

/// The calibration did not settle (``CalibrationProblem``): exit 65 unless `--allow-unconverged`.
public struct CalibrationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [CalibrationProblem]
    public var fittedCount: Int
    public var source: String

    public init(problems: [CalibrationProblem], fittedCount: Int, source: String) {
        self.problems = problems
        self.fittedCount = fittedCount
        self.source = source
    }

    public var description: String {
        "\(source): the calibration did not converge: \(problems.count) of \(fittedCount) fitted parameters: "
            + problems.map(\.description).joined(separator: "; ")
            + ". Expected every fitted parameter inside the search's range with its statistic within tolerance "
            + "(a model at a limit does not describe the data); --allow-unconverged writes the model anyway, with this as a warning"
    }

    /// The counted warning `--allow-unconverged` prints instead.
    public var warning: String {
        "warning: \(problems.count) of \(fittedCount) fitted parameters did not converge (--allow-unconverged: the model is used anyway; "
            + "not usable for ranking): " + problems.map(\.description).joined(separator: "; ")
    }
}

extension ModelCalibration {
    /// One round of the search: the parameters it simulated, their statistics and the step it took.
    struct Round: Sendable {
        var parameters: SwipeModelParameters
        var simulated: [StatisticKind: Double]
        var next: SwipeModelParameters
    }

    /// The largest move of a scale parameter in one damped round (`exp(0.8 × 0.7)`, ×1.75); a
    /// parameter that moved by at least ``runawayLogStep`` in each of its last two rounds, the same
    /// way, was still running when the rounds ran out.
    static let runawayLogStep = 0.5

    /// The model a fit returns, as ``problems(fitted:targets:history:returned:stoppedBy:jacobian:precision:)``
    /// judges it: its parameters, its statistics simulated as a round's are (the same traces,
    /// users, replicates and seeds), and what it is in the search ("the mean of rounds 6–10").
    struct Returned: Sendable {
        var parameters: SwipeModelParameters
        var simulated: [StatisticKind: Double]
        var description: String

        /// What the mean of `kept` rounds from round `from` on is, of a search that ran `rounds`.
        static func averaging(_ kept: Int, from: Int, rounds: Int) -> String {
            kept == 0 ? "round \(rounds), where the search stopped" : kept == 1 ? "round \(from)" : "the mean of rounds \(from)–\(from + kept - 1)"
        }
    }

    /// `parameters`, the model a fit returns, with its statistics: a round's own when it is one of
    /// `history`'s (the best round; the last when nothing was averaged), else simulated once more
    /// as a round is (one round's cost), so that the verdict describes the model written.
    func returnedModel(_ parameters: SwipeModelParameters, _ description: String, history: [Round], layout: CarouselLayout,
                       traces n: Int, users: Int, replicates: Int) throws -> Returned {
        let simulated = try history.last { $0.parameters == parameters }?.simulated
            ?? statistics(parameters, layout: layout, traces: n, users: users, replicates: replicates)
        return Returned(parameters: parameters, simulated: simulated, description: description)
    }

    /// The fitted parameters that did not settle in the `returned` model (see ``CalibrationProblem``),
    /// the values quoted being its own: a parameter at an end of its ``Fitted/limits`` there (the
    /// release earliness's clamp among them, the search's own fences) and one whose step the model's
    /// validation refused (`stoppedBy`), whatever its statistic (issue 32 item 3: a parameter at a
    /// search limit is an error); a probability at 0 or 1, a scale at the search's floor (the
    /// natural ends: no such strokes, no spread) — each only while its statistic is outside
    /// tolerance in the returned model — and any other whose statistic is outside tolerance there.
    /// From the search's path (`history`), a scale that moved at the largest step, the same way, in
    /// each of the last two rounds was still running when the rounds ran out: with its statistic
    /// off that is a reason of its own (at a limit), and a last step that reached a fence the
    /// returned model is inside is said alongside. The statistic that pushes it is the one with the
    /// largest share of the step the search would take from the returned model through the inverse
    /// Jacobian (its own without one).
    ///
    /// "Within tolerance" is within the statistic's fixed tolerance, widened to the recording's own
    /// 95% uncertainty of the target where that is wider (`precision`, ``TargetUncertainty/band``;
    /// `calibrate` measures it over the recording's users, empty for `--match`): a statistic the
    /// recording does not pin down to its fixed tolerance cannot show a fit failed by missing it by less.
    static func problems(fitted: [(Fitted, StatisticKind)], targets: [StatisticKind: Double], history: [Round], returned: Returned,
                         stoppedBy: (error: SwipeModelError, step: SwipeModelParameters)?, jacobian: [[Double]]?,
                         precision: [StatisticKind: TargetUncertainty] = [:]) -> [CalibrationProblem] {
        guard let last = history.last else { return [] }
        let simulated = returned.simulated
        let residuals = fitted.map { x, s -> Double in
            guard let want = targets[s], let got = simulated[s], got.isFinite else { return 0 }
            if x.isProbability { return want - got }
            return want > 0 && got > 0 ? log(want / got) : 0
        }
        let inverse = jacobian.flatMap { $0.count == fitted.count ? invert($0) : nil }
        var stopKey: String?
        if case let .invalidParameter(name, _, _)? = stoppedBy?.error { stopKey = name }
        // a refused step names a parameter; a fitted parameter that moves others (the flick duration
        // moves the drags' and stays') is charged with it when the name is not a fitted key
        if let key = stopKey, !fitted.contains(where: { $0.0.key == key }), let step = stoppedBy?.step {
            stopKey = fitted.max { a, b in
                abs(log(max(a.0.get(step), 1e-12) / max(a.0.get(last.parameters), 1e-12)))
                    < abs(log(max(b.0.get(step), 1e-12) / max(b.0.get(last.parameters), 1e-12)))
            }?.0.key
        }
        var out: [CalibrationProblem] = []
        for (j, (x, own)) in fitted.enumerated() {
            let want = targets[own] ?? .nan, got = simulated[own] ?? .nan
            // the recording's own uncertainty, when it was measured on this target
            let band = precision[own].flatMap { $0.target == want ? $0 : nil }
            let within = band?.matches(got) ?? RecordingSummary.Statistic(own, value: want).matches(got)
            let value = x.get(returned.parameters)
            var pusher = own
            if let inverse, case let step = residuals.indices.reduce(0.0, { $0 + inverse[j][$1] * residuals[$1] }), step != 0 {
                let shares = residuals.indices.map { inverse[j][$0] * residuals[$0] * (step > 0 ? 1 : -1) }
                if let i = shares.indices.max(by: { shares[$0] < shares[$1] }), shares[i] > 0 { pusher = fitted[i].1 }
            }
            func problem(_ kind: CalibrationProblem.Kind, _ finding: String) -> CalibrationProblem {
                CalibrationProblem(kind: kind, parameter: x.name, key: x.key, value: value, finding: finding, statistic: pusher,
                                   target: targets[pusher] ?? .nan, simulated: simulated[pusher] ?? .nan, valueName: x.valueName)
            }
            if x.key == stopKey, let error = stoppedBy?.error {
                out.append(problem(.atLimit, "the search's next step left the model's valid range (\(error.description)) "
                                   + "and the search stopped at round \(history.count)"))
                continue
            }
            // a fence of the search's own (`limits`) counts whatever the statistic: the search was
            // stopped there, not by the data, and another parameter may carry what this one could not
            if let limit = x.limits.flatMap({ limitFinding(value, in: $0) }) {
                out.append(problem(.atLimit, within ? limit + " with its statistic '\(own.id)' within tolerance: stopped by the bound, not by the data"
                                                    : limit))
                continue
            }
            guard !within else { continue }
            let off = "its statistic '\(own.id)' is \(CalibrationProblem.number(got)) against the target \(CalibrationProblem.number(want)) "
                + "in the returned model (\(returned.description)), outside tolerance \(band?.bandText ?? own.toleranceText)"
            // the search's path: its last step, and the one before
            let from = x.get(last.parameters), next = x.get(last.next)
            let move = x.isProbability ? next - from : log(max(next, 1e-12) / max(from, 1e-12))
            let fenced = x.limits.flatMap { limitFinding(next, in: $0) }.map { "; the search's last step ended " + $0 } ?? ""
            if x.isProbability && (value <= 1e-12 || value >= 1 - 1e-12) {
                out.append(problem(.atLimit, "at its bound \(value <= 1e-12 ? "0" : "1") (a probability) with its statistic still outside tolerance"))
            } else if !x.isProbability && value <= 1e-3 * 1.0001 {
                out.append(problem(.atLimit, "at the search's floor 0.001"))
            } else if !x.isProbability, history.count >= 2, abs(move) >= runawayLogStep,
                      case let before = log(max(from, 1e-12) / max(x.get(history[history.count - 2].parameters), 1e-12)),
                      abs(before) >= runawayLogStep, before * move > 0 {
                out.append(problem(.atLimit, off + "; and the rounds were still moving at the search's largest step (×\(NumberFormat.fixed(exp(abs(move)), 2)) "
                                   + "in the last round, ×\(NumberFormat.fixed(exp(abs(before)), 2)) in the one before) when the \(history.count) rounds ran out" + fenced))
            } else {
                out.append(problem(.notConverged, off + fenced))
            }
        }
        return out
    }
}

extension ModelCalibration {
    /// What ``problems(fitted:targets:history:returned:stoppedBy:jacobian:precision:)`` has no
    /// finding to say: a fitted parameter whose statistic is within its band in the `returned`
    /// model (so it is not a problem) and which is inside its ``Fitted/limits`` there, but whose
    /// search's last step ended at one of them (the returned model is an average of rounds, or
    /// the best one). A note for each, so that a search still pushing at a fence is not silent
    /// (on the A30 home fit: `q`'s last step at its floor 0.005, the returned model at 0.0107).
    static func fenceNotes(fitted: [(Fitted, StatisticKind)], targets: [StatisticKind: Double], history: [Round], returned: Returned,
                           precision: [StatisticKind: TargetUncertainty]) -> [String] {
        guard let last = history.last else { return [] }
        return fitted.compactMap { x, own in
            guard let limits = x.limits, let fence = limitFinding(x.get(last.next), in: limits),
                  limitFinding(x.get(returned.parameters), in: limits) == nil,
                  let want = targets[own], let got = returned.simulated[own] else { return nil }
            let band = precision[own].flatMap { $0.target == want ? $0 : nil }
            guard band?.matches(got) ?? RecordingSummary.Statistic(own, value: want).matches(got) else { return nil }
            return "\(x.valueName ?? "parameters.\(x.key) (\(x.name))"): the search's last step ended \(fence); the returned model "
                + "(\(returned.description)) has \(CalibrationProblem.number(x.get(returned.parameters))), inside its range, with '\(own.id)' "
                + "\(CalibrationProblem.number(got)) against \(CalibrationProblem.number(want)) within \(band?.bandText ?? own.toleranceText): "
                + "converged as judged, but the search was still pushing it at the fence"
        }
    }
}

extension StatisticKind {
    /// The tolerance as the table prints it (`±10%`, `±0.03`).
    public var toleranceText: String {
        switch tolerance {
        case .relative(let r): return "±\(NumberFormat.fixed(100 * r, 0))%"
        case .absolute(let a): return "±\(NumberFormat.fixed(a, 2))"
        }
    }
}
