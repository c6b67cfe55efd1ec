/// Jetpack Compose `LazyRow` with `rememberSnapFlingBehavior(lazyListState)`: the item nearest the
/// natural end of the spline decay.
///
/// Source: `androidx/androidx: compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/`
/// `foundation/gestures/snapping/LazyListSnapLayoutInfoProvider.kt` (`SnapLayoutInfoProvider`,
/// `calculateSnapOffset`), `SnapLayoutInfoProvider.kt` (default `calculateApproachOffset` =
/// the decay offset), `SnapFlingBehavior.kt` (`fling`); decay: `compose/animation/animation/.../`
/// `FlingCalculator.kt`; `policies.md` Part 2 §2.2.
///
/// The release velocity is first clamped to `±8000 dp/s` (Compose `Draggable.kt` clamps the velocity
/// tracker to `ViewConfiguration.maximumFlingVelocity`;
/// ``AndroidSplineDeceleration/clampedFlingVelocity(_:maximum:)``). The fling decays the whole
/// spline distance `D(v)` (``AndroidSplineDeceleration``), so the
/// velocity left is 0 and the `ClosestItem` branch picks the item whose snap position
/// (`SnapPosition.Center`, below) is nearest the end:
/// ```
/// v = clamp(v, ±8·density pt/ms)
/// end = clamp(offset + sign(v)·D(|v|));   target = ⌊position(end) + 0.5⌋   // a tie goes to the later item
/// ```
/// (`calculateFinalOffset`: `|upper| ≤ |lower|` picks the upper bound). Unbounded items per fling.
/// Constants: the spline's friction 0.015, inflexion 0.35, exponent ln 0.78/ln 0.9, coefficient,
/// density 1.
///
/// Deviations: the 1.4–1.6 behaviour (approach stops one item short, then the 400 dp/s next/previous rule)
/// is not modelled.
///
/// Snap origin (``SnapOrigin/paddedCenter``, declared in ``snapOrigin``): `SnapPosition.Center`
/// (`gestures/snapping/SnapPosition.kt`) puts the item centre at `(layoutSize − beforeContentPadding
/// − afterContentPadding)/2` after the leading content padding, `L + (V − L − R)/2` with the
/// layout's insets as content padding, whatever the layout's alignment. `snapOrigin: .layout`
/// restores the layout's alignment.
public struct ComposeLazyRowSnap: DeclaredParameters, AndroidSplineDecayPolicy, Hashable {
    public var id: String { "compose-lazyrow-snap" }
    public var summary: String { "the item nearest the natural end of the spline decay" }
    public var source: String {
        "androidx compose foundation LazyListSnapLayoutInfoProvider.kt/SnapFlingBehavior.kt; spline decay FlingCalculator.kt (friction 0.015)"
    }

    /// The decay.
    public var spline: AndroidSplineDeceleration

    /// Where a resting item's centre sits (Compose default: `SnapPosition.Center`, the padded centre).
    public var snapOrigin: SnapOrigin

    public init(spline: AndroidSplineDeceleration = AndroidSplineDeceleration(), snapOrigin: SnapOrigin = .paddedCenter) {
        self.spline = spline
        self.snapOrigin = snapOrigin
    }

    /// The spline's parameters (``AndroidSplineDeceleration/parameters``), as this policy's.
    public static let parameters = ParameterTable<ComposeLazyRowSnap>(AndroidSplineDeceleration.parameters.fields(in: \.spline))

    public var parameterTable: ParameterTable<ComposeLazyRowSnap> { Self.parameters }

    /// The decision for a release whose spline decay (signed, points) is `decay`, in the app's
    /// layout snapped to ``snapOrigin`` (``AndroidSplineDecayPolicy``: one release, a batch
    /// sharing the decay, or a batch of one layout snapped once).
    ///
    /// The slot is a monotone step of the decay (an addition of the same offset, a clamp, a
    /// subtraction and a division by the same stride, `snappedToWhole`, a floor): where it is the
    /// same at both ends of the decay's bracket (``AndroidSplineDecay/agreedKey(from:_:)``, in a
    /// batch at the standard spline), it is the slot at the decay, and the decay is not computed.
    public func decide(_ release: Release, inSnapped layout: CarouselLayout, decay: AndroidSplineDecay) -> SnapDecision {
        let offset = release.offset
        let slot = decay.agreedKey(from: offset) { Self.slot(atEnd: $0, in: layout) }
            ?? Self.slot(atEnd: offset + decay.value(), in: layout)
        return layout.decision(slot: slot, rule: "nearest-to-decay-end")
    }

    /// The slot nearest the (unclamped) end `end`: `⌊position(clamp(end)) + 0.5⌋`
    /// (``CarouselLayout/nearestSlotHalfUp(toOffset:)``).
    @inline(__always)
    static func slot(atEnd end: Double, in layout: CarouselLayout) -> Int {
        layout.nearestSlotHalfUp(toOffset: layout.clampedOffset(end))
    }
}
