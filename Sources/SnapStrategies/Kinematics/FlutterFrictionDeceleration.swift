/// Flutter's `FrictionSimulation` as used by `BouncingScrollSimulation` (iOS-like physics): the
/// velocity is multiplied by `drag` every second.
///
/// Source: `flutter/flutter: packages/flutter/lib/src/physics/friction_simulation.dart`
/// (`FrictionSimulation`, `finalX`) and `packages/flutter/lib/src/widgets/scroll_simulation.dart`
/// (`BouncingScrollSimulation`, drag 0.135: "Taken from UIScrollView.decelerationRate (.normal =
/// 0.998); 0.998^1000 ≈ 0.135"); `policies.md` Part 2 §3.4.
///
/// With `v` in px/s and `constantDeceleration` 0 (the `.normal` rate):
/// `x(t) = x0 + v·drag^t/ln(drag) − v/ln(drag)`, so the resting point is
/// `x0 − v/ln(drag)` = `x0 + 0.49938·v[px/s]` points, i.e. `−1000·v/ln(drag)` for `v` in pt/ms.
/// The `.fast` variant's constant deceleration (1400 px/s²) is not modelled.
///
/// ```swift
/// FlutterFrictionDeceleration().coastDistance(velocity: 1.0)  // ≈ 499.4 points
/// ```
public struct FlutterFrictionDeceleration: DecelerationModel, Hashable {
    /// Fraction of velocity kept per second, 0.135.
    public var drag: Double {
        didSet { logDrag = SnapMath.log(drag) }
    }

    /// `ln(drag)`, kept with `drag` (every decision needs it; the drag changes only when fitted).
    @usableFromInline private(set) var logDrag: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(FlutterFrictionDeceleration(drag: .nan))

    public init(drag: Double = FlutterFrictionDeceleration.defaults.drag) {
        self.drag = drag
        logDrag = SnapMath.log(drag)
    }

    /// The fittable parameter of the model: drag 0.001…0.8 (`drag = r^1000` for a UIKit per-ms
    /// rate `r`: 0.9931…0.99978, the platform's 0.998 giving 0.135). Near 1 the simulation has no
    /// friction at all (`D = −v/ln(drag)` grows without bound: 0.99 would coast 800 000 points at
    /// 8000 px/s); at 0.8 and 8000 px/s it coasts ≈ 36 000 points.
    public static let parameters = ParameterTable<FlutterFrictionDeceleration>([
        ParameterField(\.drag, "drag", unit: "per s", default: 0.135, range: 0.001...0.8,
                       role: .platformConstant, summary: "FrictionSimulation drag (velocity kept per second)"),
    ])

    /// `−1000·v / ln(drag)` points; 0 when `drag` is outside `(0, 1)` or the velocity is NaN.
    @inlinable
    public func coastDistance(velocity: Double) -> Double {
        guard drag > 0, drag < 1, velocity == velocity else { return 0 }
        return -1000 * velocity / logDrag
    }
}
