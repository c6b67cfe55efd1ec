import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapFitting
@testable import SnapReports

@Suite("Cross-validated fit")
struct CrossValidatedFitTests {
    @Test("fits per fold and on all traces, with bootstrap intervals and default scores")
    func runs() throws {
        let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 2000, users: 25, seed: 21))
        let cv = try CrossValidatedFit.run(policy: Tag99Snap(), data: data, parameters: ["lowTier", "highTier"],
                                           folds: 5, bootstrapResamples: 8, seed: 3)
        #expect(cv.folds.count == 5)
        #expect(cv.folds.map(\.testTraces).reduce(0, +) == data.count)
        #expect(cv.users == 25 && cv.traces == 2000)
        // The fit generalizes: better than the defaults on held-out users.
        #expect(cv.testScore > cv.defaultTestScore)
        #expect(cv.trainScore >= cv.testScore - 0.02)
        #expect(cv.testStandardError > 0 && cv.testStandardError < 0.05)
        let low = try #require(cv.parameters.first { $0.name == "lowTier" })
        #expect(low.isFitted && low.defaultValue == 2.2)
        let ci = try #require(low.interval)
        #expect(ci.lower <= ci.upper && ci.lower < 1.7 && ci.upper > 1.5, "\(ci)")
        let fixed = try #require(cv.parameters.first { $0.name == "backwardFraction" })
        #expect(!fixed.isFitted && fixed.interval == nil && fixed.value == 0.6)
        let json = cv.jsonValue.rendered()
        for key in ["\"policy\":\"tag99\"", "\"parameters\"", "\"name\":\"lowTier\"", "\"default\":2.2", "\"ci\":[",
                    "\"train_score\"", "\"test_score\"", "\"default_score\""] {
            #expect(json.contains(key), "\(key) missing in \(json)")
        }
    }

    @Test("fewer users than folds: leave one user out, with a note; one user is a typed error")
    func fewUsers() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 40, users: 3, seed: 1))
        let cv = try CrossValidatedFit.run(policy: Tag99Snap(), data: data, folds: 5, bootstrapResamples: 3)
        #expect(cv.folds.count == 3)
        #expect(cv.notes.contains { $0.contains("leave-one-user-out") })
        #expect(cv.intervalsFromFewUsers)
        #expect(cv.notes.contains { $0.contains("fewer than 5") })
        let one = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 20, users: 1, seed: 1))
        #expect(throws: FitError.tooFewUsers(users: 1, folds: 5)) {
            try CrossValidatedFit.run(policy: Tag99Snap(), data: one, folds: 5, bootstrapResamples: 0)
        }
    }

    @Test("bootstrap refits run in parallel, yet each row is the serial refit of its own seeded resample")
    func parallelRefitsAreDeterministic() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(lowTier: 1.6, highTier: 3.1), count: 900, users: 12, seed: 5))
        let fitter = PolicyFitter(objective: .hitRate, starts: 3, seed: 7)
        let names = ["lowTier", "highTier", "backwardFraction"]
        let rows = try CrossValidatedFit.bootstrap(policy: Tag99Snap(), names: names, data: data, fitter: fitter,
                                                   resamples: 6, seed: 11)
        let again = try CrossValidatedFit.bootstrap(policy: Tag99Snap(), names: names, data: data, fitter: fitter,
                                                    resamples: 6, seed: 11)
        #expect(rows == again)
        // One refit at a time (as from CrossValidatedFit.oneFitAtATimeMinimum traces): the same rows.
        let oneAtATime = try CrossValidatedFit.bootstrap(policy: Tag99Snap(), names: names, data: data, fitter: fitter,
                                                         resamples: 6, seed: 11, serial: true)
        #expect(rows == oneAtATime)
        let byUser = CrossValidatedFit.UsersAndTraces(data)
        #expect(byUser.users == 12 && byUser.order.sorted() == data.allIndices)
        for b in [0, 5] {
            let rng = try GSLRandom(seed: CrossValidatedFit.resampleSeed(11, b))
            var drawn = [Double](repeating: 0, count: byUser.users)
            for _ in 0..<byUser.users { drawn[rng.integer(below: byUser.users)] += 1 }
            var indices: [Int] = [], weights: [Double] = []
            for u in 0..<byUser.users where drawn[u] > 0 {
                indices += byUser.traces(of: u)
                weights += repeatElement(drawn[u], count: byUser.traces(of: u).count)
            }
            var refitter = fitter
            refitter.seed = 7 + UInt64(b + 1)
            let serial = try refitter.fit(Tag99Snap(), parameters: names, data: data, indices: indices, weights: weights)
            #expect(rows[b] == [serial.values[0], serial.values[1], serial.values[4]])
        }
    }

    @Test("a parameter the data do not identify is said so in the notes and in JSON")
    func notIdentifiedIsReported() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(lowTier: 1.5, highTier: 20), count: 800, users: 8, seed: 9,
                                                        labelNoise: 0))
        let cv = try CrossValidatedFit.run(policy: Tag99Snap(), data: data, parameters: ["lowTier", "highTier"],
                                           folds: 4, bootstrapResamples: 4, seed: 2)
        #expect(cv.parameters.filter(\.notIdentified).map(\.name) == ["highTier"])
        #expect(cv.notes.contains { $0.hasPrefix("highTier is not identified by the data") })
        let json = cv.jsonValue.rendered()
        #expect(json.contains("\"name\":\"highTier\"") && json.contains("\"identified\":false"))
        #expect(json.contains("\"identified\":true"))
    }

    @Test("fits side by side or one at a time: results in index order, the first error in index order thrown")
    func parallelFitsInOrder() throws {
        struct Failed: Error, Equatable { let k: Int }
        for serial in [false, true] {
            #expect(try CrossValidatedFit.parallelFits(40, serial: serial) { $0 * $0 } == (0..<40).map { $0 * $0 })
            #expect(throws: Failed(k: 7)) {
                _ = try CrossValidatedFit.parallelFits(40, serial: serial) { k -> Int in
                    if k == 7 || k == 30 { throw Failed(k: k) }
                    return k
                }
            }
        }
    }
}
