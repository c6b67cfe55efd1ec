import ArgumentParser
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapReports

extension ExportLanguage: ExpressibleByArgument {}

extension SnapLab {
    /// `snaplab export`: a policy at chosen values as source code to paste into an app.
    public struct Export: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a policy at chosen values as Swift (on SnapStrategies), Kotlin, JavaScript or its platform's native settings, to paste into an app.",
            discussion: """
                One self-contained file per export with `targetIndex(layout, release)` and `decide(layout, release)`, \
                named after the trace contract's fields (points, ms, pt/ms), under an MIT header stating the \
                policy, its values, the velocity estimator they assume, the hit criterion and the data they came \
                from. JavaScript adds a .d.ts beside the module (with --out) and, when the values assume lsq2, \
                createVelocityTracker(). Kotlin and JavaScript translations exist for the policies listed in \
                Docs/export.md; every policy exports to Swift.
                Example: snaplab export --policy tag99 --param lowTier=1.8 --lang kotlin --out Tag99Snap.kt
                Example: snaplab export --policy css-snap-mandatory --lang js --out snap.mjs
                """)

        @Option(help: "The policy's identifier (snaplab policies lists them).")
        var policy: String

        @OptionGroup var parameters: ParameterOptions

        @Option(help: "Language: swift, kotlin, js, or native (the platform's own settings, where it has the knobs).")
        var lang: ExportLanguage

        @Option(help: "Write the file here (JavaScript: its .d.ts beside it) instead of printing it.")
        var out: String?

        @Option(help: "The release-velocity estimator the values assume (stated in the header; js: lsq2 adds createVelocityTracker()).")
        var velocity: VelocityMethod = .lsq2

        @Option(help: "The platform the values are for, stated in the header (e.g. android, ios, web).")
        var platform: String?

        public init() {}

        public func validate() throws {
            if let out, out.isEmpty { throw ValidationError("--out needs a file name") }
        }

        public func run() throws {
            let (files, notes) = try render()
            if let out {
                var written: [AtomicFileOutput] = []
                var notes = notes
                for file in files {
                    if let main = written.first, main.isStream {
                        // a device, FIFO or `-` has no place beside it for the declarations
                        notes.append("note: \(out) is not a regular file: the TypeScript declarations (.d.ts) are not written beside it")
                        continue
                    }
                    let output = try AtomicFileOutput(path: file.path(forMain: out))
                    try output.write(Array(file.text.utf8))
                    written.append(output)
                }
                for output in written { try output.commit() }
                Output.notice((notes + written.map { "wrote \($0.path)" }).joined(separator: "\n") + "\n")
            } else {
                Output.standard.write(files[0].text)
                let more = files.count > 1 ? ["the TypeScript declarations (.d.ts) are written beside the module with --out"] : []
                if !(notes + more).isEmpty { Output.notice((notes + more).joined(separator: "\n") + "\n") }
            }
        }

        /// The files and the notes for standard error, built before anything is written.
        public func render() throws -> (files: [ExportFile], notes: [String]) {
            let base: any SnapPolicy
            do { base = try PolicyCatalog.policy(id: policy) } catch {
                throw ValidationError("--policy: " + error.description + NameSuggestion.hint(for: policy, among: PolicyCatalog.identifiers))
            }
            let selected = try parameters.apply(to: [base])[0]
            let changed = zip(selected.parameterValues, base.parameterValues).contains { $0 != $1 }
            let header = ExportHeader(
                policy: selected, velocity: "\(velocity.rawValue) (the estimator that fed release.velocity when these values were chosen)",
                hit: "none (this command fits nothing)",
                data: changed ? "none: the policy's defaults with --param values" : "none: the policy's defaults (its platform's constants)",
                platform: platform)
            do {
                let files = try PolicyExport(policy: selected, header: header).files(lang)
                var notes: [String] = []
                if lang == .js && velocity != .lsq2 {
                    notes.append("no JavaScript port of the \(velocity.rawValue) estimator: the module has no createVelocityTracker(); "
                                 + "feed release.velocity from \(velocity.rawValue)")
                }
                return (files, notes)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
