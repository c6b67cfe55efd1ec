import Testing
@testable import SnapGSL
@testable import SnapTraces
@testable import SnapReports

@Suite struct LSQ2VelocityEstimatorTests {
    let lsq2 = LSQ2VelocityEstimator()

    @Test func quadraticMotionGivesTheExactVelocityAtTheNewestSample() {
        // x = 3 + 2t + 0.01t² (t in ms): v(80) = 2 + 0.02·80 = 3.6
        let times = stride(from: 0.0, through: 80, by: 8).map { $0 } + [84]
        let offsets = times.map { 3 + 2 * $0 + 0.01 * $0 * $0 }
        let e = lsq2.estimate(time: times, offset: offsets)
        #expect(abs(e.velocity - 3.6) < 1e-9)
        #expect(e.samplesUsed == 11)
    }

    @Test("AOSP's own quadratic vectors (VelocityTracker_test.cpp LeastSquaresVelocityTrackerStrategy_*)", arguments: [
        ([1.0, 1, 1], 0.0),     // _Constant
        ([-2.0, -1, 0], 1.0),   // _Linear: 1E3 px/s
        ([1.0, 4, 8], 4.5),     // _Parabolic: 4.5E3 px/s
        ([1.0, 4, 9], 6.0),     // _Parabolic2: 6E3 px/s
        ([4.0, 1, 0], 0.0),     // _Parabolic3: y = x², 0 at the newest sample
    ])
    func aospQuadraticVectors(positions: [Double], expected: Double) {
        // moves at 0, 1, 2 ms, then ACTION_UP at 2 ms at the last position; within 0.001%
        // (QUADRATIC_VELOCITY_TOLERANCE), or 1e-6 where the target is 0
        let e = lsq2.estimate(time: [0, 1, 2, 2], offset: positions + [positions[2]], isMove: [true, true, true, false])
        #expect(abs(e.velocity - expected) <= max(1e-6, 1e-5 * abs(expected)), "\(e.velocity)")
    }

    @Test func liftOffMoreThan40msAfterTheLastMoveMeansStopped() {
        let times = [0.0, 8, 16, 24]
        let offsets = [0.0, 8, 16, 24]
        #expect(lsq2.estimate(time: times + [64.001], offset: offsets + [24]) == .zero)
        let kept = lsq2.estimate(time: times + [64], offset: offsets + [24])
        #expect(abs(kept.velocity - 1) < 1e-12)
        #expect(kept.samplesUsed == 4)
    }

    @Test func aGapOver40msDropsTheOlderHistory() {
        // moves at 0, 10, 20 (slope 5) then 60.5, 70, 80 (slope 1): only the last three count
        let times = [0.0, 10, 20, 60.5, 70, 80, 81]
        let offsets = [0.0, 50, 100, 200, 209.5, 219.5, 220]
        let e = lsq2.estimate(time: times, offset: offsets)
        #expect(e.samplesUsed == 3)
        #expect(abs(e.velocity - 1) < 1e-9)
        // a gap of exactly 40 ms keeps it
        #expect(lsq2.estimate(time: [0, 10, 20, 60, 70, 80, 81], offset: offsets).samplesUsed == 6)
    }

    @Test func aSampleExactly100msOldCountsAndAt20SamplesTheWindowIsFull() {
        let times = stride(from: 0.0, through: 100, by: 10).map { $0 } + [101]
        #expect(lsq2.estimate(time: times, offset: times).samplesUsed == 11)
        let older = [-0.001] + times
        #expect(lsq2.estimate(time: older, offset: older).samplesUsed == 11)
        let fast = stride(from: 0.0, through: 95, by: 4).map { $0 } + [96]   // 24 moves at 250 Hz
        #expect(lsq2.estimate(time: fast, offset: fast.map { 2 * $0 }).samplesUsed == 20)
    }

    @Test func sparseTracesFallBackToALineOrZero() {
        let two = lsq2.estimate(time: [0, 10, 12], offset: [0, 25, 99])
        #expect(two.samplesUsed == 2)
        #expect(abs(two.velocity - 2.5) < 1e-12)
        #expect(lsq2.estimate(time: [0, 10], offset: [0, 25]) == VelocityEstimate(velocity: 0, samplesUsed: 1))
        #expect(lsq2.estimate(time: [5], offset: [1]) == .zero)
        #expect(lsq2.estimate(time: [], offset: []) == .zero)
    }

    @Test func theLiftOffRowGivesItsTimeNotItsPosition() {
        // a lift-off row repeating (or contradicting) the last position changes nothing
        let times = [0.0, 8, 16, 24, 32]
        let offsets = times.map { 1.5 * $0 }
        let repeated = lsq2.estimate(time: times + [33], offset: offsets + [offsets[4]])
        let wild = lsq2.estimate(time: times + [33], offset: offsets + [-1000])
        #expect(repeated == wild)
        #expect(abs(repeated.velocity - 1.5) < 1e-12)
    }

    @Test func equalTimestampsKeepTheNewerSample() {
        let e = lsq2.estimate(time: [0, 10, 10, 20, 21], offset: [0, 999, 10, 20, 20])
        #expect(e.samplesUsed == 3)
        #expect(abs(e.velocity - 1) < 1e-12)
    }

    @Test func closedFormMatchesGSLOnThousandsOfRandomTraces() throws {
        var rng = SeededGenerator(seed: 2024)
        var window = [Int](repeating: 0, count: VelocityWindow.historySize)
        var compared = 0
        for _ in 0..<5000 {
            let n = Int.random(in: 3...30, using: &rng)
            var t = Double.random(in: 0...1e7, using: &rng).rounded() / 1000
            var times: [Double] = [], offsets: [Double] = []
            var x = Double.random(in: -500...7000, using: &rng)
            let v = Double.random(in: -4...4, using: &rng)
            for _ in 0..<n {
                times.append(t)
                offsets.append(x)
                t += Double.random(in: 2...20, using: &rng)
                x += v * 8 + Double.random(in: -3...3, using: &rng)
            }
            times.append(t - Double.random(in: 0...6, using: &rng))
            times[n] = max(times[n], times[n - 1])
            offsets.append(x)
            let estimate = lsq2.estimate(time: times, offset: offsets)
            let flags = [UInt8](repeating: 1, count: n) + [0]
            let count = times.withUnsafeBufferPointer { tb in
                offsets.withUnsafeBufferPointer { xb in
                    flags.withUnsafeBufferPointer { mb in
                        window.withUnsafeMutableBufferPointer { w in
                            VelocityWindow.select(TraceSamples(time: tb, offset: xb, isMove: mb), into: w.baseAddress!)
                        }
                    }
                }
            }
            guard count >= 3 else { continue }
            let newest = window[0]
            let a = (0..<count).map { times[window[$0]] - times[newest] }
            let y = (0..<count).map { offsets[window[$0]] }
            let c = try PolynomialFit.coefficients(x: a, y: y, degree: 2)
            #expect(abs(estimate.velocity - c[1]) <= 1e-9 * max(1, abs(c[1])), "n=\(count)")
            compared += 1
        }
        #expect(compared > 4000)
    }

    /// The estimate as it was computed before issue 36 summed the window's points as the walk
    /// gives them: the window's indices into an array, the points into arrays, then the sums
    /// (the reference for ``summedAsWalkedIsTheArrayPathBitForBit()``).
    func arrayPath(_ s: TraceSamples) -> VelocityEstimate {
        var idx = [Int](repeating: 0, count: VelocityWindow.historySize)
        let n = idx.withUnsafeMutableBufferPointer { VelocityWindow.select(s, into: $0.baseAddress!) }
        guard n >= 2 else { return VelocityEstimate(velocity: 0, samplesUsed: n) }
        let tNew = s.time[idx[0]], xNew = s.offset[idx[0]]
        let a = (0..<n).map { s.time[idx[$0]] - tNew }, dx = (0..<n).map { s.offset[idx[$0]] - xNew }
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, r0 = 0.0, r1 = 0.0, r2 = 0.0
        for k in 0..<n {
            let ak = a[k], dk = dx[k], a2 = ak * ak
            s0 += 1; s1 += ak; s2 += a2; s3 += a2 * ak; s4 += a2 * a2
            r0 += dk; r1 += dk * ak; r2 += dk * a2
        }
        let v: Double
        if n == 2 {
            v = (s0 * r1 - s1 * r0) / (s0 * s2 - s1 * s1)
        } else {
            let c1 = s1 * s4 - s3 * s2
            let det = s0 * (s2 * s4 - s3 * s3) - s1 * c1 + s2 * (s1 * s3 - s2 * s2)
            let det1 = s0 * (r1 * s4 - s3 * r2) - r0 * c1 + s2 * (s1 * r2 - r1 * s2)
            v = det1 / det
        }
        return VelocityEstimate(velocity: v.isFinite ? v : 0, samplesUsed: n)
    }

    /// Issue 36: LSQ2 sums the points as ``VelocityWindow`` walks them, without the arrays; on
    /// 20,000 seeded random traces (moves and non-moves, equal times, gaps over 40 ms, late
    /// lift-offs, 1 to 40 rows, offsets of the benchmark's range and beyond) the velocity is the
    /// array path's bit for bit, and so is the count of samples used.
    @Test func summedAsWalkedIsTheArrayPathBitForBit() {
        var rng = SeededGenerator(seed: 36)
        var nonZero = 0, degreeTwo = 0
        for _ in 0..<20_000 {
            let n = Int.random(in: 1...40, using: &rng)
            var t = Double.random(in: 0...1e7, using: &rng).rounded() / 1000
            var x = Double.random(in: -2000...9000, using: &rng).rounded() / 1000
            var times: [Double] = [], offsets: [Double] = [], flags: [UInt8] = []
            for _ in 0..<n {
                times.append(t); offsets.append(x)
                flags.append(Int.random(in: 0..<10, using: &rng) == 0 ? 0 : 1)
                let step = Int.random(in: 0..<20, using: &rng)
                t += step == 0 ? 0 : (step == 1 ? Double.random(in: 40...45, using: &rng) : Double.random(in: 2...20, using: &rng))
                t = (t * 1000).rounded() / 1000
                x = ((x + Double.random(in: -40...40, using: &rng)) * 1000).rounded() / 1000
            }
            flags[n - 1] = Bool.random(using: &rng) ? 0 : 1
            let (fused, reference) = times.withUnsafeBufferPointer { tb in
                offsets.withUnsafeBufferPointer { xb in
                    flags.withUnsafeBufferPointer { mb in
                        let s = TraceSamples(time: tb, offset: xb, isMove: mb)
                        return (lsq2.estimate(s), arrayPath(s))
                    }
                }
            }
            #expect(fused.velocity.bitPattern == reference.velocity.bitPattern, "\(times) \(offsets) \(flags)")
            #expect(fused.samplesUsed == reference.samplesUsed)
            if reference.velocity != 0 { nonZero += 1 }
            if reference.samplesUsed >= 3 { degreeTwo += 1 }
        }
        // the cases compared are mostly real fits, of both degrees
        #expect(nonZero > 10_000 && degreeTwo > 8_000)
    }
}
