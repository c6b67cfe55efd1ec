import Testing
@testable import SnapTraces

/// `--frames rebuild`: any estimator replayed on the input samples rebuilt between logged frames.
@Suite struct FramesRebuiltEstimatorTests {
    /// Strokes of several shapes: frame-logged (late first move, one row per 17 ms frame, the
    /// repeated lift-off), touchscreen-rate, a pause, a single move, a reversal.
    static let strokes: [(time: [Double], offset: [Double], isMove: [Bool])] = [
        (FrameLoggedStroke.time, FrameLoggedStroke.offset, FrameLoggedStroke.isMove),
        ([0, 90, 107, 124, 141, 149], [0, 30, 62, 100, 141, 141], [true, true, true, true, true, false]),
        ([0, 8, 16, 24, 32, 40, 44], [0, 4, 9, 15, 22, 30, 30], [true, true, true, true, true, true, false]),
        ([0, 95, 300, 317, 325], [0, 40, 40, 70, 70], [true, true, true, true, false]),
        ([0, 90, 98], [0, 200, 200], [true, true, false]),
        ([0, 70, 87, 104, 112], [0, 50, 70, 60, 60], [true, true, true, true, false]),
    ]

    @Test func theWrapperOnComposeLegacyIsComposeFrames() {
        let wrapped = FramesRebuiltEstimator(VelocityMethod.composeLegacy.estimator)
        for s in Self.strokes {
            let a = wrapped.estimate(time: s.time, offset: s.offset, isMove: s.isMove)
            let b = VelocityMethod.composeFrames.estimator.estimate(time: s.time, offset: s.offset, isMove: s.isMove)
            #expect(a == b, "\(s.time)")
        }
        #expect(wrapped.id == "compose-legacy")
    }

    @Test func anyEstimatorIsReplayedOnTheRebuiltRows() {
        let rebuild = FrameInputReconstruction()
        for method in VelocityMethod.allCases where method.canRebuildFrames {
            for s in Self.strokes {
                let rows = rebuild.rows(time: s.time, offset: s.offset, isMove: s.isMove)
                let expected = method.estimator.estimate(time: rows.time, offset: rows.offset, isMove: rows.isMove)
                #expect(method.estimator(rebuildingFrames: true).estimate(time: s.time, offset: s.offset, isMove: s.isMove) == expected,
                        "\(method) \(s.time)")
                #expect(method.estimator(rebuildingFrames: false).estimate(time: s.time, offset: s.offset, isMove: s.isMove)
                        == method.estimator.estimate(time: s.time, offset: s.offset, isMove: s.isMove))
            }
        }
    }

    @Test func lsq2ReadsTheFrameLoggedStrokeOnlyRebuilt() {
        // one move 90 ms after the down (beyond the 40 ms gap), the lift-off 8 ms later: as logged
        // lsq2's window holds one sample and reads 0; rebuilt, the samples between the down and the
        // move lie on the line from 0 to 200 pt over 90 ms
        let time: [Double] = [0, 90, 98], offset: [Double] = [0, 200, 200], isMove = [true, true, false]
        #expect(VelocityMethod.lsq2.estimator.estimate(time: time, offset: offset, isMove: isMove).velocity == 0)
        let rebuilt = VelocityMethod.lsq2.estimator(rebuildingFrames: true).estimate(time: time, offset: offset, isMove: isMove)
        #expect(abs(rebuilt.velocity - 200.0 / 90) < 1e-9, "\(rebuilt)")
    }

    @Test func recordedAndComposeFramesAreNeverRebuiltAgain() {
        #expect(!VelocityMethod.recorded.canRebuildFrames && !VelocityMethod.composeFrames.canRebuildFrames)
        #expect(VelocityMethod.allCases.filter(\.canRebuildFrames).count == VelocityMethod.allCases.count - 2)
        #expect(!(VelocityMethod.recorded.estimator(rebuildingFrames: true) is FramesRebuiltEstimator))
        #expect(!(VelocityMethod.composeFrames.estimator(rebuildingFrames: true) is FramesRebuiltEstimator))
        var options = TraceReadOptions(velocity: .composeFrames)
        options.rebuildsFrames = true
        #expect(!options.framesRebuilt && DataChecks(readWith: options).framesRebuilt == false)
        options.velocity = .ios
        #expect(options.framesRebuilt && DataChecks(readWith: options).framesRebuilt)
        let recorded = VelocityMethod.recorded.estimator(rebuildingFrames: true)
            .estimate(time: [0, 90, 98], offset: [0, 200, 200], isMove: [true, true, false], recordedVelocity: 1.25)
        #expect(recorded.velocity == 1.25)
    }

    @Test func theHeaderSaysFramesWereRebuilt() {
        #expect(VelocityInUse.header(method: .lsq2, files: [], framesRebuilt: true) == "lsq2 (frames rebuilt)")
        #expect(VelocityInUse.header(method: .lsq2, files: []) == "lsq2")
        #expect(VelocityInUse.header(method: .composeFrames, files: [], framesRebuilt: true) == "compose-frames")
        #expect(VelocityInUse.header(method: .recorded, files: [], framesRebuilt: true) == "recorded")
    }
}
