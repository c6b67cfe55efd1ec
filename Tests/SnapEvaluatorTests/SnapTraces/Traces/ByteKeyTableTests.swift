import Testing
@testable import SnapTraces

@Suite struct ByteKeyTableTests {
    @Test func findsWhatWasInsertedThroughGrowth() {
        var table = ByteKeyTable()
        defer { table.free() }
        let keys = (0..<5000).map { Array("user-\($0 * 7919 % 100_003)".utf8) } + [[], [0x61], [0x61, 0x61]]
        func find(_ key: [UInt8]) -> Int? {
            key.withUnsafeBufferPointer { b -> Int? in
                let s = b.baseAddress ?? UnsafePointer(bitPattern: 1)!
                return table.find(s, s + b.count, hash: ContiguityTracker.hash(s, s + b.count))
            }
        }
        for (i, key) in keys.enumerated() {
            #expect(find(key) == nil)
            key.withUnsafeBufferPointer { b in
                let s = b.baseAddress ?? UnsafePointer(bitPattern: 1)!
                table.insert(s, s + b.count, hash: ContiguityTracker.hash(s, s + b.count), value: i)
            }
        }
        for (i, key) in keys.enumerated() { #expect(find(key) == i) }
        #expect(find(Array("user-100003".utf8)) == nil)
        #expect(find(Array("user-".utf8)) == nil)
    }
}
