import Foundation
import Testing
import SnapStrategies
@testable import SnapLabSupport
@testable import SnapTraces
@testable import SnapFitting
@testable import SnapReports

@Suite("FitReport")
struct FitReportTests {
    static func fit() throws -> CrossValidatedFit {
        let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 600, users: 10, seed: 21))
        return try CrossValidatedFit.run(policy: Tag99Snap(), data: data, parameters: ["lowTier", "highTier"],
                                         fitter: PolicyFitter(starts: 2), folds: 3, bootstrapResamples: 4, seed: 2)
    }

    @Test("the --param text carries every fitted value exactly, and nothing left at its default")
    func parameterArguments() throws {
        let fit = try Self.fit()
        let report = FitReport(fit: fit)
        let pairs = report.parameterArguments.split(separator: " ").filter { $0 != "--param" }.map { item -> (String, Double?) in
            let parts = item.split(separator: "=")
            return (String(parts[0]), Double(String(parts[1])))
        }
        #expect(pairs.map(\.0) == ["lowTier", "highTier"])
        for (name, value) in pairs {
            #expect(value == fit.parameters.first { $0.name == name }?.value, "\(name)")
        }
    }

    @Test("the table shows values, intervals, scores of fit and defaults, convergence and the --param line")
    func table() throws {
        let fit = try Self.fit()
        let text = FitReport(fit: fit, preamble: [("file", "x.csv")], units: ["lowTier": "pt/ms"]).table()
        #expect(text.hasPrefix("file: x.csv\npolicy: tag99; objective hit-rate"))
        #expect(text.contains("lowTier") && text.contains("pt/ms") && text.contains("(fixed)"))
        #expect(text.contains("test (mean of folds) ± SE") && text.contains("all traces"))
        #expect(text.contains(NumberFormat.fixed(fit.fitted.score, 4)) && text.contains(NumberFormat.fixed(fit.defaultScore, 4)))
        let runs = fit.fitted.runs.count
        #expect(text.contains("convergence") && text.contains("\n  \(runs) "))
        #expect(text.contains("use the fitted values: --param lowTier="))
    }

    @Test("JSON adds the all-traces score and the --param text to the fit's JSON")
    func json() throws {
        let fit = try Self.fit()
        let report = FitReport(fit: fit)
        let text = report.json().rendered()
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(doc["all_traces_score"] as? Double == fit.fitted.score)
        #expect(doc["param_arguments"] as? String == report.parameterArguments)
        #expect(doc["policy"] as? String == "tag99" && doc["parameters"] != nil && doc["test_score"] != nil)
    }
}
