import Foundation
import SnapStrategies
import Testing
@testable import SnapGSL
@testable import SnapSwipeModel

/// A stroke with moves every 16.7 ms from 50 ms on, `moves` of them, 10 pt a frame scaled by
/// `scale`, that slows to rest (`rested`: the last step 1 pt) or is still fast at its last move,
/// labelled `intent` items from its start (or unlabelled), lifted `liftDelay` ms after its last
/// move (repeating it).
func syntheticStroke(moves: Int, scale: Double = 1, rested: Bool, intent: Int?, user: Int, liftDelay: Double = 8) -> TraceFeatures {
    var times = [0.0], offsets = [0.0]
    for i in 0..<moves {
        times.append(50 + 16.7 * Double(i))
        offsets.append((offsets.last ?? 0) + scale * (rested && i == moves - 1 ? 1 : 10))
    }
    times.append(times[times.count - 1] + liftDelay)
    offsets.append(offsets[offsets.count - 1])
    return times.withUnsafeBufferPointer { t in
        offsets.withUnsafeBufferPointer { x in
            TraceFeatures(time: t, offset: x, startOffset: 0, pitch: 170, velocity: 0, user: user, session: nil,
                          intendedIndex: intent, startIndex: 0)
        }
    }
}

/// The class-centred between-user spreads that the paging user gain is fitted to.
@Suite struct RecordingSummaryUserSpreadTests {
    func stroke(moves: Int, scale: Double = 1, rested: Bool, intent: Int?, user: Int, liftDelay: Double = 8) -> TraceFeatures {
        syntheticStroke(moves: moves, scale: scale, rested: rested, intent: intent, user: user, liftDelay: liftDelay)
    }

    /// Which strokes count and through which feature: a stroke that came to rest gives `−log` motion
    /// time, one still moving its log travel; strokes labelled two or more items away have no class;
    /// a moving stroke lifted 60 ms after a fast last move (a stall) or with a single move has a
    /// class of its own. The statistic is the Paule–Mandel class-centred spread of exactly those
    /// values: strokes labelled ±2 added to a recording leave it unchanged.
    @Test func gainFeaturesAndClasses() throws {
        let drag = stroke(moves: 12, rested: true, intent: 1, user: 0)
        let flick = stroke(moves: 5, rested: false, intent: -1, user: 0)
        let stalled = stroke(moves: 5, rested: false, intent: 1, user: 0, liftDelay: 60)
        let stay = stroke(moves: 6, scale: 0.3, rested: true, intent: 0, user: 0)
        let far = stroke(moves: 6, rested: false, intent: 2, user: 0)
        let free = stroke(moves: 6, rested: false, intent: nil, user: 0)
        #expect(RecordingSummary.gainFeature(drag) == -log(drag.motionTime!))
        #expect(RecordingSummary.gainFeature(stay) == -log(stay.motionTime!))
        #expect(RecordingSummary.gainFeature(flick) == log(flick.travelPitches))
        #expect(RecordingSummary.gainFeature(stalled) == log(stalled.travelPitches))
        #expect([drag, flick, stalled, stay, far, free].map(RecordingSummary.gainClass) == [3, 2, 10, 1, nil, 6])
        #expect(RecordingSummary.gainClass(stroke(moves: 1, rested: false, intent: 1, user: 0)) == 10)

        let layout = try benchLayout()
        let rng = try GSLRandom(seed: 5)
        var strokes: [TraceFeatures] = []
        for user in 0..<40 {
            let gain = exp(rng.gaussian(standardDeviation: 0.35))
            for k in 0..<12 {
                let slow = 8 + Int((6 / gain * exp(rng.gaussian(standardDeviation: 0.2))).rounded())
                strokes.append(stroke(moves: slow, rested: true, intent: k % 2 == 0 ? 1 : -1, user: user))
                strokes.append(stroke(moves: 3 + k % 4, scale: gain * exp(rng.gaussian(standardDeviation: 0.3)), rested: false,
                                      intent: 1, user: user))
            }
        }
        let expected = RecordingSummary.classCentredBetweenSD(strokes.map { f in
            (f.user, RecordingSummary.gainClass(f)!, RecordingSummary.gainFeature(f)!)
        }, minimum: 2, weighted: true)
        #expect(expected > 0.2 && expected < 0.5, "\(expected)")
        func spread(_ f: [TraceFeatures]) -> Double {
            RecordingSummary(features: f, layout: layout).statisticValues[StatisticKind.styleGainSpread]!
        }
        #expect(spread(strokes) == expected)
        let withFar = strokes + (0..<40).map { stroke(moves: 3 + $0 % 9, scale: 1 + Double($0 % 7), rested: false, intent: 2, user: $0) }
        #expect(spread(withFar) == expected)
        // a user with two strokes counts (their mean moves the estimate), one with a single stroke does not
        let two = strokes + [stroke(moves: 9, rested: true, intent: 1, user: 40), stroke(moves: 5, scale: 4, rested: false, intent: 1, user: 40)]
        let one = strokes + [stroke(moves: 5, scale: 4, rested: false, intent: 1, user: 41)]
        #expect(spread(two) != expected)
        #expect(spread(one) == expected)
    }

    /// Reveal's gain statistic: the Paule–Mandel between-user sd of log peak speed over every stroke
    /// in one class, users with at least two strokes (``RecordingSummary/userSpeedSpread``, the
    /// moment estimate over users with five, is its predecessor): users of two strokes count.
    @Test func pooledSpeedSpreadCountsEveryStrokeOfUsersWithTwo() throws {
        let layout = try benchLayout()
        let rng = try GSLRandom(seed: 6)
        var strokes: [TraceFeatures] = []
        for user in 0..<60 {
            let gain = exp(rng.gaussian(standardDeviation: 0.35))
            for k in 0..<(user % 3 == 0 ? 2 : 8) {
                strokes.append(stroke(moves: 4 + k % 5, scale: gain * gain * exp(rng.gaussian(standardDeviation: 0.3)),
                                      rested: k % 3 == 0, intent: 5, user: user))
            }
        }
        let expected = RecordingSummary.classCentredBetweenSD(strokes.map { ($0.user, 0, log($0.peakSpeed!)) }, minimum: 2, weighted: true)
        let s = RecordingSummary(features: strokes, layout: layout)
        #expect(s.pooledSpeedSpread == expected)
        #expect(s.statisticValues[StatisticKind.pooledSpeedSpread] == expected)
        #expect(expected > 0.4 && expected < 1.1, "\(expected)")
        let withoutPairs = RecordingSummary.classCentredBetweenSD(strokes.map { ($0.user, 0, log($0.peakSpeed!)) }, minimum: 5, weighted: true)
        #expect(withoutPairs != expected)
    }

    /// In simulation (paging truth, 6,000 traces by 60 users, seed 9, `compose-pager` live) the
    /// statistic follows the gain (log slope 0.6–1.3 from gain log sd 0.35 to 0.7; 0.92 over 200
    /// truth samples of 2,000 traces) and the stroke spreads do not make a between-user spread of
    /// their own: with no gain spread it stays below 0.08 (against 0.35), also with the flick
    /// amplitude and duration spreads × 1.5 (they enter each stroke's feature, not the users' means).
    @Test func gainSpreadFollowsTheGainNotTheStrokeSpreads() throws {
        let layout = try benchLayout()
        let live = try PolicyCatalog.policy(id: "compose-pager")
        func spread(_ change: (inout SwipeModelParameters) -> Void) throws -> Double {
            var p = truthParameters()
            p.task = .paging
            change(&p)
            let s = try ModelCalibration(task: .paging, livePolicy: live, seed: 9).statistics(p, layout: layout, traces: 6000, users: 60)
            return s[StatisticKind.styleGainSpread]!
        }
        let base = try spread { _ in }
        let doubled = try spread { $0.gainLogSD *= 2 }
        let none = try spread { $0.gainLogSD = 0 }
        let wideStrokes = try spread { p in
            p.gainLogSD = 0
            p.flickAmplitudeLogSD *= 1.5
            p.flickDurationLogSD *= 1.5
            p.dragDurationLogSD *= 1.5
        }
        let slope = log(doubled / base) / log(2)
        #expect(base > 0.2 && base < 0.45, "\(base)")
        #expect(slope > 0.6 && slope < 1.3, "\(base) \(doubled)")
        #expect(none < 0.08 && wideStrokes < 0.08, "\(none) \(wideStrokes)")
    }

    /// `generate --like` fits the paging gain to the gain features' spread, reveal's and browse's to
    /// the Paule–Mandel peak-speed spread (their older statistics are the fallbacks).
    @Test func gainIsFittedToItsStatistics() {
        let gain = { (task: SwipeTask) in ModelCalibration.fittedParameters(task: task).first { $0.key == "gainLogSD" } }
        #expect(gain(.paging)?.statistic == StatisticKind.styleGainSpread)
        #expect(gain(.paging)?.fallbacks.first == StatisticKind.styleSpeedSpread)
        for task in [SwipeTask.reveal, .browse] {
            #expect(gain(task)?.statistic == StatisticKind.pooledSpeedSpread)
            #expect(gain(task)?.fallbacks.first == StatisticKind.speedSpread)
        }
    }

    /// Users whose strokes fall into two classes with different levels and spreads, in proportions
    /// that differ by user: the class-centred estimate finds the users' own spread (0.35), the
    /// plain between-user sd (one class) is thrown far off by the users' class mixes.
    @Test func classCentringRecoversTheBetweenUserSpread() throws {
        let rng = try GSLRandom(seed: 11)
        var values: [(group: Int, cls: Int, value: Double)] = []
        for u in 0..<1500 {
            let level = rng.gaussian(standardDeviation: 0.35)
            let flickShare = rng.uniform(0.1, 0.9)
            for _ in 0..<(5 + rng.integer(below: 20)) {
                let flick = rng.bernoulli(flickShare)
                let x = flick ? 2 + rng.gaussian(standardDeviation: 0.6) : rng.gaussian(standardDeviation: 0.3)
                values.append((u, flick ? 0 : 1, level + x))
            }
        }
        let centred = RecordingSummary.classCentredBetweenSD(values)
        #expect(abs(centred / 0.35 - 1) < 0.05, "\(centred)")
        let weighted = RecordingSummary.classCentredBetweenSD(values, weighted: true)
        #expect(abs(weighted / 0.35 - 1) < 0.05, "\(weighted)")
        var byUser: [Int: [Double]] = [:]
        for v in values { byUser[v.group, default: []].append(v.value) }
        #expect(RecordingSummary.betweenSD(byUser.values) > 1.5 * 0.35)
        // one class: near the plain estimate (which differs only in using each user's own within variance)
        let one = values.map { (group: $0.group, cls: 0, value: $0.value) }
        #expect(abs(RecordingSummary.classCentredBetweenSD(one) / RecordingSummary.betweenSD(byUser.values) - 1) < 0.05)
    }

    /// Users below the minimum are left out; fewer than three users give NaN; no spread between
    /// users gives (near) zero.
    @Test func smallAndFlatInputs() throws {
        let few = (0..<3).flatMap { u in (0..<4).map { (group: u, cls: 0, value: Double($0)) } }
        #expect(RecordingSummary.classCentredBetweenSD(few).isNaN)
        let rng = try GSLRandom(seed: 12)
        let flat = (0..<300).flatMap { u in (0..<10).map { _ in (group: u, cls: 0, value: rng.gaussian(standardDeviation: 0.5)) } }
        #expect(RecordingSummary.classCentredBetweenSD(flat) < 0.06)
    }

    /// Paule–Mandel: with equal sampling variances it is the moment estimate `s² − v`; it is 0 when
    /// the means scatter less than their sampling variances say; unequal variances weigh the
    /// precise groups more.
    @Test func pauleMandelSolvesItsEquation() {
        let means = [0.1, -0.3, 0.5, 0.2, -0.1, 0.4]
        let m = means.reduce(0, +) / 6
        let s2 = means.reduce(0) { $0 + ($1 - m) * ($1 - m) } / 5
        #expect(abs(RecordingSummary.pauleMandel(means: means, variances: Array(repeating: 0.01, count: 6)) - (s2 - 0.01)) < 1e-9)
        #expect(RecordingSummary.pauleMandel(means: means, variances: Array(repeating: 1, count: 6)) == 0)
        let v = [0.01, 0.01, 0.5, 0.01, 0.01, 0.5]
        let tau2 = RecordingSummary.pauleMandel(means: means, variances: v)
        let w = v.map { 1 / (tau2 + $0) }
        let centre = zip(means, w).reduce(0) { $0 + $1.0 * $1.1 } / w.reduce(0, +)
        let q = zip(means, w).reduce(0) { $0 + $1.1 * ($1.0 - centre) * ($1.0 - centre) }
        #expect(tau2 > 0 && abs(q - 5) < 1e-6)
    }
}
