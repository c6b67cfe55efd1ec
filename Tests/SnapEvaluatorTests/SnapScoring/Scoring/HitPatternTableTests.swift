import SnapLabTestSupport
import Testing
@testable import SnapScoring

@Suite("Hit pattern table")
struct HitPatternTableTests {
    /// Random patterns of `words` words drawn from a small pool (so that most repeat), with
    /// random trace counts (some 0): the table holds what a dictionary fed the same adds holds.
    func check(words: Int, adds: Int, pool: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let patterns = (0..<pool).map { _ in (0..<words).map { _ in rng.next() & rng.next() } }
        var table = HitPatternTable(words: words)
        var reference: [[UInt64]: Int] = [:]
        for _ in 0..<adds {
            let pattern = patterns[Int(rng.next() % UInt64(pool))]
            let traces = Int(rng.next() % 4)
            table.add(pattern, traces: traces)
            reference[pattern, default: 0] += traces
        }
        #expect(table.dictionary == reference)
        #expect(table.count == reference.count)
    }

    @Test("one word: the same contents as a dictionary, through many growths")
    func oneWord() {
        check(words: 1, adds: 20_000, pool: 3_000, seed: 1)
        check(words: 1, adds: 50, pool: 5, seed: 2)
    }

    @Test("several words (more than 64 policies)")
    func severalWords() {
        check(words: 3, adds: 5_000, pool: 700, seed: 3)
    }

    @Test("a pattern added with no traces is held, with 0")
    func zeroTraces() {
        var table = HitPatternTable(words: 1)
        table.add([5], traces: 0)
        #expect(table.dictionary == [[5]: 0] && table.count == 1)
        table.add([5], traces: 2)
        #expect(table.dictionary == [[5]: 2] && table.count == 1)
    }

    @Test("merging adds the counts of equal patterns")
    func merging() {
        var a = HitPatternTable(words: 1), b = HitPatternTable(words: 1)
        a.add([1], traces: 2); a.add([3], traces: 1)
        b.add([3], traces: 4); b.add([0], traces: 1)
        a.merge(b)
        #expect(a.dictionary == [[1]: 2, [3]: 5, [0]: 1])
    }
}
