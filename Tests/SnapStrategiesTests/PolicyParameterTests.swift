import Testing
@testable import SnapStrategies

@Suite("Policy parameters: roles and order constraints")
struct PolicyParameterTests {
    @Test("every declared order names two parameters of its policy, and the defaults keep it",
          arguments: PolicyCatalog.identifiers)
    func ordersAreWellFormed(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        let names = policy.parameterSpecs.map(\.name)
        for order in policy.parameterOrder {
            #expect(names.contains(order.lower), "\(id): \(order)")
            #expect(names.contains(order.upper), "\(id): \(order)")
        }
        #expect(policy.orderViolation(in: policy.defaultParameterValues) == nil)
    }

    @Test("the orders the issue names are declared")
    func namedOrders() {
        #expect(Tag99Snap().parameterOrder == [ParameterOrder("lowTier", "highTier")])
        #expect(FlutterFixedExtentSnap(physics: .clamping).parameterOrder.contains(ParameterOrder("minFlingVelocity", "maxFlingVelocity")))
        #expect(AndroidLinearSnapHelperSnap().parameterOrder.contains(ParameterOrder("minFlingVelocity", "maxFlingVelocity")))
        #expect(EmblaSnap().parameterOrder.contains(ParameterOrder("thresholdMinimum", "thresholdMaximum")))
        #expect(LearnedThresholdSnap().parameterOrder.count == LearnedThresholdSnap.defaultCutpoints.count - 1)
    }

    @Test("a vector breaking an order is refused, naming both parameters, and changes nothing")
    func violationRefused() throws {
        var p = Tag99Snap()
        do {
            try p.setParameterValues([3, 2, 1, 2, 0.6, 0.998])
            Issue.record("lowTier 3 > highTier 2 was accepted")
        } catch {
            #expect(error == .orderViolated(policy: "tag99", lower: "lowTier", lowerValue: 3, upper: "highTier", upperValue: 2))
            #expect(error.description.contains("lowTier") && error.description.contains("highTier"))
        }
        #expect(p.parameterValues == p.defaultParameterValues)
        // Equal values keep the order (≤).
        try p.setParameterValues([2.5, 2.5, 1, 2, 0.6, 0.998])
        #expect(p.lowTier == 2.5 && p.highTier == 2.5)
        var learned = LearnedThresholdSnap()
        #expect(throws: ParameterError.self) { try learned.setParameter(named: "cut2", to: -90) }
    }

    @Test("device, physics and frame constants are platform constants; rule thresholds are thresholds")
    func roles() throws {
        func role(_ id: String, _ name: String) throws -> ParameterRole? {
            try PolicyCatalog.policy(id: id).parameterSpecs.first { $0.name == name }?.role
        }
        for id in PolicyCatalog.identifiers {
            for spec in try PolicyCatalog.policy(id: id).parameterSpecs
            where ["density", "physicalCoefficient", "frameInterval", "velocityHorizon", "inflexion"].contains(spec.name) {
                #expect(spec.role == .platformConstant, "\(id).\(spec.name)")
            }
        }
        #expect(try role("tag99", "lowTier") == .threshold)
        #expect(try role("tag99", "decelerationRate") == .platformConstant)
        #expect(try role("embla", "thresholdFraction") == .threshold)
    }
}
