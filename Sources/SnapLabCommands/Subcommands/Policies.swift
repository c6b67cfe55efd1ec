import ArgumentParser
import SnapStrategies
import SnapTraces
import SnapReports

extension SnapLab {
    /// `snaplab policies`: every policy with its parameters, defaults, units, ranges and source.
    public struct Policies: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "policies",
            abstract: "List every policy with its parameters, defaults, units, ranges and source.")

        @Option(help: "Output format: table or json.")
        var format: TableOrJSON = .table

        @OptionGroup var parameters: ParameterOptions

        public init() {}

        public func run() throws {
            Output.standard.write(try render())
        }

        /// The whole output, built before anything is written.
        public func render() throws -> String {
            let report = PolicyListReport(policies: try parameters.apply(to: PolicyCatalog.all))
            return format == .json ? report.json().rendered(pretty: true) + "\n" : report.table()
        }
    }
}
