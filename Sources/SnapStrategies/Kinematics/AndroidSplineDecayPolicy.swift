/// A policy that decides from the Android spline's decay of the release (``spline``'s coasting
/// distance of the clamped release velocity, ``AndroidSplineDeceleration/clampedCoastDistance(velocity:)``):
/// `compose-lazyrow-snap` and `compose-pager`. Each says what it does with the decay
/// (``decide(_:in:decay:)``); the two ways of deciding (one release, or a batch sharing the
/// releases' ``ReleaseKinematics``) are declared here once for both.
public protocol AndroidSplineDecayPolicy: SnapPolicy {
    /// The decay.
    var spline: AndroidSplineDeceleration { get }
    /// The decision for a release whose spline decay (signed, points; the distance of the clamped
    /// velocity, 0 for NaN) is `decay`, in `layout` (the app's layout; the policy snaps it to its
    /// ``SnapPolicy/snapOrigin``). The decay is lazy (``AndroidSplineDecay``): a policy reads its
    /// value (one `log` and one `exp`) only when the decision depends on it. (Changed in session
    /// 25, issue 36: the requirement took the computed decay, `decay: Double`; a conformer now
    /// reads `decay.value()` where it read `decay`.)
    func decide(_ release: Release, in layout: CarouselLayout, decay: AndroidSplineDecay) -> SnapDecision
}

extension AndroidSplineDecayPolicy {
    /// The decision at the spline's decay of the release velocity.
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        decide(release, in: layout, decay: AndroidSplineDecay(velocity: release.velocity, spline: spline))
    }

    /// At the platform's spline (``AndroidSplineDeceleration/standard``), the decay is the
    /// release's shared one (``ReleaseKinematics``), computed by the same code when read, and
    /// bracketed by a table (``AndroidSplineDecay/standardDistances``): the decisions are bit for
    /// bit ``decide(_:in:)``'s. At any other spline, nothing is shared or bracketed.
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard spline == .standard else { return decide(releases, in: layouts, into: decisions) }
        ReleaseKinematics.decide(releases, in: layouts, sharing: kinematics, into: decisions) {
            decide($0, in: $1, decay: $2)
        }
    }
}
