import ArgumentParser
import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapSwipeModel

extension SnapLab {
    /// `snaplab validate-labels`: the behaviour labeller against the hidden truth of simulated sessions.
    public struct ValidateLabels: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "validate-labels",
            abstract: "Check labels derived from behaviour against simulated sessions whose intended items are known.",
            discussion: """
                Simulates paging sessions that chain under --live-policy (the swipe model's session \
                simulator), adds a dwell after each goal and a tap on some reached goals (stated \
                assumptions, Docs/recording.md), labels the strokes from behaviour, and reports the \
                labeller's accuracy per rule and the Spearman correlation of every policy's hit rate \
                with derived labels against the hit rate with the true labels.
                Example: snaplab validate-labels --strokes 100000 --live-policy tag99 --seed 1
                """)

        @Option(help: "Strokes to simulate.")
        var strokes: Int = 20_000

        @Option(help: "Simulated users.")
        var users: Int = 100

        @Option(help: "Random seed (printed to standard error).")
        var seed: UInt64 = 1

        @Option(help: "The policy of the live carousel the sessions chain under.")
        var livePolicy: String = "tag99"

        @Option(help: "Policies whose hit rates are ranked: a comma-separated list, or 'all'.")
        var policies: String = "all"

        @OptionGroup var layoutOptions: LayoutOptions

        @OptionGroup var behaviour: BehaviourLabelOptions

        @Option(help: "Median dwell after a goal's last stroke, ms (an assumption of the validation).")
        var goalDwellMs: Double = 2500

        @Option(help: "Share of reached goals followed by a tap (an assumption of the validation).")
        var tapShare: Double = 0.3

        @Option(help: "Also write every simulated stroke (telemetry, hidden truth, derived label, each policy's item) to this CSV.")
        var strokesOut: String?

        public init() {}

        public func validate() throws {
            guard (100...10_000_000).contains(strokes) else { throw ValidationError("--strokes must be between 100 and 10000000") }
            guard (1...100_000).contains(users) else { throw ValidationError("--users must be between 1 and 100000") }
            guard goalDwellMs.isFinite, goalDwellMs > 0 else { throw ValidationError("--goal-dwell-ms must be positive") }
            guard (0...1).contains(tapShare) else { throw ValidationError("--tap-share must be between 0 and 1") }
        }

        public func run() throws {
            Output.error.write("seed: \(seed)\n")
            Output.standard.write(try render())
        }

        func render() throws -> String {
            let layout = try layoutOptions.layout()
            guard let live = try PolicySelection.parse(livePolicy).first, !livePolicy.contains(",") else {
                throw ValidationError("--live-policy names one policy")
            }
            var assumptions = BehaviourLabelValidation.Assumptions()
            assumptions.goalDwellMedian = goalDwellMs
            assumptions.tapShare = tapShare
            let validation = BehaviourLabelValidation(layout: layout, livePolicy: live, labeller: behaviour.labeller,
                                                      assumptions: assumptions)
            let ranked = try PolicySelection.parse(policies)
            let file = try strokesOut.map { try AtomicFileOutput(path: $0) }
            var rows = BehaviourLabelValidation.strokeHeader(ranked)
            var writeError: (any Error)?
            let r = try validation.run(strokes: strokes, users: users, seed: seed, policies: ranked) { t, swipe, label, items in
                guard let file, writeError == nil else { return }
                rows += BehaviourLabelValidation.strokeRow(t, swipe, label, items, policyCount: ranked.count)
                if rows.utf8.count > 1 << 20 {
                    do { try file.write(Array(rows.utf8)) } catch { writeError = error }
                    rows = ""
                }
            }
            if let file {
                if let writeError { throw writeError }
                try file.write(Array(rows.utf8))
                try file.commit()
            }
            func pct(_ x: Double) -> String { NumberFormat.fixed(100 * x, 1) + "%" }
            var out = "live policy \(live.id); \(r.strokes) strokes (\(r.cancelled) cancelled), \(users) users, seed \(seed)\n"
            out += "labelled \(r.labelled) of \(r.strokes - r.cancelled) scored strokes (\(pct(Double(r.labelled) / Double(max(1, r.strokes - r.cancelled))))); "
                + "accuracy \(pct(r.accuracy))\n"
            for rule in BehaviourLabeller.Rule.allCases {
                let n = r.labelledByRule[rule, default: 0], c = r.correctByRule[rule, default: 0]
                out += "  \(rule.rawValue): \(n) labelled, \(c) correct" + (n > 0 ? " (\(pct(Double(c) / Double(n))))" : "") + "\n"
            }
            out += "Spearman rho of policy hit rates, derived vs true labels: \(NumberFormat.fixed(r.spearman, 3))\n"
            let twins = r.liveAgreement.filter { $0 >= BehaviourLabelValidation.twinAgreement }.count
            out += "  without the \(twins) policies that pick the live policy's item on >= 99% of strokes: "
                + "\(NumberFormat.fixed(r.spearmanWithoutLive, 3))\n\n"
            out += "policy                      true    derived\n"
            for (k, id) in r.policyIDs.enumerated() {
                out += id.padding(toLength: 26, withPad: " ", startingAt: 0) + "  " + pct(r.trueHitRates[k]).leftPadded(6)
                    + "  " + pct(r.derivedHitRates[k]).leftPadded(7) + "\n"
            }
            return out
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
