import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct ChromiumVelocityEstimatorTests {
    let chromium = ChromiumVelocityEstimator()

    @Test func theSharedLeastSquaresVectorsGiveTheSameVelocities() throws {
        // Chromium ports AOSP's LSQ2; on these strokes (no gap of 40 ms) its window is Compose's
        for stroke in try PlatformVelocityVectors.strokes() {
            #expect(abs(PlatformVelocityVectors.velocity(chromium, stroke, axis: \.y) - stroke.expected.1) < 1e-4)
        }
    }

    @Test func theWorkedStrokeGivesThreeSamplesAndTheirSlope() {
        // the move at 89 ms comes 89 ms after the down: the history is cleared before it
        #expect(abs(WorkedStroke.velocity(.chromium) - 60.0 / 17) < 1e-9)
    }

    @Test func aGapOf40msOrMoreClearsTheHistory() {
        // exactly 40 ms clears (>=), unlike Compose and Flutter
        let e = chromium.estimate(time: [0, 10, 50, 60, 61], offset: [0, 100, 110, 120, 120])
        #expect(e.samplesUsed == 2)
        #expect(abs(e.velocity - 1) < 1e-12)
    }

    @Test func anUp80msOrMoreAfterTheLastEventGivesZeroAndTwoSamplesGiveALine() {
        let t: [Double] = [0, 10], x: [Double] = [0, 25]
        #expect(chromium.estimate(time: t + [89.9], offset: x + [25]).velocity == 2.5)
        #expect(chromium.estimate(time: t + [90], offset: x + [25]) == .zero)
        #expect(chromium.estimate(time: [0, 1], offset: [0, 0]) == VelocityEstimate(velocity: 0, samplesUsed: 1))
    }

    // Chromium's own tests, ui/events/velocity_tracker/velocity_tracker_unittest.cc
    // (VelocityTrackerTest, LSQ2), in pt and ms: a down, the moves, and the up where the tests
    // add them.

    @Test func chromiumBasicConstantVelocityIsRecovered() {
        // Basic: 60 samples over 1 s at 500 px/s, the up at 1 s; within kEpsilson (1%)
        let dt = 1000.0 / 60
        let moves = (0..<60).map { Double($0) * dt }
        let t = [0] + moves + [1000], x = t.map { 0.5 * $0 }
        let e = chromium.estimate(time: t, offset: x, isMove: [true] + moves.map { _ in true } + [false])
        #expect(abs(e.velocity - 0.5) < 0.01 * 0.5)
    }

    @Test func chromiumDelayedActionUpResetsTheVelocity() {
        // DelayedActionUp: 10 moves over 20 ms at 50,000 px/s, then the up 100 ms after the end
        let moves = (0..<10).map { 2.0 * Double($0) }
        let x = moves.map { 50 * $0 }
        #expect(abs(chromium.estimate(time: [0] + moves, offset: [0] + x, isMove: Array(repeating: true, count: 11)).velocity - 50) < 1e-9)
        let up = chromium.estimate(time: [0] + moves + [120], offset: [0] + x + [1000],
                                   isMove: Array(repeating: true, count: 11) + [false])
        #expect(up.velocity == 0)
    }

    @Test func chromiumUnrestrictedLSQ2ReversesOnARapidStop() {
        // NoDirectionReversal: +10 px per 1-ms move for 50 moves, then 10 moves at rest: the
        // unrestricted LSQ2 (the fling's) gives a negative velocity, against the motion
        let moves = (0..<60).map { Double($0) }
        let x = (0..<60).map { 10 * Double(min($0 + 1, 50)) }
        let e = chromium.estimate(time: [0] + moves, offset: [0] + x, isMove: Array(repeating: true, count: 61))
        #expect(e.velocity < 0)
    }

    @Test func chromiumVaryingVelocityFollowsTheLatestMotion() {
        // VaryingVelocity: 12 moves over 100 ms at 500 px/s, then at 250 px/s, then at 500 again
        var t: [Double] = [0], x: [Double] = [0]
        var velocities: [Double] = [], x0 = 0.0
        for (segment, v) in [0.5, 0.25, 0.5].enumerated() {
            let t0 = 100 * Double(segment)
            for i in 0..<12 { t.append(t0 + Double(i) * 100 / 12); x.append(x0 + v * Double(i) * 100 / 12) }
            x0 += v * 100
            velocities.append(chromium.estimate(time: t, offset: x, isMove: t.map { _ in true }).velocity)
        }
        #expect(velocities[1] < velocities[0] && velocities[1] < 0.5)
        #expect(velocities[2] > velocities[1] && velocities[2] > 0.25)
    }
}
