import SnapLabSupport
import SnapScoring

/// The one line `generate --like` and `generate --match` end with (issue 32 item 3): whether the
/// generated traces are usable for ranking policies, and why.
///
/// Usable when all of these hold: the fit converged (no ``CalibrationProblem``, which only
/// `--allow-unconverged` lets through); every statistic of ``StatisticKind/releaseKinematics``
/// that the recording has is within tolerance on the generated traces; and, with
/// `--rank-against`, Spearman's ρ between the reference's and the generated policy hit rates is
/// at least ``minimumRho`` (the issue's bar for a model carried to another layout). With nothing
/// generated (`--traces 0`) nothing was checked, so it is not usable. The ρ interval
/// (``RankBootstrap``) is printed with ρ so that a reader sees how much the reference's few users
/// can say.
public struct CalibrationVerdict: Sendable {
    /// The smallest ρ with the reference ranking that counts as ranking like it.
    public static let minimumRho = 0.8

    public var problems: [CalibrationProblem]
    public var fittedCount: Int
    public var rows: [CalibrationTable.Row]
    public var rank: RankBootstrap.Result?
    public var rankedAgainst: [String]
    public var generated: Int
    /// What the model was fitted to, as the line names it: "the recording" (`--like`), "the
    /// published statistics" (`--match`).
    public var reference: String
    /// The fitted statistics judged converged only within the recording's own uncertainty of their
    /// target, wider than their fixed tolerance (``ModelCalibration/Result/matchedByWidening``): the line names them.
    public var matchedByWidening: [String]

    public init(problems: [CalibrationProblem], fittedCount: Int, rows: [CalibrationTable.Row], rank: RankBootstrap.Result?,
                rankedAgainst: [String], generated: Int, reference: String = "the recording", matchedByWidening: [String] = []) {
        self.reference = reference
        self.matchedByWidening = matchedByWidening
        self.problems = problems
        self.fittedCount = fittedCount
        self.rows = rows
        self.rank = rank
        self.rankedAgainst = rankedAgainst
        self.generated = generated
    }

    /// Why the traces are not usable for ranking (empty: usable).
    public var reasons: [String] {
        if generated == 0 { return ["nothing was generated to check (--traces 0)"] }
        var out: [String] = []
        if !problems.isEmpty {
            out.append("\(problems.count) of \(fittedCount) fitted parameters did not converge ("
                       + problems.map(\.shownName).joined(separator: ", ") + ")")
        }
        let kinematics = Set(StatisticKind.releaseKinematics.map(\.id))
        let missed = rows.filter { kinematics.contains($0.id) && $0.passes == false }
        if !missed.isEmpty {
            out.append("release kinematics off: " + missed.map { r in
                "\(r.id) \(Self.number(r.generated)) against \(Self.number(r.recording)) (\(r.tolerance))"
            }.joined(separator: ", "))
        }
        if let rank {
            if !rank.rho.isFinite {
                out.append("no rank correlation with \(rankedAgainst.joined(separator: ", ")) (a side's hit rates are all equal)")
            } else if rank.rho < Self.minimumRho {
                out.append("it ranks the policies unlike \(rankedAgainst.joined(separator: ", ")): ρ = \(Self.rho(rank)), "
                           + "below \(NumberFormat.fixed(Self.minimumRho, 1))")
            }
        }
        return out
    }

    /// The line.
    public var line: String {
        let reasons = reasons
        guard reasons.isEmpty else { return "verdict: NOT usable for ranking: " + reasons.joined(separator: "; ") }
        let checked = rows.filter { StatisticKind.releaseKinematics.map(\.id).contains($0.id) && $0.passes == true }.map(\.id)
        let widened = matchedByWidening.isEmpty ? ""
            : " (within the recording's own uncertainty of the target, not the fixed tolerance: " + matchedByWidening.joined(separator: ", ") + ")"
        var line = "verdict: usable for ranking: the fit converged" + widened + ", release kinematics within tolerance ("
            + (checked.isEmpty ? "none in \(reference)" : checked.joined(separator: ", ")) + ")"
        if let rank {
            line += ", ρ = \(Self.rho(rank)) with \(rankedAgainst.joined(separator: ", "))"
        } else {
            line += "; its ranking was not checked against a labelled recording (--rank-against FILE checks it)"
        }
        return line
    }

    static func number(_ x: Double) -> String { x.isFinite ? NumberFormat.compact(x, 3) : "—" }

    /// `ρ (95% interval low–high)`.
    static func rho(_ r: RankBootstrap.Result) -> String {
        NumberFormat.fixed(r.rho, 2) + " (95% interval " + interval(r) + ")"
    }

    /// `low–high`, or a dash when the bootstrap could not give one.
    public static func interval(_ r: RankBootstrap.Result) -> String {
        r.interval.lower.isFinite && r.interval.upper.isFinite ? NumberFormat.fixed(r.interval.lower, 2) + "–" + NumberFormat.fixed(r.interval.upper, 2) : "—"
    }
}
