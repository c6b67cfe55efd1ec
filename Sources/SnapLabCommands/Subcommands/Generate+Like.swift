import ArgumentParser
import Foundation
import SnapEvaluator
import SnapStrategies

extension SnapLab.Generate {
    /// `generate --like FILE…`: fit the model to the recordings, save it (`--save-model`),
    /// generate `--traces N` like them and print recording vs generated statistics.
    func generateLike() throws {
        let started = Date()
        let base = try LayoutFields(layoutOptions.layout())
        let (recording, read) = try RecordingSummary.read(paths: like, options: TraceReadOptions(baseLayout: base))
        // the task and live policy: the options, else a generated recording's sidecar, else the hit column and labels
        let sidecar = like.count == 1 ? try? GeneratorModelFile.read(path: GeneratorModelFile.sidecarPath(forTraceFile: like[0])) : nil
        let task = self.task ?? sidecar?.task ?? (recording.hit == .revealed ? .reveal
                                 : recording.features.contains { $0.intendedIndex != nil } ? .paging : .browse)
        let liveID = livePolicy ?? sidecar?.livePolicy ?? (task == .paging ? nil : "compose-lazyrow-snap")
        let live = try liveID.map { id throws(PolicyLookupError) in try PolicyCatalog.policy(id: id) }
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        if self.seed == nil { Output.error.write("seed: \(seed)\n") }
        Output.notice("read \(recording.features.count) sample-level traces from \(like.count) file(s); "
                           + "task \(task.rawValue)\(liveID.map { ", live policy \($0)" } ?? "")\n")
        var calibration = ModelCalibration(task: task, livePolicy: live, seed: seed)
        calibration.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        let cancelled = read.tracesRead > 0 ? Double(read.tracesCancelled) / Double(read.tracesRead) : 0
        var start = SwipeModelParameters()
        if let model { start = try GeneratorModelFile.read(path: model).parameters }
        let result = try calibration.calibrate(recording, cancelledShare: cancelled, base: start)
        Output.notice("calibrated in \(NumberFormat.fixed(Date().timeIntervalSince(started), 1)) s "
                           + "(\(result.rounds) rounds, rounds \(result.keptFrom)–\(result.rounds) averaged)\n")
        for note in result.notes { Output.notice("note: \(note)\n") }
        let generator = try generate(calibrated: result.parameters, calibratedLayout: recording.layout,
                                     calibratedUsers: result.userCount, calibratedLive: liveID, chosenSeed: seed)
        // measure (up to) the first 50,000 generated traces exactly as the recording was measured
        var swipes: [SyntheticSwipe] = []
        var chunk = 0
        while chunk < generator.chunkCount && swipes.count < 50_000 {
            swipes += try generator.swipes(inChunk: chunk).filter { !$0.isCancelled }
            chunk += 1
        }
        let estimator = LSQ2VelocityEstimator()
        let generated = RecordingSummary(features: swipes.map { TraceFeatures($0, pitch: recording.layout.stride, estimator: estimator) },
                                         layout: recording.layout)
        let fitted = Set(ModelCalibration.fittedParameters(task: task).map(\.statistic))
        let rows = CalibrationTable.rows(recording: recording, generated: generated, fitted: fitted)
        var text = "recording (\(recording.features.count) traces) vs generated (\(generated.features.count) measured), seed \(seed)\n"
        text += CalibrationTable.rendered(rows)
        let failed = rows.filter { $0.passes == false }.count
        text += "\(rows.filter { $0.passes == true }.count) of \(rows.filter { $0.passes != nil }.count) statistics within tolerance"
            + (failed > 0 ? "; \(failed) not matched (see notes)" : "") + "\n"
        Output.standard.write(text)
    }
}
