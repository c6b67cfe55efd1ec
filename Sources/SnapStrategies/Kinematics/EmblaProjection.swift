/// Embla Carousel's linear release projection (davidjerleke/embla-carousel v8.6.0:
/// `packages/embla-carousel/src/components/DragTracker.ts` `pointerUp`,
/// `DragHandler.ts` `forceBoost`; `policies.md` Part 2 §7.2).
///
/// Embla measures the pointer speed over the last ≤ 170 ms (`force`, px/ms), drops it to 0
/// unless `|force| > 0.1` px/ms, and multiplies it by a boost in milliseconds:
/// `rawForce = force × boost`, i.e. the projection is `v × 400 ms` for touch.
/// Boosts: touch 400, mouse 300; with `dragFree` touch 600, mouse 500. 1 px = 1 pt.
///
/// ```swift
/// EmblaProjection.touch.coastDistance(velocity: 0.3)   // 120 pt
/// EmblaProjection.touch.coastDistance(velocity: 0.05)  // 0 (below 0.1 pt/ms)
/// ```
public struct EmblaProjection: DecelerationModel, Hashable {
    /// Touch input, snapping: boost 400 ms.
    public static let touch = EmblaProjection(boost: 400)
    /// Mouse input, snapping: boost 300 ms.
    public static let mouse = EmblaProjection(boost: 300)
    /// Touch input with `dragFree`: boost 600 ms.
    public static let touchDragFree = EmblaProjection(boost: 600)
    /// Mouse input with `dragFree`: boost 500 ms.
    public static let mouseDragFree = EmblaProjection(boost: 500)

    /// Milliseconds of travel per unit of release speed.
    public var boost: Double
    /// Speeds at or below this (pt/ms) give no projection (Embla: 0.1 px/ms).
    public var minimumSpeed: Double

    public init(boost: Double, minimumSpeed: Double = 0.1) {
        self.boost = boost
        self.minimumSpeed = minimumSpeed
    }

    /// `v × boost` points when `|v| > minimumSpeed`, else 0 (NaN gives 0).
    public func coastDistance(velocity: Double) -> Double {
        guard abs(velocity) > minimumSpeed else { return 0 }
        return velocity * boost
    }
}
