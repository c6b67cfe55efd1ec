import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct FlutterVelocityEstimatorTests {
    let tracker = FlutterVelocityEstimator(appliesFlingTest: false)
    let flutter = FlutterVelocityEstimator()

    @Test func fluttersOwnTestVectorsGiveItsExpectedVelocities() throws {
        // velocity_tracker_test.dart 'Velocity tracker gives expected results' (same data as Compose's)
        for stroke in try PlatformVelocityVectors.strokes() {
            #expect(abs(PlatformVelocityVectors.velocity(tracker, stroke, axis: \.x) - stroke.expected.0) < 1e-4)
            #expect(abs(PlatformVelocityVectors.velocity(tracker, stroke, axis: \.y) - stroke.expected.1) < 1e-4)
        }
    }

    @Test func fluttersInterruptedVectorIgnoresTheMovesBeforeTheGap() {
        // velocity_tracker_test.dart 'Interrupted velocity estimation' (0.1% there)
        let stroke = PlatformVelocityVectors.interrupted
        #expect(abs(PlatformVelocityVectors.velocity(tracker, stroke, axis: \.x) - stroke.expected.0) < 1e-3 * stroke.expected.0)
        #expect(abs(PlatformVelocityVectors.velocity(tracker, stroke, axis: \.y) - stroke.expected.1) < 1e-3 * stroke.expected.1)
    }

    @Test func theWorkedStrokeFlings() {
        // three samples in the window, span 120 pt > 18, speed > 0.05 pt/ms
        #expect(abs(WorkedStroke.velocity(.flutter) - 60.0 / 17) < 1e-9)
    }

    @Test func noRecentSampleMeansZero() {
        // 'Assume zero velocity when there are no recent samples': the stopwatch passes 40 ms
        let t: [Double] = [0, 10, 20], x: [Double] = [0, 10, 20]
        #expect(abs(tracker.estimate(time: t + [60], offset: x + [20]).velocity - 1) < 1e-12)
        #expect(tracker.estimate(time: t + [60.5], offset: x + [20]) == .zero)
    }

    @Test func fewerThanThreeSamplesGiveZero() {
        // the down and one move (an 'OS gives us a down + 1 move' flick): _minSampleSize = 3
        #expect(tracker.estimate(time: [0, 16, 20], offset: [0, 40, 40]) == VelocityEstimate(velocity: 0, samplesUsed: 2))
    }

    @Test func theFlingTestNeedsSpeedAndDistance() {
        // 16 pt over the window: not more than kTouchSlop (18), so DragEndDetails carries 0
        let t: [Double] = [0, 8, 16, 17]
        let short = flutter.estimate(time: t, offset: [0, 8, 16, 16])
        #expect(short.velocity == 0)
        #expect(tracker.estimate(time: t, offset: [0, 8, 16, 16]).velocity == 1)
        // 0.04 pt/ms is below kMinFlingVelocity (0.05)
        #expect(tracker.estimate(time: [0, 20, 40, 41], offset: [0, 0.8, 1.6, 1.6]).velocity > 0.039)
        #expect(flutter.estimate(time: [0, 20, 40, 41], offset: [0, 0.8, 1.6, 1.6]).velocity == 0)
        // fast flings are clamped to kMaxFlingVelocity
        #expect(flutter.estimate(time: t, offset: [0, 80, 160, 160]).velocity == 8)
    }
}
