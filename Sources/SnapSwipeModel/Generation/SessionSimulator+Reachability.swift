import SnapStrategies

/// Whether the live policy can come to rest where a fixed target counts as reached (issue 32):
/// `compose-lazyrow-snap` on the A30 study's trailing row, whose target is the last item, never
/// comes to rest where that item is wholly in view, so every generated trial misses and the people
/// of the model never succeed — a file that says nothing about the people, only about the row.
///
/// The probe releases the carousel over a grid: from the trials' start offsets and up to
/// ``probeStarts`` resting slots spread across the row, to release offsets every
/// 1/8 pitch over the content range and a quarter viewport beyond each end, at velocities every
/// 0.25 pt/ms in ±8 pt/ms (Android's fling clamp), 150 ms after touch-down. A policy that rests
/// where the target is reached for none of them is reported. Looping rows are not probed (every
/// item comes round). The probe stops at the first release that reaches the target. Units:
/// points, ms, pt/ms.
extension SessionSimulator {
    /// What the probe found.
    public struct TargetReach: Sendable, Hashable {
        /// The target slot.
        public var target: Int
        /// Releases probed (up to the first that reaches the target).
        public var probes: Int
        /// Whether some probed release left the carousel where the target is reached.
        public var isReachable: Bool
    }

    /// Start offsets probed at most (resting slots spread over the row).
    static let probeStarts = 12

    /// The probe for the model's fixed target (``TrialParameters/targetIndex``) under the task's
    /// hit criterion (reveal: wholly in view; paging: the item at rest); `nil` without a live policy,
    /// a fixed target or a labelled task, or on a looping row.
    public func targetReach() -> TargetReach? {
        let layout = model.layout, p = model.parameters
        guard let live = livePolicy, let target = p.trials?.targetIndex, p.task != .browse, !layout.isLooping,
              target < layout.itemCount else { return nil }
        var starts: [Double] = []
        if let trials = p.trials {
            starts = trials.startOffsets.map { SnapMath.clamp($0 * layout.stride, 0, layout.maxOffset) }
        }
        let count = layout.itemCount, step = max(1, count / Self.probeStarts)
        for slot in stride(from: 0, to: count, by: step) where model.isRestingSlot(slot) {
            starts.append(layout.snapOffset(ofSlot: slot))
        }
        let low = -0.25 * layout.viewportWidth, high = layout.maxOffset + 0.25 * layout.viewportWidth
        let positions = min(Int(((high - low) / (layout.stride / 8)).rounded(.up)), 2_000)
        var probes = 0
        for start in Set(starts).sorted() {
            for i in 0...positions {
                let offset = low + (high - low) * Double(i) / Double(max(positions, 1))
                for v in stride(from: -8.0, through: 8.0, by: 0.25) {
                    let decision = live.decide(Release(offset: offset, velocity: v, startOffset: start, startTime: 0, time: 150), in: layout)
                    probes += 1
                    let reached = p.task == .reveal ? isRevealed(slot: target, atOffset: decision.targetOffset)
                        : decision.targetIndex == layout.itemIndex(ofSlot: target)
                    if reached { return TargetReach(target: target, probes: probes, isReachable: true) }
                }
            }
        }
        return TargetReach(target: target, probes: probes, isReachable: false)
    }

    /// The counted warning `generate` prints when the live policy rests where the target is reached
    /// after none of the probed releases (`unreachable-target`), or `nil`.
    public func unreachableTargetWarning(policyID: String) -> String? {
        guard let reach = targetReach(), !reach.isReachable else { return nil }
        let item = model.layout.itemIndex(ofSlot: reach.target)
        let hit = model.parameters.task == .reveal ? "item \(item) is wholly in view (hit revealed)" : "item \(item) is at rest (hit exact)"
        return "warning: unreachable-target: the live policy \(policyID) came to rest where \(hit) after 0 of \(reach.probes) "
            + "probed releases (every start offset of the trials, release offsets across the row, velocities ±8 pt/ms): "
            + "every generated trial misses, so the generated people never succeed; give another --live-policy, --layout or --target"
    }
}
