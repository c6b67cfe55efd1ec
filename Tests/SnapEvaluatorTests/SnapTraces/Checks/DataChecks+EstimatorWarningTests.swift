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
