import ArgumentParser

/// The `snaplab` command: compare, fit and explain carousel snapping policies.
public struct SnapLab: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "snaplab",
        abstract: "When a finger lifts off a horizontal carousel, which item should it come to rest on?",
        discussion: """
            Units: offsets in points, time in milliseconds, velocity in points per millisecond \
            (positive = offset increasing, toward later items).
            Exit codes: 0 success, 1 failure, 64 usage error, 65 bad input data.
            """,
        version: "0.1.0",
        subcommands: [Compare.self, Merge.self, Explain.self, Policies.self, Velocity.self, Describe.self, Generate.self, Import.self, Plot.self,
                      Fit.self, Recommend.self, Export.self, Report.self, Record.self, ValidateLabels.self]
    )

    public init() {}
}
