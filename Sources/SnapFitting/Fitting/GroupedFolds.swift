import SnapGSL

/// K cross-validation folds grouped by user: every user's traces are in exactly one fold, so no
/// user is in both a training set and its test set.
///
/// Assignment (seeded, balanced by trace count): the users are shuffled with GSL's mt19937
/// (``GSLRandom``, Fisher–Yates) seeded with `seed`, stably sorted by trace count, largest
/// first, and each is given to the fold with the fewest traces so far (lowest fold on ties):
/// the greedy longest-processing-time rule, which keeps the largest fold within one user's
/// traces of the smallest. The shuffle decides among users of equal size, so different seeds
/// give different folds.
///
/// ```swift
/// let folds = try GroupedFolds(data: data, folds: 5, seed: 1)
/// let train = folds.trainIndices(0), test = folds.testIndices[0]
/// ```
public struct GroupedFolds: Sendable {
    /// Number of folds.
    public let count: Int
    /// The fold of each user present.
    public let foldOfUser: [Int: Int]
    /// The trace indices (into ``FitData``) of each fold's test set.
    public let testIndices: [[Int]]
    /// Set when the folds were adapted to the data (leave one user out), saying so.
    public let note: String?

    /// Folds over `indices` of `data` (default: every trace).
    /// - Parameter adapting: with fewer users than `folds` (but at least 2), use one fold per
    ///   user — leave one user out — and say so in ``note``, instead of throwing.
    /// - Throws: ``FitError/invalidOption(name:value:expected:)`` for fewer than 2 folds;
    ///   ``FitError/tooFewUsers(users:folds:)`` when there are fewer users than folds (fewer
    ///   than 2 when adapting); ``GSLError`` if the generator cannot be allocated.
    public init(data: FitData, indices: [Int]? = nil, folds requested: Int, seed: UInt64, adapting: Bool = false) throws {
        guard requested >= 2 else { throw FitError.invalidOption(name: "folds", value: "\(requested)", expected: "at least 2") }
        let indices = indices ?? data.allIndices
        var users = data.userCounts(indices)
        var folds = requested
        var note: String?
        if adapting && users.count < requested && users.count >= 2 {
            folds = users.count
            note = "\(users.count) users for \(requested) folds: leave-one-user-out cross-validation (\(folds) folds) instead"
        }
        guard users.count >= folds else { throw FitError.tooFewUsers(users: users.count, folds: requested) }
        let rng = try GSLRandom(seed: seed)
        if users.count > 1 {
            for i in stride(from: users.count - 1, to: 0, by: -1) {
                users.swapAt(i, rng.integer(below: i + 1))
            }
        }
        let order = users.indices.sorted { a, b in
            users[a].traces != users[b].traces ? users[a].traces > users[b].traces : a < b
        }
        var totals = [Int](repeating: 0, count: folds)
        var foldOfUser: [Int: Int] = [:]
        for i in order {
            var target = 0
            for f in 1..<folds where totals[f] < totals[target] { target = f }
            totals[target] += users[i].traces
            foldOfUser[users[i].user] = target
        }
        var test = [[Int]](repeating: [], count: folds)
        for i in indices where i >= 0 && i < data.count {
            if let f = foldOfUser[data.user(i)] { test[f].append(i) }
        }
        count = folds
        self.foldOfUser = foldOfUser
        testIndices = test
        self.note = note
    }

    /// Folds given by their test sets (e.g. one per task, ``TransferGroups``); users may span folds.
    init(testIndices: [[Int]], note: String?) {
        count = testIndices.count
        foldOfUser = [:]
        self.testIndices = testIndices
        self.note = note
    }

    /// The training indices of fold `k`: every other fold's test indices, in fold order.
    public func trainIndices(_ k: Int) -> [Int] {
        var out: [Int] = []
        for f in testIndices.indices where f != k { out.append(contentsOf: testIndices[f]) }
        return out
    }
}
