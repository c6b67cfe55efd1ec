/// A release-time snapping policy: given a release and a layout, which item does the carousel
/// come to rest on?
///
/// Conformers are value types. Their tunable constants are exposed as a vector of named,
/// bounded ``PolicyParameter``s so that a fitter can tune any policy without knowing its type:
/// read ``parameterValues``, write through ``setParameterValues(_:)`` (validated), and call
/// ``decide(_:in:)``.
///
/// Every conformer's doc comment cites its source (seed document or platform source file and
/// function) and its constants.
///
/// A policy declares its parameters once, in a ``ParameterTable`` (``DeclaredParameters``), from
/// which the three parameter requirements below are derived.
///
/// To add a policy: write a struct conforming to `SnapPolicy` in its own file under
/// `Sources/SnapStrategies/Policies/`, list it in ``PolicyCatalog/all``, and add a mirrored test file.
public protocol SnapPolicy: Sendable {
    /// Stable identifier for the command line, e.g. `"tag99"`.
    var id: String { get }
    /// One line: what the rule does.
    var summary: String { get }
    /// Where the rule comes from (seed document, or repository:path and function).
    var source: String { get }
    /// The tunable parameters, in vector order.
    var parameterSpecs: [PolicyParameter] { get }
    /// Where this policy's platform brings a resting item (``SnapOrigin``): ``SnapOrigin/layout``
    /// (the default) follows the layout's alignment; a platform with its own snap position
    /// (Android's snap helpers centre on the padded area) declares it, and decides in
    /// `layout.snapped(to: snapOrigin)`, whose snap offsets its decisions use.
    var snapOrigin: SnapOrigin { get }
    /// The current parameter values, in ``parameterSpecs`` order.
    var parameterValues: [Double] { get }
    /// Orders the parameter values must keep (`lowTier ≤ highTier`, …), by name; default none.
    var parameterOrder: [ParameterOrder] { get }
    /// Stores `values` (already validated against ``parameterSpecs``) in the policy.
    /// Call ``setParameterValues(_:)`` instead; it validates first.
    mutating func assignValidatedParameterValues(_ values: [Double])
    /// The resting item and offset for `release` in `layout`, with the rule that fired.
    ///
    /// Total: returns a decision for every input, including NaN or infinite values (a bounded
    /// layout always gets a target inside its content).
    func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision
    /// The value of a quantity this policy measures itself for a declared threshold
    /// (``ThresholdFeature/Quantity/measured(_:dependsOn:)``, asked by its `name`) for `release`
    /// in `layout` (the layout it decides in, `snapped(to: snapOrigin)`), at its current parameter
    /// values: exactly the number ``decide(_:in:)`` compares with the threshold.
    ///
    /// Only a policy that declares such a quantity implements it; the default is NaN for every
    /// name (a trace whose feature is NaN is one whose decision the threshold cannot change), so
    /// `ThresholdFeatureTests` checks that every measured quantity of the catalogue has values.
    func measuredFeature(_ name: String, of release: Release, in layout: CarouselLayout) -> Double
    /// Decides many releases at once: `decisions[i] = decide(releases[i], in: layouts[i])` for
    /// every `i` below `releases.count` (`layouts` and `decisions` at least as long; `decisions`
    /// initialized).
    ///
    /// For evaluators that decide millions of releases. Conformers need not implement it: the
    /// default implementation is the loop above, and because it is a requirement, each
    /// conforming type gets its own copy of that loop with ``decide(_:in:)`` inlined, rather
    /// than one call through the protocol per release.
    func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                into decisions: UnsafeMutableBufferPointer<SnapDecision>)
    /// ``decide(_:in:into:)`` for an evaluator that decides the same releases with many policies:
    /// `kinematics[i]` belongs to `releases[i]` (empty at first, then kept between the policies'
    /// calls), and a policy that needs a quantity it holds (``ReleaseKinematics``) takes it from
    /// there or computes and stores it. The decisions are exactly ``decide(_:in:into:)``'s.
    ///
    /// Conformers need not implement it: the default ignores `kinematics`.
    func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                into decisions: UnsafeMutableBufferPointer<SnapDecision>)
    /// ``decide(_:in:sharing:into:)`` for releases that all have one layout: every `layouts[i]`,
    /// `i` below `releases.count`, has the bits of `layouts[0]` (``CarouselLayout/hasSameBits(as:)``;
    /// an evaluator checks that once per batch for all its policies). The decisions are exactly
    /// ``decide(_:in:sharing:into:)``'s.
    ///
    /// A policy whose decision is a little geometry takes it from ``LayoutHoistingPolicy``: one
    /// loop with the layout read once, so that what depends on the layout alone is not redone
    /// per release. Conformers need not implement it: the
    /// default is ``decide(_:in:sharing:into:)``.
    func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                into decisions: UnsafeMutableBufferPointer<SnapDecision>)
    /// ``decide(_:inOneLayout:sharing:into:)`` of this policy into `decisions` and of `second` (a
    /// policy of the same type, the next one an evaluator decides the same releases with) into
    /// `secondDecisions` (as long as `decisions`), each policy's decisions exactly as it makes them
    /// alone, when this type decides such a pair in one loop; returns whether it did (`false`:
    /// nothing written, the caller decides each batch itself). For a family of variants of one
    /// type decided one after the other (``CSSScrollSnap``'s `css-snap-mandatory` and
    /// `css-snap-proximity`), so that what the two compute alike from a release is computed once.
    ///
    /// Conformers need not implement it: the default decides nothing and returns `false`.
    func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                into decisions: UnsafeMutableBufferPointer<SnapDecision>,
                pairedWith second: Self, into secondDecisions: UnsafeMutableBufferPointer<SnapDecision>) -> Bool
}

extension SnapPolicy {
    /// ``SnapOrigin/layout``: the layout's alignment.
    public var snapOrigin: SnapOrigin { .layout }

    /// NaN: the policy declares no measured quantity.
    public func measuredFeature(_ name: String, of release: Release, in layout: CarouselLayout) -> Double { .nan }

    /// No order constraints.
    public var parameterOrder: [ParameterOrder] { [] }

    /// The first declared order that `values` (in ``parameterSpecs`` order) breaks, if any.
    public func orderViolation(in values: [Double]) -> ParameterError? {
        let specs = parameterSpecs
        for order in parameterOrder {
            guard let l = specs.firstIndex(where: { $0.name == order.lower }),
                  let u = specs.firstIndex(where: { $0.name == order.upper }),
                  l < values.count, u < values.count else { continue }
            if values[l] > values[u] {
                return .orderViolated(policy: id, lower: order.lower, lowerValue: values[l],
                                      upper: order.upper, upperValue: values[u])
            }
        }
        return nil
    }

    /// The loop ``decide(_:in:into:)`` describes.
    @inlinable
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        let count = Swift.min(releases.count, layouts.count, decisions.count)
        for i in 0..<count {
            decisions.store(decide(releases[i], in: layouts[i]), at: i)
        }
    }

    /// ``decide(_:in:into:)``: nothing shared.
    @inlinable
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        decide(releases, in: layouts, into: decisions)
    }

    /// ``decide(_:inOneLayout:sharing:into:)``: ``decide(_:in:sharing:into:)``.
    @inlinable
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        decide(releases, in: layouts, sharing: kinematics, into: decisions)
    }

    /// ``decide(_:inOneLayout:sharing:into:pairedWith:into:)``: no pair path (nothing decided).
    @inlinable
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>,
                       pairedWith second: Self, into secondDecisions: UnsafeMutableBufferPointer<SnapDecision>) -> Bool {
        false
    }

    /// Validates `values` against ``parameterSpecs`` (count, finiteness, range, wholeness) and
    /// ``parameterOrder``, and stores them.
    public mutating func setParameterValues(_ values: [Double]) throws(ParameterError) {
        let specs = parameterSpecs
        guard values.count == specs.count else {
            throw .wrongCount(policy: id, expected: specs.count, got: values.count)
        }
        for (spec, value) in zip(specs, values) where !spec.accepts(value) {
            throw .outOfRange(policy: id, name: spec.name, value: value, minimum: spec.minimum,
                              maximum: spec.maximum, isInteger: spec.isInteger)
        }
        if let violation = orderViolation(in: values) { throw violation }
        assignValidatedParameterValues(values)
    }

    /// Sets one parameter by name, validated.
    public mutating func setParameter(named name: String, to value: Double) throws(ParameterError) {
        let specs = parameterSpecs
        guard let i = specs.firstIndex(where: { $0.name == name }) else {
            throw .unknownName(policy: id, name: name, known: specs.map(\.name))
        }
        var values = parameterValues
        values[i] = value
        try setParameterValues(values)
    }

    /// A copy with the given parameter values (validated).
    public func withParameterValues(_ values: [Double]) throws(ParameterError) -> Self {
        var copy = self
        try copy.setParameterValues(values)
        return copy
    }

    /// The default values of ``parameterSpecs``.
    public var defaultParameterValues: [Double] { parameterSpecs.map(\.defaultValue) }

    /// Pages moved by `decision` relative to the slot selected before the drag.
    public func pagesMoved(by decision: SnapDecision, for release: Release, in layout: CarouselLayout) -> Int {
        decision.targetSlot - release.startSlot(in: layout)
    }
}
