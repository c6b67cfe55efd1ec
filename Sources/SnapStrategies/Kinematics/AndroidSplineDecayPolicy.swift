/// A policy that decides from the Android spline's decay of the release (``spline``'s coasting
/// distance of the clamped release velocity, ``AndroidSplineDeceleration/clampedCoastDistance(velocity:)``):
/// `compose-lazyrow-snap` and `compose-pager`. Each says what it does with the decay
/// (``decide(_:inSnapped:decay:)``); the ways of deciding (one release, a batch sharing the
/// releases' ``ReleaseKinematics``, a batch of one layout) are declared here once for both.
public protocol AndroidSplineDecayPolicy: SnapPolicy {
    /// The decay.
    var spline: AndroidSplineDeceleration { get }
    /// The decision for a release whose spline decay (signed, points; the distance of the clamped
    /// velocity, 0 for NaN) is `decay`, in `layout`: the app's layout already snapped to the
    /// policy's ``SnapPolicy/snapOrigin`` (``CarouselLayout/snapped(to:)``). The decay is lazy
    /// (``AndroidSplineDecay``): a policy reads its value (one `log` and one `exp`) only when the
    /// decision depends on it. (Changed in session 26, issue 36: the requirement took the app's
    /// layout, `decide(_:in:decay:)`, and snapped it per release; that is now
    /// ``decide(_:in:decay:)`` of the extension, so that a batch of one layout snaps it once.
    /// Session 25 changed `decay: Double` to the lazy decay.)
    func decide(_ release: Release, inSnapped layout: CarouselLayout, decay: AndroidSplineDecay) -> SnapDecision
}

extension AndroidSplineDecayPolicy {
    /// The decision for a release whose decay is `decay` in the app's layout `appLayout`:
    /// ``decide(_:inSnapped:decay:)`` in it snapped to ``SnapPolicy/snapOrigin``.
    @inline(__always)
    public func decide(_ release: Release, in appLayout: CarouselLayout, decay: AndroidSplineDecay) -> SnapDecision {
        decide(release, inSnapped: appLayout.snapped(to: snapOrigin), decay: decay)
    }

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

    /// As ``SnapPolicy/decide(_:inOneLayout:sharing:into:)`` (every release in `layouts[0]`'s bits):
    /// ``decide(_:in:sharing:into:)``'s loop with the layout snapped to ``SnapPolicy/snapOrigin``
    /// once, before the loop, instead of once per release (the same layout bit for bit, so the
    /// same decisions; the loop's `layouts[i]` is not read).
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard spline == .standard else { return decide(releases, in: layouts, into: decisions) }
        guard let appLayout = layouts.first else { return }
        let layout = appLayout.snapped(to: snapOrigin)
        ReleaseKinematics.decide(releases, in: layouts, sharing: kinematics, into: decisions) { release, _, decay in
            decide(release, inSnapped: layout, decay: decay)
        }
    }
}
