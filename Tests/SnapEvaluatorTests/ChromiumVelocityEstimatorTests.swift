@testable import SnapEvaluator
import Testing

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
}
