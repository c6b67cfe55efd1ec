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
    /// (`decisions` at least as long): ``decide(_:in:into:)``'s loop with the layout and the
    /// policy constants of the loop, local copies (a store to `decisions` might otherwise write
    /// over either, for all the optimizer knows), so that it reads them and computes what depends
    /// on them alone (a snap origin, the content's end, a threshold in whole pixels) once.
    ///
    /// One loop: written twice (a looping and a bounded copy), the policy's `decide` was inlined
    /// into one copy only and called out of line in the other, which cost more than it saved.
    @inlinable
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard let layout = layouts.first else { return }
        let policy = self
        let count = Swift.min(releases.count, decisions.count)
        for i in 0..<count { decisions.store(policy.decide(releases[i], in: layout), at: i) }
    }
}
