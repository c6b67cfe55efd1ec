import Foundation
import SnapStrategies
import SnapGSL

/// The synthetic swipe model of `spec/human-swipes-and-user-needs.md` Part C, for one carousel.
///
/// A *goal* is an intent `k` (items from the start item, C.1) drawn from
/// ``SwipeModelParameters/intents``. It becomes one swipe, or, for a page-stepper user with
/// `|k| ≥ 2`, `|k|` one-item flicks. Each swipe follows a minimum-jerk finger path (C.2)
///
///     φ(τ) = 10τ³ − 15τ⁴ + 6τ⁵,  φ'(τ) = 30τ²(1 − τ)²,  offset(t) = start + dir·A·φ(t/T)
///
/// with `dir = sign(k)` (content offset grows for later items), lifted at `ρT + h`:
/// - **flick** (one-item goals with probability 0.65; page-stepper): `A ~ LogNormal(ln 130, 0.35)·g_u·exp(σ_u ε)`,
///   `T ~ LogNormal(ln 120, 0.3)`, `ρ ~ U(0.55, 0.85)`, `h = 0`; release speed `(A/T)·φ'(ρ)`.
/// - **projector flick** (`|k| ≥ 2`, with the user's probability `π_u`): with `c = T·φ(ρ)/φ'(ρ)`
///   (points moved per pt/ms of release speed) the user solves `c·v* + Proj(v*) = |k|·P`, then
///   `v = g_u·v*·exp(σ_u ε)`, `A = v·T/φ'(ρ)`. `Proj` is UIKit's `v·r/(1−r)` or Android's spline.
/// - **drag**: `A = λP`, `λ ~ Beta(mean 0.55, sd 0.15)`, `T ~ LogNormal(ln 350, 0.35)/g_u`,
///   `ρ = 1`, hold `h ~ Exp(120 ms)` with probability 0.3; with ``SwipeModelParameters/dragTravelSpan``
///   `s`, `A = λsP`; with ``SwipeModelParameters/farDragShare`` a sized goal `|k| ≥ 2` is a drag
///   of `A·|k|^β` with that probability.
/// - **stay** (`k = 0`): a peek drag of `λ ~ Beta(mean 0.2, sd 0.1)` in a random direction.
///
/// Sensing (C.4): samples every `1000/f_s` ms from touch-down, timestamps jittered by
/// `N(0, 0.5 ms)` (clipped), the path evaluated at the jittered time, position noise `N(0, 0.6 pt)`
/// and quantisation to `1/dpr` points; the last sample (`ended`) is the last scan at or before
/// lift-off at `ρT + h`, and the true release velocity is the path's slope at that scan. A lift
/// tail (probability 0.3, C.3) slows the last 1–2 samples to 30–70% or reverses them by 1–3 pt.
/// Bounded carousels rubber-band beyond their ends. `P` is the item pitch (``CarouselLayout/stride``).
public struct SwipeModel: Sendable {
    public let parameters: SwipeModelParameters
    public let layout: CarouselLayout
    /// The path of reveal and browse strokes (``StrokeParameters/peakTime``; minimum jerk without it).
    public let strokeProfile: StrokeProfile

    /// `fC` of Android's spline: `friction · 9.80665 · 39.37 · ppi · 0.84` (778.3 at the defaults).
    let androidFrictionCoefficient: Double
    /// `ln 0.78 / ln 0.9` (`OverScroller.DECELERATION_RATE`).
    static let androidDecelerationRate = 2.358_201_815_677_438_4
    /// `OverScroller.INFLEXION`.
    static let androidInflexion = 0.35

    /// A model for `layout`; checks the parameters.
    /// - Throws: ``SwipeModelError`` naming the first parameter out of range.
    public init(parameters: SwipeModelParameters = SwipeModelParameters(), layout: CarouselLayout) throws(SwipeModelError) {
        try Self.validate(parameters)
        self.parameters = parameters
        self.layout = layout
        strokeProfile = try StrokeProfile(peakTime: parameters.stroke.peakTime, movingStartShare: parameters.stroke.movingStartShare)
        androidFrictionCoefficient = Self.androidFrictionCoefficient(friction: parameters.androidFriction, ppi: parameters.androidPPI)
    }

    /// `fC = friction · 9.80665 · 39.37 · ppi · 0.84` of Android's spline.
    static func androidFrictionCoefficient(friction: Double, ppi: Double) -> Double { friction * 9.80665 * 39.37 * ppi * 0.84 }

    /// `SplineOverScroller.getSplineFlingDistance`: `fC · exp(D/(D − 1) · ln(0.35 · v_s / fC))` with
    /// `v_s = 1000·v` dp/s (`v` in pt/ms, ≥ 0) and `D = 2.358`, points.
    static func androidSplineDistance(speed v: Double, frictionCoefficient fc: Double) -> Double {
        guard v > 0 else { return 0 }
        let d = androidDecelerationRate
        return fc * exp(log(androidInflexion * v * 1000 / fc) * d / (d - 1))
    }

    // MARK: - Minimum jerk

    /// `φ(τ) = 10τ³ − 15τ⁴ + 6τ⁵` for τ in [0, 1] (0 before, 1 after).
    @inline(__always)
    public static func minimumJerk(_ tau: Double) -> Double {
        let u = SnapMath.clamp(tau, 0, 1)
        return u * u * u * (10 + u * (-15 + 6 * u))
    }

    /// `φ'(τ) = 30τ²(1 − τ)²` for τ in [0, 1] (0 outside).
    @inline(__always)
    public static func minimumJerkSlope(_ tau: Double) -> Double {
        guard tau > 0, tau < 1 else { return 0 }
        let w = 1 - tau
        return 30 * tau * tau * w * w
    }

    // MARK: - Projections (C.2, B.1)

    /// Travel after a release at speed `v` (pt/ms, ≥ 0) under `habit`, points.
    /// iOS: `v · r/(1 − r)` with `r` per ms. Android (`SplineOverScroller.getSplineFlingDistance`):
    /// `fC · exp(D/(D − 1) · ln(0.35 · v_s / fC))` with `v_s = 1000·v` dp/s and `D = 2.358`.
    public func projectedTravel(speed v: Double, habit: SyntheticUser.ProjectionHabit) -> Double {
        guard v > 0 else { return 0 }
        switch habit {
        case .iOS:
            let r = parameters.iOSDecelerationRate
            return v * r / (1 - r)
        case .android:
            return Self.androidSplineDistance(speed: v, frictionCoefficient: androidFrictionCoefficient)
        }
    }

    /// The release speed `v*` (pt/ms) whose contact travel `c·v*` plus projected travel reaches
    /// `distance` points: exact for iOS (`v* = distance/(c + r/(1 − r))`), by 60 bisection steps on
    /// [0, 50] pt/ms for Android (both sides increase with `v`).
    public func aimedSpeed(distance: Double, contactTravelPerSpeed c: Double, habit: SyntheticUser.ProjectionHabit) -> Double {
        guard distance > 0, c >= 0, c.isFinite else { return 0 }
        switch habit {
        case .iOS:
            let r = parameters.iOSDecelerationRate
            return distance / (c + r / (1 - r))
        case .android:
            var lo = 0.0, hi = 50.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if c * mid + projectedTravel(speed: mid, habit: .android) < distance { lo = mid } else { hi = mid }
            }
            return (lo + hi) / 2
        }
    }

    // MARK: - Users

    /// Draws user `index`'s latent variables (C.1); `rng` is the run's plan stream.
    public func makeUser(index: Int, using rng: GSLRandom) -> SyntheticUser {
        let p = parameters
        let gain = rng.lognormal(logMean: 0, logStandardDeviation: p.gainLogSD)
        let noise = rng.uniform(p.motorNoiseRange.lowerBound, p.motorNoiseRange.upperBound)
        let preference = rng.beta(p.projectorPreferenceA, p.projectorPreferenceB)
        let habit: SyntheticUser.ProjectionHabit = rng.bernoulli(p.iOSHabitShare) ? .iOS : .android
        let rate = p.fixedRate ?? (p.delivery.isEnabled ? p.delivery.frameRates[rng.index(weightedBy: p.delivery.frameRateWeights)]
                                                         : p.rates[rng.index(weightedBy: p.rateWeights)])
        let ratio = p.pixelRatios[rng.index(weightedBy: p.pixelRatioWeights)]
        let activity = rng.lognormal(logMean: 0, logStandardDeviation: p.activityLogSD)
        return SyntheticUser(index: index, gain: gain, motorNoise: noise, projectorPreference: preference,
                             habit: habit, rate: rate, pixelRatio: ratio, activity: activity)
    }

    // MARK: - Goals

    /// Draws an intent `k` for a goal starting at `startSlot`. In a bounded carousel `k` is redrawn
    /// until `startSlot + k` is a resting slot (``isRestingSlot(_:)``: an item whose resting offset
    /// is its own, so not one of the end items that share the last offset; at most
    /// ``SwipeModelParameters/intentRedraws`` tries, then 0), so labels are never clamped onto an
    /// end item and never name an item no policy can rest on; a looping carousel accepts every `k`.
    public func drawIntent(startSlot: Int, using rng: GSLRandom) -> Int {
        let p = parameters
        for _ in 0..<max(1, p.intentRedraws) {
            let k = p.intents[rng.index(weightedBy: p.intentWeights)]
            if isRestingSlot(startSlot + k) { return k }
        }
        return 0
    }

    /// Whether the carousel can come to rest on `slot` with that slot's item at the snap position:
    /// always in a looping layout; in a bounded one, `slot` is an item and the slot nearest its
    /// (clamped) resting offset is itself. The last items of a bounded `leading` row share the
    /// largest offset, which rests on the first of them (the benchmark layout's item 39 rests as 38),
    /// as `DataChecks.isReachable(item:in:)` (the `unreachable-intended` warning) counts them.
    public func isRestingSlot(_ slot: Int) -> Bool {
        guard !layout.isLooping else { return true }
        guard slot >= 0 && slot < layout.itemCount else { return false }
        return layout.nearestSlot(toOffset: layout.snapOffset(ofSlot: slot)) == slot
    }

    /// The resting slot the carousel shows at rest at `slot`'s resting offset (`slot` itself when
    /// ``isRestingSlot(_:)``; the benchmark layout's 39 becomes 38).
    public func restingSlot(nearest slot: Int) -> Int {
        layout.isLooping ? slot : layout.nearestSlot(toOffset: layout.snapOffset(ofSlot: slot))
    }

    /// The motion plan of one swipe: direction, amplitude, duration, release fraction, hold and style.
    struct Plan {
        var direction: Double
        var amplitude: Double
        var duration: Double
        var releaseFraction: Double
        var hold: Double
        var style: SyntheticSwipe.Style
        var strategy: SyntheticSwipe.Strategy
        /// Hidden truth (``SyntheticSwipe/drawnAmplitude``, ``SyntheticSwipe/drawnDuration``): the
        /// per-stroke amplitude and duration draws before the user's gain and motor noise.
        var drawnAmplitude = Double.nan
        var drawnDuration = Double.nan
        /// The finger path's shape (reveal and browse strokes: ``strokeProfile``; every other plan
        /// minimum jerk).
        var profile = StrokeProfile.minimumJerk
    }

    /// Beta(a, b) with the given mean and standard deviation (`a = m·q`, `b = (1 − m)·q`,
    /// `q = m(1 − m)/sd² − 1`).
    static func betaShape(mean m: Double, sd: Double) -> (a: Double, b: Double) {
        let q = m * (1 - m) / (sd * sd) - 1
        return (m * q, (1 - m) * q)
    }

    /// Plans one swipe for intent `k` (`projected`: aim a projector flick at `|k|` items;
    /// `forceFlick`: a step of a page-stepper series or a sized flick, always a flick; a flick for
    /// `|k| ≥ 2` not projected is sized by ``SwipeModelParameters/flickDistanceExponent``).
    func plan(intent k: Int, projected: Bool, forceFlick: Bool = false, user: SyntheticUser, using rng: GSLRandom) -> Plan {
        let p = parameters
        let pitch = layout.stride
        if k == 0 {
            let (a, b) = Self.betaShape(mean: p.stayFractionMean, sd: p.stayFractionSD)
            let lambda = rng.beta(a, b)
            let drawn = rng.lognormal(logMean: log(p.stayDurationMedian), logStandardDeviation: p.dragDurationLogSD)
            let hold = rng.bernoulli(p.stayHoldProbability) ? rng.exponential(mean: p.holdMean) : 0
            let rho = glideRelease(hold: hold, using: rng)
            return Plan(direction: rng.bernoulli(0.5) ? 1 : -1, amplitude: lambda * pitch, duration: drawn / user.gain,
                        releaseFraction: rho, hold: hold, style: .stay, strategy: .stepper, drawnAmplitude: lambda, drawnDuration: drawn)
        }
        let direction: Double = k > 0 ? 1 : -1
        if !projected && !forceFlick && abs(k) == 1 && !rng.bernoulli(p.flickShare) {
            return dragPlan(direction: direction, size: 1, strategy: .stepper, user: user, using: rng)
        }
        // a drag to a goal ≥ 2 items away (only with farDragShare: without it no draw is made)
        if !projected && abs(k) >= 2, let beta = p.flickDistanceExponent, let share = p.farDragShare, rng.bernoulli(share) {
            return dragPlan(direction: direction, size: pow(sizedDistance(k), beta), strategy: .sized, user: user, using: rng)
        }
        let t = rng.lognormal(logMean: log(p.flickDurationMedian), logStandardDeviation: p.flickDurationLogSD)
        let rho = rng.uniform(p.flickReleaseRange.lowerBound, p.flickReleaseRange.upperBound)
        let slope = Self.minimumJerkSlope(rho)
        let noise = exp(user.motorNoise * rng.gaussian(standardDeviation: 1))
        if projected {
            let c = t * Self.minimumJerk(rho) / slope
            let aimed = aimedSpeed(distance: Double(abs(k)) * pitch, contactTravelPerSpeed: c, habit: user.habit)
            let v = user.gain * aimed * noise
            return Plan(direction: direction, amplitude: v * t / slope, duration: t, releaseFraction: rho,
                        hold: 0, style: .flick, strategy: .projector, drawnDuration: t)
        }
        let a = rng.lognormal(logMean: log(p.flickAmplitudeMedian), logStandardDeviation: p.flickAmplitudeLogSD)
        // a flick sized to a goal ≥ 2 items away (only with flickDistanceExponent: without it such a goal
        // is projected or a series of one-item steps, so this draws and computes exactly as before)
        if abs(k) >= 2, let beta = p.flickDistanceExponent {
            let size = pow(sizedDistance(k), beta)
            return Plan(direction: direction, amplitude: a * size * user.gain * noise, duration: t, releaseFraction: rho,
                        hold: 0, style: .flick, strategy: .sized, drawnAmplitude: a * size, drawnDuration: t)
        }
        return Plan(direction: direction, amplitude: a * user.gain * noise, duration: t, releaseFraction: rho,
                    hold: 0, style: .flick, strategy: .stepper, drawnAmplitude: a, drawnDuration: t)
    }

    /// The distance in items a sized flick or far drag is sized for: `|k|`, or with
    /// ``SwipeModelParameters/flickReach`` `R`, `min(|k|, R)`.
    func sizedDistance(_ k: Int) -> Double {
        min(Double(abs(k)), parameters.flickReach ?? .infinity)
    }

    /// A drag: `λ·s·P·size` (`λ ~ Beta` of ``SwipeModelParameters/dragFractionMean``, `s` the
    /// ``SwipeModelParameters/dragTravelSpan`` or 1), over the drag duration's draw / `g_u`, with a
    /// hold or a gliding lift-off; `size` 1 for a one-item drag, `|k|^β` for a far one.
    func dragPlan(direction: Double, size: Double, strategy: SyntheticSwipe.Strategy, user: SyntheticUser, using rng: GSLRandom) -> Plan {
        let p = parameters
        let (a, b) = Self.betaShape(mean: p.dragFractionMean, sd: p.dragFractionSD)
        let lambda = rng.beta(a, b) * (p.dragTravelSpan ?? 1)
        let drawn = rng.lognormal(logMean: log(p.dragDurationMedian), logStandardDeviation: p.dragDurationLogSD)
        let hold = rng.bernoulli(p.dragHoldProbability) ? rng.exponential(mean: p.holdMean) : 0
        let rho = glideRelease(hold: hold, using: rng)
        return Plan(direction: direction, amplitude: lambda * size * layout.stride, duration: drawn / user.gain,
                    releaseFraction: rho, hold: hold, style: .drag, strategy: strategy, drawnAmplitude: lambda * size, drawnDuration: drawn)
    }

    /// The release fraction of a drag or stay: 1 (placed) when held or without
    /// ``SwipeModelParameters/dragReleaseEarliness`` (no draw, so older models draw as before),
    /// else `U(1 − q, 1)` (lifted while still gliding).
    func glideRelease(hold: Double, using rng: GSLRandom) -> Double {
        guard hold == 0, let q = parameters.dragReleaseEarliness else { return 1 }
        return rng.uniform(1 - q, 1)
    }

    // MARK: - Samples

    /// Bounded carousels rubber-band beyond `[0, maxOffset]`: overshoot `o` shows as
    /// `(1 − 1/(c·o/W + 1))·W` (W = viewport width).
    func rubberBanded(_ offset: Double) -> Double {
        guard !layout.isLooping else { return offset }
        let w = layout.viewportWidth, c = parameters.rubberBandConstant
        if offset < 0 { return -(1 - 1 / (c * -offset / w + 1)) * w }
        let maxOffset = layout.maxOffset
        if offset > maxOffset { return maxOffset + (1 - 1 / (c * (offset - maxOffset) / w + 1)) * w }
        return offset
    }

    /// Samples the planned motion: fills `times` and `offsets` (cleared first) from `clock` ms on,
    /// and returns the true release velocity and the lift tail applied. With a scan rest
    /// (``InputDeliveryParameters/scanRestMedian``) the finger rests that long (drawn per swipe)
    /// before the motion starts, its scans logged.
    func sample(_ plan: Plan, startOffset: Double, clock: Double, user: SyntheticUser,
                times: inout [Double], offsets: inout [Double], using rng: GSLRandom)
        -> (velocity: Double, tail: SyntheticSwipe.LiftTail) {
        let p = parameters
        let period = 1000 / user.rate
        let clip = min(p.timeJitterClip, 0.45 * period)
        // a rest before the motion only when the model has one, so that every older model's streams are unchanged
        let rest = p.delivery.scanRestMedian.map { rng.lognormal(logMean: log($0), logStandardDeviation: p.delivery.touchDownDwellLogSD) } ?? 0
        let lift = rest + plan.releaseFraction * plan.duration + plan.hold
        // The ended row is the last scan before lift-off (C.4.3: UP carries the last move's
        // position); a contact shorter than one period still gets one scan after touch-down,
        // with the finger frozen where it lifted.
        let steps = max(1, SnapMath.flooredIndex(min(lift / period, 100_000)))
        let amplitude = plan.direction * plan.amplitude
        let invT = 1 / plan.duration
        times.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        // True displacement (no noise) at each sample time; noise and quantisation come after the tail.
        for j in 0...steps {
            let jitter = SnapMath.clamp(rng.gaussian(standardDeviation: p.timeJitterSD), -clip, clip)
            let t = Double(j) * period + (j == 0 ? 0 : jitter)
            times.append(clock + t)
            offsets.append(amplitude * plan.profile.position((min(t, lift) - rest) * invT))
        }
        let tLast = min(Double(steps) * period, lift)
        let velocity = amplitude * invT * plan.profile.slope((tLast - rest) * invT)
        var tail = SyntheticSwipe.LiftTail.none
        if rng.bernoulli(p.liftTailProbability) {
            let count = min(steps, rng.bernoulli(0.5) ? 1 : 2)
            if rng.bernoulli(0.5) {
                tail = .slowdown
                let keep = rng.uniform(p.liftTailSpeedRange.lowerBound, p.liftTailSpeedRange.upperBound)
                for j in (steps - count + 1)...steps {
                    offsets[j] = offsets[j - 1] + (offsets[j] - offsets[j - 1]) * keep
                }
            } else {
                tail = .reverse
                for j in (steps - count + 1)...steps {
                    offsets[j] = offsets[j - 1]
                        - plan.direction * rng.uniform(p.liftTailReverseRange.lowerBound, p.liftTailReverseRange.upperBound)
                }
            }
        }
        let ratio = user.pixelRatio
        offsets[0] = startOffset
        for j in 1...steps {
            let finger = offsets[j] + rng.gaussian(standardDeviation: p.positionNoiseSD)
            offsets[j] = rubberBanded(startOffset + (finger * ratio).rounded() / ratio)
        }
        return (velocity, tail)
    }

    // MARK: - Validation

    /// The checks ``validate(_:)`` and ``validateAdditions(_:)`` share: `ok` or an
    /// ``SwipeModelError/invalidParameter(name:value:expected:)`` naming the parameter.
    static func need(_ ok: Bool, _ name: String, _ value: some CustomStringConvertible, _ expected: String) throws(SwipeModelError) {
        if !ok { throw .invalidParameter(name: name, value: "\(value)", expected: expected) }
    }
    static func positive(_ x: Double) -> Bool { x > 0 && x.isFinite }
    static func share(_ x: Double) -> Bool { x >= 0 && x <= 1 }
    static func weights(_ w: [Double], count: Int) -> Bool {
        w.count == count && w.allSatisfy { $0 >= 0 && $0.isFinite } && w.contains { $0 > 0 }
    }

    static func validate(_ p: SwipeModelParameters) throws(SwipeModelError) {
        try need(p.gainLogSD >= 0 && p.gainLogSD.isFinite, "gainLogSD", p.gainLogSD, "a finite number ≥ 0")
        try need(p.motorNoiseRange.lowerBound >= 0 && p.motorNoiseRange.upperBound.isFinite, "motorNoiseRange",
                 p.motorNoiseRange, "a finite range ≥ 0")
        try need(positive(p.projectorPreferenceA), "projectorPreferenceA", p.projectorPreferenceA, "a positive finite number (the Beta's a)")
        try need(positive(p.projectorPreferenceB), "projectorPreferenceB", p.projectorPreferenceB, "a positive finite number (the Beta's b)")
        try need(share(p.iOSHabitShare), "iOSHabitShare", p.iOSHabitShare, "a probability")
        try need(!p.rates.isEmpty && p.rates.allSatisfy(positive) && weights(p.rateWeights, count: p.rates.count),
                 "rates", p.rates, "positive rates with as many non-negative weights, one positive")
        if let r = p.fixedRate { try need(positive(r) && r <= 2000, "fixedRate", r, "a rate in (0, 2000] Hz") }
        try need(!p.pixelRatios.isEmpty && p.pixelRatios.allSatisfy(positive)
                    && weights(p.pixelRatioWeights, count: p.pixelRatios.count),
                 "pixelRatios", p.pixelRatios, "positive ratios with as many weights")
        try need(p.activityLogSD >= 0 && p.activityLogSD.isFinite, "activityLogSD", p.activityLogSD, "a finite number ≥ 0")
        try need(!p.intents.isEmpty && p.intents.allSatisfy { abs($0) <= 1000 }
                    && weights(p.intentWeights, count: p.intents.count),
                 "intents", p.intents, "intents within ±1000 with as many non-negative weights, one positive")
        try need(share(p.flickShare), "flickShare", p.flickShare, "a probability")
        for (name, x) in [("flickAmplitudeMedian", p.flickAmplitudeMedian), ("flickDurationMedian", p.flickDurationMedian),
                          ("dragDurationMedian", p.dragDurationMedian), ("stayDurationMedian", p.stayDurationMedian),
                          ("holdMean", p.holdMean), ("sessionLengthMean", p.sessionLengthMean),
                          ("rubberBandConstant", p.rubberBandConstant), ("androidPPI", p.androidPPI),
                          ("androidFriction", p.androidFriction)] {
            try need(positive(x), name, x, "a positive finite number")
        }
        for (name, x) in [("flickAmplitudeLogSD", p.flickAmplitudeLogSD), ("flickDurationLogSD", p.flickDurationLogSD),
                          ("dragDurationLogSD", p.dragDurationLogSD), ("timeJitterSD", p.timeJitterSD),
                          ("timeJitterClip", p.timeJitterClip), ("positionNoiseSD", p.positionNoiseSD),
                          ("interSwipePauseMinimum", p.interSwipePauseMinimum),
                          ("interSwipePauseMean", p.interSwipePauseMean)] {
            try need(x >= 0 && x.isFinite, name, x, "a finite number ≥ 0")
        }
        try need(p.flickReleaseRange.lowerBound > 0 && p.flickReleaseRange.upperBound < 1, "flickReleaseRange",
                 p.flickReleaseRange, "a range inside (0, 1)")
        for (name, m, sd) in [("dragFractionMean", p.dragFractionMean, p.dragFractionSD),
                              ("stayFractionMean", p.stayFractionMean, p.stayFractionSD)] {
            try need(m > 0 && m < 1 && sd > 0 && sd * sd < m * (1 - m), name, "mean \(m), sd \(sd)",
                     "a mean in (0, 1) and 0 < sd² < mean·(1 − mean)")
        }
        for (name, x) in [("dragHoldProbability", p.dragHoldProbability), ("stayHoldProbability", p.stayHoldProbability),
                          ("liftTailProbability", p.liftTailProbability), ("cancelledShare", p.cancelledShare)] {
            try need(share(x), name, x, "a probability")
        }
        try validateAdditions(p)
        try need(p.iOSDecelerationRate > 0 && p.iOSDecelerationRate < 1, "iOSDecelerationRate",
                 p.iOSDecelerationRate, "a rate in (0, 1) per ms")
        try need(p.liftTailSpeedRange.lowerBound >= 0 && p.liftTailSpeedRange.upperBound.isFinite, "liftTailSpeedRange",
                 p.liftTailSpeedRange, "a finite range ≥ 0")
        try need(p.liftTailReverseRange.lowerBound >= 0 && p.liftTailReverseRange.upperBound.isFinite,
                 "liftTailReverseRange", p.liftTailReverseRange, "a finite range ≥ 0")
    }
}
