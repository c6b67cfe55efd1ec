import Foundation

/// The placed-stroke statistic (issue 16): holds counted by where the lift-off falls after the last
/// move, each window weighted by its share of holds.
///
/// A placed stroke comes to rest and is held `h ~ Exp(hold mean)` before lift-off, and the lift-off
/// repeats the last move's position a frame fraction plus `h` after it. What else puts a repeated
/// lift-off late: a delivery repeat (at most 15 ms) and a stall at lift-off (the lift-off is
/// delivered when the stall ends, 45–90 ms plus up to a frame after the last move). So repeats
/// 15–40 ms or more than 110 ms after the last move are holds, while those 40–110 ms after it
/// are holds or stalls (``TraceFeatures/LiftWindow``).
///
/// Counting the 40–110 ms window fully lets the stalls' noise in (and the stall probability
/// into the statistic); leaving it out throws half the holds away; telling the two apart by the
/// last move's speed (``TraceFeatures/heldBeforeLift``) makes the statistic depend on the stroke
/// durations, because with a few 60 Hz frames per stroke the last move of a placed stroke is not
/// much slower than a flick's. Counts of independent events are best combined with weights
/// proportional to each window's share of the parameter's events (the efficient linear
/// combination of Poisson counts, `w_i ∝ (∂λ_i/∂p)/λ_i`): 1 for the hold windows and, for the stall
/// window, its share of holds, estimated once from the recording (``stallWindowHoldShare(_:)``)
/// and used unchanged on every simulation (a two-step weighting: any fixed weight gives a
/// consistent estimator; this one an efficient one).
///
/// In simulation (`Docs/research/2026-11-25-swipe-model-evidence-rounds-7-9.md` §11: 40 truth samples of 2,000 reveal traces by 100 users,
/// the placed-stroke probability 0.3 and 0.36, common seeds) the implied estimate's sd is 4.5% for
/// ``TraceFeatures/heldBeforeLift`` (which moves by 4.4% per 10% of duration error), 4.7% for the
/// hold windows alone, 4.0% for every repeat after 15 ms (which moves by 2.5% per 10% of stall
/// probability), and 3.6% with the stall window weighted by its hold share (about one half at that
/// truth); the ideal, the truth's own placed draws, 3.4%.
extension RecordingSummary {
    /// The stall window's weight: ``stallWindowWeight`` when set (a simulation measured against a
    /// recording), else this summary's own ``stallWindowHoldShare(_:)``.
    public var resolvedStallWindowWeight: Double { stallWindowWeight ?? Self.stallWindowHoldShare(features) }

    /// The share of holds among the repeated lift-offs 40–110 ms after the last move, in [0, 1].
    ///
    /// A stall at lift-off delays the lift-off whether or not it repeats the last move, so the
    /// stalled lift-offs that repeat are the stalled ones that do not (a lift-off 40–110 ms after
    /// the last move without a repeat: no hold makes one) times the odds of a repeat, which the
    /// prompt lift-offs give: repeats within 15 ms over lift-offs within 40 ms without a repeat.
    /// `1 − stalled repeats / repeats in the window`. One half when the recording cannot tell
    /// (fewer than 20 prompt lift-offs of either kind, or no repeat in the window).
    static func stallWindowHoldShare(_ features: [TraceFeatures]) -> Double {
        var inWindow = 0, lateWithoutRepeat = 0, promptRepeats = 0, promptWithoutRepeat = 0
        for f in features {
            guard let window = f.liftWindow else { continue }
            switch (window, f.liftRepeats) {
            case (.stall, true): inWindow += 1
            case (.stall, false): lateWithoutRepeat += 1
            case (.prompt, true): promptRepeats += 1
            case (.prompt, false), (.hold, false): if (f.liftGap ?? .infinity) <= 40 { promptWithoutRepeat += 1 }
            case (.hold, true): break
            }
        }
        guard inWindow > 0, promptRepeats >= 20, promptWithoutRepeat >= 20 else { return 0.5 }
        let stalled = Double(lateWithoutRepeat) * Double(promptRepeats) / Double(promptWithoutRepeat)
        return min(max(1 - stalled / Double(inWindow), 0), 1)
    }

    /// Share of the moved traces held before lift-off: repeated lift-offs in the hold windows, plus
    /// those in the stall window × ``resolvedStallWindowWeight``.
    var weightedHeldShare: Double {
        let w = resolvedStallWindowWeight
        var moved = 0, held = 0.0
        for f in features {
            guard let window = f.liftWindow else { continue }
            moved += 1
            guard f.liftRepeats else { continue }
            if window == .hold { held += 1 } else if window == .stall { held += w }
        }
        return moved == 0 ? .nan : held / Double(moved)
    }
}
