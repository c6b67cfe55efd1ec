import ArgumentParser
import Foundation
import SnapStrategies
import SnapLabSupport
import SnapFitting
import SnapReports

extension StudyPlan.Task: ExpressibleByArgument {}

extension SnapLab {
    /// `snaplab record`: a swipe study as one self-contained web page (`Docs/recording.md`).
    public struct Record: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Write a self-contained web page that records swipes on a phone under a chosen policy.",
            discussion: """
                The page (inline JavaScript and CSS, no network) asks for a participant id, shows one \
                instruction per trial, settles each release where the policy says (ported to JavaScript \
                and tested against the Swift policy), and offers its pointer-event log as a JSONL download \
                for `snaplab import --from pointer-jsonl`. The seed is printed to standard error.
                Example: snaplab record --policy tag99 --trials 20 --task paging --seed 1 --out study.html
                """)

        @OptionGroup var layoutOptions: LayoutOptions

        @Option(help: "The policy the page runs: \(RecorderPolicyPort.supportedIdentifiers.joined(separator: ", ")).")
        var policy: String

        @OptionGroup var parameters: ParameterOptions

        @Option(help: "Number of trials.")
        var trials: Int

        @Option(help: "paging (bring the item to the snap position) or reveal (bring it wholly into view).")
        var task: StudyPlan.Task

        @Option(help: "The item every trial starts on.")
        var startItem: Int = 0

        @Option(help: "Targets are drawn at most this many items from the start item.")
        var maxDistance: Int = 8

        @Option(help: "Random seed for the targets (default: a random seed, printed to standard error).")
        var seed: UInt64?

        @Flag(help: "With --policy css-snap-mandatory or css-snap-proximity: let the browser's own CSS scroll snap move the carousel (a real overflow container; the log records where the browser came to rest).")
        var nativeCssSnap = false

        @Option(help: "Output HTML file; written to a temporary file and renamed into place when complete.")
        var out: String

        public init() {}

        public func validate() throws {
            guard !out.isEmpty else { throw ValidationError("--out must name a file") }
            guard (1...10_000).contains(trials) else { throw ValidationError("--trials must be between 1 and 10000") }
            guard maxDistance >= 1 else { throw ValidationError("--max-distance must be at least 1") }
            if nativeCssSnap && !RecorderPage.nativePolicies.contains(policy) {
                throw ValidationError("--native-css-snap needs --policy css-snap-mandatory or css-snap-proximity")
            }
            guard RecorderPolicyPort.supports(policy) else {
                throw ValidationError(RecorderError.unsupportedPolicy(
                    id: policy, supported: RecorderPolicyPort.supportedIdentifiers).description)
            }
        }

        public func run() throws {
            let layout = try layoutOptions.layout()
            guard let chosen = try parameters.apply(to: PolicySelection.parse(policy)).first else {
                throw ValidationError("--policy names no policy")
            }
            let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
            Output.error.write("seed: \(seed)\n")
            let plan: StudyPlan
            do {
                plan = try StudyPlan(layout: layout, task: task, count: trials, startItem: startItem,
                                     maxDistance: maxDistance, seed: seed)
            } catch let error as RecorderError {
                throw ValidationError(error.description)
            }
            let page: RecorderPage
            do {
                page = try RecorderPage(layout: layout, policy: chosen, plan: plan, nativeSnap: nativeCssSnap)
            } catch {
                throw ValidationError(error.description)
            }
            let file = try AtomicFileOutput(path: out)
            try file.write(Array(page.html().utf8))
            try file.commit()
            Output.error.write("wrote \(out): \(trials) \(task.rawValue) trials, policy \(chosen.id)"
                + (nativeCssSnap ? " (the browser's own scroll snap)" : "") + "\n")
        }
    }
}
