import Testing
@testable import SnapTraces

/// What counts as a moving stroke for the `estimator-reads-zero` warning: move samples that span
/// at least Android's touch slop (8 pt); the lift-off row's position does not count.
@Suite struct DataChecksEstimatorWarningTests {
    static func moving(_ offsets: [Double], isMove: [UInt8]) -> Bool {
        let times = offsets.indices.map { Double(17 * $0) }
        return times.withUnsafeBufferPointer { t in
            offsets.withUnsafeBufferPointer { x in
                isMove.withUnsafeBufferPointer { m in DataChecks.isMoving(TraceSamples(time: t, offset: x, isMove: m)) }
            }
        }
    }

    @Test func aStrokeMovesWhenItsMoveSamplesSpanTheTouchSlop() {
        #expect(Self.moving([0, 4, 8, 8], isMove: [1, 1, 1, 0]))
        #expect(Self.moving([10, 2, 7], isMove: [1, 1, 0]))
        #expect(!Self.moving([0, 4, 7.9, 7.9], isMove: [1, 1, 1, 0]), "under 8 pt")
        #expect(!Self.moving([0, 3, 40], isMove: [1, 1, 0]), "the lift-off row is not a move sample")
        #expect(!Self.moving([5], isMove: [1]))
    }

    @Test("deciding from the first and newest move samples first: the answer of spanning all samples, on hostile offsets")
    func stoppingEarlyKeepsTheAnswer() {
        var rng: UInt64 = 36
        func next() -> Int {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Int(rng >> 33)
        }
        let specials: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 8, -8, 7.999999999999999, 1e300, -1e300]
        var moved = 0
        for _ in 0..<20_000 {
            let n = next() % 12
            let offsets = (0..<n).map { _ in next() % 6 == 0 ? specials[next() % specials.count] : Double(next() % 2001 - 1000) / 100 }
            let isMove = (0..<n).map { _ in UInt8(next() % 4 == 0 ? 0 : 1) }
            // the span of every move sample, as before
            var low = Double.infinity, high = -Double.infinity
            for i in 0..<n where isMove[i] != 0 {
                low = Swift.min(low, offsets[i])
                high = Swift.max(high, offsets[i])
            }
            let expected = high - low >= DataChecks.movingSpan
            #expect(Self.moving(offsets, isMove: isMove) == expected, "\(offsets) \(isMove)")
            moved += expected ? 1 : 0
        }
        #expect(moved > 2_000 && moved < 18_000)
    }
}

extension DataChecksEstimatorWarningTests {
    /// Checks as a read of 100 frame-logged labelled strokes that moved would leave them, 30 read as 0
    /// by `velocity`, `rebuilt` of which compose-frames reads as moving.
    static func checks(_ velocity: VelocityMethod, rebuilt: Int = 20) -> DataChecks {
        var c = DataChecks(velocity: velocity)
        c.sampleLevel = 100
        c.frameLogged.count = 40
        c.movingLabelled = 100
        c.movingReadAsZero.count = 30
        c.movingZeroRebuilt = rebuilt
        return c
    }

    @Test func theRemedyFitsHowTheRunWasMade() throws {
        let plain = try #require(Self.checks(.lsq2).estimatorWarning(platformGiven: false))
        #expect(plain.count == 30 && plain.total == 100 && plain.message.contains("30 of the 100 labelled strokes"))
        #expect(plain.message.contains(", 20 of which compose-frames reads as moving;"))
        #expect(plain.message.hasSuffix("or --platform compose (which reads frame-logged files with compose-frames too, and keeps only "
                                        + "Compose's policies and the rules that ship as code)"))
        // standard input is not pre-scanned: --platform compose alone would keep Compose's tracker on the rows
        let piped = try #require(Self.checks(.lsq2).estimatorWarning(platformGiven: false, readsStandardInput: true))
        #expect(piped.message.contains("or --platform compose --velocity compose-frames (the same, with only Compose's policies"))
        #expect(Self.checks(.lsq2).estimatorWarning(platformGiven: true) == nil)
        #expect(Self.checks(.composeFrames).estimatorWarning(platformGiven: false) == nil)
        #expect(Self.checks(.recorded).estimatorWarning(platformGiven: false) == nil)
        #expect(Self.checks(.lsq2, rebuilt: 5).estimatorWarning(platformGiven: false) == nil, "5 of 100 is not over 5%")
        #expect(Self.checks(.lsq2, rebuilt: 6).estimatorWarning(platformGiven: false) != nil)
        var notFramed = Self.checks(.lsq2)
        notFramed.frameLogged.count = 5
        #expect(notFramed.estimatorWarning(platformGiven: false) == nil, "not frame-logged")
    }
}
