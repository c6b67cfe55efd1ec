import Foundation
@testable import SnapTraces
@testable import SnapReports

/// The first five strokes of the test vectors Jetpack Compose and Flutter share:
/// Compose `compose/ui/ui/src/androidUnitTest/kotlin/androidx/compose/ui/input/pointer/util/VelocityTrackerTest.kt`
/// (`velocityEventData`, `expected2DVelocities`, Lsq2) and Flutter
/// `packages/flutter/test/gestures/velocity_tracker_test.dart` (`velocityEventData`, `expected`).
/// Only the samples within 100 ms of each stroke's last one (plus the first one older, which the
/// horizon must drop) are kept in `Fixtures/compose_velocity_tracker_data.csv`: the trackers
/// never reach further back. Positions in px, times in ms; expected velocities in px/s.
enum PlatformVelocityVectors {
    struct Stroke {
        var time: [Double]
        var x: [Double]
        var y: [Double]
        /// (vx, vy), px/s.
        var expected: (Double, Double)
    }

    static let expected: [(Double, Double)] = [
        (219.59280094228163, 1304.701682306001),
        (355.71046950050845, 967.2112857054104),
        (12.657970884022308, -36.90447839251946),
        (714.1399654786744, -2561.534447931869),
        (-19.668121066218564, -2910.105747052462),
    ]

    static func strokes() throws -> [Stroke] {
        let text = try String(contentsOfFile: TestFiles.fixture("compose_velocity_tracker_data.csv"), encoding: .utf8)
        var strokes = expected.map { Stroke(time: [], x: [], y: [], expected: $0) }
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",").compactMap { Double($0) }
            guard f.count == 4 else { continue }
            let k = Int(f[0]) - 1
            strokes[k].time.append(f[1])
            strokes[k].x.append(f[2])
            strokes[k].y.append(f[3])
        }
        return strokes
    }

    /// `interruptedVelocityEventData` of the same test files (Compose
    /// `calculateVelocity_gapOf40MillisecondsInPositions_positionsAfterGapIgnored`, Flutter
    /// 'Interrupted velocity estimation'): six moves, a gap of 48 ms, five moves, the up 15 ms
    /// later (times from the first, ms). Only the moves after the gap count.
    static let interrupted = Stroke(
        time: [0, 7, 23, 30, 38, 45, 93, 101, 109, 117, 125],
        x: [250, 250, 249.14285278320312, 247.42857360839844, 245.14285278320312, 241.7142791748047,
            238.57142639160156, 236.2857208251953, 235.14285278320312, 236.57142639160156, 241.14285278320312],
        y: [306, 306, 314, 319.4285583496094, 326.8571472167969, 339.4285583496094,
            355.71429443359375, 374.28570556640625, 396.5714416503906, 421.4285583496094, 451.4285583496094],
        expected: (649.48932102748, 3890.30505589076))

    /// `estimator` on one axis of `stroke`: every sample a move, then a lift-off 15 ms after
    /// the last at the same position (as in the platform tests' up event). px/s.
    static func velocity(_ estimator: some VelocityEstimator, _ stroke: Stroke, axis: KeyPath<Stroke, [Double]>) -> Double {
        let positions = stroke[keyPath: axis]
        let t = stroke.time + [stroke.time.last! + 15]
        return 1000 * estimator.estimate(time: t, offset: positions + [positions.last!]).velocity
    }
}

/// The stroke of issue 13: down at 0 ms, moves at 89, 106 and 123 ms covering 180 pt (60 pt
/// each, the first after the touch slop was crossed), the up at 131 ms repeating the last position.
enum WorkedStroke {
    static let time: [Double] = [0, 89, 106, 123, 131]
    static let offset: [Double] = [0, 60, 120, 180, 180]
    /// began, moved, moved, moved, ended.
    static let isMove = [true, true, true, true, false]

    static func velocity(_ method: VelocityMethod) -> Double {
        method.estimator.estimate(time: time, offset: offset, isMove: isMove).velocity
    }
}
