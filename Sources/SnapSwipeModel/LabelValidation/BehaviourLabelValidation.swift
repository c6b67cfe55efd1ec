import SnapStrategies
import SnapGSL
import SnapTraces
import SnapScoring
import SnapLabSupport

/// Checks ``BehaviourLabeller`` where the truth is known: simulated paging sessions (the swipe
/// model's ``SessionSimulator``, strokes chaining under a live policy, corrections after misses)
/// turned into telemetry, labelled from behaviour, and compared with their hidden labels.
///
/// The session model has one pause distribution between all strokes (250 ms + Exp(600 ms)); it
/// does not model what people do once a goal is reached. The validation adds that, as stated
/// assumptions (``Assumptions``): after each goal's last stroke the person dwells (a log-normal
/// pause, median ``Assumptions/goalDwellMedian``), and with probability ``Assumptions/tapShare``
/// taps the item the carousel rests on when it is the goal. A goal the simulated person gave up
/// on (``StrokeParameters/maxStrokesPerGoal`` strokes) also ends in a dwell, on the wrong item.
///
/// Reports: how many strokes each rule labelled and how many of those match the hidden label;
/// each policy's hit rate with true labels (every non-cancelled stroke) and with derived labels
/// (the derived-labelled ones), and the Spearman rank correlation between the two.
public struct BehaviourLabelValidation {
    /// What the validation adds to the session model.
    public struct Assumptions: Sendable, Hashable {
        /// Median pause after a goal's last stroke, ms ([assumption] 2500).
        public var goalDwellMedian: Double = 2500
        /// Log standard deviation of that pause ([assumption] 0.5).
        public var goalDwellLogSD: Double = 0.5
        /// Share of reached goals followed by a tap on the item ([assumption] 0.3).
        public var tapShare: Double = 0.3
        public init() {}
    }

    /// The outcome.
    public struct Result: Sendable {
        public var strokes = 0
        public var cancelled = 0
        public var labelledByRule: [BehaviourLabeller.Rule: Int] = [:]
        public var correctByRule: [BehaviourLabeller.Rule: Int] = [:]
        public var policyIDs: [String] = []
        /// Hit rate with the hidden labels, over every non-cancelled stroke.
        public var trueHitRates: [Double] = []
        /// Hit rate with the derived labels, over the derived-labelled non-cancelled strokes.
        public var derivedHitRates: [Double] = []
        /// Spearman's ρ between ``trueHitRates`` and ``derivedHitRates``.
        public var spearman = Double.nan
        /// Share of non-cancelled strokes on which each policy picks the item the live policy settled on.
        public var liveAgreement: [Double] = []
        /// Spearman's ρ over the policies that agree with the live policy on less than
        /// ``BehaviourLabelValidation/twinAgreement`` of strokes: the ranking without the live policy
        /// and its twins, whose derived hit rates are inflated most by the censoring.
        public var spearmanWithoutLive = Double.nan

        public var labelled: Int { labelledByRule.values.reduce(0, +) }
        public var correct: Int { correctByRule.values.reduce(0, +) }
        /// Share of derived labels equal to the hidden label.
        public var accuracy: Double { labelled > 0 ? Double(correct) / Double(labelled) : .nan }
    }

    /// Agreement with the live policy from which a policy counts as its twin: 0.99.
    public static let twinAgreement = 0.99

    public let layout: CarouselLayout
    public let livePolicy: any SnapPolicy
    public let labeller: BehaviourLabeller
    public let assumptions: Assumptions

    public init(layout: CarouselLayout, livePolicy: any SnapPolicy, labeller: BehaviourLabeller = BehaviourLabeller(),
                assumptions: Assumptions = Assumptions()) {
        self.layout = layout
        self.livePolicy = livePolicy
        self.labeller = labeller
        self.assumptions = assumptions
    }

    /// Simulates `strokes` paging strokes by `users` users from `seed` and scores `policies`.
    /// - Throws: ``SwipeModelError`` or ``GSLError`` from the simulator.
    /// `row`, when given, is called for every stroke (cancelled ones too) with the session's
    /// telemetry, the swipe with its hidden truth, the derived label and each policy's item (empty
    /// for cancelled strokes).
    public func run(strokes: Int, users: Int, seed: UInt64, policies: [any SnapPolicy],
                    row: ((TelemetryStroke, SyntheticSwipe, BehaviourLabeller.Label?, [Int]) -> Void)? = nil) throws -> Result {
        let model = try SwipeModel(parameters: SwipeModelParameters(), layout: layout)
        let generator = try TraceGenerator(model: model, traceCount: strokes, userCount: users, seed: seed,
                                           livePolicy: livePolicy)
        let behaviour = try GSLRandom(seed: SeedMix.mix(seed ^ 0x1ABE_15))
        var result = Result()
        result.policyIDs = policies.map(\.id)
        var trueHits = [Int](repeating: 0, count: policies.count), derivedHits = trueHits, agree = trueHits
        var scored = 0, derivedScored = 0
        var scratch = SessionSimulator.Scratch()
        for chunk in 0..<generator.chunkCount {
            let swipes = try generator.swipes(inChunk: chunk)
            var start = 0
            while start < swipes.count {
                var end = start + 1
                while end < swipes.count && swipes[end].session == swipes[start].session { end += 1 }
                let session = Array(swipes[start..<end])
                let strokesOfSession = telemetry(session, using: behaviour)
                let labels = labeller.label(session: strokesOfSession)
                for (n, (swipe, label)) in zip(session, labels).enumerated() {
                    result.strokes += 1
                    if swipe.isCancelled { result.cancelled += 1; row?(strokesOfSession[n], swipe, label, []); continue }
                    if let label {
                        result.labelledByRule[label.rule, default: 0] += 1
                        if label.index == swipe.intendedIndex { result.correctByRule[label.rule, default: 0] += 1 }
                    }
                    let release = generator.simulator.release(of: swipe, scratch: &scratch)
                    scored += 1
                    if label != nil { derivedScored += 1 }
                    var items: [Int] = []
                    for (k, policy) in policies.enumerated() {
                        let item = policy.decide(release, in: layout).targetIndex
                        if item == swipe.intendedIndex { trueHits[k] += 1 }
                        if let label, item == label.index { derivedHits[k] += 1 }
                        if item == swipe.settledIndex { agree[k] += 1 }
                        if row != nil { items.append(item) }
                    }
                    row?(strokesOfSession[n], swipe, label, items)
                }
                start = end
            }
        }
        result.trueHitRates = trueHits.map { scored > 0 ? Double($0) / Double(scored) : .nan }
        result.derivedHitRates = derivedHits.map { derivedScored > 0 ? Double($0) / Double(derivedScored) : .nan }
        result.spearman = RankCorrelation.spearman(result.trueHitRates, result.derivedHitRates)
        result.liveAgreement = agree.map { scored > 0 ? Double($0) / Double(scored) : .nan }
        let others = policies.indices.filter { !(result.liveAgreement[$0] >= Self.twinAgreement) }
        result.spearmanWithoutLive = RankCorrelation.spearman(others.map { result.trueHitRates[$0] },
                                                              others.map { result.derivedHitRates[$0] })
        return result
    }

    /// The session as telemetry: the simulated times, with a goal dwell (and sometimes a tap)
    /// inserted after each goal's last stroke.
    func telemetry(_ session: [SyntheticSwipe], using rng: GSLRandom) -> [TelemetryStroke] {
        var shift = 0.0
        var out: [TelemetryStroke] = []
        out.reserveCapacity(session.count)
        for (i, swipe) in session.enumerated() {
            let settled = swipe.settledIndex ?? swipe.intendedIndex
            var stroke = TelemetryStroke(startTime: (swipe.times.first ?? 0) + shift, endTime: (swipe.times.last ?? 0) + shift,
                                         startIndex: swipe.startIndex, settledIndex: settled,
                                         direction: SnapMath.sign(swipe.releaseOffset - swipe.startOffset))
            let goalEnds = i + 1 < session.count && session[i + 1].stepInGoal == 0
            if goalEnds {
                shift += rng.lognormal(logMean: SnapMath.log(assumptions.goalDwellMedian), logStandardDeviation: assumptions.goalDwellLogSD)
                if settled == swipe.intendedIndex && rng.bernoulli(assumptions.tapShare) { stroke.tapIndex = settled }
            }
            out.append(stroke)
        }
        return out
    }
}
