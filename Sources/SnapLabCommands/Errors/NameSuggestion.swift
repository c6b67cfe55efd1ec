/// "Did you mean …?" for names typed on the command line: policy ids, parameter names,
/// subcommands and option values.
///
/// A known name is suggested when it equals the typed one ignoring case, starts with it or is
/// started by it (ignoring case, at least 3 characters), or is within a small edit distance
/// (Damerau–Levenshtein on lowercased text: at most 1 for names up to 4 characters, 2 up to 8,
/// else 3). Closest first, at most three.
enum NameSuggestion {
    static func closest(to typed: String, among known: [String]) -> [String] {
        let t = typed.lowercased()
        guard !t.isEmpty else { return [] }
        let limit = t.count <= 4 ? 1 : t.count <= 8 ? 2 : 3
        var scored: [(name: String, score: Int)] = []
        for name in known {
            let k = name.lowercased()
            if k == t { scored.append((name, -2)); continue }
            if t.count >= 3, k.hasPrefix(t) || t.hasPrefix(k) { scored.append((name, -1)); continue }
            let d = distance(t, k)
            if d <= limit { scored.append((name, d)) }
        }
        return scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }.prefix(3).map(\.name)
    }

    /// `" Did you mean 'tag99'?"`, or empty when nothing is close.
    static func hint(for typed: String, among known: [String]) -> String {
        let names = closest(to: typed, among: known)
        guard !names.isEmpty else { return "" }
        return " Did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
