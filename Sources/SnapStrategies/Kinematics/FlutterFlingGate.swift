/// Flutter's fling gate: the drag recognizer reports a release velocity only for a fling, and a
/// zero velocity otherwise.
///
/// Source: `flutter/flutter: packages/flutter/lib/src/gestures/monodrag.dart`
/// (`HorizontalDragGestureRecognizer.isFlingGesture`, `_checkEnd`),
/// `packages/flutter/lib/src/gestures/constants.dart` (`kTouchSlop` 18, `kMinFlingVelocity` 50,
/// `kMaxFlingVelocity` 8000), `packages/flutter/lib/src/widgets/scroll_physics.dart`
/// (`minFlingVelocity`: 50 px/s, `BouncingScrollPhysics` 2 × 50 = 100 px/s); `policies.md` Part 2 §3.1.
///
/// Rule: fling iff `|v| > minFlingVelocity` and `|estimate offset| > minFlingDistance`, where the
/// estimate offset is the displacement spanned by the velocity tracker's samples (≤ 100 ms
/// horizon). A fling's velocity is clamped to `±maxFlingVelocity`.
///
/// The release does not carry the samples, so the estimate offset is approximated: a contact no
/// longer than the horizon spans the whole drag (`|travel|`); a longer one spans the last horizon,
/// taken as `min(|travel|, |v|·horizon)` (constant speed over the window, at most the net travel).
public struct FlutterFlingGate: Sendable, Hashable {
    /// Speed a fling must exceed, points per ms: 0.05 (Clamping/Android), 0.1 (Bouncing/iOS).
    public var minFlingVelocity: Double
    /// Displacement the estimate window must exceed, points (`kTouchSlop` = 18).
    public var minFlingDistance: Double
    /// Largest reported speed, points per ms (`kMaxFlingVelocity` 8000 px/s = 8).
    public var maxFlingVelocity: Double
    /// Velocity-tracker horizon, milliseconds (100).
    public var horizon: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        FlutterFlingGate(minFlingVelocity: .nan, minFlingDistance: .nan, maxFlingVelocity: .nan, horizon: .nan))

    public init(minFlingVelocity: Double = FlutterFlingGate.defaults.minFlingVelocity,
                minFlingDistance: Double = FlutterFlingGate.defaults.minFlingDistance,
                maxFlingVelocity: Double = FlutterFlingGate.defaults.maxFlingVelocity,
                horizon: Double = FlutterFlingGate.defaults.horizon) {
        self.minFlingVelocity = minFlingVelocity
        self.minFlingDistance = minFlingDistance
        self.maxFlingVelocity = maxFlingVelocity
        self.horizon = horizon
    }

    /// The gate's parameters, declared once (the Flutter policies hold them as theirs); the
    /// minimum fling velocity is ``FlutterScrollPhysics/clamping``'s (``fields(for:)`` for
    /// another physics). The horizon is named `velocityHorizon` on the command line.
    public static let parameters = ParameterTable<FlutterFlingGate>([
        ParameterField(\.minFlingVelocity, "minFlingVelocity", unit: "pt/ms",
                       default: FlutterScrollPhysics.clamping.minFlingVelocity,
                       range: 0...10, comparedWith: ThresholdFeature(.speed, .exceeds),
                       summary: "speed a fling must exceed (physics.minFlingVelocity)"),
        ParameterField(\.minFlingDistance, "minFlingDistance", unit: "pt", default: 18, range: 0...500,
                       comparedWith: windowTravel, summary: "estimate-window travel a fling must exceed (kTouchSlop)"),
        ParameterField(\.maxFlingVelocity, "maxFlingVelocity", unit: "pt/ms", default: 8, range: 1...20,
                       role: .platformConstant, summary: "largest fling velocity (kMaxFlingVelocity 8000 px/s)"),
        ParameterField(\.horizon, "velocityHorizon", unit: "ms", default: 100, range: 1...1000,
                       role: .platformConstant, summary: "velocity-tracker horizon used to approximate the estimate window"),
    ])

    /// The fields of ``parameters``, with `physics`' minimum fling velocity as its default.
    public static func fields(for physics: FlutterScrollPhysics) -> [ParameterField<FlutterFlingGate>] {
        parameters.fields.map { $0.keyPath == \FlutterFlingGate.minFlingVelocity ? $0.defaulting(to: physics.minFlingVelocity) : $0 }
    }

    /// The approximate displacement of the velocity-estimate window, points (see the type's doc).
    @inlinable
    public func estimateWindowTravel(of release: Release) -> Double {
        let travel = abs(release.travel)
        guard travel == travel else { return 0 }
        if !(release.duration > horizon) { return travel }
        return Swift.min(travel, abs(release.velocity) * horizon)
    }

    /// `minFlingDistance`'s feature in the policies gated by this recognizer: the estimate
    /// window's travel (``estimateWindowTravel(of:)``), compared `>` (``isFling(_:)``; reached
    /// only when the speed exceeds `minFlingVelocity`). Depends on the tracker horizon, the
    /// policies' `velocityHorizon`.
    public static let windowTravel = ThresholdFeature(.measured("estimate-window travel", dependsOn: ["velocityHorizon"]),
                                                      .exceeds)

    /// The value of ``windowTravel`` for `release` when `name` is its name, else NaN (what a
    /// policy's ``SnapPolicy/measuredFeature(_:of:in:)`` answers).
    public func measuredFeature(_ name: String, of release: Release) -> Double {
        name == Self.windowTravel.quantity.name ? estimateWindowTravel(of: release) : .nan
    }

    /// Whether the release is a fling for the recognizer.
    @inlinable
    public func isFling(_ release: Release) -> Bool {
        abs(release.velocity) > minFlingVelocity && estimateWindowTravel(of: release) > minFlingDistance
    }

    /// The velocity the scroll physics receives: the clamped release velocity for a fling, else 0
    /// (NaN gives 0).
    @inlinable
    public func gatedVelocity(of release: Release) -> Double {
        guard isFling(release) else { return 0 }
        return SnapMath.clamp(release.velocity, -maxFlingVelocity, maxFlingVelocity)
    }
}
