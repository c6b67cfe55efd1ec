import ArgumentParser
import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapScoring
import SnapSwipeModel
import SnapReports

extension SnapLab.Generate {
    /// `generate --like FILE…`: fit the model to the recordings, save it (`--save-model`),
    /// generate `--traces N` like them and print recording vs generated statistics.
    func generateLike() throws {
        let started = Date()
        let base = try LayoutFields(layoutOptions.layout())
        let options = TraceReadOptions(baseLayout: base)
        var checks = DataChecks(velocity: options.velocity)
        checks.offersFramesOption = false  // --like reads the log as logged
        let (recording, read) = try RecordingSummary.read(paths: like, options: options) { checks.add($0) }
        for line in checks.lines() { Output.error.write(line + "\n") }
        // the task and live policy: the options, else a generated recording's sidecar, else the hit column and labels
        let sidecar = like.count == 1 ? try? GeneratorModelFile.read(path: GeneratorModelFile.sidecarPath(forTraceFile: like[0])) : nil
        let inferred = ModelCalibration.inferredTask(recording)
        let task = self.task ?? sidecar?.task ?? inferred.task
        if self.task == nil && sidecar == nil { Output.notice("task \(task.rawValue): \(inferred.reason)\n") }
        // --model START.json: the fit's start, of the recording's task and carousel
        let starting = try model.map { try LikeStart.read(path: $0, task: task, taskGiven: self.task != nil, layout: recording.layout) }
        // reveal is the task of a free-scrolling row (SwipeTask): its strokes rest where their flings end
        let liveID = livePolicy ?? sidecar?.livePolicy ?? starting?.file.livePolicy
            ?? (task == .paging ? nil : task == .reveal ? FreeScrollCarousel.identifier : "compose-lazyrow-snap")
        let live = try liveID.map { id throws(PolicyLookupError) in try FreeScrollCarousel.livePolicy(id: id) }
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        if self.seed == nil { Output.error.write("seed: \(seed)\n") }
        Output.notice("read \(recording.features.count) sample-level traces from \(like.count) file(s); "
                           + "task \(task.rawValue)\(liveID.map { ", live policy \($0)" } ?? "")\n")
        var calibration = ModelCalibration(task: task, livePolicy: live, seed: seed)
        calibration.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        calibration.infersScreen = screenEdge
        let cancelled = read.tracesRead > 0 ? Double(read.tracesCancelled) / Double(read.tracesRead) : 0
        let result = try calibration.calibrate(recording, cancelledShare: cancelled, base: starting?.file.parameters ?? SwipeModelParameters())
        Output.notice("calibrated in \(NumberFormat.fixed(Date().timeIntervalSince(started), 1)) s "
                           + "(\(result.rounds) rounds, rounds \(result.keptFrom)–\(result.rounds) averaged)\n")
        if let starting { Output.notice("note: \(starting.note(fittedKeys: ModelCalibration.fittedKeys(of: result)))\n") }
        for note in result.notes { Output.notice("note: \(note)\n") }
        try checkConvergence(result, source: "generate --like " + like.joined(separator: " "))
        if result.hasWidenedTolerance {
            Output.standard.write("fitted statistics as the convergence judgement saw them (a tolerance tighter than the recording's own "
                + "95% uncertainty of its target, a jackknife over its users, is widened to it)\n" + ModelCalibration.renderedTargets(result))
        }
        if !result.uncertainty.isEmpty {
            Output.standard.write("fitted parameters (95% intervals: jackknife over the recording's users through the fit's Jacobian; "
                + "coverage checked by Scripts/research/check-like.sh)\n" + ParameterUncertainty.rendered(result.uncertainty))
        }
        // the recording's own people: each user's standardised log gain and share of the strokes (RecordedUser)
        var fitted = result.parameters
        fitted.recordedUsers = RecordedUser.estimate(recording, gainLogSD: fitted.gainLogSD, task: task)
        let generator = try generate(calibrated: fitted, calibratedLayout: recording.layout,
                                     calibratedUsers: result.userCount, calibratedLive: liveID, chosenSeed: seed,
                                     uncertainty: result.uncertainty.isEmpty ? nil : result.uncertainty)
        var generated = try Self.measure(generator, selection: result.selection)
        generated.stallWindowWeight = recording.resolvedStallWindowWeight
        generated.fixedStrokeTimeSplit = ModelCalibration.sharedStrokeTimeSplit(recording, model: result.parameters, task: task)
        let rows = CalibrationTable.rows(recording: recording, generated: generated, fitted: result.drivingStatistics, task: task,
                                         fit: CalibrationTable.FitContext(result, recordedUsers: generator.recordedUsers))
        printTable(rows, title: "recording (\(recording.features.count) traces) vs generated (\(generated.features.count) measured), seed \(seed)")
        if let kinematics = KinematicsDistance.compare(KinematicsDistance.points(recording), KinematicsDistance.points(generated), seed: seed) {
            Output.standard.write(KinematicsDistance.rendered(kinematics))
        }
        try printVerdict(result, rows: rows, generator: generator, task: task, base: base, seed: seed, reference: "the recording")
    }

    /// The one verdict line `--like` and `--match` end with (``CalibrationVerdict``: usable for
    /// ranking or not, and why), after the `--rank-against` check when one is asked for.
    /// `reference` names what the generated traces were fitted to.
    func printVerdict(_ result: ModelCalibration.Result, rows: [CalibrationTable.Row], generator: TraceGenerator, task: SwipeTask,
                      base: LayoutFields, seed: UInt64, reference: String) throws {
        let rank = rankAgainst.isEmpty ? nil : try rankCheck(generator, criterion: task.hitCriterion ?? .exact, base: base, seed: seed)
        Output.standard.write(CalibrationVerdict(problems: result.problems, fittedCount: result.fittedCount, rows: rows,
                                                 rank: rank, rankedAgainst: rankAgainst, generated: traces, reference: reference,
                                                 matchedByWidening: result.matchedByWidening).line + "\n")
    }

    /// A fit with problems (``CalibrationProblem``) is an error, or with `--allow-unconverged` a counted warning.
    func checkConvergence(_ result: ModelCalibration.Result, source: String) throws {
        guard !result.problems.isEmpty else { return }
        let error = CalibrationError(problems: result.problems, fittedCount: result.fittedCount, source: source)
        guard allowUnconverged else { throw error }
        Output.error.write(error.warning + "\n")
    }

    /// Hit rates of every catalogue policy on `--rank-against` files and on the generated traces,
    /// and Spearman's ρ between them with its bootstrap interval over users (``RankBootstrap``, seed `seed`).
    func rankCheck(_ generator: TraceGenerator, criterion: HitCriterion, base: LayoutFields, seed: UInt64) throws -> RankBootstrap.Result {
        let policies = PolicyCatalog.all
        let options = TraceReadOptions(baseLayout: base)
        var checks = DataChecks(velocity: options.velocity)
        checks.offersFramesOption = false  // --like reads the log as logged
        let referenceHits = try PolicyHitRates.userHits(ofFiles: rankAgainst, options: options,
                                                        policies: policies, criterion: criterion) { checks.add($0) }
        for line in checks.lines() { Output.error.write(line + "\n") }
        var swipes: [SyntheticSwipe] = []
        try generator.forEachSwipe { swipes.append($0) }
        let generatedHits = try PolicyHitRates.userHits(of: swipes, policies: policies, layout: generator.model.layout, criterion: criterion)
        let reference = referenceHits.rates(policyCount: policies.count), generated = generatedHits.rates(policyCount: policies.count)
        let rank = try RankBootstrap.interval(reference: referenceHits, generated: generatedHits, policyCount: policies.count, seed: seed)
        let rows = policies.indices.sorted { reference[$0] > reference[$1] }.map { i in
            [policies[i].id, NumberFormat.fixed(reference[i], 3), NumberFormat.fixed(generated[i], 3)]
        }
        Output.standard.write("hit rates (\(criterion.rawValue)): \(rankAgainst.joined(separator: ", ")) vs generated\n"
            + TextTable(header: ["policy", "reference", "generated"], rows: rows, rightAligned: [1, 2]).rendered()
            + "Spearman rank correlation: \(NumberFormat.fixed(rank.rho, 3)), 95% interval \(CalibrationVerdict.interval(rank)) "
            + "(bootstrap over users: \(referenceHits.counts.count) reference and \(generatedHits.counts.count) generated users, "
            + "\(rank.resamples) resamples, seed \(rank.seed))\n")
        return rank
    }

    func printTable(_ rows: [CalibrationTable.Row], title: String) {
        Output.standard.write(title + "\n" + CalibrationTable.rendered(rows) + CalibrationTable.summary(rows) + "\n")
    }

    /// Measures (up to) the first 50,000 swipes of `generator` as a recording would be measured
    /// (with `selection`, only the strokes a recording with that selection keeps).
    static func measure(_ generator: TraceGenerator, selection: TraceSelection? = nil) throws -> RecordingSummary {
        var swipes: [SyntheticSwipe] = []
        var chunk = 0
        while chunk < generator.chunkCount && swipes.count < 50_000 {
            swipes += try generator.swipes(inChunk: chunk).filter { !$0.isCancelled }
            chunk += 1
        }
        let layout = generator.model.layout
        let estimator = LSQ2VelocityEstimator()
        let features = swipes.map { TraceFeatures($0, pitch: layout.stride, estimator: estimator) }
        return RecordingSummary(features: selection.map { s in features.filter(s.keeps) } ?? features, layout: layout)
    }

    /// `generate --match FACTS.json`: fit the model (from `--model` or the defaults, with the
    /// options' task, live policy, delivery and frame rate) to published statistics, then generate.
    func generateMatch(_ path: String) throws {
        // a file, `-` or a FIFO (InputFile); a wrong key or value is bad data (65), named
        let bytes: [UInt8]
        do { bytes = try InputFile.readJSON(path) } catch { throw error.traceParseError }
        let file = try StatisticTargetsFile.parse(bytes, path: path)
        if let warning = file.deprecationWarning(path: path) { Output.error.write(warning + "\n") }
        let targets = file.targets
        let saved = try model.map(GeneratorModelFile.read(path:))
        var start = saved?.parameters ?? SwipeModelParameters()
        start.recordedUsers = nil  // published statistics have no recorded people
        if let task { start.task = task }
        start.delivery.isEnabled = delivery.map { $0 == .frames } ?? true
        if let frameRate {
            start.delivery.frameRates = [Double(frameRate)]
            start.delivery.frameRateWeights = [1]
        }
        let layout: CarouselLayout
        if let savedLayout = try saved?.layout?.layout() {
            // the model file's layout, with the layout options given on the command line over it
            guard let merged = try layoutOptions.givenFields.merged(over: LayoutFields(savedLayout)).layout() else {
                throw ValidationError("the model file's layout with the layout options is not a complete layout")
            }
            layout = merged
        } else {
            layout = try layoutOptions.layout()
        }
        let liveID = livePolicy ?? saved?.livePolicy
        let live = try liveID.map { id throws(PolicyLookupError) in try FreeScrollCarousel.livePolicy(id: id) }
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        if self.seed == nil { Output.error.write("seed: \(seed)\n") }
        let started = Date()
        var calibration = ModelCalibration(task: start.task, livePolicy: live, seed: seed)
        calibration.fitsReleaseFraction = true
        // `Data/reveal.csv` and `Data/synthetic.csv` were matched this way: independent users and
        // diagonal steps, as before `--like` took the stratified and coupled ones
        calibration.userSampling = .independent
        calibration.coupledSteps = false
        calibration.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        let userCount = users ?? 100
        let result = try calibration.fitMoments(start, targets: targets, layout: layout, users: userCount, traces: 20_000)
        Output.notice("matched \(targets.count) statistics in \(NumberFormat.fixed(Date().timeIntervalSince(started), 1)) s\n")
        for note in result.notes { Output.notice("note: \(note)\n") }
        try checkConvergence(result, source: "generate --match " + path)
        let generator = try generate(calibrated: result.parameters, calibratedLayout: layout, calibratedUsers: userCount,
                                     calibratedLive: liveID, chosenSeed: seed)
        let rows = CalibrationTable.rows(targets: targets, generated: try Self.measure(generator), fitted: calibration.drivers(start: start, targets: targets),
                                         fit: CalibrationTable.FitContext(result, recordedUsers: generator.recordedUsers))
        printTable(rows, title: "published (\(path)) vs generated, seed \(seed)")
        try printVerdict(result, rows: rows, generator: generator, task: start.task, base: try LayoutFields(layoutOptions.layout()),
                         seed: seed, reference: "the published statistics")
    }
}
