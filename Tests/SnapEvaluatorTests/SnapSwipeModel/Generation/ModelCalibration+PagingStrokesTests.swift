import Foundation
import SnapStrategies
import Testing
@testable import SnapGSL
@testable import SnapSwipeModel

/// Sized flicks (``SwipeModelParameters/flickDistanceExponent``), gliding lift-offs
/// (``SwipeModelParameters/dragReleaseEarliness``) and how `generate --like` sets them.
@Suite struct PagingStrokeTests {
    /// A flick for a goal `|k| ≥ 2` not projected is the one-item flick's draw times `|k|^β`, from
    /// the same random draws; without the key the same call is a page-stepper flick, as before.
    @Test(arguments: [0.0, 0.7, 1.0, 1.6])
    func aSizedFlickIsTheOneItemDrawTimesTheDistanceToTheBeta(beta: Double) throws {
        var p = SwipeModelParameters()
        let plain = try SwipeModel(parameters: p, layout: benchLayout())
        p.flickDistanceExponent = beta
        let sized = try SwipeModel(parameters: p, layout: benchLayout())
        for k in [-3, 2, 4] {
            let a = plain.plan(intent: k, projected: false, forceFlick: true, user: plainUser(), using: try GSLRandom(seed: 9))
            let b = sized.plan(intent: k, projected: false, forceFlick: true, user: plainUser(), using: try GSLRandom(seed: 9))
            #expect(a.strategy == .stepper && b.strategy == .sized && b.style == .flick)
            #expect(abs(b.amplitude / a.amplitude - pow(Double(abs(k)), beta)) < 1e-12 * pow(Double(abs(k)), beta))
            #expect(b.duration == a.duration && b.releaseFraction == a.releaseFraction && b.direction == (k > 0 ? 1 : -1))
        }
        // one-item goals draw exactly as before (drags included)
        for seed in 1...20 {
            let a = plain.plan(intent: 1, projected: false, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
            let b = sized.plan(intent: 1, projected: false, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
            #expect(a.amplitude == b.amplitude && a.style == b.style && a.strategy == b.strategy)
        }
    }

    @Test func theExponentIsValidated() throws {
        for bad in [-0.1, 4.5, Double.nan, .infinity] {
            var p = SwipeModelParameters()
            p.flickDistanceExponent = bad
            #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: p, layout: benchLayout()) }
        }
    }

    /// Generated paging sessions: with sized flicks and no projectors, strokes are labelled two and
    /// three items away (no page-stepper series) and travel further than one-item strokes, so the
    /// far/near travel ratio is above 1 and `--like` sets sized flicks, starting `β` near the truth;
    /// the default model (projected flicks and page-stepper series) shows a ratio below 1 and keeps
    /// its strategies.
    @Test func likeSetsSizedFlicksOnlyWhenFarStrokesTravelFurther() throws {
        let layout = try benchLayout()
        let calibration = ModelCalibration(task: .paging, livePolicy: nil, seed: 3)
        var truth = SwipeModelParameters()
        truth.flickDistanceExponent = 0.8
        truth.projectorPreferenceA = 0.01
        truth.projectorPreferenceB = 10
        let sized = try calibration.simulate(truth, layout: layout, traces: 3000, users: 50, seed: 11)
        let values = sized.statisticValues
        let ratio = try #require(values[.travelFarNearRatio])
        #expect(ratio > 1.4, "\(ratio)")
        #expect((values[.farShortShare] ?? .nan) < 0.2, "\(values[.farShortShare] ?? .nan)")
        var p = SwipeModelParameters()
        let note = try #require(ModelCalibration.sizeFlicks(like: sized, into: &p))
        #expect(note.contains("sized flicks") && p.flickDistanceExponent.map { (0.4...1.2).contains($0) } == true,
                "\(String(describing: p.flickDistanceExponent))")

        let plain = try calibration.simulate(SwipeModelParameters(), layout: layout, traces: 3000, users: 50, seed: 11)
        #expect((plain.statisticValues[.travelFarNearRatio] ?? .nan) < 1)
        #expect((plain.statisticValues[.farShortShare] ?? .nan) > 0.4)
        var q = SwipeModelParameters()
        #expect(ModelCalibration.sizeFlicks(like: plain, into: &q) == nil && q.flickDistanceExponent == nil)
    }

    /// The projector preference is moved as a share, keeping the Beta's `a + b` and both positive.
    @Test func theProjectorShareKeepsTheBetasConcentration() throws {
        let share = try #require(ModelCalibration.sizedFlickParameters.first { $0.key == "projectorPreferenceA" })
        var p = SwipeModelParameters()
        #expect(abs(share.get(p) - 0.6) < 1e-12)
        share.set(&p, 0.2)
        #expect(abs(p.projectorPreferenceA - 1) < 1e-12 && abs(p.projectorPreferenceB - 4) < 1e-12)
        share.set(&p, 0)
        #expect(p.projectorPreferenceA > 0 && p.projectorPreferenceB < 5 && abs(p.projectorPreferenceA + p.projectorPreferenceB - 5) < 1e-12)
        #expect(throws: Never.self) { try SwipeModel.validate(p) }
    }

    /// Drags and stays not held lift at ρ ~ U(1 − q, 1) with the key; held ones, and every one
    /// without the key, are placed (ρ = 1).
    @Test func glidingLiftOffsLiftUnheldDragsAndStaysEarly() throws {
        var p = SwipeModelParameters()
        p.dragHoldProbability = 0
        p.stayHoldProbability = 0
        p.flickShare = 0
        let placed = try SwipeModel(parameters: p, layout: benchLayout())
        p.dragReleaseEarliness = 0.3
        let gliding = try SwipeModel(parameters: p, layout: benchLayout())
        var fractions: [Double] = []
        for seed in 1...200 {
            for k in [0, 1, -1] {
                let a = placed.plan(intent: k, projected: false, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
                let b = gliding.plan(intent: k, projected: false, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
                #expect(a.releaseFraction == 1 && a.hold == 0 && b.hold == 0 && b.style == a.style)
                #expect(b.releaseFraction >= 0.7 && b.releaseFraction <= 1)
                fractions.append(b.releaseFraction)
            }
        }
        #expect(abs(fractions.reduce(0, +) / Double(fractions.count) - 0.85) < 0.02)
        var held = p
        held.dragHoldProbability = 1
        held.stayHoldProbability = 1
        let model = try SwipeModel(parameters: held, layout: benchLayout())
        for seed in 1...20 {
            let plan = model.plan(intent: 1, projected: false, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
            #expect(plan.releaseFraction == 1 && plan.hold > 0)
        }
        for bad in [0.0, 1.0, -0.2, Double.nan] {
            var x = SwipeModelParameters()
            x.dragReleaseEarliness = bad
            #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: x, layout: benchLayout()) }
        }
    }

    /// Generated one row per scan: placed drags and stays rest before lift-off on about a sixth of
    /// the strokes, so `--like` keeps them; gliding ones (no holds) seldom do, and `--like` sets
    /// gliding lift-offs there; the one-item came-to-rest share falls as drags lift earlier.
    @Test func likeSetsGlidingLiftOffsOnlyWhenStrokesSeldomRest() throws {
        let layout = try benchLayout()
        let calibration = ModelCalibration(task: .paging, livePolicy: nil, seed: 3)
        var scans = SwipeModelParameters()
        scans.delivery.isEnabled = false
        let placed = try calibration.simulate(scans, layout: layout, traces: 3000, users: 50, seed: 11)
        var p = scans
        #expect(ModelCalibration.glideLiftOffs(like: placed.statisticValues, into: &p) == nil && p.dragReleaseEarliness == nil)
        var truth = scans
        truth.dragReleaseEarliness = 0.4
        truth.dragHoldProbability = 0
        truth.stayHoldProbability = 0
        let gliding = try calibration.simulate(truth, layout: layout, traces: 3000, users: 50, seed: 11)
        let rested = try #require(gliding.statisticValues[.restedShare])
        #expect(rested < ModelCalibration.glideRestedShare, "\(rested)")
        #expect(try #require(gliding.statisticValues[.stayRestedShare]) < 0.3)
        let note = try #require(ModelCalibration.glideLiftOffs(like: gliding.statisticValues, into: &p))
        #expect(note.contains("gliding lift-offs") && p.dragReleaseEarliness == 0.1)
        var frames = SwipeModelParameters()
        frames.delivery.isEnabled = true
        #expect(ModelCalibration.glideLiftOffs(like: gliding.statisticValues, into: &frames) == nil)
        let cameToRest = try #require(gliding.statisticValues[.oneItemCameToRestShare])
        let placedShare = try #require(placed.statisticValues[.oneItemCameToRestShare])
        #expect(cameToRest < placedShare - 0.1, "\(cameToRest) \(placedShare)")
    }

    /// The one-item and stay strokes' parameters: the drag share is `1 − flickShare`, the drag
    /// fraction is kept in its limits, and the durations are ratios to the flick duration, set after
    /// it, so a flick-duration step keeps them in proportion and each ratio moves its own style only.
    @Test func theOneItemStrokeParametersAreSharesAndRatios() throws {
        let list = ModelCalibration.oneItemStrokeParameters(SwipeModelParameters())
        let share = try #require(list.first { $0.key == "flickShare" })
        let fraction = try #require(list.first { $0.key == "dragFractionMean" })
        let drag = try #require(list.first { $0.key == "dragDurationMedian" })
        let stay = try #require(list.first { $0.key == "stayDurationMedian" })
        var p = SwipeModelParameters()
        #expect(abs(share.get(p) - 0.35) < 1e-12 && abs(drag.get(p) - 350.0 / 120) < 1e-12 && abs(stay.get(p) - 2.5) < 1e-12)
        share.set(&p, 0.6)
        #expect(abs(p.flickShare - 0.4) < 1e-12)
        fraction.set(&p, 1.4)
        #expect(p.dragFractionMean == ModelCalibration.dragFractionLimits.upperBound)
        fraction.set(&p, 0.01)
        #expect(p.dragFractionMean == ModelCalibration.dragFractionLimits.lowerBound)
        #expect(throws: Never.self) { try SwipeModel.validate(p) }
        let flick = try #require(ModelCalibration.fittedParameters(task: .paging).first { $0.key == "flickDurationMedian" })
        flick.set(&p, 150)
        #expect(abs(drag.get(p) - 350.0 / 120) < 1e-12 && abs(p.dragDurationMedian - 437.5) < 1e-9)
        drag.set(&p, 1.5)
        #expect(abs(p.dragDurationMedian - 225) < 1e-9 && abs(p.stayDurationMedian - 375) < 1e-9 && p.flickDurationMedian == 150)
        // fitted only where --like gave the model sized flicks or gliding lift-offs
        let calibration = ModelCalibration(task: .paging, livePolicy: nil, seed: 3)
        let keys = { (q: SwipeModelParameters) in Set(calibration.candidates(from: q, targets: [:]).map(\.0.key)) }
        #expect(keys(SwipeModelParameters()).isDisjoint(with: list.map(\.key)))
        var sized = SwipeModelParameters()
        sized.flickDistanceExponent = 1
        #expect(Set(list.map(\.key)).isSubset(of: keys(sized)))
    }

    /// Each of the one-item and stay statistics answers to its own parameter (gliding drags, one
    /// row per scan, common seeds): more drags make more slow one-item strokes, longer drags travel
    /// further, slower drags and stays move longer, and far drags (every far goal not projected, 40%
    /// of them) make more slow far strokes, each well beyond the tolerance.
    @Test func theOneItemStatisticsFollowTheirParameters() throws {
        let layout = try benchLayout()
        let calibration = ModelCalibration(task: .paging, livePolicy: nil, seed: 3)
        var base = SwipeModelParameters()
        base.delivery.isEnabled = false
        base.dragReleaseEarliness = 0.2
        base.flickDistanceExponent = 1
        func stats(_ change: (inout SwipeModelParameters) -> Void) throws -> [StatisticKind: Double] {
            var p = base
            change(&p)
            return try calibration.simulate(p, layout: layout, traces: 3000, users: 50, seed: 11).statisticValues
        }
        let a = try stats { _ in }
        let farDrags = try stats { $0.farDragShare = 1 }
        let moreDrags = try stats { $0.flickShare = 0.35 }
        let longer = try stats { $0.dragFractionMean = 0.8 }
        let slower = try stats { $0.dragDurationMedian = 500; $0.stayDurationMedian = 450 }
        func value(_ s: [StatisticKind: Double], _ k: StatisticKind) throws -> Double { try #require(s[k].flatMap { $0.isFinite ? $0 : nil }) }
        #expect(try value(moreDrags, .oneItemSlowShare) > value(a, .oneItemSlowShare) + 0.1)
        #expect(try value(longer, .oneItemSlowTravelLocation) > 1.2 * value(a, .oneItemSlowTravelLocation))
        #expect(try value(slower, .oneItemSlowMotionTimeLocation) > 1.2 * value(a, .oneItemSlowMotionTimeLocation))
        #expect(try value(slower, .stayMotionTimeLocation) > 1.2 * value(a, .stayMotionTimeLocation))
        #expect(try value(farDrags, .farSlowShare) > value(a, .farSlowShare) + 0.15, "\(farDrags[.farSlowShare] ?? .nan) \(a[.farSlowShare] ?? .nan)")
    }

    /// A far drag (``SwipeModelParameters/farDragShare``) is the one-item drag's draw times `|k|^β`,
    /// from the same random draws (the share's draw stands where a one-item goal draws its flick
    /// share); ``SwipeModelParameters/dragTravelSpan`` multiplies every drag's fraction, so a drag
    /// can pass the next item. Without the keys a far goal is a sized flick (the first test).
    @Test(arguments: [0.5, 1.0])
    func aFarDragIsTheOneItemDragTimesTheDistanceToTheBeta(beta: Double) throws {
        var p = SwipeModelParameters()
        p.flickShare = 0
        p.flickDistanceExponent = beta
        p.farDragShare = 1
        let model = try SwipeModel(parameters: p, layout: benchLayout())
        p.dragTravelSpan = 2
        let spanned = try SwipeModel(parameters: p, layout: benchLayout())
        for seed in 1...10 {
            let one = model.plan(intent: 1, projected: false, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
            #expect(one.style == .drag && one.strategy == .stepper)
            for k in [-3, 2] {
                let far = model.plan(intent: k, projected: false, forceFlick: true, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
                #expect(far.style == .drag && far.strategy == .sized && far.direction == (k > 0 ? 1 : -1))
                let size = pow(Double(abs(k)), beta)
                #expect(abs(far.amplitude / one.amplitude - size) < 1e-12 * size)
                #expect(far.duration == one.duration && far.releaseFraction == one.releaseFraction && far.hold == one.hold)
                // projected goals are not drags
                let projected = model.plan(intent: k, projected: true, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
                #expect(projected.style == .flick && projected.strategy == .projector)
            }
            let long = spanned.plan(intent: 1, projected: false, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
            #expect(abs(long.amplitude / one.amplitude - 2) < 1e-12 && long.duration == one.duration)
        }
        // a share of 0 keeps every far goal a flick
        p.farDragShare = 0
        let none = try SwipeModel(parameters: p, layout: benchLayout())
        #expect(none.plan(intent: 3, projected: false, forceFlick: true, user: plainUser(), using: try GSLRandom(seed: 4)).style == .flick)
        // the keys are checked
        for (key, change) in [("farDragShare", { (q: inout SwipeModelParameters) in q.farDragShare = 1.5 }),
                              ("dragTravelSpan", { (q: inout SwipeModelParameters) in q.dragTravelSpan = 0.5 })] {
            var bad = p
            change(&bad)
            #expect(throws: SwipeModelError.self) { try SwipeModel.validate(bad) }
            do { try SwipeModel.validate(bad) } catch { #expect("\(error)".contains(key), "\(error)") }
        }
    }

    /// `--like` extends the drags only where it fits the one-item strokes: the span 2 with the
    /// fraction's mean and sd halved (the same travel to start from), and far drags from the slow
    /// far strokes' share when flicks are sized and that share is at least 2%; the fitted drag
    /// amplitude is then in pitches (fraction × span) with limits 0.1…1.9, and the far share is fitted.
    @Test func dragsPastOneItemAndFarDragsAreSetWhereTheOneItemStrokesAreFitted() throws {
        var plain = SwipeModelParameters()
        #expect(ModelCalibration.extendDrags(like: [.farSlowShare: 0.3], into: &plain) == nil && plain == SwipeModelParameters())
        var sized = SwipeModelParameters()
        sized.flickDistanceExponent = 0.8
        let note = try #require(ModelCalibration.extendDrags(like: [.farSlowShare: 0.3], into: &sized))
        #expect(note.contains("far drags") && sized.farDragShare == 0.3 && sized.dragTravelSpan == 2)
        #expect(abs(sized.dragFractionMean - 0.275) < 1e-12 && abs(sized.dragFractionSD - 0.075) < 1e-12)
        #expect(ModelCalibration.extendDrags(like: [.farSlowShare: 0.3], into: &sized) == nil)   // set once
        var gliding = SwipeModelParameters()
        gliding.dragReleaseEarliness = 0.1
        _ = try #require(ModelCalibration.extendDrags(like: [.farSlowShare: 0.3], into: &gliding))
        #expect(gliding.farDragShare == nil && gliding.dragTravelSpan == 2)   // no sized flicks: no far drags
        var fewSlow = SwipeModelParameters()
        fewSlow.flickDistanceExponent = 0.8
        _ = ModelCalibration.extendDrags(like: [.farSlowShare: 0.01], into: &fewSlow)
        #expect(fewSlow.farDragShare == nil && fewSlow.dragTravelSpan == 2)
        let list = ModelCalibration.oneItemStrokeParameters(sized)
        let amplitude = try #require(list.first { $0.key == "dragFractionMean" })
        #expect(abs(amplitude.get(sized) - 0.55) < 1e-12 && amplitude.limits == 0.1...1.9)
        amplitude.set(&sized, 1.2)
        #expect(abs(sized.dragFractionMean - 0.6) < 1e-12)
        amplitude.set(&sized, 5)
        #expect(sized.dragFractionMean == ModelCalibration.dragFractionLimits.upperBound)
        #expect(throws: Never.self) { try SwipeModel.validate(sized) }
        let far = try #require(list.first { $0.key == "farDragShare" })
        #expect(far.statistic == .farSlowShare && far.isProbability && far.get(sized) == 0.3)
        #expect(!ModelCalibration.oneItemStrokeParameters(gliding).contains { $0.key == "farDragShare" })
    }


    /// A reach (``SwipeModelParameters/flickReach``) sizes a far goal for `min(|k|, R)` items: with
    /// R = 2.5 a goal 2 items away is sized as before and one 3 or 4 away for 2.5 items, flicks and
    /// far drags alike, from the same draws; without the key nothing changes (the sized-flick tests
    /// above). The key is checked; `--like` sets it only with sized flicks and a measured reach
    /// ratio, from the viewport's width in pitches, fits it to that ratio and keeps it in [2, 10].
    @Test func aReachSizesAFarGoalForAtMostRItems() throws {
        for farDrags in [false, true] {
            var p = SwipeModelParameters()
            p.flickDistanceExponent = 0.8
            if farDrags { p.farDragShare = 1 }
            let unlimited = try SwipeModel(parameters: p, layout: benchLayout())
            p.flickReach = 2.5
            let reach = try SwipeModel(parameters: p, layout: benchLayout())
            for seed in 1...10 {
                for k in [2, -3, 4] {
                    let a = unlimited.plan(intent: k, projected: false, forceFlick: true, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
                    let b = reach.plan(intent: k, projected: false, forceFlick: true, user: plainUser(), using: try GSLRandom(seed: UInt64(seed)))
                    let shrink = pow(min(Double(abs(k)), 2.5) / Double(abs(k)), 0.8)
                    #expect(a.style == (farDrags ? .drag : .flick) && b.style == a.style && b.strategy == .sized)
                    #expect(abs(b.amplitude / a.amplitude - shrink) < 1e-12 && b.duration == a.duration && b.releaseFraction == a.releaseFraction)
                }
            }
        }
        for bad in [0.5, 101, Double.nan] {
            var p = SwipeModelParameters()
            p.flickReach = bad
            do {
                try SwipeModel.validate(p)
                Issue.record("flickReach \(bad) passed")
            } catch { #expect("\(error)".contains("flickReach"), "\(error)") }
        }
        // --like: 20 strokes aimed 1, 2 and 3 items away give the ratio; the reach starts at W/P
        let layout = try benchLayout()
        func stroke(_ k: Int, _ travel: Double) -> TraceFeatures {
            RecordingSummaryPagingStrokesTests().stroke(intent: k, travel: travel, lastToPeak: nil, late: nil)
        }
        let strokes = (0..<20).flatMap { _ in [stroke(1, 0.8), stroke(2, 1.5), stroke(3, 1.6)] }
        let recording = RecordingSummary(features: strokes, layout: layout)
        var sized = SwipeModelParameters()
        sized.flickDistanceExponent = 1
        let note = try #require(ModelCalibration.reachFlicks(like: recording, into: &sized))
        #expect(note.contains("reach") && abs((sized.flickReach ?? .nan) - layout.viewportWidth / layout.stride) < 1e-12)
        #expect(ModelCalibration.reachFlicks(like: recording, into: &sized) == nil)   // set once
        var plain = SwipeModelParameters()
        #expect(ModelCalibration.reachFlicks(like: recording, into: &plain) == nil && plain.flickReach == nil)
        var unmeasured = SwipeModelParameters()
        unmeasured.flickDistanceExponent = 1
        let fewFar = RecordingSummary(features: Array(strokes.dropLast()), layout: layout)   // 19 aimed 3 away
        #expect(ModelCalibration.reachFlicks(like: fewFar, into: &unmeasured) == nil && unmeasured.flickReach == nil)
        let calibration = ModelCalibration(task: .paging, livePolicy: nil, seed: 3)
        let fitted = try #require(calibration.candidates(from: sized, targets: [:]).first { $0.0.key == "flickReach" }?.0)
        #expect(fitted.statistic == .travelFarReachRatio && fitted.limits == ModelCalibration.reachLimits)
        fitted.set(&sized, 1.2)
        #expect(sized.flickReach == 2)
        fitted.set(&sized, 40)
        #expect(sized.flickReach == 10)
        var noReach = SwipeModelParameters()
        noReach.flickDistanceExponent = 1
        #expect(!calibration.candidates(from: noReach, targets: [:]).contains { $0.0.key == "flickReach" })
    }

    /// With a reach, `β` is fitted to the strokes aimed 2 items away against 1 away (the reach takes
    /// the 3+ items); with that ratio unmeasured it falls back to the pooled one, and without a reach
    /// `β` keeps the pooled ratio.
    @Test func withAReachTheExponentAnswersToTwoItemStrokes() throws {
        let calibration = ModelCalibration(task: .paging, livePolicy: nil, seed: 3)
        var reach = SwipeModelParameters()
        reach.flickDistanceExponent = 1
        reach.flickReach = 2.5
        var noReach = reach
        noReach.flickReach = nil
        let targets: [StatisticKind: Double] = [.travelFarNearRatio: 2.2, .travelFar2NearRatio: 1.9, .travelFarReachRatio: 1.1]
        func beta(_ p: SwipeModelParameters, _ t: [StatisticKind: Double]) throws -> (fitted: ModelCalibration.Fitted, driver: StatisticKind?) {
            let c = try #require(calibration.candidates(from: p, targets: t).first { $0.0.key == "flickDistanceExponent" })
            return (c.0, c.1)
        }
        #expect(try beta(reach, targets).driver == .travelFar2NearRatio)
        #expect(try beta(reach, targets).fitted.statistic == .travelFar2NearRatio)
        #expect(try beta(reach, targets.filter { $0.key != .travelFar2NearRatio }).driver == .travelFarNearRatio)
        #expect(try beta(noReach, targets).driver == .travelFarNearRatio)
        #expect(ModelCalibration.sizedFlickParameters.map(ModelCalibration.exponentOnTwoItems).map(\.key)
                == ModelCalibration.sizedFlickParameters.map(\.key))
    }

    /// With gliding lift-offs (scan delivery) `--like` fits the user gain to the style-centred peak
    /// move speed (``StatisticKind/styleSpeedSpread``), which carries the gain in every style, not to
    /// the gain feature (``StatisticKind/styleGainSpread``), which reads a gliding drag by its
    /// travel, where the gain is not (on `bench/gen_traces.py` seed 17 the search ran the gain from
    /// 0.15 to 0.63 with that spread unmoved: Docs/research/2026-11-30-gen-traces-seeds.md); placed
    /// drags and frame delivery keep the gain feature. With every one-item goal a gliding drag the
    /// peak-speed spread follows the gain (measured × 3.5 from 0.1 to 0.6).
    @Test func withGlidingLiftOffsTheGainAnswersToThePeakSpeed() throws {
        let layout = try benchLayout()
        let calibration = ModelCalibration(task: .paging, livePolicy: nil, seed: 3)
        var base = SwipeModelParameters()   // every one-item goal a gliding drag, scans at 60/120 Hz
        base.delivery.isEnabled = false
        base.rates = [60, 120]
        base.rateWeights = [0.4, 0.6]
        base.dragReleaseEarliness = 0.3
        base.flickShare = 0
        base.dragTravelSpan = 2
        base.dragFractionMean = 0.47
        base.dragFractionSD = 0.075
        func peakSpread(_ gain: Double) throws -> Double {
            var p = base
            p.gainLogSD = gain
            return try #require(calibration.simulate(p, layout: layout, traces: 3000, users: 100, seed: 11).statisticValues[.styleSpeedSpread])
        }
        let spreads = try [0.1, 0.3, 0.6].map(peakSpread)
        #expect(spreads[0] < spreads[1] && spreads[1] < spreads[2] && spreads[2] / spreads[0] > 3, "\(spreads)")
        func gainStatistic(_ p: SwipeModelParameters) throws -> StatisticKind {
            try #require(calibration.candidates(from: p, targets: [:]).first { $0.0.key == "gainLogSD" }?.0.statistic)
        }
        #expect(try gainStatistic(base) == .styleSpeedSpread)
        var placed = base
        placed.dragReleaseEarliness = nil
        #expect(try gainStatistic(placed) == .styleGainSpread)
        var frames = base
        frames.delivery.isEnabled = true
        #expect(try gainStatistic(frames) == .styleGainSpread)
    }
}
