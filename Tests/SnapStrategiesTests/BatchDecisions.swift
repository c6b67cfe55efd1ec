import SnapStrategies

/// Test support: a policy's batch paths (``SnapPolicy/decide(_:in:into:)`` and
/// ``SnapPolicy/decide(_:in:sharing:into:)``) run on arrays, for the tests that compare them with
/// the policy's `decide(_:in:)` one release at a time.
enum BatchDecisions {
    /// The value the output arrays start from (every batch path overwrites each entry).
    static let empty = SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: "")

    /// `policy`'s decisions of `releases`, release `i` in `layouts[i]`, by its batch path.
    static func decide(_ policy: some SnapPolicy, _ releases: [Release], in layouts: [CarouselLayout]) -> [SnapDecision] {
        var out = [SnapDecision](repeating: empty, count: releases.count)
        releases.withUnsafeBufferPointer { r in
            layouts.withUnsafeBufferPointer { l in out.withUnsafeMutableBufferPointer { policy.decide(r, in: l, into: $0) } }
        }
        return out
    }

    /// The same, all in `layout`.
    static func decide(_ policy: some SnapPolicy, _ releases: [Release], in layout: CarouselLayout) -> [SnapDecision] {
        decide(policy, releases, in: [CarouselLayout](repeating: layout, count: releases.count))
    }

    /// `policy`'s decisions by its batch path that shares per-release values through `kinematics`
    /// (one entry per release, kept between calls: what one policy stores, the next reads).
    static func decide(_ policy: some SnapPolicy, _ releases: [Release], in layouts: [CarouselLayout],
                       sharing kinematics: inout [ReleaseKinematics]) -> [SnapDecision] {
        decide(releases, in: layouts, sharing: &kinematics, over: [SnapDecision](repeating: empty, count: releases.count)) {
            policy.decide($0, in: $1, sharing: $2, into: $3)
        }
    }

    /// The decisions a batch call (`path`) writes over `previous`, given the arrays as buffers.
    static func decide(_ releases: [Release], in layouts: [CarouselLayout], sharing kinematics: inout [ReleaseKinematics],
                       over previous: [SnapDecision],
                       by path: (UnsafeBufferPointer<Release>, UnsafeBufferPointer<CarouselLayout>,
                                 UnsafeMutableBufferPointer<ReleaseKinematics>, UnsafeMutableBufferPointer<SnapDecision>) -> Void)
    -> [SnapDecision] {
        var out = previous
        releases.withUnsafeBufferPointer { r in
            layouts.withUnsafeBufferPointer { l in
                kinematics.withUnsafeMutableBufferPointer { k in
                    out.withUnsafeMutableBufferPointer { path(r, l, k, $0) }
                }
            }
        }
        return out
    }
}
