import ArgumentParser
import SnapStrategies
import SnapTraces
import SnapReports

extension SnapLab {
    /// `snaplab explain`: what each policy decides for one release, and which rule fired.
    public struct Explain: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "explain",
            abstract: "Show what each policy decides for one release, and the rule that fired.",
            discussion: """
                Example: snaplab explain --policy all --offset 600 --velocity 1.5
                Example: snaplab explain --policy tag99,nearest --offset 425 --velocity -0.5 --count 10 --looping
                """)

        @Option(help: "A policy identifier, a comma-separated list, or 'all'.")
        var policy: String = "all"

        @Option(help: ArgumentHelp("A JSON layout file (item_width, item_spacing, leading_inset, trailing_inset, viewport_width, item_count, alignment, looping); it overrides the layout options.", valueName: "file"))
        var layout: String?

        @OptionGroup var layoutOptions: LayoutOptions

        @Option(parsing: .unconditional, help: "Content offset at lift-off, points.")
        var offset: Double

        @Option(parsing: .unconditional, help: "Release velocity, points per millisecond (positive = toward later items).")
        var velocity: Double

        @Option(parsing: .unconditional, help: "Content offset at touch-down, points (default: the release offset).")
        var startOffset: Double?

        @Option(help: "Contact time from touch-down to lift-off, milliseconds.")
        var duration: Double = 0

        @Option(help: "The item selected before the drag (default: the item nearest the start offset).")
        var startIndex: Int?

        @OptionGroup var parameters: ParameterOptions

        @Option(help: "Output format: table or json.")
        var format: TableOrJSON = .table

        public init() {}

        public func validate() throws {
            for (name, value) in [("--offset", offset), ("--velocity", velocity), ("--duration", duration),
                                  ("--start-offset", startOffset ?? 0)] where !value.isFinite {
                throw ValidationError("\(name) must be a finite number")
            }
            guard duration >= 0 else { throw ValidationError("--duration must be zero or more milliseconds") }
        }

        public func run() throws {
            try TraceCommand.run { Output.standard.write(try render()) }
        }

        /// The whole output, built before anything is written.
        public func render() throws -> String {
            let layout = try LayoutFile.resolve(file: self.layout, options: layoutOptions)
            if let startIndex, !layout.isLooping, !(0..<layout.itemCount).contains(startIndex) {
                throw ValidationError("--start-index \(startIndex) is not an item of the carousel's \(layout.itemCount) (--count): "
                                      + "0...\(layout.itemCount - 1), or any index with --looping")
            }
            let policies = try parameters.apply(to: PolicySelection.parse(policy))
            let release = Release(offset: offset, velocity: velocity, startOffset: startOffset,
                                  startTime: 0, time: duration, startIndex: startIndex)
            let report = DecisionReport(policies: policies, release: release, layout: layout)
            return format == .json ? report.json().rendered(pretty: true) + "\n" : report.table()
        }
    }
}
