import Foundation
import SnapLabSupport

/// A fitted parameter the calibration could not settle (issue 32 item 3): it ended at a limit of
/// the search, or its statistic did not reach the target. `generate --like` and `--match` refuse
/// such a model (exit 65, ``CalibrationError``) unless `--allow-unconverged`.
public struct CalibrationProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// At a bound of its range, stopped by its valid range, or still moving at the search's
        /// largest step when the rounds ran out.
        case atLimit = "at a limit of the search"
        /// Inside its range, but its statistic is outside tolerance at the last round.
        case notConverged = "not converged"
    }

    public var kind: Kind
    /// The parameter's name and its key under a model file's `parameters`.
    public var parameter: String
    public var key: String
    /// Its value at the last round.
    public var value: Double
    /// What was found, in plain words.
    public var finding: String
    /// The statistic that pushed it there (the largest share of its last step), with its target
    /// and its simulated value at the last round.
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

    /// The fitted parameters that did not settle, from the search's `history` (see ``CalibrationProblem``):
    /// a parameter at an end of its ``Fitted/limits`` (the release earliness's clamp among them,
    /// the search's own fences) and a step the model's validation refused (`stoppedBy`), whatever
    /// its statistic (issue 32 item 3: a parameter at a search limit is an error); a probability
    /// at 0 or 1, a scale at the search's floor (the natural ends: no such strokes, no spread), a
    /// scale still moving at the largest step in each of its last two rounds — each only while
    /// its statistic is outside tolerance — and any other whose statistic is outside tolerance at
    /// the last round. The statistic that
    /// pushed it is the one with the largest share of its last step through the inverse Jacobian
    /// (its own without one).
    static func problems(fitted: [(Fitted, StatisticKind)], targets: [StatisticKind: Double], history: [Round],
                         stoppedBy: (error: SwipeModelError, step: SwipeModelParameters)?, jacobian: [[Double]]?) -> [CalibrationProblem] {
        guard let last = history.last else { return [] }
        let residuals = fitted.map { x, s -> Double in
            guard let want = targets[s], let got = last.simulated[s], got.isFinite else { return 0 }
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
            let want = targets[own] ?? .nan, got = last.simulated[own] ?? .nan
            let within = RecordingSummary.Statistic(own, value: want).matches(got)
            let value = x.get(last.parameters), next = x.get(last.next)
            let move = x.isProbability ? next - value : log(max(next, 1e-12) / max(value, 1e-12))
            var pusher = own
            if let inverse, move != 0 {
                let shares = residuals.indices.map { inverse[j][$0] * residuals[$0] * (move > 0 ? 1 : -1) }
                if let i = shares.indices.max(by: { shares[$0] < shares[$1] }), shares[i] > 0 { pusher = fitted[i].1 }
            }
            func problem(_ kind: CalibrationProblem.Kind, _ finding: String) -> CalibrationProblem {
                CalibrationProblem(kind: kind, parameter: x.name, key: x.key, value: value, finding: finding, statistic: pusher,
                                   target: targets[pusher] ?? .nan, simulated: last.simulated[pusher] ?? .nan, valueName: x.valueName)
            }
            if x.key == stopKey, let error = stoppedBy?.error {
                out.append(problem(.atLimit, "the search's next step left the model's valid range (\(error.description)) "
                                   + "and the search stopped at round \(history.count)"))
                continue
            }
            // a fence of the search's own (`limits`) counts whatever the statistic: the search was
            // stopped there, not by the data, and another parameter may carry what this one could not
            if let limit = x.limits.flatMap({ limitFinding(next, in: $0) }) {
                out.append(problem(.atLimit, within ? limit + " with its statistic '\(own.id)' within tolerance: stopped by the bound, not by the data"
                                                    : limit))
                continue
            }
            guard !within else { continue }
            if x.isProbability && (next <= 1e-12 || next >= 1 - 1e-12) {
                out.append(problem(.atLimit, "at its bound \(next <= 1e-12 ? "0" : "1") (a probability) with its statistic still outside tolerance"))
            } else if !x.isProbability && next <= 1e-3 * 1.0001 {
                out.append(problem(.atLimit, "at the search's floor 0.001"))
            } else if !x.isProbability, history.count >= 2, abs(move) >= runawayLogStep,
                      case let before = log(max(value, 1e-12) / max(x.get(history[history.count - 2].parameters), 1e-12)),
                      abs(before) >= runawayLogStep, before * move > 0 {
                out.append(problem(.atLimit, "still moving at the search's largest step (×\(NumberFormat.fixed(exp(abs(move)), 2)) in the last round, "
                                   + "×\(NumberFormat.fixed(exp(abs(before)), 2)) in the one before) when the \(history.count) rounds ran out"))
            } else {
                out.append(problem(.notConverged, "its statistic '\(own.id)' is \(CalibrationProblem.number(got)) against the target "
                                   + "\(CalibrationProblem.number(want)) at round \(history.count), outside tolerance \(own.toleranceText)"))
            }
        }
        return out
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
