/// Flutter `PageView` with `PageScrollPhysics`: round the page position half a page in the fling's
/// direction.
///
/// Sources (`flutter/flutter`, `packages/flutter/lib/src/`): `widgets/page_view.dart`
/// (`PageScrollPhysics._getPage`, `_getTargetPixels`, `createBallisticSimulation`, `_PagePosition.page`),
/// `gestures/monodrag.dart` (`isFlingGesture`), `widgets/scroll_physics.dart` (`minFlingVelocity`,
/// `ClampingScrollPhysics`, `BouncingScrollPhysics`); `policies.md` Part 2 §3.1–3.2.
///
/// With `p` the page position of the release offset **clamped to the scroll range** (relative to
/// the layout's alignment origin: `_PagePosition.page` is `getPageFromPixels(clampDouble(pixels,
/// minScrollExtent, maxScrollExtent), viewportDimension)`, so an overscrolled release counts as
/// the first or last page) and `v` the velocity
/// after ``FlutterFlingGate`` (0 unless `|v| > minFlingVelocity` and the estimate window moved
/// more than 18 points):
/// ```
/// bounded, at an edge and not heading inward: rest where the parent physics leaves it (the edge)
/// page = p − 0.5 if v < 0;  p + 0.5 if v > 0;  p if v = 0
/// target = round(page)        // ⌊page + 0.5⌋, which is Dart's round for page ≥ 0
/// ```
/// So a fling moves to `⌊p⌋ + 1` forward or `⌊p⌋` backward (at most one page), a slow release to the
/// nearest page. Physics: ``Physics/clamping`` (Android, `flutter-pageview`: 50 px/s) and
/// ``Physics/bouncing`` (iOS, `flutter-pageview-bouncing`: `BouncingScrollPhysics.minFlingVelocity`
/// 100 px/s); logical pixels are points.
///
/// Approximation: the estimate-window displacement is derived from the release (see
/// ``FlutterFlingGate``). The tolerance velocity `1/(0.05·dpr)` px/s lies below the fling gate and
/// changes nothing. In a looping layout there are no edges, and rounding uses `⌊x + 0.5⌋` so that
/// a whole-cycle shift decides the same.
public struct FlutterPageViewSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    /// The parent physics (shared with the other Flutter paging policy).
    public typealias Physics = FlutterScrollPhysics

    /// The parent physics; it sets the identifier and the default minimum fling velocity.
    public let physics: Physics
    /// The recognizer's fling gate.
    public var gate: FlutterFlingGate

    public init(physics: Physics = .clamping) {
        self.physics = physics
        self.gate = FlutterFlingGate(minFlingVelocity: physics.minFlingVelocity)
    }

    public var id: String { physics == .clamping ? "flutter-pageview" : "flutter-pageview-bouncing" }
    public var summary: String {
        "fling (>\(physics == .clamping ? 50 : 100) px/s, >18 px in the estimate window): round(p ± 0.5), one page at most; else round(p)"
    }
    public var source: String {
        "flutter packages/flutter/lib/src/widgets/page_view.dart PageScrollPhysics; gestures/monodrag.dart isFlingGesture ("
            + (physics == .clamping ? "ClampingScrollPhysics 50 px/s" : "BouncingScrollPhysics 100 px/s") + ", kTouchSlop 18)"
    }

    /// The parameters, declared once (``DeclaredParameters``): the fling gate's
    /// (``FlutterFlingGate/parameters``) but its velocity clamp, with `physics`' minimum fling velocity.
    public static func parameters(for physics: Physics) -> ParameterTable<FlutterPageViewSnap> {
        physics == .clamping ? clampingParameters : bouncingParameters
    }

    private static let clampingParameters = table(.clamping)
    private static let bouncingParameters = table(.bouncing)

    private static func table(_ physics: Physics) -> ParameterTable<FlutterPageViewSnap> {
        ParameterTable(FlutterFlingGate.fields(for: physics)
            .filter { $0.keyPath != \FlutterFlingGate.maxFlingVelocity }
            .map { $0.lifted(into: \.gate) })
    }

    public var parameterTable: ParameterTable<FlutterPageViewSnap> { Self.parameters(for: physics) }

    /// ``FlutterFlingGate/windowTravel`` (`minFlingDistance`'s feature).
    public func measuredFeature(_ name: String, of release: Release, in layout: CarouselLayout) -> Double {
        gate.measuredFeature(name, of: release)
    }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let v = gate.gatedVelocity(of: release)
        let offset = release.offset
        if !layout.isLooping && ((v <= 0 && offset <= 0) || (v >= 0 && offset >= layout.maxOffset)) {
            let edge = layout.clampedOffset(offset)
            return layout.decision(slot: layout.nearestSlotHalfUp(toOffset: edge), rule: "edge-parent-physics")
        }
        // _PagePosition.page: getPageFromPixels(clampDouble(pixels, minScrollExtent, maxScrollExtent), …).
        let p = layout.position(atOffset: layout.clampedOffset(offset))
        if v > 0 { return layout.decision(slot: SnapMath.flooredIndex(p + 1), rule: "fling-forward") }
        if v < 0 { return layout.decision(slot: SnapMath.flooredIndex(p), rule: "fling-back") }
        return layout.decision(slot: SnapMath.flooredIndex(p + 0.5), rule: "round-page")
    }
}
