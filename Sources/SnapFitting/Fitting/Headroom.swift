import Dispatch
import SnapStrategies
import SnapLabSupport
import SnapGSL
import SnapTraces
import SnapScoring

/// The headroom of release-time policies on a data set: the cross-validated hit rate of a
/// flexible classifier (``HeadroomClassifier``, boosted decision stumps) on the features of
/// ``LearnedThresholdSnap`` — an estimate of the best any policy that decides from these features
/// at lift-off could do on this data, so a user sees how far a chosen policy is from it.
///
/// Procedure: the same user-grouped folds as ``CrossValidatedFit`` and ``Recommendation``
/// (``GroupedFolds`` with the same `folds` and `seed` give the same folds); per fold the
/// classifier learns on the other folds and predicts `k` on the fold's traces; a prediction
/// becomes the decision `start slot + k` (clamped as a policy's), scored with the trace's hit
/// criterion like any policy (traces with a non-finite feature stay on their start item). The
/// result is the mean of the fold hit rates and their standard error (standard deviation over
/// `√K`). The folds run in parallel; each fold's subsampling is seeded with `seed + fold`, so the
/// result does not depend on scheduling. A fold with more than `trainingCap` training traces
/// (default ``LearnedSample/defaultCap``) learns from a seeded user-stratified subsample of them
/// (``LearnedSample``; said in ``summary``); it predicts every test trace.
///
/// It is an estimate, not a bound: a richer classifier or more features could do better, and on
/// small data the classifier itself overfits (then it can score below a fitted policy).
public struct Headroom: Sendable {
    public var foldScores: [Double]
    public var testScore: Double
    public var testStandardError: Double
    public var folds: Int
    public var seed: UInt64
    public var rounds: Int
    /// The most training traces a fold learned from (``LearnedSample``), when some fold had more; `nil`: all of them.
    public var trainingCap: Int?

    /// Runs the procedure above on `data`.
    /// - Throws: ``FitError`` (no data, too few users), ``GSLError``.
    public static func run(data: FitData, folds k: Int = 5, seed: UInt64 = 1, rounds: Int = 80,
                           trainingCap: Int = LearnedSample.defaultCap) throws -> Headroom {
        guard data.count > 0 else { throw FitError.emptyData(operation: "headroom", detail: "no labelled traces") }
        guard rounds >= 1 else { throw FitError.invalidOption(name: "rounds", value: "\(rounds)", expected: "at least 1") }
        let grouping = try GroupedFolds(data: data, folds: k, seed: seed, adapting: true)
        return try run(data: data, grouping: grouping, seed: seed, rounds: rounds, parallelFolds: true, trainingCap: trainingCap)
    }

    /// The procedure on the folds of a job (``GroupedFolds`` with `seed`; ``Recommendation``
    /// shares its folds). The features are computed from the releases where needed
    /// (``HeadroomClassifier/Rows``): a fold holds one byte per trace and feature and its training
    /// rows' class scores.
    /// - Parameter parallelFolds: run the folds in parallel (`false`: one after the other, so one
    ///   fold's classifier is in memory at a time; the result is the same).
    static func run(data: FitData, grouping: GroupedFolds, seed: UInt64, rounds: Int = 80,
                    parallelFolds: Bool, trainingCap: Int = LearnedSample.defaultCap) throws -> Headroom {
        guard rounds >= 1 else { throw FitError.invalidOption(name: "rounds", value: "\(rounds)", expected: "at least 1") }
        guard trainingCap >= 1 else {
            throw FitError.invalidOption(name: "trainingCap", value: "\(trainingCap)", expected: "at least 1")
        }
        let rows = HeadroomClassifier.Rows(data: data)
        @Sendable func fold(_ f: Int) throws -> Double {
            let classifier = HeadroomClassifier(rounds: rounds, seed: seed &+ UInt64(f))
            let train = LearnedSample.thin(grouping.trainIndices(f), data: data, cap: trainingCap, seed: seed &+ UInt64(f))
            let predicted = try classifier.predict(data: data, rows: rows, trainRows: rows.rows(of: train),
                                                   predictRows: rows.rows(of: grouping.testIndices[f]))
            return hitRate(data: data, indices: grouping.testIndices[f], rowOfTrace: rows.rowOfTrace, predicted: predicted)
        }
        var outcomes = [Result<Double, any Error>](repeating: .success(.nan), count: grouping.count)
        if parallelFolds {
            outcomes.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let slots = ChunkSlots(base: base)
                DispatchQueue.concurrentPerform(iterations: grouping.count) { f in slots.base[f] = Result { try fold(f) } }
            }
        } else {
            for f in 0..<grouping.count { outcomes[f] = Result { try fold(f) } }
        }
        let scores = try outcomes.map { try $0.get() }
        let total = grouping.testIndices.reduce(0) { $0 + $1.count }
        let sampled = grouping.testIndices.contains { total - $0.count > trainingCap }
        return Headroom(foldScores: scores, testScore: CrossValidatedFit.mean(scores),
                        testStandardError: CrossValidatedFit.standardError(scores), folds: grouping.count,
                        seed: seed, rounds: rounds, trainingCap: sampled ? trainingCap : nil)
    }

    /// The hit rate on `indices` of the decisions `start slot + predicted k`: `predicted` holds one
    /// `k` per index that has a row, in order; an index without a row stays on its start item.
    static func hitRate(data: FitData, indices: [Int], rowOfTrace: [Int32], predicted: [Int8]) -> Double {
        guard !indices.isEmpty else { return .nan }
        var misses = 0.0
        var next = 0
        for i in indices {
            let layout = data.layout(i)
            var k = 0
            if rowOfTrace[i] >= 0 {
                k = Int(predicted[next])
                next += 1
            }
            let start = layout.clampedSlot(data.releases[i].startSlot(in: layout))
            let decision = layout.decision(slot: start &+ k, rule: "")
            misses += data.loss(data.labels[i], decision: decision, layout: layout, objective: .hitRate)
        }
        return 1 - misses / Double(indices.count)
    }

    /// One line for reports: `headroom: the best any release-time policy could do on this data: 0.7650 ± 0.0030 …`.
    public var summary: String {
        "headroom: the best any release-time policy could do on this data: hit rate \(NumberFormat.fixed(testScore, 4))"
            + " ± \(NumberFormat.fixed(testStandardError, 4)) (boosted decision stumps on the learned-threshold features, "
            + "\(folds) user-grouped folds, seed \(seed)"
            + (trainingCap.map { "; each fold learned from a user-stratified subsample of about \($0) of its training traces" } ?? "")
            + ")"
    }

    /// How far a policy's test hit rate lies below the headroom, one sentence:
    /// `"embla (fitted) scores 0.7322: 0.0329 below the headroom"`.
    public func gap(to score: Double, of name: String) -> String {
        let below = testScore - score
        let text = below >= 0 ? "\(NumberFormat.fixed(below, 4)) below the headroom"
            : "\(NumberFormat.fixed(-below, 4)) above the headroom (the classifier is an estimate, not a bound)"
        return "\(name) scores \(NumberFormat.fixed(score, 4)): \(text)"
    }

    /// The headroom as JSON: score, standard error, folds, seed, method.
    public func json() -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("testScore", .number(testScore)),
            ("testStandardError", .number(testStandardError)),
            ("foldScores", .array(foldScores.map { .number($0) })),
            ("folds", .number(Double(folds))),
            ("seed", .number(Double(seed))),
            ("method", .string("gradient-boosted decision stumps (\(rounds) rounds) on the learned-threshold features")),
        ]
        if let trainingCap { fields.append(("trainingCap", .number(Double(trainingCap)))) }
        return .object(fields)
    }
}
