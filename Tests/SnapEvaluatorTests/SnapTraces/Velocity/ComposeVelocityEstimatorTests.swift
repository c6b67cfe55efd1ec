import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct ComposeVelocityEstimatorTests {
    let compose = ComposeVelocityEstimator()

    @Test func composesOwnTestVectorsGiveItsExpectedVelocities() throws {
        // VelocityTrackerTest.calculateVelocity_returnsExpectedValues, tolerance 0.2 px/s as there
        for stroke in try PlatformVelocityVectors.strokes() {
            #expect(abs(PlatformVelocityVectors.velocity(compose, stroke, axis: \.x) - stroke.expected.0) < 0.2)
            #expect(abs(PlatformVelocityVectors.velocity(compose, stroke, axis: \.y) - stroke.expected.1) < 0.2)
        }
    }

    @Test func composesInterruptedVectorIgnoresTheMovesBeforeTheGap() {
        // VelocityTrackerTest.calculateVelocity_gapOf40MillisecondsInPositions_positionsAfterGapIgnored
        let stroke = PlatformVelocityVectors.interrupted
        #expect(abs(PlatformVelocityVectors.velocity(compose, stroke, axis: \.x) - stroke.expected.0) < 0.2)
        #expect(abs(PlatformVelocityVectors.velocity(compose, stroke, axis: \.y) - stroke.expected.1) < 0.2)
    }

    @Test func theWorkedStrokeGivesThreeSamplesAndTheirSlope() {
        // the down (age 123 ms > 100) drops out; 89, 106, 123 lie on a line of 60 pt per 17 ms
        #expect(abs(WorkedStroke.velocity(.compose) - 60.0 / 17) < 1e-9)
        // the legacy path also tracks the up, which repeats 180 pt 8 ms later: the fit bends
        // toward 0 (numpy.polyfit on a = [0, -8, -25, -42], dx = [0, 0, -60, -120]: 1.41854 pt/ms)
        #expect(abs(WorkedStroke.velocity(.composeLegacy) - 1.4185388288108627) < 1e-9)
    }

    @Test func anUpMoreThan40msAfterTheLastEventResetsTheTracker() {
        let t: [Double] = [0, 10, 20, 30], x: [Double] = [0, 10, 20, 30]
        #expect(compose.estimate(time: t + [70], offset: x + [30]).velocity == 1)
        #expect(compose.estimate(time: t + [71], offset: x + [30]) == .zero)
        // legacy: no up rule, the up sample itself ends the window after a 41 ms gap
        let legacy = ComposeVelocityEstimator(legacy: true)
        #expect(legacy.estimate(time: t + [71], offset: x + [30]) == VelocityEstimate(velocity: 0, samplesUsed: 1))
    }

    @Test func timesAreWholeMillisecondsAndTwoSamplesAreNotEnough() {
        // 40.9 ms truncates to 40: not more than 40, so the older sample stays
        let e = compose.estimate(time: [0, 10, 50.9, 51], offset: [0, 10, 50, 50])
        #expect(e.samplesUsed == 3)
        #expect(compose.estimate(time: [0, 10, 11], offset: [0, 5, 5]) == VelocityEstimate(velocity: 0, samplesUsed: 2))
    }

    @Test func theFlingReceivesAtMost8PointsPerMillisecond() {
        let t: [Double] = [0, 8, 16, 24, 25]
        #expect(compose.estimate(time: t, offset: t.map { 20 * $0 }).velocity == 8)
        #expect(compose.estimate(time: t, offset: t.map { -20 * $0 }).velocity == -8)
    }
}
