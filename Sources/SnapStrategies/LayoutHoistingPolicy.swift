/// A policy that decides a batch of releases of one layout (``SnapPolicy/decide(_:inOneLayout:sharing:into:)``)
/// in one loop with the layout read once, before the loop.
///
/// For a policy whose decision is a little geometry on the release and the layout, with no
/// quantity shared with other policies (``ReleaseKinematics``): there the per-release work is a
/// few dozen instructions of arithmetic, and reading the layout and recomputing what depends on
/// it alone (the snap origin of ``SnapPolicy/snapOrigin``, the content's end, the last slot) for
/// every release is a good part of it. Conforming adds nothing to declare: the batch requirement
/// is implemented here, and its decisions are ``SnapPolicy/decide(_:in:)``'s, bit for bit.
public protocol LayoutHoistingPolicy: SnapPolicy {}

extension LayoutHoistingPolicy {
    /// `decisions[i] = decide(releases[i], in: layouts[0])` for every `i` below `releases.count`
    /// (`decisions` at least as long): ``decide(_:in:into:)``'s loop with the layout a local
    /// constant of the loop (in ``decide(_:in:into:)`` a store to `decisions` might write over
    /// `layouts[i]`, for all the optimizer knows), so that it reads the layout and computes what
    /// depends on it alone (a snap origin, the content's end, the last slot) once.
    ///
    /// One loop: written twice (a looping and a bounded copy), the policy's `decide` was inlined
    /// into one copy only and called out of line in the other, which cost more than it saved. A
    /// local copy of the policy (`let policy = self`) changed nothing: the optimizer reads its
    /// parameters from `self` in the loop all the same.
    @inlinable
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard let layout = layouts.first else { return }
        let count = Swift.min(releases.count, decisions.count)
        for i in 0..<count { decisions.store(decide(releases[i], in: layout), at: i) }
    }
}
