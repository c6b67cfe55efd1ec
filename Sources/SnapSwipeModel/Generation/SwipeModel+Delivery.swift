import Foundation
import SnapStrategies
import SnapGSL

extension SwipeModel {
    /// Samples `plan` as an Android app receives it (``InputDeliveryParameters``): fills `times`
    /// and `offsets` (cleared first) from `clock` ms on and returns the true content velocity at
    /// the last `moved` row (pt/ms; 0 when the content never moved).
    ///
    /// Rows: `began` at touch-down (the start offset); one `moved` row per display frame from the
    /// first frame after the finger crossed the touch slop until the finger stops or lifts (no
    /// frames during a stall; none while the finger rests, as Android sends no move without motion);
    /// the `ended` row repeats the last move's position a few ms later (with the repeat
    /// probability, or always after a hold) or carries the position at lift-off. Content offset =
    /// finger travel beyond the slop, plus N(0, σ_p) noise, quantised to device pixels, rubber-banded.
    /// With a screen (``ScreenParameters``) the finger is reported at the edge once it reaches it:
    /// the first frame at or after that carries the edge (no sensor noise) and the lift-off row
    /// repeats it after the drawn repeat delay, so the content stops there (the true release velocity is 0).
    /// `draws` receives the delivery's hidden truth (``SyntheticSwipe/DeliveryDraws``).
    func sampleDelivered(_ plan: Plan, startOffset: Double, clock: Double, user: SyntheticUser,
                         times: inout [Double], offsets: inout [Double], draws: inout SyntheticSwipe.DeliveryDraws,
                         using rng: GSLRandom) -> Double {
        let p = parameters, d = parameters.delivery
        let period = 1000 / user.rate
        let clip = min(p.timeJitterClip, 0.45 * period)
        let dwell = rng.lognormal(logMean: log(d.touchDownDwellMedian), logStandardDeviation: d.touchDownDwellLogSD)
        let motionEnd = dwell + plan.releaseFraction * plan.duration
        let lift = motionEnd + plan.hold
        let phase = rng.uniform(0, period)
        let stall = rng.bernoulli(d.stallProbability)
        let stallLength = rng.uniform(d.stallRange.lowerBound, d.stallRange.upperBound)
        let stallDraw = rng.uniform()
        let repeatLift = rng.bernoulli(d.liftRepeatProbability)
        let repeatDelay = d.liftRepeatDelayMedian * rng.uniform(0.5, 1.5)
        draws = SyntheticSwipe.DeliveryDraws(dwell: dwell, stalled: stall, liftRepeats: repeatLift, repeatDelay: repeatDelay)
        // no draw without withheld moves, so that every older model's streams are unchanged
        let withheld = d.firstDeliveryMedian.map {
            rng.lognormal(logMean: log($0), logStandardDeviation: d.firstDeliveryLogSD ?? d.touchDownDwellLogSD)
        } ?? 0
        // the room to the screen's edge ahead (no draw without a screen, so that every older model's streams are unchanged)
        let edgeRoom = p.screen.map { $0.drawRoom(using: rng) }
        draws.touchDownRoom = edgeRoom
        times.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        times.append(clock)
        offsets.append(0)
        let invT = 1 / plan.duration
        let slop = d.touchSlop
        let profile = plan.profile
        /// Content displacement (beyond the slop, unsigned) at time `t` after touch-down; the finger
        /// is reported at the screen's edge once past it.
        func content(_ t: Double) -> Double {
            let finger = plan.amplitude * profile.position((min(t, motionEnd) - dwell) * invT)
            return max(0, min(finger, edgeRoom ?? .infinity) - slop)
        }
        let maxTravel = plan.amplitude * profile.position(plan.releaseFraction)
        let edge = edgeRoom.flatMap { edgeCrossing(plan, room: $0, dwell: dwell, motionEnd: motionEnd) }
        var velocity = 0.0
        var lastMove: Double?
        var stallStart = Double.infinity
        if maxTravel > slop {
            // τ where A·φ(τ) = slop, by bisection (φ increases on [0, 1])
            var lo = 0.0, hi = plan.releaseFraction
            for _ in 0..<40 {
                let mid = (lo + hi) / 2
                if plan.amplitude * profile.position(mid) < slop { lo = mid } else { hi = mid }
            }
            let crossing = max(dwell + hi * plan.duration, withheld)
            var k = max(0, SnapMath.flooredIndex(min((crossing - phase) / period, 1e6)) + 1)
            var frameTime = phase + Double(k) * period
            if d.stallsBetweenMoves == true {
                // the stall ends a frame before the motion's last frame at the latest (none when it cannot)
                let room = min(motionEnd, lift) - period - stallLength - frameTime
                stallStart = room >= 0 ? frameTime + stallDraw * room : .infinity
            } else {
                stallStart = frameTime + stallDraw * max(0, min(motionEnd, lift) - frameTime)
            }
            while frameTime < motionEnd && frameTime < lift && times.count < 100_000 {
                let atEdge = edge.map { frameTime >= $0 } ?? false
                if !(stall && frameTime >= stallStart && frameTime < stallStart + stallLength) {
                    let jitter = SnapMath.clamp(rng.gaussian(standardDeviation: p.timeJitterSD), -clip, clip)
                    let t = atEdge ? frameTime : frameTime + jitter
                    times.append(clock + t)
                    offsets.append(plan.direction * content(t))
                    lastMove = t
                    draws.endedAtEdge = atEdge
                }
                // the finger left the screen at its edge: the contact ends with this frame
                if atEdge { break }
                k += 1
                frameTime = phase + Double(k) * period
            }
            if let t = lastMove, !draws.endedAtEdge {
                velocity = plan.direction * plan.amplitude * invT * profile.slope((t - dwell) * invT)
            }
        }
        // The lift-off row (a lift-off during a stall is delivered when the stall ends).
        let stallEnd = stallStart + stallLength
        let liftStalled = stall && lift >= stallStart && lift < stallEnd
        func delivered(_ t: Double) -> Double { liftStalled ? max(t, stallEnd) : t }
        if let t = lastMove, draws.endedAtEdge {
            // the edge's move, repeated by the lift-off after the drawn repeat delay (the A30: 8–16 ms)
            times.append(clock + delivered(t + repeatDelay))
            offsets.append(offsets[offsets.count - 1])
        } else if let e = edge {
            // past the edge before a frame caught it there: the lift-off carries the edge
            let t = max(e, (lastMove ?? 0) + 0.5)
            times.append(clock + delivered(t))
            offsets.append(plan.direction * content(t))
            draws.endedAtEdge = true
        } else if let t = lastMove, repeatLift || plan.hold > 0 {
            times.append(clock + delivered(max(t + repeatDelay, plan.hold > 0 ? lift : 0)))
            offsets.append(offsets[offsets.count - 1])
        } else {
            let t = max(lift, (lastMove ?? 0) + 0.5)
            times.append(clock + delivered(t))
            offsets.append(plan.direction * content(t))
        }
        let ratio = user.pixelRatio
        let last = offsets.count - 1
        let repeated = lastMove != nil && offsets[last] == offsets[last - 1]
        offsets[0] = startOffset
        // the device reports the edge itself, without sensor noise (the A30: touch_x exactly 0)
        let edgeRow = draws.endedAtEdge ? (repeated ? last - 1 : last) : offsets.count
        for j in 1..<offsets.count {
            if j == last && repeated {
                offsets[j] = offsets[j - 1]
                continue
            }
            var finger = offsets[j] + (j >= edgeRow ? 0 : rng.gaussian(standardDeviation: p.positionNoiseSD))
            // nor past it: sensor noise near the edge stays on the screen
            if let r = edgeRoom { finger = plan.direction * min(plan.direction * finger, max(0, r - slop)) }
            offsets[j] = rubberBanded(startOffset + (finger * ratio).rounded() / ratio)
        }
        return velocity
    }

    /// The finger's velocity as a device's tracker last saw it (pt/ms, signed; the live row's fling
    /// under ``InputDeliveryParameters/liveReadsFinger``): at lift-off, `A/T·φ'(ρ)`; after a stroke
    /// that ran off the screen's edge (`draws.endedAtEdge`, ``ScreenParameters``), at the edge
    /// crossing, `A/T·φ'(τₑ)` with `A·φ(τₑ)` = the room: the tracker's last sample on the screen,
    /// since the path past the edge is never reported (issue 32: not 0, and not the speed of the
    /// unclamped path at a later lift-off).
    func trackedFingerVelocity(_ plan: Plan, draws: SyntheticSwipe.DeliveryDraws?) -> Double {
        var fraction = plan.releaseFraction
        if let draws, draws.endedAtEdge, let room = draws.touchDownRoom,
           let crossing = edgeCrossing(plan, room: room, dwell: 0, motionEnd: plan.releaseFraction * plan.duration) {
            fraction = crossing / plan.duration
        }
        return plan.direction * plan.amplitude / plan.duration * plan.profile.slope(fraction)
    }

    /// The time after touch-down at which the finger, `room` points from the screen's edge ahead,
    /// reaches it (``ScreenParameters``), by bisection on the path before `motionEnd`; `nil` when
    /// the stroke ends short of the edge.
    func edgeCrossing(_ plan: Plan, room: Double, dwell: Double, motionEnd: Double) -> Double? {
        let end = (motionEnd - dwell) / plan.duration
        guard plan.amplitude * plan.profile.position(end) >= room else { return nil }
        var lo = 0.0, hi = end
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if plan.amplitude * plan.profile.position(mid) < room { lo = mid } else { hi = mid }
        }
        return dwell + hi * plan.duration
    }

    /// Plans one stroke of the reveal or browse task (``StrokeParameters``) in `direction` (±1).
    /// `limit` (points, optional) is the distance still to go: when the drawn stroke would travel
    /// farther during contact, the person places a stroke of that distance instead (`ρ = 1`, so the
    /// carousel does not fling past the target), held before lift-off only when the stroke was
    /// drawn as a placed one (probability ``StrokeParameters/holdProbability``), so that every hold,
    /// and every zero release speed it makes, answers to that parameter [assumption]. `opening`: the
    /// first stroke of a reveal trial (``TrialParameters``), released in
    /// ``TrialParameters/openingReleaseRange(_:)`` over ``TrialParameters/openingDurationScale``
    /// times the drawn duration, with ``TrialParameters/openingAmplitudeScale`` times the drawn amplitude.
    func planStroke(direction: Double, limit: Double?, user: SyntheticUser, opening: Bool = false, using rng: GSLRandom) -> Plan {
        let s = parameters.stroke
        // a trial's opening stroke lifts in its own range over its own time (TrialParameters), drawn alike
        let trial = opening ? parameters.trials : nil
        let range = trial?.openingReleaseRange(s.releaseRange) ?? s.releaseRange
        let pitch = layout.stride
        let a = rng.lognormal(logMean: log(s.amplitudeMedian), logStandardDeviation: s.amplitudeLogSD)
        let drawn = rng.lognormal(logMean: log(s.durationMedian), logStandardDeviation: s.durationLogSD)
        let t = drawn / user.gain * (trial?.openingDurationScale ?? 1)
        let noise = exp(user.motorNoise * rng.gaussian(standardDeviation: 1))
        let placed = rng.bernoulli(s.holdProbability)
        let rho = placed ? 1 : rng.uniform(range.lowerBound, range.upperBound)
        let hold = placed ? rng.exponential(mean: s.holdMean) : 0
        let amplitude = a * pitch * user.gain * noise * (trial?.openingAmplitudeScale ?? 1)
        if let limit, amplitude * strokeProfile.position(rho) > limit {
            // near the target: a placed stroke of the distance still to go
            return Plan(direction: direction, amplitude: max(limit, 0.25 * pitch), duration: t, releaseFraction: 1, hold: hold,
                        style: .drag, strategy: .stepper, drawnAmplitude: a, drawnDuration: drawn, profile: strokeProfile)
        }
        return Plan(direction: direction, amplitude: amplitude, duration: t, releaseFraction: rho, hold: hold,
                    style: placed ? .drag : .flick, strategy: .stepper, drawnAmplitude: a, drawnDuration: drawn, profile: strokeProfile)
    }

    /// Checks the issue-16 parameters (task, delivery, strokes).
    static func validateAdditions(_ p: SwipeModelParameters) throws(SwipeModelError) {
        let d = p.delivery, s = p.stroke
        try need(!d.frameRates.isEmpty && d.frameRates.allSatisfy { positive($0) && $0 <= 1000 }
                    && weights(d.frameRateWeights, count: d.frameRates.count),
                 "delivery.frameRates", d.frameRates, "rates in (0, 1000] Hz with as many non-negative weights, one positive")
        for (name, x) in [("delivery.touchSlop", d.touchSlop), ("delivery.touchDownDwellLogSD", d.touchDownDwellLogSD),
                          ("stroke.amplitudeLogSD", s.amplitudeLogSD), ("stroke.durationLogSD", s.durationLogSD)] {
            try need(x >= 0 && x.isFinite && x <= 1000, name, x, "a finite number in [0, 1000]")
        }
        for (name, x) in [("delivery.touchDownDwellMedian", d.touchDownDwellMedian), ("delivery.liftRepeatDelayMedian", d.liftRepeatDelayMedian),
                          ("stroke.amplitudeMedian", s.amplitudeMedian), ("stroke.durationMedian", s.durationMedian),
                          ("stroke.holdMean", s.holdMean)] {
            try need(positive(x) && x <= 100_000, name, x, "a positive number up to 100000")
        }
        for (name, x) in [("delivery.liftRepeatProbability", d.liftRepeatProbability), ("delivery.stallProbability", d.stallProbability),
                          ("stroke.holdProbability", s.holdProbability), ("stroke.forwardShare", s.forwardShare),
                          ("stroke.browseKeepDirection", s.browseKeepDirection)] {
            try need(share(x), name, x, "a probability")
        }
        if let x = s.peakTime {
            try need(x > 0 && x < 1, "stroke.peakTime", x, "a fraction of the stroke's duration inside (0, 1)")
        }
        if let x = s.movingStartShare {
            try need(x >= 0 && x <= 1, "stroke.movingStartShare", x, "a share of the amplitude in [0, 1]")
        }
        if let x = p.flickDistanceExponent {
            try need(x >= 0 && x <= 4, "flickDistanceExponent", x, "an exponent in [0, 4] (amplitude × |k|^β)")
        }
        if let x = p.flickReach {
            try need(x >= 1 && x <= 100, "flickReach", x, "a number of items in [1, 100] (sized for min(|k|, R))")
        }
        if let x = p.dragTravelSpan {
            try need(x >= 1 && x <= 10, "dragTravelSpan", x, "a number of item pitches in [1, 10]")
        }
        if let x = p.farDragShare {
            try need(share(x), "farDragShare", x, "a probability")
        }
        if let x = p.dragReleaseEarliness {
            try need(x > 0 && x < 1, "dragReleaseEarliness", x, "a fraction of the drag's duration inside (0, 1)")
        }
        if let x = d.firstDeliveryMedian {
            try need(positive(x) && x <= 100_000, "delivery.firstDeliveryMedian", x, "a positive number up to 100000")
        }
        if let x = d.firstDeliveryLogSD {
            try need(x >= 0 && x <= 1000, "delivery.firstDeliveryLogSD", x, "a finite number in [0, 1000]")
        }
        if let x = d.scanRestMedian {
            try need(positive(x) && x <= 100_000, "delivery.scanRestMedian", x, "a positive number up to 100000")
        }
        try need(d.stallRange.lowerBound >= 0 && d.stallRange.upperBound <= 10_000, "delivery.stallRange", d.stallRange, "a range in [0, 10000] ms")
        try need(s.releaseRange.lowerBound > 0 && s.releaseRange.upperBound < 1, "stroke.releaseRange", s.releaseRange,
                 "a range inside (0, 1)")
        try need(!s.goalDistances.isEmpty && s.goalDistances.allSatisfy { (1...1000).contains($0) }
                    && weights(s.goalDistanceWeights, count: s.goalDistances.count),
                 "stroke.goalDistances", s.goalDistances, "distances in 1...1000 items with as many non-negative weights, one positive")
        try need((1...1000).contains(s.maxStrokesPerGoal), "stroke.maxStrokesPerGoal", s.maxStrokesPerGoal, "1...1000")
        if let t = p.trials { try TrialParameters.validate(t) }
        if let screen = p.screen { try ScreenParameters.validate(screen, frameDelivery: d.isEnabled) }
        if let users = p.recordedUsers { try RecordedUser.validate(users) }
    }
}
