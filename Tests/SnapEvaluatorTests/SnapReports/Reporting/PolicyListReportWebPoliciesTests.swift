import SnapStrategies
import Testing
import SnapReports

/// `snaplab policies` lists the Apple, web and JavaScript policies with every parameter.
@Suite struct PolicyListReportWebPoliciesTests {
    static let ids = [
        "uikit-paging", "swiftui-viewaligned", "swiftui-viewaligned-never", "css-snap-mandatory",
        "css-snap-proximity", "icarousel", "icarousel-paging", "swiper", "embla", "rn-ios-snapinterval",
        "rn-ios-snapinterval-nomomentum", "rn-android-paging",
    ]

    @Test func catalogListsEveryWebPolicyOnce() {
        for id in Self.ids {
            #expect(PolicyCatalog.identifiers.filter { $0 == id }.count == 1, "\(id)")
        }
    }

    @Test(arguments: ids)
    func tableShowsThePolicyAndItsParameters(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        let table = PolicyListReport(policies: [policy]).table()
        #expect(table.hasPrefix("\(id): \(policy.summary)\n  source: \(policy.source)\n"))
        for spec in policy.parameterSpecs {
            #expect(table.contains(spec.name), "\(id): \(spec.name)")
        }
        if policy.parameterSpecs.isEmpty { #expect(table.contains("(no parameters)")) }
    }

    @Test(arguments: ids)
    func defaultsAreValidParameterValues(id: String) throws {
        var policy = try PolicyCatalog.policy(id: id)
        #expect(policy.parameterValues == policy.defaultParameterValues)
        try policy.setParameterValues(policy.defaultParameterValues)
        #expect(Set(policy.parameterSpecs.map(\.name)).count == policy.parameterSpecs.count)
    }
}
