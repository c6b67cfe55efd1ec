import Foundation
import SnapStrategies
import Testing
@testable import SnapGSL
@testable import SnapSwipeModel
@testable import SnapReports

/// The shared benchmark layout: 160-pt items, 10-pt spacing and insets, 375-pt viewport, 40 items.
func benchLayout(looping: Bool = false, count: Int = 40) throws -> CarouselLayout {
    try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: count, isLooping: looping)
}

/// A user with gain 1 and the given motor noise.
func plainUser(noise: Double = 0.3, habit: SyntheticUser.ProjectionHabit = .iOS, rate: Double = 120) -> SyntheticUser {
    SyntheticUser(index: 0, gain: 1, motorNoise: noise, projectorPreference: 0.5, habit: habit, rate: rate,
                  pixelRatio: 3, activity: 1)
}

/// Mean and variance of `f(ρ)` for ρ ~ U(lo, hi), by the midpoint rule on 20,000 cells.
func uniformMoments(_ lo: Double, _ hi: Double, _ f: (Double) -> Double) -> (mean: Double, variance: Double) {
    let n = 20_000
    var s = 0.0, s2 = 0.0
    for i in 0..<n {
        let x = lo + (hi - lo) * (Double(i) + 0.5) / Double(n)
        let y = f(x)
        s += y
        s2 += y * y
    }
    let m = s / Double(n)
    return (m, s2 / Double(n) - m * m)
}

@Suite struct SwipeModelTests {
    @Test func minimumJerkProfile() {
        #expect(SwipeModel.minimumJerk(0) == 0)
        #expect(SwipeModel.minimumJerk(1) == 1)
        #expect(SwipeModel.minimumJerk(0.5) == 0.5)
        #expect(SwipeModel.minimumJerk(-1) == 0)
        #expect(SwipeModel.minimumJerk(2) == 1)
        #expect(SwipeModel.minimumJerkSlope(0.5) == 1.875)
        #expect(SwipeModel.minimumJerkSlope(1.2) == 0)
        for tau in stride(from: 0.05, through: 0.95, by: 0.05) {
            let h = 1e-6
            let numeric = (SwipeModel.minimumJerk(tau + h) - SwipeModel.minimumJerk(tau - h)) / (2 * h)
            #expect(abs(numeric - SwipeModel.minimumJerkSlope(tau)) < 1e-6)
        }
    }

    /// Part C.5: iOS normal travel is 499 ms · v; the Android spline gives 40/194/1309/7186 dp at 400/1000/3000/8000 dp/s.
    @Test(arguments: [(0.4, 40.0), (1.0, 194.0), (3.0, 1309.0), (8.0, 7186.0)])
    func projectionsMatchTheReferenceTable(speed: Double, androidTravel: Double) throws {
        let model = try SwipeModel(layout: benchLayout())
        #expect(abs(model.projectedTravel(speed: speed, habit: .iOS) - 499 * speed) < 1e-9 * speed * 1000)
        #expect(abs(model.projectedTravel(speed: speed, habit: .android) - androidTravel) < 0.005 * androidTravel + 1)
        #expect(model.projectedTravel(speed: 0, habit: .android) == 0)
    }

    @Test(arguments: SyntheticUser.ProjectionHabit.allCases)
    func aimedSpeedInvertsContactPlusProjection(habit: SyntheticUser.ProjectionHabit) throws {
        let model = try SwipeModel(layout: benchLayout())
        for distance in [170.0, 340, 680, 1360] {
            for c in [0.0, 40, 80] {
                let v = model.aimedSpeed(distance: distance, contactTravelPerSpeed: c, habit: habit)
                #expect(v > 0)
                #expect(abs(c * v + model.projectedTravel(speed: v, habit: habit) - distance) < 1e-6 * distance)
            }
        }
        #expect(model.aimedSpeed(distance: 0, contactTravelPerSpeed: 10, habit: habit) == 0)
    }

    @Test func intentsStayInsideABoundedCarousel() throws {
        let model = try SwipeModel(layout: benchLayout(count: 3))
        let rng = try GSLRandom(seed: 5)
        for start in 0..<3 {
            for _ in 0..<500 {
                let k = model.drawIntent(startSlot: start, using: rng)
                #expect((0..<3).contains(start + k))
            }
        }
        let single = try SwipeModel(layout: benchLayout(count: 1))
        #expect((0..<100).allSatisfy { _ in single.drawIntent(startSlot: 0, using: rng) == 0 })
    }

    @Test func betaShapeHasTheRequestedMoments() {
        let (a, b) = SwipeModel.betaShape(mean: 0.55, sd: 0.15)
        #expect(abs(a / (a + b) - 0.55) < 1e-12)
        #expect(abs((a * b / ((a + b) * (a + b) * (a + b + 1))).squareRoot() - 0.15) < 1e-12)
    }

    /// Page-stepper flicks: ln v = ln A − ln T + ln φ'(ρ) + σ_u ε (gain 1), so its mean is
    /// ln(130/120) + E[ln φ'(ρ)] and its variance 0.35² + 0.3² + σ_u² + Var[ln φ'(ρ)].
    @Test func stepperFlickSpeedsFollowTheModel() throws {
        let model = try SwipeModel(layout: benchLayout())
        let rng = try GSLRandom(seed: 11)
        let user = plainUser(noise: 0.3)
        var logs: [Double] = []
        while logs.count < 20_000 {
            let plan = model.plan(intent: 1, projected: false, forceFlick: true, user: user, using: rng)
            #expect(plan.style == .flick && plan.strategy == .stepper && plan.hold == 0)
            logs.append(log(plan.amplitude / plan.duration * SwipeModel.minimumJerkSlope(plan.releaseFraction)))
        }
        let slope = uniformMoments(0.55, 0.85) { log(SwipeModel.minimumJerkSlope($0)) }
        let expectedMean = log(130.0 / 120) + slope.mean
        let expectedSD = (0.35 * 0.35 + 0.3 * 0.3 + 0.3 * 0.3 + slope.variance).squareRoot()
        let (m, sd) = meanAndSD(logs)
        let n = Double(logs.count)
        #expect(abs(m - expectedMean) < 5 * expectedSD / n.squareRoot())
        #expect(abs(sd - expectedSD) < 5 * expectedSD / (2 * n).squareRoot())
        // C.2: about 0.8–2.0 pt/ms at the medians.
        #expect(exp(m) > 0.8 && exp(m) < 2.0)
    }

    /// Projector flicks aim so that contact travel plus the habitual projection covers |k| items;
    /// with motor noise the log ratio of actual to aimed speed is N(0, σ_u).
    @Test(arguments: SyntheticUser.ProjectionHabit.allCases)
    func projectorFlicksAimAtTheIntent(habit: SyntheticUser.ProjectionHabit) throws {
        let layout = try benchLayout()
        let model = try SwipeModel(layout: layout)
        let rng = try GSLRandom(seed: 13)
        let user = plainUser(noise: 0.25, habit: habit)
        var errors: [Double] = []
        for _ in 0..<5000 {
            let plan = model.plan(intent: 3, projected: true, user: user, using: rng)
            #expect(plan.strategy == .projector && plan.direction == 1)
            let slope = SwipeModel.minimumJerkSlope(plan.releaseFraction)
            let v = plan.amplitude * slope / plan.duration
            let landing = plan.amplitude * SwipeModel.minimumJerk(plan.releaseFraction) + model.projectedTravel(speed: v, habit: habit)
            let c = plan.duration * SwipeModel.minimumJerk(plan.releaseFraction) / slope
            errors.append(log(v / model.aimedSpeed(distance: 3 * layout.stride, contactTravelPerSpeed: c, habit: habit)))
            #expect(landing > 0)
        }
        let (m, sd) = meanAndSD(errors)
        #expect(abs(m) < 5 * 0.25 / 5000.0.squareRoot())
        #expect(abs(sd - 0.25) < 5 * 0.25 / 10_000.0.squareRoot())
    }

    @Test func dragsAndStaysArePositionControlled() throws {
        let layout = try benchLayout()
        let model = try SwipeModel(layout: layout)
        let rng = try GSLRandom(seed: 17)
        let user = plainUser()
        var fractions: [Double] = [], holds = 0, drags = 0, flicks = 0
        for _ in 0..<20_000 {
            let plan = model.plan(intent: -1, projected: false, user: user, using: rng)
            #expect(plan.direction == -1)
            if plan.style == .drag {
                drags += 1
                fractions.append(plan.amplitude / layout.stride)
                if plan.hold > 0 { holds += 1 }
                #expect(plan.releaseFraction == 1)
            } else {
                flicks += 1
            }
        }
        let n = Double(drags + flicks)
        #expect(abs(Double(flicks) / n - 0.65) < 5 * (0.65 * 0.35 / n).squareRoot())
        let (m, sd) = meanAndSD(fractions)
        #expect(abs(m - 0.55) < 5 * 0.15 / Double(drags).squareRoot())
        #expect(abs(sd - 0.15) < 0.01)
        #expect(abs(Double(holds) / Double(drags) - 0.3) < 5 * (0.21 / Double(drags)).squareRoot())
        let stay = model.plan(intent: 0, projected: false, user: user, using: rng)
        #expect(stay.style == .stay && stay.amplitude < layout.stride)
    }

    @Test func samplesAreWellFormed() throws {
        let layout = try benchLayout()
        let model = try SwipeModel(layout: layout)
        let rng = try GSLRandom(seed: 19)
        var times: [Double] = [], offsets: [Double] = []
        for rate in [60.0, 120, 240] {
            let user = plainUser(rate: rate)
            for _ in 0..<300 {
                let plan = model.plan(intent: 1, projected: false, user: user, using: rng)
                let (v, _) = model.sample(plan, startOffset: 1700, clock: 100, user: user,
                                          times: &times, offsets: &offsets, using: rng)
                #expect(times.count >= 2 && times.count == offsets.count)
                #expect(times[0] == 100 && offsets[0] == 1700)
                #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
                // The last scan at or before lift-off (at least one period after touch-down).
                let lift = plan.releaseFraction * plan.duration + plan.hold, period = 1000 / rate
                let contact = times.last! - times[0]
                #expect(contact <= max(lift, period) + 2.5 && contact >= lift - period - 2.5)
                #expect(v >= 0)
            }
        }
    }

    @Test func rubberBandSlowsOvershoot() throws {
        let layout = try benchLayout()
        let model = try SwipeModel(layout: layout)
        #expect(model.rubberBanded(100) == 100)
        #expect(model.rubberBanded(-100) > -100 && model.rubberBanded(-100) < 0)
        #expect(model.rubberBanded(layout.maxOffset + 100) < layout.maxOffset + 100)
        #expect(model.rubberBanded(-1e9) > -layout.viewportWidth)
        let looping = try SwipeModel(layout: benchLayout(looping: true))
        #expect(looping.rubberBanded(-100) == -100)
    }

    @Test func invalidParametersAreRefused() throws {
        let layout = try benchLayout()
        var p = SwipeModelParameters()
        p.flickShare = 1.5
        #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: p, layout: layout) }
        p = SwipeModelParameters()
        p.intentWeights = [1, 2]
        #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: p, layout: layout) }
        p = SwipeModelParameters()
        p.dragFractionSD = 0.6
        #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: p, layout: layout) }
        p = SwipeModelParameters()
        p.fixedRate = .nan
        #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: p, layout: layout) }
        #expect(throws: Never.self) { try SwipeModel(parameters: SwipeModelParameters(fixedRate: 240), layout: layout) }
    }
}
