import Testing
@testable import SnapTraces

@Suite("Interned user names")
struct TraceUsersTests {
    @Test("indices in order of first appearance; the same name gives the same index; lookup finds only known names")
    func internsInOrder() {
        var users = TraceUsers()
        #expect(users.intern("b") == 0)
        #expect(users.intern("a") == 1)
        #expect(users.intern("b") == 0)
        #expect(users.intern("") == 2)
        #expect(users.intern("é") == 3)
        #expect(users.intern("e\u{301}") == 4, "names are bytes: a decomposed spelling is another user")
        #expect(users.names.map { Array($0.utf8) } == ["b", "a", "", "é", "e\u{301}"].map { Array($0.utf8) })
        #expect(users.lookup("a") == 1 && users.lookup("c") == nil)
        #expect(users.count == 5)
    }

    @Test("many names across table growth and reservation keep their indices (checked against a dictionary)")
    func manyNames() {
        var users = TraceUsers(), reference: [String: Int] = [:]
        users.reserveCapacity(100)
        for k in 0..<50_000 {
            let name = "u\((k &* 7919) % 20_000)"
            let expected = reference[name] ?? reference.count
            reference[name] = expected
            #expect(users.intern(name) == expected)
        }
        #expect(users.count == 20_000)
        for (name, i) in reference { #expect(users.lookup(name) == i) }
        #expect(users.lookup("u20000") == nil)
    }

    @Test("merging a table interns its names in order and returns their indices here")
    func mergesATable() {
        var part = TraceUsers(), all = TraceUsers()
        for name in ["c", "a", "d"] { _ = part.intern(name) }
        for name in ["a", "b"] { _ = all.intern(name) }
        #expect(all.intern(contentsOf: part) == [2, 0, 3])
        #expect(all.names == ["a", "b", "c", "d"])
        #expect(all.lookup("d") == 3 && all.intern("c") == 2)
    }

    @Test("a table merged into an empty one is taken whole: identity indices, and it goes on interning")
    func mergesIntoEmpty() {
        var part = TraceUsers(), all = TraceUsers()
        for k in 0..<1_000 { _ = part.intern("u\(k)") }
        #expect(all.intern(contentsOf: part) == Array(0..<1_000))
        #expect(all.names == part.names && all.lookup("u999") == 999 && all.lookup("u1000") == nil)
        #expect(all.intern("u1000") == 1_000 && all.intern("u5") == 5)
        var other = TraceUsers()
        for name in ["u1000", "new", "u3"] { _ = other.intern(name) }
        #expect(all.intern(contentsOf: other) == [1_000, 1_001, 3])
    }
}
