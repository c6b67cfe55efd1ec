import Foundation
import SnapStrategies

/// A free-scrolling row as a live carousel (issue 32): the 2024 A30 study's Compose `LazyRow`
/// did not snap, so a stroke's content comes to rest where its fling ends, not on an item.
///
/// After lift-off the content travels the Android spline fling distance for the release speed
/// (``SwipeModel/androidSplineDistance(speed:frictionCoefficient:)``: Compose's
/// `splineBasedDecay` → `FlingCalculator.flingDistance`, the same formula and constants as
/// `OverScroller`'s `getSplineFlingDistance`; friction `ViewConfiguration.SCROLL_FRICTION` 0.015,
/// `ppi` 160 so that distances are in dp = points) in the direction of the velocity, clamped to
/// `[0, maxOffset]` (a looping row is not clamped). The item reported is the one nearest that
/// resting offset. Only a live carousel of `generate` (`--live-policy free-scroll`), not a policy
/// to score: it is no snapping rule.
///
/// The velocity it flings with is the finger's true velocity at lift-off
/// (``SessionSimulator`` hands it ``RecordedVelocityEstimator``'s value, the swipe's
/// ``SyntheticSwipe/releaseVelocity``): the device's tracker sees every input sample, where the
/// frame rows a recording keeps leave LSQ2 reading 0 on a quarter of the A30 strokes that the
/// recording shows flung (`realdata/gestureapp/README.md`).
public struct FreeScrollCarousel: SnapPolicy, Hashable {
    /// The identifier `--live-policy` takes.
    public static let identifier = "free-scroll"
    /// `fC` of the spline at the defaults (778.3).
    let frictionCoefficient: Double

    public init(friction: Double = 0.015, ppi: Double = 160) {
        frictionCoefficient = SwipeModel.androidFrictionCoefficient(friction: friction, ppi: ppi)
    }

    public var id: String { Self.identifier }
    public var summary: String { "free scrolling: rests where the Android spline fling ends, clamped to the content; no snap" }
    public var source: String {
        "androidx compose foundation FlingCalculator.flingDistance (splineBasedDecay), as OverScroller.getSplineFlingDistance: "
            + "friction 0.015, inflexion 0.35, deceleration rate ln 0.78 / ln 0.9"
    }
    public var parameterSpecs: [PolicyParameter] { [] }
    public var parameterValues: [Double] { [] }
    public mutating func assignValidatedParameterValues(_ values: [Double]) {}

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let v = release.velocity.isFinite ? release.velocity : 0
        let travel = SwipeModel.androidSplineDistance(speed: abs(v), frictionCoefficient: frictionCoefficient)
        let offset = layout.clampedOffset((release.offset.isFinite ? release.offset : 0) + (v < 0 ? -travel : travel))
        let slot = layout.nearestSlot(toOffset: offset)
        return SnapDecision(targetSlot: slot, targetIndex: layout.itemIndex(ofSlot: slot), targetOffset: offset, rule: "free fling")
    }

    /// The live carousel for `id`: ``identifier`` is this one, any other a catalogue policy.
    public static func livePolicy(id: String) throws(PolicyLookupError) -> any SnapPolicy {
        id == identifier ? FreeScrollCarousel() : try PolicyCatalog.policy(id: id)
    }
}
