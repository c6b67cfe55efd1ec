/// A policy whose batch path reads a table of its fling distances once per batch
/// (``FlingDistanceBracket``: `flutter-fixedextent`, `rn-android-paging`) and decides every release
/// of the batch from it; ``SnapPolicy/decide(_:in:)`` decides from no table (`nil`), with the same
/// decisions bit for bit.
protocol DistanceTablePolicy: SnapPolicy {
    /// The policy's table at its current parameters, or nil where it has none (other constants
    /// than the tabulated ones): read once per batch.
    var distanceTable: FlingDistanceBracket? { get }
    /// ``SnapPolicy/decide(_:in:)`` with `table` (``distanceTable``, or nil to compute every
    /// distance): the same decision.
    func decide(_ release: Release, in layout: CarouselLayout, table: FlingDistanceBracket?) -> SnapDecision
}

extension DistanceTablePolicy {
    /// As ``SnapPolicy/decide(_:in:)`` for each release, with ``distanceTable`` read once.
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        let count = Swift.min(releases.count, layouts.count, decisions.count)
        let table = distanceTable
        for i in 0..<count {
            decisions.store(decide(releases[i], in: layouts[i], table: table), at: i)
        }
    }

    /// As ``SnapPolicy/decide(_:inOneLayout:sharing:into:)`` (every release in `layouts[0]`'s bits):
    /// ``decide(_:in:into:)``'s loop with ``distanceTable`` read once and the layout a local
    /// constant of the loop, so that its fields are read once, not after every store (which might
    /// write over `layouts[i]` for all the optimizer knows). The same decisions bit for bit.
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard let layout = layouts.first else { return }
        let count = Swift.min(releases.count, decisions.count)
        let table = distanceTable
        for i in 0..<count {
            decisions.store(decide(releases[i], in: layout, table: table), at: i)
        }
    }
}
