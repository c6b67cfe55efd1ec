/// Flutter `FixedExtentScrollPhysics` (`ListWheelScrollView`): the item nearest the natural end of
/// the parent physics' simulation.
///
/// Sources (`flutter/flutter`, `packages/flutter/lib/src/`): `widgets/list_wheel_scroll_view.dart`
/// (`FixedExtentScrollPhysics.createBallisticSimulation`), `widgets/scroll_simulation.dart`
/// (`ClampingScrollSimulation`, `BouncingScrollSimulation`), `physics/friction_simulation.dart`,
/// `gestures/monodrag.dart` (`isFlingGesture`); `policies.md` Part 2 §3.5 and §3.1.
///
/// With `v` the velocity after ``FlutterFlingGate`` (0 unless a fling; clamped to 8000 px/s) and the
/// parent's coasting distance — ``FlutterClampingDeceleration`` (Android spline distance, friction
/// 0.015) for ``Physics/clamping``, ``FlutterFrictionDeceleration`` (drag 0.135) for
/// ``Physics/bouncing``:
/// ```
/// end = clamp(offset + distance(v))        // the parent stops at the extents
/// target = round(position(end))            // ⌊x + 0.5⌋ (Dart's round for x ≥ 0); unbounded items per fling
/// ```
/// Identifiers: `flutter-fixedextent` (Clamping parent, minimum fling 50 px/s) and
/// `flutter-fixedextent-bouncing` (Bouncing parent, 100 px/s). Logical pixels are points.
///
/// Approximations: the estimate-window displacement of the gate is derived from the release (see
/// ``FlutterFlingGate``); the item extent is the layout's stride and the snap position its
/// alignment (the wheel centres its items). The final `FrictionSimulation.through` / spring only
/// animate to the chosen item and do not change it.
public struct FlutterFixedExtentSnap: DeclaredParameters, Hashable {
    /// The parent physics (shared with the other Flutter paging policy).
    public typealias Physics = FlutterScrollPhysics

    /// The parent physics; it sets the identifier, the projection and the default minimum fling.
    public let physics: Physics
    /// The recognizer's fling gate.
    public var gate: FlutterFlingGate
    /// The Clamping projection (used by ``Physics/clamping``).
    public var clamping: FlutterClampingDeceleration
    /// The friction projection (used by ``Physics/bouncing``).
    public var friction: FlutterFrictionDeceleration

    public init(physics: Physics = .clamping) {
        self.physics = physics
        self.gate = FlutterFlingGate(minFlingVelocity: physics.minFlingVelocity)
        self.clamping = FlutterClampingDeceleration()
        self.friction = FlutterFrictionDeceleration()
    }

    public var id: String { physics == .clamping ? "flutter-fixedextent" : "flutter-fixedextent-bouncing" }
    public var summary: String {
        physics == .clamping
            ? "the item nearest the end of Flutter's ClampingScrollSimulation (Android spline distance)"
            : "the item nearest the end of Flutter's friction simulation (drag 0.135 per s)"
    }
    public var source: String {
        "flutter packages/flutter/lib/src/widgets/list_wheel_scroll_view.dart FixedExtentScrollPhysics.createBallisticSimulation; "
            + (physics == .clamping ? "scroll_simulation.dart ClampingScrollSimulation (friction 0.015)"
                                    : "physics/friction_simulation.dart FrictionSimulation (drag 0.135)")
    }

    /// The parameters, declared once (``DeclaredParameters``): the fling gate's
    /// (``FlutterFlingGate/parameters``, with `physics`' minimum fling velocity), then the projection's.
    public static func parameters(for physics: Physics) -> ParameterTable<FlutterFixedExtentSnap> {
        physics == .clamping ? clampingParameters : bouncingParameters
    }

    private static let clampingParameters = table(.clamping, FlutterClampingDeceleration.parameters.fields(in: \.clamping))
    private static let bouncingParameters = table(.bouncing, FlutterFrictionDeceleration.parameters.fields(in: \.friction))

    private static func table(_ physics: Physics,
                              _ projection: [ParameterField<FlutterFixedExtentSnap>]) -> ParameterTable<FlutterFixedExtentSnap> {
        ParameterTable(FlutterFlingGate.fields(for: physics).map { $0.lifted(into: \.gate) } + projection,
                       orders: [(\.gate.minFlingVelocity, \.gate.maxFlingVelocity)])
    }

    public var parameterTable: ParameterTable<FlutterFixedExtentSnap> { Self.parameters(for: physics) }

    /// ``FlutterFlingGate/windowTravel`` (`minFlingDistance`'s feature).
    public func measuredFeature(_ name: String, of release: Release, in layout: CarouselLayout) -> Double {
        gate.measuredFeature(name, of: release)
    }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let v = gate.gatedVelocity(of: release)
        let distance = physics == .clamping ? clamping.coastDistance(velocity: v) : friction.coastDistance(velocity: v)
        let natural = release.offset + distance
        let end = layout.clampedOffset(natural)
        let atEdge = !layout.isLooping && !(natural > 0 && natural < layout.maxOffset)
        let slot = SnapMath.flooredIndex(layout.position(atOffset: end) + 0.5)
        return layout.decision(slot: slot, rule: atEdge ? "edge-parent-physics" : "nearest-to-simulation-end")
    }
}
