import Foundation
import Testing
import SnapStrategies
@testable import SnapFitting

/// Timing and large-set recovery of the fitter as a library, skipped in the normal suite. Run by
/// hand, in a release build: `SNAPLAB_BENCH=1 swift test -c release --filter FitBenchmarkTests`
/// (`SNAPLAB_BENCH_TRACES=N` for another size). The timings are printed, never asserted (they
/// depend on the machine); the command-line timings are `Scripts/bench/bench-fit.sh`'s, which does not
/// run these tests.
@Suite("Fit benchmark", .serialized, .enabled(if: ProcessInfo.processInfo.environment["SNAPLAB_BENCH"] == "1"))
struct FitBenchmarkTests {
    static let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1, backwardFraction: 0.7)
    static var size: Int { Int(ProcessInfo.processInfo.environment["SNAPLAB_BENCH_TRACES"] ?? "") ?? 100_000 }

    @Test("3-parameter tag99, 5-fold grouped CV on 100k traces")
    func crossValidation() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Self.planted, count: Self.size, users: 500, seed: 77))
        let clock = ContinuousClock()
        var sink = 0.0
        let one = clock.measure { sink += data.score(Tag99Snap(), objective: .hitRate, indices: data.allIndices) }
        print("BENCH score: one evaluation of tag99 on \(data.count) traces (both cores): \(one) "
              + "(\((Double(one.components.seconds) * 1e9 + Double(one.components.attoseconds) / 1e9) / Double(data.count)) ns per trace; hit rate \(sink))")
        var cv: CrossValidatedFit?
        let elapsed = try clock.measure {
            cv = try CrossValidatedFit.run(policy: Tag99Snap(), data: data,
                                           parameters: ["lowTier", "highTier", "backwardFraction"],
                                           folds: 5, bootstrapResamples: 0, seed: 1)
        }
        let result = try #require(cv)
        let evaluations = result.fitted.evaluations
        print("BENCH cv: \(data.count) traces, 5 folds + final fit, 3 parameters: \(elapsed) "
              + "(final fit \(evaluations) evaluations, \(result.fitted.runs.count) runs); "
              + "values \(result.fitted.values.prefix(5)); train \(result.trainScore) test \(result.testScore) "
              + "default \(result.defaultTestScore)")
        #expect(result.fitted.converged)
    }

    @Test("planted thresholds recovered within 5% on 100k traces")
    func largeRecovery() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Self.planted, count: Self.size, users: 500, seed: 78))
        let fit = try PolicyFitter(objective: .hitRate)
            .fit(Tag99Snap(), parameters: ["lowTier", "highTier", "backwardFraction"], data: data)
        let truth = [1.6, 3.1, 0.7]
        let got = [fit.values[0], fit.values[1], fit.values[4]]
        let errors = zip(got, truth).map { abs($0 - $1) / $1 }
        print("BENCH recovery: \(data.count) traces: planted \(truth), fitted \(got), relative errors \(errors)")
        for e in errors { #expect(e < 0.05) }
    }
}
