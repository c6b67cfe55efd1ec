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
public struct FlutterFixedExtentSnap: DeclaredParameters, DistanceTablePolicy, Hashable {
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
        decide(release, in: layout, table: nil)
    }

    /// The Clamping simulation's distance at Flutter's friction 0.015, tabulated
    /// (``FlingDistanceBracket``): entry `k` is ``FlutterClampingDeceleration/coastDistance(velocity:)``
    /// at `k / 1000` pt/ms.
    static let clampingDistances = FlingDistanceBracket { FlutterClampingDeceleration(friction: 0.015).coastDistance(velocity: $0) }

    /// ``clampingDistances`` for the Clamping physics at friction 0.015, else nil (the friction
    /// projection is a division, nothing to tabulate).
    var distanceTable: FlingDistanceBracket? {
        physics == .clamping && clamping.friction.bitPattern == (0.015).bitPattern ? Self.clampingDistances : nil
    }

    /// Where the simulation's end `natural` (unclamped) leaves a release: the slot nearest the
    /// clamped end and the two comparisons of the end with the extents, each monotone in `natural`.
    struct End: Equatable {
        let slot: Int
        let pastStart: Bool
        let beforeEnd: Bool

        @inline(__always)
        init(_ natural: Double, in layout: CarouselLayout) {
            slot = layout.nearestSlotHalfUp(toOffset: layout.clampedOffset(natural))
            pastStart = natural > 0
            beforeEnd = natural < layout.maxOffset
        }
    }

    /// ``decide(_:in:)``; with `table`, the ``End`` is read from the distance's bracket when both
    /// of its ends give the same (``FlingDistanceBracket``), the distance computed otherwise.
    @inline(__always)
    func decide(_ release: Release, in layout: CarouselLayout, table: FlingDistanceBracket?) -> SnapDecision {
        let v = gate.gatedVelocity(of: release)
        let offset = release.offset
        let resolved = v != 0 ? table?.agreedKey(from: offset, velocity: v) { End($0, in: layout) } : nil
        let e = resolved ?? End(offset + (physics == .clamping ? clamping.coastDistance(velocity: v)
                                                               : friction.coastDistance(velocity: v)), in: layout)
        let atEdge = !layout.isLooping && !(e.pastStart && e.beforeEnd)
        return layout.decision(slot: e.slot, rule: atEdge ? "edge-parent-physics" : "nearest-to-simulation-end")
    }
}
