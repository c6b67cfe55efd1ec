/// What several policies compute from one release in exactly the same way, kept with the release
/// so that an evaluator deciding every release with many policies computes it once
/// (``SnapPolicy/decide(_:in:sharing:into:)``). An app deciding with one policy never needs it.
///
/// Held: the Android spline's coasting distance at the platform's constants
/// (``AndroidSplineDeceleration/standard``) for the release velocity clamped to the platform's
/// maximum fling velocity (``AndroidSplineDeceleration/clampedCoastDistance(velocity:)``): the
/// decay of `compose-lazyrow-snap` and `compose-pager` (at their spline's defaults) and
/// `learned-threshold`'s `androidProjection` feature. `android-linearsnap` projects RecyclerView's
/// whole-pixel velocity and `rn-android-paging` a spline with friction `1 − 0.985`, which is not the
/// double nearest 0.015: their inputs differ in the last bits, so they compute their own.
///
/// A value starts empty; the first policy that needs a quantity computes it with the same code it
/// uses alone and keeps it, so a decision made with it is bit for bit the decision made without.
public struct ReleaseKinematics: Sendable {
    @usableFromInline var androidCoast: Double?

    /// Nothing computed yet.
    @inlinable
    public init() {}

    /// `AndroidSplineDeceleration.standard.clampedCoastDistance(velocity: release.velocity)`,
    /// points, computed on the first call (`release` must be the release this value belongs to).
    @inlinable
    public mutating func standardAndroidCoast(of release: Release) -> Double {
        if let distance = androidCoast { return distance }
        let distance = AndroidSplineDeceleration.standard.clampedCoastDistance(velocity: release.velocity)
        androidCoast = distance
        return distance
    }

    /// The batch loop of a policy that decides from the standard spline's coasting distance:
    /// `decisions[i] = decide(releases[i], layouts[i], standardAndroidCoast of release i)`, each
    /// distance taken from (or first stored in) `kinematics[i]`.
    @inlinable @inline(__always)
    static func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>,
                       by decide: (Release, CarouselLayout, Double) -> SnapDecision) {
        let count = Swift.min(releases.count, layouts.count, kinematics.count, decisions.count)
        for i in 0..<count {
            let release = releases[i]
            decisions[i] = decide(release, layouts[i], kinematics[i].standardAndroidCoast(of: release))
        }
    }
}
