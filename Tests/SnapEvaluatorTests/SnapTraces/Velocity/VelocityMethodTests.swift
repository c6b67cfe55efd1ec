import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct VelocityMethodTests {
    /// The issue-13 stroke under every estimator (pt/ms): the window keeps 89, 106, 123 ms for
    /// the least-squares trackers; iOS weighs the down→89 ms segment most; the legacy Compose
    /// path and nothing else sees the repeated up position.
    static let ios: Double = 0.6 * 60 / 89 + 0.35 * 60 / 17 + 0.05 * 60 / 17
    static let line: Double = 60.0 / 17
    static let cases: [(VelocityMethod, Double)] = [
        (.lsq2, line), (.impulse, line), (.compose, line), (.composeLegacy, 1.4185388288108627),
        (.flutter, line), (.chromium, line), (.ios, ios), (.lastTwo, line), (.recorded, 0),
    ]

    @Test(arguments: cases)
    func theWorkedStrokeUnderEachEstimator(method: VelocityMethod, expected: Double) {
        #expect(abs(WorkedStroke.velocity(method) - expected) < 1e-9)
    }

    @Test func everyMethodHasItsEstimator() {
        for m in VelocityMethod.allCases { #expect(m.estimator.id == m.rawValue) }
    }
}
