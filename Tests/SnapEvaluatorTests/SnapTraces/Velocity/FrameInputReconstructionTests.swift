import Testing
@testable import SnapGSL
@testable import SnapTraces
@testable import SnapReports

/// The frame-logged pattern of real recordings (GestureApp): touch-down, a first move ~90 ms
/// later, one move per 17 ms frame, the lift-off repeating the last position 8 ms later.
enum FrameLoggedStroke {
    static let time: [Double] = [0, 90, 107, 115]
    static let offset: [Double] = [0, 40, 74, 74]
    static let isMove = [true, true, true, false]
}

@Suite struct FrameInputReconstructionTests {
    let rebuild = FrameInputReconstruction(interval: 10)

    @Test func samplesAtTheIntervalBackFromEachFrameOnTheLineBetweenFrames() {
        let rows = rebuild.rows(time: [0, 25, 40, 48], offset: [0, 50, 80, 80], isMove: [true, true, true, false])
        // 0 → 25: 15, 5 (back from 25); 25 → 40: 30; the lift-off row is kept as it is
        #expect(rows.time == [0, 5, 15, 25, 30, 40, 48])
        #expect(zip(rows.offset, [0, 10, 30, 50, 60, 80, 80]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(rows.isMove == [true, true, true, true, true, true, false])
    }

    @Test func aFrameOnTheIntervalAddsNothingAndALongPauseIsCapped() {
        #expect(rebuild.rows(time: [0, 10, 11], offset: [0, 5, 5], isMove: [true, true, false]).time == [0, 10, 11])
        let capped = FrameInputReconstruction(interval: 1, maximumPerGap: 3)
        #expect(capped.rows(time: [0, 100, 101], offset: [0, 100, 100], isMove: [true, true, false]).time == [0, 97, 98, 99, 100, 101])
    }

    @Test func composeFramesIsTheLegacyTrackerOnTheRebuiltSamples() throws {
        let s = FrameLoggedStroke.self
        // the rows as logged: Compose's window holds the two moves (the down is 90 ms older): 0
        #expect(VelocityMethod.compose.estimator.estimate(time: s.time, offset: s.offset, isMove: s.isMove)
                == VelocityEstimate(velocity: 0, samplesUsed: 2))
        // rebuilt at 120 Hz: samples every 8.33 ms back from 90 (on the line from the down) and
        // two back from 107 (98.67 and 90.33, between the moves); Compose truncates to whole ms
        // (90.33 → 90, kept beside the frame's own 90) and tracks the up
        let frames = VelocityMethod.composeFrames.estimator.estimate(time: s.time, offset: s.offset, isMove: s.isMove)
        let h = 1000.0 / 120
        var t: [Double] = [], x: [Double] = []
        for k in stride(from: 10.0, through: 1, by: -1) { t.append(90 - k * h); x.append((90 - k * h) * 40 / 90) }
        t += [90, 107 - 2 * h, 107 - h, 107, 115]
        x += [40, 40 + (107 - 2 * h - 90) / 17 * 34, 40 + (107 - h - 90) / 17 * 34, 74, 74]
        // the window: whole ms, within 100 ms of the up at 115 (age ≤ 100), newest first
        let kept = zip(t.map { $0.rounded(.down) }, x).filter { 115 - $0.0 <= 100 }
        let fit = try PolynomialFit.coefficients(x: kept.map { $0.0 - 115 }, y: kept.map { $0.1 - 74 }, degree: 2)
        #expect(frames.samplesUsed == kept.count)
        #expect(abs(frames.velocity - fit[1]) < 1e-9)
        #expect(frames.velocity > 0, "toward the drag, as the device's fling went")
        #expect(VelocityMethod.composeFrames.estimator.id == "compose-frames")
    }
}

@Suite struct FlingClampTests {
    // a touchscreen glitch: two events 1 ms apart, 474.6 pt apart
    let time: [Double] = [0, 8, 16, 17, 20]
    let offset: [Double] = [0, 8, 16, 490.6, 490.6]

    @Test("Compose and Flutter read at most 8000 dp/s (8 pt/ms)", arguments: [
        VelocityMethod.compose, .composeLegacy, .composeFrames, .flutter,
    ])
    func aGlitchIsReadAsTheFastestFling(method: VelocityMethod) {
        let v = method.estimator.estimate(time: time, offset: offset).velocity
        #expect(v == VelocityWindow.maximumFlingVelocity, "\(method.rawValue): \(v)")
        let back = method.estimator.estimate(time: time, offset: offset.map { -$0 }).velocity
        #expect(back == -VelocityWindow.maximumFlingVelocity)
    }

    /// AOSP's tracker returns the fit (its widgets clamp what their fling receives, and the
    /// policies modelling them do): the glitch reads as it is, and the data checks count it.
    @Test(arguments: [VelocityMethod.lsq2, .impulse])
    func aospsTrackerItselfDoesNotClamp(method: VelocityMethod) {
        #expect(method.estimator.estimate(time: time, offset: offset).velocity > 40)
    }
}
