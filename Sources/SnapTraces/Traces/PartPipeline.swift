import Foundation

/// The parts of one file between the threads that read them and the thread that folds them
/// (``TraceReader/readFolding(path:options:parts:threads:users:minimumPartBytes:into:initial:accumulate:fold:)``):
/// readers claim parts in file order, at most `window` parts ahead of the fold; the folder takes
/// them in file order as each is finished. Nothing waits for a batch: a reader that finishes a
/// part claims the next one at once while the folder folds.
final class PartPipeline<Partial: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Finished parts not yet taken by the folder (`nil`: not finished, or taken).
    private var slots: [PartSlot<Partial>?]
    /// The next part to claim.
    private var next = 0
    /// Parts taken by the folder: part `k` may be claimed once `k < taken + window`.
    private var taken = 0
    private var stopped = false
    private let window: Int

    init(count: Int, window: Int) {
        slots = Array(repeating: nil, count: count)
        self.window = Swift.max(1, window)
    }

    /// The next part to read, waiting while `window` parts are claimed and not yet taken; `nil`
    /// when every part is claimed or the pipeline is stopped.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && next < slots.count && next >= taken + window { condition.wait() }
        guard !stopped, next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    /// Hands over part `k`'s read.
    func finish(_ k: Int, _ slot: PartSlot<Partial>) {
        condition.lock()
        slots[k] = slot
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for part `k` (the parts before it taken) and takes it out, letting a reader claim
    /// one part more.
    func take(_ k: Int) -> PartSlot<Partial> {
        condition.lock()
        defer { condition.unlock() }
        assert(k == taken && k < slots.count, "parts are taken in file order")
        while true {
            if let slot = slots[k] {
                slots[k] = nil
                taken = k + 1
                condition.broadcast()
                return slot
            }
            condition.wait()
        }
    }

    /// No part is claimed any more; readers finish the part they are reading and return.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
