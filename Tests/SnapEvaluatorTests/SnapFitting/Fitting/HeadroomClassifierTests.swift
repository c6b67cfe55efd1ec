import Foundation
import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapFitting

@Suite("HeadroomClassifier (boosted stumps)")
struct HeadroomClassifierTests {
    /// The booster written plainly: every row's class scores kept all along and each stump added
    /// to its class's scores as soon as it is chosen (the split search is the classifier's) (what ``HeadroomClassifier/predict(data:rows:trainRows:predictRows:)``
    /// must equal bit for bit; it adds a round's stumps in one pass and keeps training rows only).
    static func reference(_ model: HeadroomClassifier, data: FitData, rows: HeadroomClassifier.Rows,
                          trainRows: [Int32], predictRows: [Int32]) throws -> [Int8] {
        let n = rows.count, d = LearnedFeatures.width, classes = 2 * model.maxPages + 1, bins = model.bins
        let codes = model.binCodes(data: data, rows: rows, trainRows: trainRows)
        let target = rows.offsets.map { Int(SnapMath.clamp(Int($0), -model.maxPages, model.maxPages) + model.maxPages) }
        var shares = [Double](repeating: 1, count: classes)
        for r in trainRows { shares[target[Int(r)]] += 1 }
        let total = shares.reduce(0, +)
        let prior = shares.map { log($0 / total) }
        var score = [[Double]](repeating: prior, count: n)
        let rng = try GSLRandom(seed: model.seed)
        for _ in 0..<model.rounds {
            // Per feature and bin: the classes' gradient sums, then their hessian sums.
            var sums = [Double](repeating: 0, count: d * bins * 2 * classes)
            for row in trainRows where rng.uniform() < 0.5 {
                let r = Int(row)
                let top = score[r].max() ?? 0
                let p = score[r].map { exp($0 - top) }
                var sum = 0.0
                for c in 0..<classes { sum += p[c] }
                for j in 0..<d {
                    let base = (j * bins + Int(codes[r * d + j])) * 2 * classes
                    for c in 0..<classes {
                        let q = p[c] / sum
                        sums[base + c] += q - (c == target[r] ? 1 : 0)
                        sums[base + classes + c] += max(q * (1 - q), 1e-6)
                    }
                }
            }
            for c in 0..<classes {
                // (the split search is the classifier's own; what differs is when scores take the stump)
                guard let stump = model.bestStump(classIndex: c, sums: sums, features: d, classes: classes) else { continue }
                for r in 0..<n {
                    score[r][c] += Int(codes[r * d + stump.feature]) <= stump.split ? stump.left : stump.right
                }
            }
        }
        return predictRows.map { row in
            let s = score[Int(row)]
            var top = 0
            for c in 1..<classes where s[c] > s[top] { top = c }
            return Int8(top - model.maxPages)
        }
    }

    @Test("predicts exactly what the plain booster predicts", arguments: [(UInt64(31), 2), (32, 4)])
    func matchesReference(seed: UInt64, maxPages: Int) throws {
        let data = FitData(try LearnedTraces.make(count: 1200, users: 12, seed: seed, label: HeadroomTests.structured))
        let rows = HeadroomClassifier.Rows(data: data)
        let model = HeadroomClassifier(rounds: 25, maxPages: maxPages, seed: seed)
        let all = (0..<Int32(rows.count)).map { $0 }
        let train = all.filter { $0 % 3 != 0 }
        // Training rows and held-out rows, in a shuffled order.
        let predict = all.filter { $0 % 3 == 0 } + train.filter { $0 % 2 == 0 }.reversed()
        let got = try model.predict(data: data, rows: rows, trainRows: train, predictRows: predict)
        let expected = try Self.reference(model, data: data, rows: rows, trainRows: train, predictRows: predict)
        #expect(got == expected)
        #expect(Set(got).count > 1, "the booster predicted one class only: the comparison is too weak")
    }
}
