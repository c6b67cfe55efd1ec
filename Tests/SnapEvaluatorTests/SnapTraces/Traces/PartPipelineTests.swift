import Foundation
import Testing
@testable import SnapTraces

/// The hand-over between the threads that read a file's parts and the thread that folds them
/// (`PartPipeline`): parts claimed in file order and never more than the window ahead of the
/// fold, taken in file order whatever order they finish in, and a stop that releases readers.
@Suite struct PartPipelineTests {
    /// A finished part that carries its number (an empty bad-row slot whose first row is `k`).
    static func slot(_ k: Int) -> PartSlot<Int> {
        .failed(TraceParseError.emptyFile(file: "part \(k)"))
    }

    static func number(_ slot: PartSlot<Int>) -> String {
        if case let .failed(error) = slot { return "\(error)" }
        return "?"
    }

    final class Log: @unchecked Sendable {
        let lock = NSLock()
        var claimedAhead = 0
        var claims: [Int] = []
        func claimed(_ k: Int, ahead: Int) {
            lock.lock(); claims.append(k); claimedAhead = Swift.max(claimedAhead, ahead); lock.unlock()
        }
    }

    /// The fold's progress, read by the readers.
    final class Taken: @unchecked Sendable {
        let lock = NSLock()
        var value = 0
        func get() -> Int { lock.lock(); defer { lock.unlock() }; return value }
        func set(_ v: Int) { lock.lock(); value = v; lock.unlock() }
    }

    @Test(arguments: [(1, 2), (2, 4), (3, 6), (4, 1)])
    func partsComeInFileOrderWithinTheWindow(readers: Int, window: Int) throws {
        let count = 40
        let pipeline = PartPipeline<Int>(count: count, window: window)
        let log = Log()
        let taken = Taken()
        let group = DispatchGroup()
        for r in 0..<readers {
            group.enter()
            Thread {
                var rng = SystemRandomNumberGenerator()
                while let k = pipeline.claim() {
                    log.claimed(k, ahead: k - taken.get())
                    // finish out of order: later parts sometimes sooner
                    usleep(UInt32.random(in: 0...300, using: &rng) + UInt32(r * 50))
                    pipeline.finish(k, Self.slot(k))
                }
                group.leave()
            }.start()
        }
        var got: [String] = []
        for k in 0..<count {
            got.append(Self.number(pipeline.take(k)))
            taken.set(k + 1)
        }
        group.wait()
        #expect(got == (0..<count).map { Self.number(Self.slot($0)) })
        #expect(log.claims.sorted() == Array(0..<count), "each part claimed once")
        // a part is claimed only when it is less than `window` parts past the ones taken; the
        // reader reads the fold's progress after its claim, so it may see one take less (the exact
        // bound: `aClaimBeyondTheWindowWaitsForATake`)
        #expect(log.claimedAhead <= window, "claimed \(log.claimedAhead) parts ahead with a window of \(window)")
    }

    /// A claim made on a thread of its own: signalled when it returns, with the part claimed
    /// (-1 for none).
    static func claimOnAThread(_ pipeline: PartPipeline<Int>) -> (released: DispatchSemaphore, result: Taken) {
        let released = DispatchSemaphore(value: 0)
        let result = Taken()
        Thread {
            result.set(pipeline.claim() ?? -1)
            released.signal()
        }.start()
        return (released, result)
    }

    @Test func aStopReleasesWaitingReadersAndEndsClaims() {
        let pipeline = PartPipeline<Int>(count: 10, window: 2)
        #expect(pipeline.claim() == 0)
        #expect(pipeline.claim() == 1)
        // the window is full: a third claim waits until a part is taken or the pipeline stops
        let (released, result) = Self.claimOnAThread(pipeline)
        #expect(released.wait(timeout: .now() + 0.2) == .timedOut, "the claim waited")
        pipeline.stop()
        #expect(released.wait(timeout: .now() + 10) == .success)
        #expect(result.get() == -1, "no part after a stop")
        #expect(pipeline.claim() == nil)
    }

    @Test(arguments: 1...4)
    func aClaimBeyondTheWindowWaitsForATake(window: Int) {
        let pipeline = PartPipeline<Int>(count: 10, window: window)
        for k in 0..<window { #expect(pipeline.claim() == k) }
        let (released, result) = Self.claimOnAThread(pipeline)
        #expect(released.wait(timeout: .now() + 0.2) == .timedOut, "part \(window) claimed with \(window) parts out")
        pipeline.finish(0, Self.slot(0))
        _ = pipeline.take(0)
        #expect(released.wait(timeout: .now() + 10) == .success)
        #expect(result.get() == window)
    }

    @Test func takingAPartLetsTheNextOneBeClaimed() {
        let pipeline = PartPipeline<Int>(count: 3, window: 1)
        #expect(pipeline.claim() == 0)
        pipeline.finish(0, Self.slot(0))
        #expect(Self.number(pipeline.take(0)) == Self.number(Self.slot(0)))
        #expect(pipeline.claim() == 1)
        pipeline.finish(1, Self.slot(1))
        _ = pipeline.take(1)
        #expect(pipeline.claim() == 2)
        #expect(pipeline.claim() == nil, "every part claimed")
    }
}
