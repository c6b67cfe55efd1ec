import Testing
@testable import SnapStrategies

@Suite("Parameter tables: every parameter declared once, and the declaration consistent")
struct ParameterTableTests {
    /// Every catalogue policy, and each capped (the cap passes its base's parameters through).
    static let identifiers = PolicyCatalog.identifiers + PolicyCatalog.identifiers.map { $0 + CappedSnapPolicy.suffix(2) }

    @Test("names are unique, defaults in range, orders name parameters of the table, and a default-constructed policy reports every declared default",
          arguments: identifiers)
    func consistent(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        let specs = policy.parameterSpecs
        let names = specs.map(\.name)
        #expect(Set(names).count == names.count, "\(id): repeated names in \(names)")
        for spec in specs {
            #expect(spec.accepts(spec.defaultValue), "\(id).\(spec.name): default \(spec.defaultValue) outside \(spec.minimum)...\(spec.maximum)")
            #expect(!spec.unit.isEmpty && !spec.summary.isEmpty, "\(id).\(spec.name)")
        }
        // Bit for bit: the init's defaults are the table's (or, where the init takes an option, the
        // option the table's default stands for).
        let values = policy.parameterValues
        #expect(values.count == specs.count, "\(id)")
        for (spec, value) in zip(specs, values) {
            #expect(value.bitPattern == spec.defaultValue.bitPattern,
                    "\(id).\(spec.name): default-constructed \(value), declared \(spec.defaultValue)")
        }
        for order in policy.parameterOrder {
            #expect(names.contains(order.lower) && names.contains(order.upper), "\(id): \(order)")
            #expect(order.lower != ParameterTable<Tag99Snap>.unknownName && order.upper != ParameterTable<Tag99Snap>.unknownName)
        }
    }

    @Test("each field reads and writes its own value: a vector of distinct values round-trips", arguments: identifiers)
    func roundTrip(id: String) throws {
        var policy = try PolicyCatalog.policy(id: id)
        // Increasing fractions of each range keep every declared order (lower before upper).
        let vector = policy.parameterSpecs.enumerated().map { i, spec in
            let x = spec.minimum + (spec.maximum - spec.minimum) * (0.3 + 0.01 * Double(i))
            return spec.isInteger ? x.rounded(.down) : x
        }
        try policy.setParameterValues(vector)
        #expect(policy.parameterValues == vector, "\(id)")
        // The values sit where the key paths say (fields read and written at a byte offset too).
        let inner = (policy as? CappedSnapPolicy)?.base ?? policy
        if let tabled = inner as? any DeclaredParameters {
            #expect(Self.keyPathValues(tabled) == vector, "\(id)")
        }
    }

    static func keyPathValues<P: DeclaredParameters>(_ policy: P) -> [Double] {
        policy.parameterTable.fields.map { policy[keyPath: $0.keyPath] }
    }

    @Test("plain stored fields take the byte-offset path; observed and array fields the key path")
    func offsets() {
        #expect(Tag99Snap.parameters.fields.allSatisfy { $0.offset != nil })
        #expect(ComposePagerSnap.parameters.fields.allSatisfy { $0.offset != nil })   // the spline's, lifted, too
        #expect(FlutterFrictionDeceleration.parameters.fields[0].offset == nil)        // drag has didSet
        var p = FlutterFixedExtentSnap(physics: .bouncing)
        p.assignValidatedParameterValues([0.2, 20, 9, 90, 0.3])
        #expect(p.gate == FlutterFlingGate(minFlingVelocity: 0.2, minFlingDistance: 20, maxFlingVelocity: 9, horizon: 90))
        #expect(p.friction == FlutterFrictionDeceleration(drag: 0.3))
    }

    @Test("a composite policy holds its models' declarations, seen through its own key paths")
    func lifted() {
        let spline = AndroidSplineDeceleration.parameters.specs
        #expect(Array(ComposePagerSnap.parameters.specs.dropFirst(4).prefix(spline.count)) == spline)
        #expect(ComposeLazyRowSnap.parameters.specs == spline)
        var pager = ComposePagerSnap()
        pager.setOrRecord(named: "friction", 0.02)
        #expect(pager.spline.friction == 0.02)
        #expect(AndroidSplineDeceleration().parameterValues == spline.map(\.defaultValue))
        #expect(FlutterFlingGate().minFlingVelocity == FlutterFlingGate.parameters.defaultValue(\.minFlingVelocity))
        #expect(FlutterClampingDeceleration().friction == FlutterClampingDeceleration.parameters.specs[0].defaultValue)
        #expect(FlutterFrictionDeceleration().drag == FlutterFrictionDeceleration.parameters.specs[0].defaultValue)
        // The bouncing physics' minimum fling velocity is its own default, in both Flutter policies.
        #expect(FlutterPageViewSnap(physics: .bouncing).parameterSpecs[0].defaultValue == FlutterScrollPhysics.bouncing.minFlingVelocity)
        #expect(FlutterFixedExtentSnap(physics: .bouncing).parameterSpecs[0].defaultValue == 0.1)
        // A write through the table runs the model's own bookkeeping (the friction simulation's log drag).
        var bouncing = FlutterFixedExtentSnap(physics: .bouncing)
        bouncing.setOrRecord(named: "drag", 0.5)
        #expect(bouncing.friction == FlutterFrictionDeceleration(drag: 0.5))
    }

    @Test("each type's defaults are its table's, built once, and what init() gives")
    func defaults() {
        // `defaulted` sets every field, whatever the placeholders were.
        let nan = Tag99Snap(lowTier: .nan, highTier: .nan, lowTierPages: .nan, highTierPages: .nan,
                            backwardFraction: .nan, decelerationRate: .nan)
        #expect(Tag99Snap.parameters.defaulted(nan).parameterValues == Tag99Snap.parameters.specs.map(\.defaultValue))
        #expect(Tag99Snap.defaults == Tag99Snap())
        #expect(ComposePagerSnap.defaults == ComposePagerSnap())
        #expect(AndroidLinearSnapHelperSnap.defaults == AndroidLinearSnapHelperSnap())
        #expect(RNAndroidPagingSnap.defaults == RNAndroidPagingSnap())
        #expect(UIKitPagingSpringSnap.defaults == UIKitPagingSpringSnap())
        #expect(EmblaSnap.defaults.parameterValues == EmblaSnap().parameterValues)
        #expect(ICarouselSnap.defaults.parameterValues == ICarouselSnap().parameterValues)
        #expect(AndroidSplineDeceleration.standard == AndroidSplineDeceleration())
        #expect(AndroidSplineDeceleration.standard.parameterValues == AndroidSplineDeceleration.parameters.specs.map(\.defaultValue))
        #expect(FlutterFlingGate.defaults == FlutterFlingGate())
        // A write through the table runs the model's bookkeeping: the friction simulation's log drag.
        #expect(FlutterFrictionDeceleration.defaults == FlutterFrictionDeceleration())
        #expect(FlutterClampingDeceleration.defaults == FlutterClampingDeceleration())
    }

    @Test("a key path missing from the table is reported, not dropped")
    func unknownKeyPath() {
        let table = ParameterTable<Tag99Snap>(Array(Tag99Snap.parameters.fields.prefix(1)), orders: [(\.lowTier, \.highTier)])
        #expect(table.orders == [ParameterOrder("lowTier", ParameterTable<Tag99Snap>.unknownName)])
        #expect(table.defaultValue(\.highTier).isNaN)
    }
}

extension SnapPolicy {
    /// Sets one parameter, recording a test issue if it is refused.
    mutating func setOrRecord(named name: String, _ value: Double) {
        do { try setParameter(named: name, to: value) } catch { Issue.record("\(id).\(name) = \(value): \(error)") }
    }
}
