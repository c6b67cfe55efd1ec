/// UIKit's exponential deceleration: the velocity is multiplied by `rate` every millisecond.
///
/// Resting offset `x + v·r/(1 − r)` (the geometric series of per-millisecond steps; WWDC 2018
/// session 803 "Designing Fluid Interfaces" uses the closely related `v·r/(1 − r)/1000` with v
/// in points per second). Constants: `UIScrollView.DecelerationRate.normal` = 0.998 per ms
/// (coasts 499 ms × v), `.fast` = 0.99 per ms (coasts 99 ms × v). Source: UIKit
/// `UIScrollView.decelerationRate` documentation; `policies.md` Part 2 §4.1–4.2.
public struct UIKitDeceleration: DecelerationModel, Hashable {
    /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond.
    public static let normal = UIKitDeceleration(rate: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
    public static let fast = UIKitDeceleration(rate: 0.99)

    /// Fraction of velocity kept after each millisecond, in `(0, 1)`.
    public var rate: Double

    /// A model with the given per-millisecond rate; values outside `(0, 1)` coast nowhere.
    public init(rate: Double) { self.rate = rate }

    /// `v · r / (1 − r)` points; 0 when `r` is outside `(0, 1)`.
    @inlinable
    public func coastDistance(velocity: Double) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        return velocity * rate / (1 - rate)
    }
}
