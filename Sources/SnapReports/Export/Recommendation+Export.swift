import SnapStrategies
import SnapFitting
import SnapLabSupport

extension Recommendation {
    /// The export header of the chosen candidate: its fitted parameters (with the remarks the
    /// recommendation makes on them), the velocity and hit criterion the scores used, the data and
    /// the rule that chose it. `platform` is for the caller that knows it.
    public func exportHeader(velocity: String, hit: String, data: String, platform: String? = nil) -> ExportHeader {
        let c = chosen
        var header = ExportHeader(policy: c.policy, velocity: velocity, hit: hit, data: data, platform: platform)
        for i in header.parameters.indices {
            let name = header.parameters[i].name
            header.parameters[i].fitted = c.fittedParameters.contains(name)
            if c.notIdentified.contains(name) {
                header.parameters[i].remarks.append("not identified by the data: no trace scores differently from here to the end of its range")
            } else if c.atBound.contains(name) {
                header.parameters[i].remarks.append("on a bound of its range: the data do not pin it")
            }
        }
        header.notes = [
            "Chosen by snaplab recommend: \(c.policyID) (\(c.variant)), mean test \(objective) "
                + "\(NumberFormat.fixed(c.testScore, 4)) ± \(NumberFormat.fixed(c.testStandardError, 4)) over \(folds) user-grouped folds;",
            "  rule: the simplest candidate within one standard error of the best. Fitted values: a fit on all traces.",
        ] + (shortfall.map { [$0.codeWarning] } ?? [])
        return header
    }
}
