/// iCarousel's constant deceleration (nicklockwood/iCarousel: `iCarousel/iCarousel.m`,
/// `decelerationDistance` and `startDecelerating`; `policies.md` Part 2 §6).
///
/// iCarousel decelerates a release velocity `v` (items per second) at the constant rate
/// `a = −v · multiplier · (1 − rate)` items/s², so it coasts
/// `D = v² / (2|a|) = v / (2 · multiplier · (1 − rate))` items (`v / 3` at the defaults) in
/// `|D| / |v/2| = 1 / (multiplier · (1 − rate))` seconds (0.667 s at the defaults).
/// In points with `v` in pt/ms the item width cancels:
/// `D = v · 1000 / (2 · multiplier · (1 − rate))` points, i.e. `v × 333.3 ms` at the defaults.
///
/// Constants: `decelerationRate` 0.95 (0…1, "higher = slower deceleration"),
/// `DECELERATION_MULTIPLIER` 30.
///
/// ```swift
/// ICarouselDeceleration.standard.coastDistance(velocity: 1.5)  // 500 pt
/// ```
public struct ICarouselDeceleration: DecelerationModel, Hashable {
    /// iCarousel's defaults: rate 0.95, multiplier 30.
    public static let standard = ICarouselDeceleration(rate: 0.95)

    /// iCarousel's `decelerationRate`, in `[0, 1)`.
    public var rate: Double
    /// iCarousel's `DECELERATION_MULTIPLIER` (30), per second.
    public var multiplier: Double

    public init(rate: Double, multiplier: Double = 30) {
        self.rate = rate
        self.multiplier = multiplier
    }

    /// `v · 1000 / (2 · multiplier · (1 − rate))` points; 0 for NaN, or when the deceleration
    /// is not positive (`rate ≥ 1` or `multiplier ≤ 0`).
    public func coastDistance(velocity: Double) -> Double {
        let k = 2 * multiplier * (1 - rate)
        guard velocity == velocity, k > 0, k.isFinite else { return 0 }
        return velocity * 1000 / k
    }

    /// Time to rest when coasting freely, `1000 / (multiplier · (1 − rate))` ms (667 ms at the
    /// defaults; iCarousel shortens it when the end is clamped). 0 when the deceleration is not positive.
    public var coastDuration: Double {
        let k = multiplier * (1 - rate)
        guard k > 0, k.isFinite else { return 0 }
        return 1000 / k
    }
}
