import Testing
@testable import SnapTraces

@Suite struct TraceSamplesTests {
    /// Issue 36: `count` is stored when the samples are made. On seeded buffers of unequal
    /// lengths (0 to 6 each) it is the shortest buffer's length, as the computed property was, and
    /// `liftOffTime` and `newestMove` look no further than it.
    @Test func countIsTheShortestBuffer() {
        var rng = SeededGenerator(seed: 41)
        var unequal = 0
        for _ in 0..<2_000 {
            let nt = Int.random(in: 0...6, using: &rng), nx = Int.random(in: 0...6, using: &rng)
            let nm = Int.random(in: 0...6, using: &rng)
            let times = (0..<nt).map { Double($0) * 8 + 0.5 }
            let offsets = (0..<nx).map { Double($0) * 3 }
            let moves = (0..<nm).map { _ in UInt8(Int.random(in: 0...1, using: &rng)) }
            let n = min(nt, nx, nm)
            if nt != nx || nx != nm { unequal += 1 }
            times.withUnsafeBufferPointer { tb in
                offsets.withUnsafeBufferPointer { xb in
                    moves.withUnsafeBufferPointer { mb in
                        let s = TraceSamples(time: tb, offset: xb, isMove: mb)
                        #expect(s.count == n, "\(nt) \(nx) \(nm)")
                        #expect(s.liftOffTime == (n > 0 ? times[n - 1] : nil))
                        #expect(s.newestMove == (0..<n).last(where: { moves[$0] != 0 }))
                    }
                }
            }
        }
        #expect(unequal > 1_500)
    }
}
