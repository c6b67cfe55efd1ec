import SnapStrategies
import SnapLabSupport
import SnapFitting

extension Recommendation {
    /// Swift source that builds the chosen policy with `SnapStrategies` alone: a function
    /// `makeRecommendedSnapPolicy() throws -> any SnapPolicy`. Catalogue policies are looked up by
    /// identifier and given their values (`PolicyCatalog.policy(id:)` + `setParameterValues`); a
    /// learned policy is built with its memberwise initializer. Numbers are written with Swift's
    /// shortest round-trip representation, so the code rebuilds exactly the chosen values
    /// (``SwiftExport/builder(functionName:policy:remarks:indent:)``, one named value per line).
    public var swiftCode: String {
        let c = chosen
        let p = c.policy
        let scoreText = "\(NumberFormat.fixed(c.testScore, 4)) ± \(NumberFormat.fixed(c.testStandardError, 4))"
        var lines = [
            "import SnapStrategies",
            "",
            "/// Chosen by `snaplab recommend`: \(c.policyID) with \(c.variant == "defaults" ? "its default parameters" : "fitted " + c.fittedParameters.joined(separator: ", ")).",
            "/// Mean test \(objective) \(scoreText) over \(folds) user-grouped folds; rule: the simplest policy within one standard error of the best.",
        ] + codeHeader.map { "/// " + $0 } + c.degenerate.map { "/// DEGENERATE (chosen with --allow-degenerate): " + $0 }
            + (shortfall.map { ["/// " + $0.codeWarning] } ?? [])
        var remarks: [String] = []
        for name in c.atBound where !c.notIdentified.contains(name) {
            remarks.append("\(name): on a bound of its range — the data do not pin it; any value to that end fits as well")
        }
        for name in c.notIdentified {
            remarks.append("\(name): not identified by the data — no trace scores differently from this value to the end "
                           + "of its range; choose it on other grounds")
        }
        lines.append(SwiftExport.builder(functionName: "makeRecommendedSnapPolicy", policy: p, remarks: remarks))
        return lines.joined(separator: "\n")
    }
}
