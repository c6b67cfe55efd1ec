import Foundation
import SnapStrategies
import SnapTraces
import SnapScoring
import SnapLabSupport

/// `generate --like`: fits the swipe model to a recording (`Docs/swipe-model-calibration.md` §10).
///
/// **Direct estimates** (read off the recording): users and their activity spread, the frame
/// rate (from the median move interval, snapped to 60/90/120/144/240 Hz when within 5%), the
/// cancelled share, the goal distribution and direction mix when labelled (reveal: distance of
/// the target from the first fully visible item at the goal's first stroke; paging: the intents),
/// and for browse the direction mix and how often a stroke keeps the previous direction.
///
/// **Simulated moments** (indirect inference): the parameters below are adjusted together until
/// the generated traces' statistics equal the recording's. Each round simulates the current model
/// as replicates of the recording's own design (its traces by its users; same seeds every round:
/// common random numbers) and averages each statistic over them (`ModelCalibration+Simulation`),
/// then moves each parameter by the ratio (or, for a probability, the difference) between its
/// statistic on the recording and on the simulation, from round 3 on through the measured
/// Jacobian of all fitted statistics (chord-Newton, damped by 0.8; `ModelCalibration+Newton`).
/// The replicates' users are stratified and antithetic (``UserSampling``). The result averages the second half of the
/// rounds' iterates. Paging goal weights are reweighted each round until the strokes' intents
/// match the labels' (``reweightIntents(_:targets:simulated:)``).
///
/// Each parameter has a statistic that moves with it and little with the others: placed strokes
/// (holds) ← lift-offs that repeat the last move 15–40 ms or > 110 ms after it, and those 40–110 ms
/// after it weighted by their share of holds (a stall lasts 45–90 ms; `RecordingSummary+Holds`); stalls ← late lift-offs after a move still
/// near the stroke's peak speed (or gaps between moves); spreads ← 5%-trimmed log sds *within
/// users* (travel of the traces with ≥ 2 moves; travel / peak move speed, in which the amplitude cancels), so the recording's
/// few users' gains do not enter them; the user gain ← the between-user sd of log peak speed (the
/// gain enters it twice). Paging measures flicks apart from drags and stays
/// (`RecordingSummary+Styles`).
public struct ModelCalibration: Sendable {
    /// A parameter fitted by simulated moments, with the statistic that drives it.
    public struct Fitted: Sendable {
        public var name: String
        /// The parameter's path in a model file's `parameters` (`stroke.amplitudeLogSD`, `gainLogSD`).
        public var key: String
        public var statistic: StatisticKind
        /// Statistics that stand in when a target set lacks ``statistic`` (published summaries,
        /// `--match`): its ``StatisticKind/fallbackChain``.
        public var fallbacks: [StatisticKind] { statistic.fallbackChain }
        /// A probability (moved by differences, kept in [0, 1]) rather than a positive scale.
        public var isProbability: Bool
        public var get: @Sendable (SwipeModelParameters) -> Double
        public var set: @Sendable (inout SwipeModelParameters, Double) -> Void
        /// The sign of the statistic's response to the parameter known beforehand: −1 when the
        /// statistic falls as the parameter grows (the dwell and the first move's share of the
        /// travel). Rounds 1–2 step by it, and a measured slope of the other sign is taken as noise
        /// (``ModelCalibration/cleanJacobian(_:signs:)``).
        public var sign: Double = 1
        /// The range the search keeps the parameter in, where narrower than its valid range (its
        /// ``set`` clamps to it); ``ModelCalibration/problems(fitted:targets:history:returned:stoppedBy:jacobian:precision:)``
        /// names a value at either end as at a limit. `nil`: a scale kept ≥ 0.001, a probability in [0, 1].
        public var limits: ClosedRange<Double>? = nil
        /// What ``get`` returns, as a message names it, when that is not the model file's value at
        /// ``key`` (the projector preference's mean `a/(a + b)` of its two keys); `nil`: `parameters.<key>`.
        public var valueName: String? = nil
        /// What the parameter is to the search beyond its statistic (``Role``).
        public var role: Role = .plain

        /// A fitted parameter's part in the search, declared with it once (the search read it off
        /// the name before: `name.contains("release earliness")`).
        public enum Role: Sendable, Hashable {
            case plain
            /// The release earliness `q` (``ModelCalibration/releaseRange(earliness:)``): fitted only
            /// when ``ModelCalibration/fitsReleaseFraction`` is on, to
            /// ``ModelCalibration/earlinessStatistic`` when that is set.
            case releaseEarliness
        }

        /// The first of ``statistic`` and ``fallbacks`` that `targets` gives a finite value for.
        func driver(in targets: [StatisticKind: Double]) -> StatisticKind? {
            ([statistic] + fallbacks).first { targets[$0]?.isFinite == true }
        }
    }

    /// The fitted parameters for `task` (stroke parameters for reveal and browse, flick and drag
    /// parameters for paging).
    public static func fittedParameters(task: SwipeTask) -> [Fitted] {
        var list: [Fitted] = []
        if task == .paging {
            list += [
                Fitted(name: "flick amplitude median (pt)", key: "flickAmplitudeMedian", statistic: .stepperTravelLocation, isProbability: false,
                       get: { $0.flickAmplitudeMedian }, set: { $0.flickAmplitudeMedian = $1 }),
                Fitted(name: "flick amplitude log sd", key: "flickAmplitudeLogSD", statistic: .flickTravelSpread, isProbability: false,
                       get: { $0.flickAmplitudeLogSD }, set: { $0.flickAmplitudeLogSD = $1 }),
                Fitted(name: "flick duration median (ms; drags and stays scale with it)", key: "flickDurationMedian", statistic: .flickStrokeTimeLocation,
                       isProbability: false, get: { $0.flickDurationMedian }, set: { p, x in
                           let r = x / p.flickDurationMedian
                           p.flickDurationMedian = x
                           p.dragDurationMedian *= r
                           p.stayDurationMedian *= r
                       }),
                Fitted(name: "duration log sd (flicks and drags)", key: "flickDurationLogSD", statistic: .durationSpread, isProbability: false,
                       get: { $0.flickDurationLogSD }, set: { p, x in
                           p.dragDurationLogSD *= x / p.flickDurationLogSD
                           p.flickDurationLogSD = x
                       }),
                Fitted(name: "flick release earliness q (ρ ~ U(1 − 1.5q, 1 − 0.5q))", key: "flickReleaseRange", statistic: .releaseSpeedP50,
                       isProbability: false, get: { earliness($0.flickReleaseRange) },
                       set: { $0.flickReleaseRange = releaseRange(earliness: $1) }, limits: earlinessLimits,
                       valueName: "flick release earliness q = 1 − midpoint of parameters.flickReleaseRange", role: .releaseEarliness),
                Fitted(name: "drag hold probability", key: "dragHoldProbability", statistic: .dragHeldShare, isProbability: true,
                       get: { $0.dragHoldProbability }, set: { $0.dragHoldProbability = $1 }),
            ]
        } else {
            list += [
                Fitted(name: "stroke amplitude median (pitches)", key: "stroke.amplitudeMedian", statistic: .travelLocation, isProbability: false,
                       get: { $0.stroke.amplitudeMedian }, set: { $0.stroke.amplitudeMedian = $1 }),
                Fitted(name: "stroke amplitude log sd", key: "stroke.amplitudeLogSD", statistic: .movedTravelSpread,
                       isProbability: false,
                       get: { $0.stroke.amplitudeLogSD }, set: { $0.stroke.amplitudeLogSD = $1 }),
                Fitted(name: "stroke duration median (ms)", key: "stroke.durationMedian", statistic: .motionTimeLocation, isProbability: false,
                       get: { $0.stroke.durationMedian }, set: { $0.stroke.durationMedian = $1 }),
                Fitted(name: "stroke duration log sd", key: "stroke.durationLogSD", statistic: .strokeTimeSpread, isProbability: false,
                       get: { $0.stroke.durationLogSD }, set: { $0.stroke.durationLogSD = $1 }),
                Fitted(name: "stroke release earliness q (ρ ~ U(1 − 1.5q, 1 − 0.5q))", key: "stroke.releaseRange", statistic: .releaseSpeedP50,
                       isProbability: false, get: { earliness($0.stroke.releaseRange) },
                       set: { $0.stroke.releaseRange = releaseRange(earliness: $1) }, limits: earlinessLimits,
                       valueName: "stroke release earliness q = 1 − midpoint of parameters.stroke.releaseRange", role: .releaseEarliness),
                Fitted(name: "placed-stroke probability", key: "stroke.holdProbability", statistic: .weightedHeld, isProbability: true,
                       get: { $0.stroke.holdProbability }, set: { $0.stroke.holdProbability = $1 }),
            ]
        }
        list += [
            Fitted(name: "touch-down dwell median (ms)", key: "delivery.touchDownDwellMedian", statistic: .firstMoveLocation, isProbability: false,
                   get: { $0.delivery.touchDownDwellMedian }, set: { $0.delivery.touchDownDwellMedian = $1 }),
            Fitted(name: "lift repeat probability", key: "delivery.liftRepeatProbability", statistic: .liftRepeatShare, isProbability: true,
                   get: { $0.delivery.liftRepeatProbability }, set: { $0.delivery.liftRepeatProbability = $1 }),
            Fitted(name: "lift repeat delay median (ms)", key: "delivery.liftRepeatDelayMedian", statistic: .repeatDelayLocation, isProbability: false,
                   get: { $0.delivery.liftRepeatDelayMedian }, set: { $0.delivery.liftRepeatDelayMedian = $1 }),
            Fitted(name: "stall probability", key: "delivery.stallProbability", statistic: .stopped, isProbability: true,
                   get: { $0.delivery.stallProbability }, set: { $0.delivery.stallProbability = $1 }),
            Fitted(name: "user gain log sd", key: "gainLogSD", statistic: task == .paging ? .styleGainSpread : .pooledSpeedSpread, isProbability: false,
                   get: { $0.gainLogSD }, set: { $0.gainLogSD = $1 }),
        ]
        return list
    }

    /// `fitted` for scan delivery (``InputDeliveryParameters/isEnabled`` false): the frame
    /// delivery's parameters (dwell, lift repeat, stalls) do not act on one row per scan and are
    /// not fitted; a hold shows as rows of sensor noise, not as a repeated lift-off, so the hold
    /// probabilities answer to the strokes at rest over their last 50 ms (``StatisticKind/restedShare``);
    /// the lift tail (which only scans have) answers to the reversing lift-offs
    /// (``StatisticKind/liftReversalShare``) and, with a scan rest (`rest`), its median to the
    /// motion onset (``StatisticKind/onsetLocation``).
    static func withScanDelivery(_ fitted: [Fitted], rest: Bool) -> [Fitted] {
        var out = fitted.filter { !$0.key.hasPrefix("delivery.") }
        for i in out.indices where out[i].key == "dragHoldProbability" || out[i].key == "stroke.holdProbability" {
            out[i].statistic = .restedShare
        }
        out.append(Fitted(name: "lift tail probability", key: "liftTailProbability", statistic: .liftReversalShare, isProbability: true,
                          get: { $0.liftTailProbability }, set: { $0.liftTailProbability = $1 }))
        if rest {
            out.append(Fitted(name: "scan rest median (ms)", key: "delivery.scanRestMedian", statistic: .onsetLocation, isProbability: false,
                              get: { $0.delivery.scanRestMedian ?? .nan }, set: { $0.delivery.scanRestMedian = $1 }))
        }
        return out
    }

    /// The parameters ``fitMoments(_:targets:layout:users:traces:replicates:notes:)`` fits from
    /// `start` (the one list of them), each with the statistic that drives it in `targets` (its own
    /// or, for the release earliness, ``earlinessStatistic``, else the first of its fallbacks with
    /// a finite target; `nil`: none, and the parameter keeps its value).
    func candidates(from start: SwipeModelParameters, targets: [StatisticKind: Double]) -> [(Fitted, StatisticKind?)] {
        var candidates = start.delivery.firstDeliveryMedian == nil ? Self.fittedParameters(task: task)
            : Self.withWithheldMoves(Self.fittedParameters(task: task))
        if !start.delivery.isEnabled { candidates = Self.withScanDelivery(candidates, rest: start.delivery.scanRestMedian != nil) }
        if fitsReleaseShape {
            candidates = Self.withReleaseShape(candidates, withheld: start.delivery.firstDeliveryMedian != nil,
                                               movingStart: start.stroke.movingStartShare != nil, opening: start.trials?.openingReleaseEnd != nil)
        }
        if task == .paging { candidates = Self.withPagingStrokes(candidates, start: start) }
        return candidates.filter { fitsReleaseFraction || $0.role != .releaseEarliness }.map { x in
            let own = x.role == .releaseEarliness ? earlinessStatistic.flatMap { targets[$0]?.isFinite == true ? $0 : nil } : nil
            return (x, own ?? x.driver(in: targets))
        }
    }

    /// The statistics that drive the parameters fitted from `start` to `targets`
    /// (``candidates(from:targets:)``, as ``fitMoments(_:targets:layout:users:traces:replicates:notes:)``
    /// takes them): the table's "fitted" rows.
    public func drivers(start: SwipeModelParameters, targets: [StatisticKind: Double]) -> Set<StatisticKind> {
        Set(candidates(from: start, targets: targets).compactMap(\.1))
    }

    /// `q = 1 − midpoint` of a release range (0.3 for the default U(0.55, 0.85)).
    static func earliness(_ r: ClosedRange<Double>) -> Double { 1 - (r.lowerBound + r.upperBound) / 2 }

    /// The range the release earliness `q` is kept in.
    static let earlinessLimits: ClosedRange<Double> = 0.02...0.3

    /// `ρ ~ U(1 − 1.5q, 1 − 0.5q)`, `q` kept in ``earlinessLimits``: released later (slower) as `q` falls.
    static func releaseRange(earliness q: Double) -> ClosedRange<Double> {
        let q = min(max(q, earlinessLimits.lowerBound), earlinessLimits.upperBound)
        return (1 - 1.5 * q)...(1 - 0.5 * q)
    }

    /// What a calibration found.
    public struct Result: Sendable {
        public var parameters: SwipeModelParameters
        public var userCount: Int
        /// Rounds run, and the first round of those averaged into the result (with
        /// ``ModelCalibration/Settling/dampedBest``: the round kept).
        public var rounds: Int
        public var keptFrom: Int
        /// Notes on what could not be estimated.
        public var notes: [String]
        /// Each fitted parameter's standard error and 95% interval (``ParameterUncertainty``;
        /// `calibrate` fills it, empty when the Jacobian was not measured).
        public var uncertainty: [ParameterUncertainty] = []
        /// The fitted parameters with their driving statistics, the Jacobian of the statistics to the
        /// parameters measured in round 3 (`nil` with fewer rounds) and the simulated replicates per
        /// round: what ``ModelCalibration/uncertainty(of:recording:)`` needs.
        var fitted: [(Fitted, StatisticKind)] = []
        /// The statistics that drove the fitted parameters (the table's "fitted" rows).
        public var drivingStatistics: Set<StatisticKind> { Set(fitted.map(\.1)) }
        var jacobian: [[Double]]?
        var replicates = 1
        /// Fitted parameters at a limit of the search, or whose statistic is not its target, in the
        /// model returned, ``parameters`` (``ModelCalibration/problems(fitted:targets:history:returned:stoppedBy:jacobian:precision:)``):
        /// `generate` refuses the model unless `--allow-unconverged`.
        public var problems: [CalibrationProblem] = []
        /// The recording's selection of strokes the simulated ones were measured with (``TraceSelection``).
        public var selection: TraceSelection?
        /// The targets, the returned model's simulated statistics and the recording's own uncertainty
        /// of each target, as the convergence judgement saw them (``ModelCalibration/renderedTargets(_:)``).
        public var targets: [StatisticKind: Double] = [:], returnedStatistics: [StatisticKind: Double] = [:]
        public var targetUncertainty: [StatisticKind: TargetUncertainty] = [:]
        /// The number of parameters fitted.
        public var fittedCount: Int { fitted.count }
    }

    public let task: SwipeTask
    public let livePolicy: (any SnapPolicy)?
    public let seed: UInt64
    /// Traces simulated per round: max(5 × recording, 20,000), at most 30,000, as replicates of the
    /// recording's own design (its traces and users; as many whole replicates as fit, at least one).
    public var simulatedTraces: Int?
    public var rounds = 10
    /// Also fit the release earliness `q` to the release speed p50 (`--match`; off for `--like`,
    /// where on 2,000 traces it trades off against the amplitude).
    public var fitsReleaseFraction = false
    /// Fit the release's end and width apart, the hold mean, and with withheld moves the dwell to the
    /// first move's share (`ModelCalibration+ReleaseShape`; `calibrate` sets it for a reveal or browse
    /// recording of trials).
    public var fitsReleaseShape = false
    /// The release earliness's statistic when not its own (``StatisticKind/lateSpeedP50`` for a study's trials: the finger's speed over its last 50 ms, which a frame-delivered recording keeps where LSQ2 reads 0 on a quarter of the strokes).
    public var earlinessStatistic: StatisticKind?
    public var threads = 1
    /// The recording's traces per user (its design), which every simulated replicate repeats
    /// (`calibrate` sets it; `nil`: `traces` by `users` users drawn by activity).
    public var designTracesPerUser: [Int]?
    /// The recording's stall-window weight (``RecordingSummary/resolvedStallWindowWeight``), which
    /// every simulated data set is measured with (`calibrate` sets it; `nil`: each its own).
    public var stallWindowWeight: Double?
    /// The recording's log stroke-time split (``sharedStrokeTimeSplit(_:model:task:)``), which every
    /// simulated data set is measured with (`calibrate` sets it; `nil`: each its own 2-means split).
    public var strokeTimeSplit: Double?
    /// The recording's own selection of strokes (``TraceSelection``), applied to every simulated
    /// data set before it is measured (`calibrate` sets it; `nil`: every generated stroke).
    public var selection: TraceSelection?
    /// How the simulated replicates' users are drawn (``UserSampling``): stratified gains and motor
    /// noises, and each odd replicate the antithetic mirror of the one before it.
    public var userSampling: ReplicateUserSampling = .stratifiedAntithetic
    /// Rounds 3 on take the full chord-Newton step `J⁻¹ r` (`ModelCalibration+Newton`); `false`:
    /// each parameter by its own statistic only (the diagonal of `J`).
    public var coupledSteps = true
    /// How the search ends (``Settling``, `ModelCalibration+Settling`; a research switch).
    public var settling: Settling = .averaged
    /// Read the screen (``ScreenParameters``: touch-down room and the edge) off a recording with
    /// finger positions (`touch_x`) logged one row per frame (`calibrate`; `generate --like
    /// --screen-edge`). Off by default: on the A30 home fit it did not improve the figures
    /// (`Docs/research/2026-11-30-home-fit-screen-edge.md`).
    public var infersScreen = false
    /// The recording's own uncertainty of each target (``TargetUncertainty``), which widens a fitted
    /// statistic's tolerance in the convergence judgement (`calibrate` sets it; empty: fixed tolerances).
    public var targetUncertainty: [StatisticKind: TargetUncertainty] = [:]

    public init(task: SwipeTask, livePolicy: (any SnapPolicy)?, seed: UInt64) {
        self.task = task
        self.livePolicy = livePolicy
        self.seed = seed
    }

    /// Fits the model to `recording`, starting from `base` for everything not estimated.
    public func calibrate(_ recording: RecordingSummary, cancelledShare: Double = 0,
                          base: SwipeModelParameters = SwipeModelParameters()) throws -> Result {
        var p = base
        var notes: [String] = []
        p.task = task
        p.delivery.isEnabled = true
        p.cancelledShare = min(max(cancelledShare, 0), 0.5)
        let f = recording.features
        // users and activity
        var counts: [Int: Int] = [:]
        for x in f { counts[x.user, default: 0] += 1 }
        let users = max(counts.count, 1)
        let logCounts = RecordingSummary.inKeyOrder(counts).map { log(Double($0)) }
        if logCounts.count >= 3 {
            let m = logCounts.reduce(0, +) / Double(logCounts.count)
            p.activityLogSD = (logCounts.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(logCounts.count - 1)).squareRoot()
        }
        // delivery: one row per touch scan (its rates, jitter and a rest before the motion) or per
        // display frame (the frame rate below), read off the recording (DeliveryInference)
        let delivery = DeliveryInference.infer(f)
        if let delivery {
            delivery.apply(to: &p)
            notes.append(delivery.note)
        }
        let interval = Percentile.of(f.compactMap(\.moveInterval), 0.5)
        if delivery?.rows != .scan {
            if interval.isFinite && interval > 0 {
                p.delivery.frameRates = [DeliveryInference.knownRate(near: 1000 / interval) ?? 1000 / interval]
                p.delivery.frameRateWeights = [1]
            } else {
                notes.append("frame rate: too few moves to measure; kept the default mix")
            }
        }
        estimateGoals(f, layout: recording.layout, into: &p, notes: &notes)
        var target = recording.statisticValues
        if task == .paging { notes += Self.pagingStrokes(like: recording, statistics: target, into: &p) }
        if task != .browse, let (trials, note) = Self.trialStructure(f, layout: recording.layout) {
            p.trials = trials
            notes.append(note)
        }
        if infersScreen {
            let (screen, note) = ScreenParameters.inferred(from: recording, frameDelivery: p.delivery.isEnabled)
            if let screen { p.screen = screen }
            notes.append(note)
        }
        try SwipeModel.validate(p)

        if task == .paging { target.merge(Self.intentShares(f)) { a, _ in a } }
        let n = simulatedTraces ?? min(max(5 * f.count, 20_000), 30_000)
        // replicates of the recording's design: its traces (cancelled ones are generated and left
        // out, as the reader leaves them out) by its users, so that every statistic, the between-user
        // spreads over its few users included, is compared with its own expectation at that size
        let perReplicate = max(Int((Double(f.count) / (1 - p.cancelledShare)).rounded()), 1)
        let replicates = max(Int((Double(n) / Double(perReplicate)).rounded()), 1)
        var design = self
        // a study's trials: the release speed is fitted too, to the finger's late speed (release
        // kinematics first, issue 32)
        if p.trials != nil {
            design.fitsReleaseFraction = true
            design.earlinessStatistic = .lateSpeedP50
            if task != .paging {
                design.fitsReleaseShape = true
                notes += Self.prepareReleaseShape(&p, moveGaps: target[.moveGapShare], lateLifts: target[.liftedLate])
            }
        } else if !p.delivery.isEnabled {
            // one row per scan: the LSQ2 release speed reads the finger's own speed at lift-off
            design.fitsReleaseFraction = true
        }
        design.designTracesPerUser = counts.keys.sorted().map { counts[$0]! }
        design.stallWindowWeight = recording.resolvedStallWindowWeight
        design.strokeTimeSplit = Self.sharedStrokeTimeSplit(recording, model: p, task: task)
        design.selection = TraceSelection.of(f)
        design.targetUncertainty = Self.targetUncertainties(of: Array(target.keys), recording: recording)
        if let s = design.selection { notes.append(s.note) }
        var result = try design.fitMoments(p, targets: target, layout: recording.layout, users: users, traces: perReplicate,
                                           replicates: replicates, notes: notes)
        result.userCount = users
        result.selection = design.selection
        result.uncertainty = Self.uncertainty(of: result, recording: recording)
        return result
    }

    /// Simulated moments from `start`: adjusts the fitted parameters until `n` simulated traces by
    /// `users` users (averaged over `replicates` such data sets) reproduce `targets` (statistic name →
    /// value; ``RecordingSummary/statistics`` names). Parameters whose statistics (and fallbacks)
    /// are missing keep their values.
    public func fitMoments(_ start: SwipeModelParameters, targets target: [StatisticKind: Double], layout: CarouselLayout,
                           users: Int, traces n: Int, replicates: Int = 1, notes: [String] = []) throws -> Result {
        var p = start, notes = notes
        try SwipeModel.validate(p)
        var fitted: [(Fitted, StatisticKind)] = []
        for (x, driver) in candidates(from: start, targets: target) {
            if let d = driver {
                fitted.append((x, d))
            } else {
                notes.append("\(x.name): no '\(x.statistic.id)' (\(x.statistic.label)) to fit to; kept \(NumberFormat.fixed(x.get(p), 3))")
            }
        }
        // Rounds 1–2 move each parameter by its statistic's ratio (probabilities: difference) as if
        // the statistic were proportional to it. Then every statistic's response to each parameter
        // is measured once, one parameter at a time (common random numbers, half the replicates, or
        // with one replicate half the traces and users), and later rounds are chord-Newton steps
        // `J⁻¹ r` with that Jacobian (`ModelCalibration+Newton`; with `coupledSteps` off, or when
        // the system is ill-conditioned, each parameter by its own slope only: a statistic that
        // moves half as fast as its parameter gets twice the step), damped by 0.8. The result averages the iterates of the second half
        // (Polyak averaging, which damps the round-to-round noise of the simulated statistics), and
        // is judged on its own statistics, simulated once more (`returnedModel`, `problems`).
        let total = max(rounds, 2)
        var kept: [SwipeModelParameters] = []
        var jacobian = (0..<fitted.count).map { i in (0..<fitted.count).map { $0 == i ? fitted[i].0.sign : 0 } }
        var measured = false, remeasure = false, remeasured = 0
        var history: [Round] = [], stoppedBy: (error: SwipeModelError, step: SwipeModelParameters)?
        var misfits: [Double] = [], control = StepControl()
        for round in 1...total {
            let sim = try statistics(p, layout: layout, traces: n, users: users, replicates: replicates)
            // measured in round 3, and again (``boundRemeasures`` times at most) in the round after
            // a parameter reached a bound: the slopes measured away from it do not hold there
            if round == 3 || (remeasure && remeasured < Self.boundRemeasures) {
                jacobian = try designJacobian(fitted, at: p, layout: layout, traces: n, users: users, replicates: replicates)
                if measured { remeasured += 1 }
                measured = true
            }
            remeasure = false
            // residuals: log ratio for a scale, difference for a share (0 when missing)
            let residuals = fitted.map { x, statistic -> Double in
                guard let want = target[statistic], let got = sim[statistic], got.isFinite else { return 0 }
                if x.isProbability { return want - got }
                return want > 0 && got > 0 ? log(want / got) : 0
            }
            let diagonal = residuals.indices.map { residuals[$0] / jacobian[$0][$0] }
            let held = Self.heldAtBounds(fitted.map(\.0), at: p, diagonal: diagonal)
            var step = round <= 2 || !coupledSteps ? diagonal
                : (Self.newtonStep(jacobian: jacobian, residuals: residuals, held: held) ?? diagonal.indices.map { held.contains($0) ? 0 : diagonal[$0] })
            misfits.append(Self.misfit(fitted: fitted, targets: target, simulated: sim))
            var from = p, damping = round <= 2 ? 1.0 : 0.8
            if settling == .dampedBest && round >= 3 {  // ModelCalibration+Settling
                (from, step) = control.control(p, misfit: misfits[round - 1], step: step)
                damping = control.damping
            }
            var next = Self.stepped(from, by: step, damping: damping, fitted: fitted)
            if task == .paging { Self.reweightIntents(&next, targets: target, simulated: sim) }  // no-op without intent shares
            remeasure = measured && fitted.contains { x, _ in
                Self.boundSide(of: x, at: x.get(next)) != 0 && Self.boundSide(of: x, at: x.get(p)) == 0
            }
            if round > total / 2 { kept.append(p) }
            history.append(Round(parameters: p, simulated: sim, next: next))
            do { try SwipeModel.validate(next) } catch {
                stoppedBy = (error, next)
                break
            }
            p = next
        }
        var best = averaged(p, kept: kept, fitted: fitted, targets: target), keptFrom = total / 2 + 1
        var what = Returned.averaging(kept.count, from: keptFrom, rounds: history.count)
        if settling == .dampedBest, stoppedBy == nil {  // the best round, judged by its own statistics
            let b = Self.bestRound(misfits)
            (best, history, keptFrom, what) = (history[b].parameters, Array(history.prefix(b + 1)), b + 1, "round \(b + 1), the smallest misfit")
        }
        let returned = try returnedModel(best, what, history: history, layout: layout, traces: n, users: users, replicates: replicates)
        return Result(parameters: best, userCount: users, rounds: total, keptFrom: keptFrom,
                      notes: notes + Self.fenceNotes(fitted: fitted, targets: target, history: history, returned: returned, precision: targetUncertainty),
                      fitted: fitted, jacobian: measured ? jacobian : nil, replicates: replicates,
                      problems: Self.problems(fitted: fitted, targets: target, history: history, returned: returned, stoppedBy: stoppedBy,
                                              jacobian: measured ? jacobian : nil, precision: targetUncertainty),
                      targets: target, returnedStatistics: returned.simulated, targetUncertainty: targetUncertainty)
    }

    /// Goal distribution and direction mix from the labels (or, unlabelled, from the strokes).
    func estimateGoals(_ f: [TraceFeatures], layout: CarouselLayout, into p: inout SwipeModelParameters, notes: inout [String]) {
        var firsts: [TraceFeatures] = []
        var previous: TraceFeatures?
        for x in f {
            let sameGoal = previous.map { $0.user == x.user && $0.session == x.session && x.session != nil
                && $0.intendedIndex == x.intendedIndex } ?? false
            if !sameGoal { firsts.append(x) }
            previous = x
        }
        let labelled = firsts.filter { $0.intendedIndex != nil }
        switch task {
        case .reveal where !labelled.isEmpty:
            var histogram: [Int: Int] = [:]
            var forward = 0
            for x in labelled {
                let first = Int(((x.startOffset - layout.leadingInset - 0.5) / layout.stride).rounded(.up))
                let d = x.intendedIndex! - first
                if d > 0 { forward += 1 }
                if d != 0 { histogram[min(abs(d), 1000), default: 0] += 1 }
            }
            if !histogram.isEmpty {
                let keys = histogram.keys.sorted()
                p.stroke.goalDistances = keys
                p.stroke.goalDistanceWeights = keys.map { Double(histogram[$0]!) }
                p.stroke.forwardShare = Double(forward) / Double(labelled.count)
            }
        case .paging where !labelled.isEmpty:
            var histogram: [Int: Int] = [:]
            for x in labelled { histogram[max(min(x.intent!, 1000), -1000), default: 0] += 1 }
            let keys = histogram.keys.sorted()
            p.intents = keys
            p.intentWeights = keys.map { Double(histogram[$0]!) }
            notes.append("paging goals: the labels' intents per goal, reweighted until the simulated strokes' intents match the labels' (a page-stepper series is labelled step by step)")
        case .browse, .reveal, .paging:
            let summary = RecordingSummary(features: f, layout: layout)
            let forward = Double(f.filter { $0.travel > 0 }.count) / Double(max(f.count, 1))
            p.stroke.forwardShare = forward
            if summary.sameDirectionShare.isFinite { p.stroke.browseKeepDirection = summary.sameDirectionShare }
            if task != .browse { notes.append("goal distribution: the recording is unlabelled; kept the default goals") }
        }
    }
}
