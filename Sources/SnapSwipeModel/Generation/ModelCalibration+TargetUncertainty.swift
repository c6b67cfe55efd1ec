import Foundation
import SnapLabSupport
import SnapGSL

/// How precisely the recording being fitted pins down one statistic's target (issue 32,
/// `Docs/research/2026-11-30-home-fit-tolerances.md`): the statistic's standard error over the
/// recording's users (a delete-a-group jackknife, the groups of ``ModelCalibration/uncertainty(of:recording:)``)
/// and its 95% half-width, in the units of the statistic's tolerance (relative to the target for
/// a relative tolerance, absolute for an absolute one).
///
/// The convergence judgement (``ModelCalibration/problems(fitted:targets:history:returned:stoppedBy:jacobian:precision:)``)
/// counts a fitted statistic as matched when its simulated value is within ``band``: the larger of
/// the statistic's fixed tolerance and this half-width. A fixed tolerance tighter than the
/// recording's own uncertainty would declare a fit failed for missing a number the recording does
/// not pin down; one wider is the model's allowed error and is kept. The same rule for every
/// statistic, from the recording in `--like` (not for `--match`'s published numbers, which carry
/// no users).
public struct TargetUncertainty: Sendable, Hashable {
    public var statistic: StatisticKind
    /// The statistic on the whole recording (the fit's target).
    public var target: Double
    /// Its jackknife standard error over the users, in the statistic's own units (NaN when it is not
    /// finite on some deleted group, or with fewer than 2 groups).
    public var standardError: Double
    /// Student's 97.5% quantile with `groups − 1` degrees of freedom.
    public var criticalValue: Double
    public var groups: Int

    public init(statistic: StatisticKind, target: Double, standardError: Double, criticalValue: Double, groups: Int) {
        self.statistic = statistic
        self.target = target
        self.standardError = standardError
        self.criticalValue = criticalValue
        self.groups = groups
    }

    /// The fixed tolerance: `r` of a relative one, `a` of an absolute one.
    public var fixed: Double {
        switch statistic.tolerance {
        case .relative(let r): return r
        case .absolute(let a): return a
        }
    }

    /// The 95% half-width `c·se` in the tolerance's units (`c·se/|target|` for a relative one); NaN
    /// when unknown.
    public var halfWidth: Double {
        let h = criticalValue * standardError
        guard h.isFinite, target.isFinite else { return .nan }
        switch statistic.tolerance {
        case .relative: return target != 0 ? h / abs(target) : .nan
        case .absolute: return h
        }
    }

    /// The band the convergence judgement uses: max(``fixed``, ``halfWidth``); the fixed tolerance
    /// when the half-width is unknown.
    public var band: Double {
        let h = halfWidth
        return h.isFinite ? max(fixed, h) : fixed
    }

    /// The recording's own uncertainty is wider than the fixed tolerance.
    public var isWidened: Bool { band > fixed }

    /// `simulated` is within ``band`` of ``target`` (the tolerance's own test, ``RecordingSummary/Statistic/matches(_:)``,
    /// with the band for the tolerance).
    public func matches(_ simulated: Double) -> Bool {
        guard target.isFinite, simulated.isFinite else { return target.isNaN && simulated.isNaN }
        switch statistic.tolerance {
        case .relative: return abs(simulated - target) <= band * abs(target) + 1e-12
        case .absolute: return abs(simulated - target) <= band + 1e-12
        }
    }

    /// `±x%` or `±x` in the tolerance's units.
    static func text(_ value: Double, of kind: StatisticKind) -> String {
        guard value.isFinite else { return "—" }
        switch kind.tolerance {
        case .relative: return "±\(NumberFormat.fixed(100 * value, 1))%"
        case .absolute: return "±\(NumberFormat.fixed(value, 3))"
        }
    }

    /// The band as messages say it: the fixed tolerance, or "±15%, widened to the recording's own
    /// uncertainty ±23.4%".
    public var bandText: String {
        isWidened ? statistic.toleranceText + " widened to the recording's own uncertainty " + Self.text(band, of: statistic)
            : statistic.toleranceText
    }
}

extension ModelCalibration {
    /// The jackknife standard error over the recording's users of each of `statistics` (those the
    /// recording has), with the groups of ``uncertainty(of:recording:)`` (one per user up to the
    /// trace budget, at least 20; consecutive blocks of traces with fewer than 10 users) and the
    /// recording's stall-window weight; deleted groups evaluated in parallel. Empty with fewer than
    /// 2 groups.
    static func targetUncertainties(of statistics: [StatisticKind], recording: RecordingSummary) -> [StatisticKind: TargetUncertainty] {
        let values = recording.statisticValues
        let kinds = statistics.filter { values[$0]?.isFinite == true }
        guard !kinds.isEmpty else { return [:] }
        guard let (covariance, groups) = recordingJackknife(recording, { v in
            kinds.map { v[$0].flatMap { $0.isFinite ? $0 : nil } ?? .nan }
        }) else { return [:] }
        let critical = StudentTDistribution.quantile(0.975, degreesOfFreedom: Double(groups - 1))
        var out: [StatisticKind: TargetUncertainty] = [:]
        for (i, kind) in kinds.enumerated() {
            let variance = covariance[i][i]
            out[kind] = TargetUncertainty(statistic: kind, target: values[kind]!, standardError: variance >= 0 ? variance.squareRoot() : .nan,
                                          criticalValue: critical, groups: groups)
        }
        return out
    }

    /// The fitted statistics as the convergence judgement saw them, as a text table: target, fixed
    /// tolerance, the recording's own 95% half-width, the band used, the returned model's simulated
    /// value and whether it is within the band.
    public static func renderedTargets(_ result: Result) -> String {
        func number(_ x: Double) -> String { x.isFinite ? NumberFormat.compact(x, 3) : "—" }
        let rows = result.fitted.map { x, kind -> [String] in
            let u = result.targetUncertainty[kind], got = result.returnedStatistics[kind] ?? .nan
            let within = u?.matches(got) ?? RecordingSummary.Statistic(kind, value: result.targets[kind] ?? .nan).matches(got)
            return [kind.id, x.key, number(u?.target ?? result.targets[kind] ?? .nan), kind.toleranceText,
                    u.map { TargetUncertainty.text($0.halfWidth, of: kind) } ?? "—",
                    u.map { TargetUncertainty.text($0.band, of: kind) + ($0.isWidened ? " (widened)" : "") } ?? kind.toleranceText,
                    number(got), within ? "✓" : "✗"]
        }
        return TextTable(header: ["statistic", "parameter", "target", "tolerance", "recording's 95% half-width", "judged within",
                                  "simulated", "within"], rows: rows, rightAligned: [2, 4, 6]).rendered()
    }
}

extension ModelCalibration.Result {
    /// Whether some fitted statistic was judged with a band wider than its fixed tolerance (the
    /// recording's own uncertainty): `--like` then prints ``ModelCalibration/renderedTargets(_:)``.
    public var hasWidenedTolerance: Bool { fitted.contains { targetUncertainty[$0.1]?.isWidened == true } }

    /// The fitted statistics within their band only because it was widened (outside the fixed
    /// tolerance, inside the recording's own 95% uncertainty), as the verdict names them:
    /// "release_speed_p50 0.7 against 0.604 (±15% widened to the recording's own uncertainty ±20.1%)".
    public var matchedByWidening: [String] {
        fitted.compactMap { _, kind in
            guard let u = targetUncertainty[kind], u.isWidened, let got = returnedStatistics[kind], u.matches(got),
                  !RecordingSummary.Statistic(kind, value: u.target).matches(got) else { return nil }
            return "\(kind.id) \(CalibrationProblem.number(got)) against \(CalibrationProblem.number(u.target)) (\(u.bandText))"
        }
    }
}
