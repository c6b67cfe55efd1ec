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
