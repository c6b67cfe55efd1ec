import SnapLabSupport

extension CalibrationTable {
    /// What the table knows of the fit behind the generated file, so that a fitted row the file
    /// misses says why (issue 32): the fit's simulated population did not reach it (the model cannot,
    /// with its other parameters), or the fit reached it and the file generates other people than
    /// the fit simulated (the recording's own, ``RecordedUser``) or another draw of them.
    public struct FitContext: Sendable, Hashable {
        /// The statistics the fit did not reach: those of the fitted parameters with a
        /// ``CalibrationProblem`` (each one's driving statistic and the one that pushes it).
        public var unreached: Set<StatisticKind>
        /// The statistic the users' gain spread (`gainLogSD`) was fitted to, if it was fitted.
        public var gainSpread: StatisticKind?
        /// The fitted gain log sd σ (`gainLogSD`).
        public var gainLogSD: Double
        /// The people the file generates when they are the recording's (`parameters.recordedUsers`), else `nil`.
        public var recordedUsers: [RecordedUser]?

        public init(unreached: Set<StatisticKind>, gainSpread: StatisticKind?, gainLogSD: Double, recordedUsers: [RecordedUser]?) {
            self.unreached = unreached
            self.gainSpread = gainSpread
            self.gainLogSD = gainLogSD
            self.recordedUsers = recordedUsers
        }

        /// The context of `result` for a file that generates `recordedUsers` (``TraceGenerator/recordedUsers``:
        /// the recording's people, or `nil` when its users are drawn).
        public init(_ result: ModelCalibration.Result, recordedUsers: [RecordedUser]?) {
            let problemKeys = Set(result.problems.map(\.key))
            self.init(unreached: Set(result.problems.map(\.statistic) + result.fitted.filter { problemKeys.contains($0.0.key) }.map(\.1)),
                      gainSpread: result.fitted.first { $0.0.key == "gainLogSD" }?.1, gainLogSD: result.parameters.gainLogSD,
                      recordedUsers: recordedUsers)
        }

        /// The sample sd of the recorded users' log gains (each user once), `nil` with fewer than 2.
        public var recordedGainSD: Double? {
            guard let users = recordedUsers, users.count >= 2 else { return nil }
            let g = users.map(\.logGain), n = Double(g.count), m = g.reduce(0, +) / n
            return (g.reduce(0) { $0 + ($1 - m) * ($1 - m) } / (n - 1)).squareRoot()
        }

        /// The note of a fitted row the file misses (`generated` its value in the file).
        func missNote(_ kind: StatisticKind, generated: Double) -> String {
            if unreached.contains(kind) { return CalibrationTable.unreachedNote }
            let sigma = NumberFormat.compact(gainLogSD, 3)
            guard let users = recordedUsers else {
                return "NOT MATCHED in this file: fitted, and the fit's simulated users reached it; this file's draw of users and traces misses it"
            }
            let sd = recordedGainSD.map { NumberFormat.compact($0, 3) } ?? "—"
            if kind == gainSpread {
                return "NOT MATCHED in this file: fitted on the simulated population (gain log sd \(sigma) reaches it); "
                    + "the recording's \(users.count) people with their estimated log gains (sd \(sd)) give "
                    + NumberFormat.compact(generated, 3) + " here"
            }
            return "NOT MATCHED in this file: fitted, and the fit's simulated population reached it; this file generates "
                + "the recording's \(users.count) people (estimated log gains, sd \(sd) against the fitted \(sigma))"
        }
    }

    /// The note of a fitted row whose statistic the fit itself did not reach.
    public static let unreachedNote = "NOT MATCHED: fitted, but the model cannot reach it with its other parameters"
}
