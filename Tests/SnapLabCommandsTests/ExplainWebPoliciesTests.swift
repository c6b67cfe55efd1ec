@testable import SnapLabCommands
import SnapStrategies
import Testing
import SnapReports

/// `snaplab explain --policy <id> --offset 600 --velocity 1.5` for the Apple, web and JavaScript
/// policies, on the default layout (160-pt items, 10-pt spacing and insets, 375-pt viewport, 40 items):
/// release position 3.53, start item 4.
@Suite struct ExplainWebPoliciesTests {
    static let expectations: [(id: String, target: Int)] = [
        ("uikit-paging", 4),                     // flick: ceil(3.53)
        ("swiftui-viewaligned", 5),              // natural 1348.5 → item 8, limited to start 4 + 1
        ("swiftui-viewaligned-never", 8),
        ("css-snap-mandatory", 5),               // 600 + 1.5 × 4.5 × 25 = 768.75 → closest forward snap 850
        ("css-snap-proximity", 5),
        ("icarousel", 7),                        // 8.82 items/s → D 2.94 → ceil(6.47)
        ("icarousel-paging", 4),
        ("swiper", 4),                           // no travel: no swipe
        ("embla", 5),                            // force 600 ≥ 75 → start 4 + 1
        ("rn-ios-snapinterval", 8),              // ceil(1348.5 / 170 = 7.93)
        ("rn-ios-snapinterval-nomomentum", 4),
        ("rn-android-paging", 4),                // 375-pt pages: 1.6 → page 2 at 750 pt, item 4 (4.41)
    ]

    @Test(arguments: expectations)
    func explainShowsThePolicy(_ expectation: (id: String, target: Int)) throws {
        let command = try SnapLab.parseAsRoot(["explain", "--policy", expectation.id, "--offset", "600", "--velocity", "1.5"])
        let explain = try #require(command as? SnapLab.Explain)
        let policies = try explain.parameters.apply(to: PolicySelection.parse(explain.policy))
        #expect(policies.map(\.id) == [expectation.id])
        let release = Release(offset: explain.offset, velocity: explain.velocity, startOffset: explain.startOffset,
                              startTime: 0, time: explain.duration, startIndex: explain.startIndex)
        let report = DecisionReport(policies: policies, release: release, layout: try explain.layoutOptions.layout())
        #expect(report.rows.first?.decision.targetIndex == expectation.target)
        #expect(report.table().contains(expectation.id))
    }

    @Test func qualifiedParameterOverridesReachTheWebPolicies() throws {
        let command = try SnapLab.parseAsRoot(["explain", "--policy", "css-snap-mandatory,embla", "--offset", "600",
                                               "--velocity", "1.5", "--param", "css-snap-mandatory.stopAlways=1",
                                               "--param", "embla.skipSnaps=1"])
        let explain = try #require(command as? SnapLab.Explain)
        let policies = try explain.parameters.apply(to: PolicySelection.parse(explain.policy))
        #expect(policies[0].parameterValues[3] == 1)   // stopAlways (distanceScalar, frameInterval, minFlingVelocity, stopAlways, …)
        #expect(policies[1].parameterValues[5] == 1)
        let report = DecisionReport(policies: policies, release: Release(offset: 600, velocity: 1.5),
                                    layout: try explain.layoutOptions.layout())
        #expect(report.rows[0].decision.targetIndex == 4)   // scroll-snap-stop: always on every item
    }

    @Test func outOfRangeFlagsAreUsageErrors() throws {
        let command = try SnapLab.parseAsRoot(["explain", "--policy", "embla", "--offset", "600", "--velocity", "1.5",
                                               "--param", "skipSnaps=2"])
        let explain = try #require(command as? SnapLab.Explain)
        #expect(throws: (any Error).self) { try explain.parameters.apply(to: PolicySelection.parse(explain.policy)) }
    }
}
