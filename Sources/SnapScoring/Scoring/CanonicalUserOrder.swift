import SnapTraces
import SnapLabSupport

/// The order in which ``Comparison`` hands users to ``UserBootstrap``: users with scored traces,
/// sorted by the UTF-8 bytes of their names (as ``TraceUsers`` compares names).
///
/// The reader numbers users in order of first appearance, which depends on how the rows happen to
/// be ordered and split. Drawing and summing users in this order instead makes the intervals a
/// function of the set of users and their tallies only: `snaplab merge` of summaries of any split
/// by user prints exactly the intervals of one `compare` over all the rows (Docs/scale.md). On
/// files whose users first appear in name order (every file in Data/), it is the reader's order.
enum CanonicalUserOrder {
    /// Indices `u` with `counts[u] > 0`, by name (`names[u]`, or `user u` past the end of `names`).
    static func indices(names: [String], counts: [Double]) -> [Int] {
        let present = counts.indices.filter { counts[$0] > 0 }
        func name(_ u: Int) -> String { u < names.count ? names[u] : "user \(u)" }
        // Already in order (the usual case: ids written in order) costs one pass, no sort.
        if zip(present, present.dropFirst()).allSatisfy({ precedes(name($0), name($1)) }) { return present }
        let keyed = present.map { (u: $0, name: name($0), prefix: prefix(name($0))) }
        return keyed.sorted { a, b in
            a.prefix != b.prefix ? a.prefix < b.prefix : precedes(a.name, b.name)
        }.map(\.u)
    }

    /// Whether `a` sorts before `b` by UTF-8 bytes.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The first eight UTF-8 bytes, big-endian, zero-padded: comparing these first orders most
    /// pairs of a million names without walking two strings.
    private static func prefix(_ s: String) -> UInt64 {
        var key: UInt64 = 0, n = 0
        for b in s.utf8.prefix(8) {
            key = key << 8 | UInt64(b)
            n += 1
        }
        return key << (8 * UInt64(8 - n))
    }
}
