/// What several policies compute from one release in exactly the same way, kept with the release
/// so that an evaluator deciding every release with many policies computes it once
/// (``SnapPolicy/decide(_:in:sharing:into:)``). An app deciding with one policy never needs it.
///
/// Held: the Android spline's coasting distance at the platform's constants
/// (``AndroidSplineDeceleration/standard``) for the release velocity clamped to the platform's
/// maximum fling velocity (``AndroidSplineDeceleration/clampedCoastDistance(velocity:)``): the
/// decay of `compose-lazyrow-snap` and `compose-pager` (at their spline's defaults) and
/// `learned-threshold`'s `androidProjection` feature, computed only when one of them reads it
/// (``AndroidSplineDecay``). `android-linearsnap` projects RecyclerView's
/// whole-pixel velocity and `rn-android-paging` a spline with friction `1 − 0.985`, which is not the
/// double nearest 0.015: their inputs differ in the last bits, so they compute their own.
///
/// Also held: the first inertial delta of desktop Chromium's fling curve for one frame interval
/// (``ChromiumFlingEstimate/firstInertialDelta(velocity:)``), the costly part of the fling
/// estimate of `css-snap-mandatory` and `css-snap-proximity` (two exponentials and two
/// logarithms), kept with the interval it was computed for.
///
/// And the CSS policies' search for the closest valid snap in a bounded layout before the
/// proximity range is applied (``CSSScrollSnap``'s `closestItem`): `css-snap-mandatory` and
/// `css-snap-proximity` search the same snaps from the same base (they differ only in the range,
/// applied after the search), so the second reads the first's answer. It is kept with everything
/// the search reads (the base and current offsets' bits, the direction, the layout's item count,
/// alignment origin, stride and maximum offset), and another search replaces it. A search
/// certified for every base in a bracket (``CSSScrollSnap``'s batch path, a fling whose estimate is
/// only bracketed) is kept the same way with the bracket's upper end; an exact search's upper end is
/// its base.
///
/// A value starts empty; the first policy that needs a quantity computes it with the same code it
/// uses alone and keeps it, so a decision made with it is bit for bit the decision made without.
public struct ReleaseKinematics: Sendable {
    @usableFromInline var androidCoast: Double?
    @usableFromInline var chromiumDelta: (frameInterval: Double, delta: Double)?
    @usableFromInline var heldClosestSnap: ClosestSnap?

    /// One search of ``CSSScrollSnap``'s closest valid snap in a bounded layout: its inputs and its
    /// answer (`found` `nil`: no valid item).
    @usableFromInline
    struct ClosestSnap: Sendable {
        let base: UInt64, upper: UInt64, current: UInt64, direction: Int, truncating: Bool
        let itemCount: Int, alignmentOrigin: UInt64, stride: UInt64, maxOffset: UInt64
        let found: (index: Int, distance: Double)?

        /// Whether this search is the one of these inputs (every number compared by its bits; an
        /// exact search's `upper` is its `base`).
        @inline(__always)
        func holds(base: Double, upper: Double, current: Double, direction: Int, truncating: Bool,
                   in layout: CarouselLayout) -> Bool {
            self.base == base.bitPattern && self.upper == upper.bitPattern && self.current == current.bitPattern
                && self.direction == direction
                && self.truncating == truncating && itemCount == layout.itemCount
                && alignmentOrigin == layout.alignmentOrigin.bitPattern && stride == layout.stride.bitPattern
                && maxOffset == layout.maxOffset.bitPattern
        }
    }

    /// Nothing computed yet.
    @inlinable
    public init() {}

    /// `AndroidSplineDeceleration.standard.clampedCoastDistance(velocity: release.velocity)`,
    /// points, computed on the first call (`release` must be the release this value belongs to).
    @inlinable
    public mutating func standardAndroidCoast(of release: Release) -> Double {
        standardAndroidCoast(velocity: release.velocity)
    }

    /// ``standardAndroidCoast(of:)`` of the release whose velocity is `velocity`, pt/ms.
    @inlinable
    mutating func standardAndroidCoast(velocity: Double) -> Double {
        if let distance = androidCoast { return distance }
        // `standard`, its constants folded (`platform(friction:)`): the same bits.
        let distance = AndroidSplineDeceleration.platform(friction: 0.015).clampedCoastDistance(velocity: velocity)
        androidCoast = distance
        return distance
    }

    /// `ChromiumFlingEstimate(distanceScalar: _, frameInterval: frameInterval)
    /// .firstInertialDelta(velocity: release.velocity)`, points, computed on the first call for
    /// this interval (the same bits: another interval computes afresh and is kept instead).
    @inlinable
    public mutating func chromiumFirstInertialDelta(of release: Release, frameInterval: Double) -> Double {
        if let held = chromiumDelta, held.frameInterval.bitPattern == frameInterval.bitPattern { return held.delta }
        let delta = ChromiumFlingEstimate(distanceScalar: 1, frameInterval: frameInterval)
            .firstInertialDelta(velocity: release.velocity)
        chromiumDelta = (frameInterval, delta)
        return delta
    }

    /// `search()`, the closest valid snap to `base` from `current` moving `direction` in the bounded
    /// `layout` (``CSSScrollSnap``), or the answer kept from the same search (the same inputs, bit
    /// for bit); a new search's answer replaces the one kept.
    @inline(__always)
    mutating func closestSnap(to base: Double, from current: Double, direction: Int, truncating: Bool,
                              in layout: CarouselLayout,
                              search: () -> (index: Int, distance: Double)?) -> (index: Int, distance: Double)? {
        if let held = heldClosestSnap,
           held.holds(base: base, upper: base, current: current, direction: direction, truncating: truncating,
                      in: layout) {
            return held.found
        }
        let found = search()
        hold(found, base: base, upper: base, current: current, direction: direction, truncating: truncating, in: layout)
        return found
    }

    /// The closest valid snap (not truncating) to every base in `low...high`, with the largest of
    /// its distances over them, as `certify()` shows it (`nil`: not shown), or as kept from the same
    /// certificate (the same inputs, bit for bit). Kept only when shown: with `low == high` it is
    /// the exact search at `low` (its distance the one distance there), which
    /// ``closestSnap(to:from:direction:truncating:in:search:)`` may read, and nothing else reads it.
    @inline(__always)
    mutating func certifiedSnap(between low: Double, and high: Double, from current: Double, direction: Int,
                                in layout: CarouselLayout,
                                certify: () -> (index: Int, distance: Double)?) -> (index: Int, distance: Double)? {
        if let held = heldClosestSnap,
           held.holds(base: low, upper: high, current: current, direction: direction, truncating: false, in: layout),
           let found = held.found {
            return found
        }
        guard let found = certify() else { return nil }
        hold(found, base: low, upper: high, current: current, direction: direction, truncating: false, in: layout)
        return found
    }

    @inline(__always)
    private mutating func hold(_ found: (index: Int, distance: Double)?, base: Double, upper: Double, current: Double,
                               direction: Int, truncating: Bool, in layout: CarouselLayout) {
        heldClosestSnap = ClosestSnap(base: base.bitPattern, upper: upper.bitPattern, current: current.bitPattern,
                                      direction: direction, truncating: truncating, itemCount: layout.itemCount,
                                      alignmentOrigin: layout.alignmentOrigin.bitPattern, stride: layout.stride.bitPattern,
                                      maxOffset: layout.maxOffset.bitPattern, found: found)
    }

    /// The batch loop of a policy that decides from the standard spline's coasting distance:
    /// `decisions[i] = decide(releases[i], layouts[i], decay of release i)`, the decay
    /// (``AndroidSplineDecay``) computed only if the policy reads it, then taken from (or first
    /// stored in) `kinematics[i]`, and bracketed by ``AndroidSplineDecay/standardEntries``
    /// (read once per batch).
    @inline(__always)
    static func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>,
                       by decide: (Release, CarouselLayout, AndroidSplineDecay) -> SnapDecision) {
        let count = Swift.min(releases.count, layouts.count, kinematics.count, decisions.count)
        guard count > 0, let shared = kinematics.baseAddress else { return }
        let table = AndroidSplineDecay.standardEntries.base
        for i in 0..<count {
            let release = releases[i]
            decisions.store(decide(release, layouts[i], AndroidSplineDecay(standardOf: release, shared: shared + i, table: table)),
                            at: i)
        }
    }
}
