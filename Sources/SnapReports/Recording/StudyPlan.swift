import SnapStrategies
import SnapGSL
import SnapFitting

/// The trials of a recorder study: for each, the item the participant is asked to reach and the
/// slot the carousel starts on, drawn reproducibly from a seed.
///
/// - `paging` ("bring 7 to the front"): the target must come to rest at the snap position, so only
///   items that can rest there are drawn (in a bounded layout, items whose snap offset is not
///   clamped by the content's ends).
/// - `reveal` ("show 12"): the target must be wholly inside the viewport at rest, so items already
///   wholly visible at the start are not drawn.
///
/// Targets are drawn uniformly among the eligible items at most ``maxDistance`` items from the
/// start item (in a looping layout, slots `start ± 1…maxDistance`), with GSL's mt19937 seeded by
/// ``seed`` (``GSLRandom``). Every trial starts at ``startItem``'s snap offset.
public struct StudyPlan: Sendable, Hashable {
    /// What counts as done in a trial.
    public enum Task: String, Sendable, Hashable, CaseIterable {
        /// The target rests at the snap position (hit criterion `exact`).
        case paging
        /// The target is wholly visible at rest (hit criterion `revealed`).
        case reveal
    }

    /// One trial.
    public struct Trial: Sendable, Hashable {
        /// The item to reach.
        public let target: Int
        /// The slot the carousel rests on when the trial begins.
        public let startSlot: Int
    }

    public let task: Task
    public let startItem: Int
    public let maxDistance: Int
    public let seed: UInt64
    public let trials: [Trial]

    /// Draws `count` trials.
    /// - Throws: ``RecorderError`` when an option is out of range or no item is eligible.
    public init(layout: CarouselLayout, task: Task, count: Int, startItem: Int = 0, maxDistance: Int = 8,
                seed: UInt64) throws {
        guard (1...10_000).contains(count) else {
            throw RecorderError.invalidOption(name: "--trials", detail: "must be between 1 and 10000, got \(count)")
        }
        guard (0..<layout.itemCount).contains(startItem) else {
            throw RecorderError.invalidOption(name: "--start-item",
                                              detail: "must be an item, 0..<\(layout.itemCount), got \(startItem)")
        }
        guard maxDistance >= 1 else {
            throw RecorderError.invalidOption(name: "--max-distance", detail: "must be at least 1, got \(maxDistance)")
        }
        self.task = task
        self.startItem = startItem
        self.maxDistance = maxDistance
        self.seed = seed
        let candidates = Self.eligibleTargets(layout: layout, task: task, startSlot: startItem, maxDistance: maxDistance)
        guard !candidates.isEmpty else {
            throw RecorderError.noTargets(task: task.rawValue,
                                          detail: "no item within \(maxDistance) items of item \(startItem) qualifies")
        }
        let rng = try GSLRandom(seed: seed)
        trials = (0..<count).map { _ in
            Trial(target: candidates[rng.integer(below: candidates.count)], startSlot: startItem)
        }
    }

    /// The items a trial may ask for, in increasing slot order (each item once).
    static func eligibleTargets(layout: CarouselLayout, task: Task, startSlot: Int, maxDistance: Int) -> [Int] {
        let startOffset = layout.snapOffset(ofSlot: startSlot)
        let startItem = layout.itemIndex(ofSlot: startSlot)
        var seen = Set<Int>()
        var out: [Int] = []
        let reach = Swift.min(maxDistance, layout.isLooping ? layout.itemCount : layout.itemCount - 1)
        for slot in (startSlot - reach)...(startSlot + reach) {
            if !layout.isLooping && !(0..<layout.itemCount).contains(slot) { continue }
            let item = layout.itemIndex(ofSlot: slot)
            guard item != startItem, !seen.contains(item) else { continue }
            let eligible: Bool
            switch task {
            case .paging:
                let raw = layout.rawSnapOffset(ofSlot: slot)
                eligible = abs(layout.snapOffset(ofSlot: slot) - raw) <= 1e-9 * Swift.max(1, abs(raw))
            case .reveal:
                let start = layout.leadingInset + Double(slot) * layout.stride
                eligible = !(start >= startOffset - 1e-6 && start + layout.itemWidth <= startOffset + layout.viewportWidth + 1e-6)
            }
            if eligible {
                seen.insert(item)
                out.append(item)
            }
        }
        return out
    }
}
