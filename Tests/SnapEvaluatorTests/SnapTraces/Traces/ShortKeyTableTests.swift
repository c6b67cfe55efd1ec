import Testing
@testable import SnapTraces

/// ``ShortKeyTable``: what a dictionary of the keys' bytes gives, for seeded keys of 1 to 8
/// bytes of every kind (NUL bytes, so that keys differ only in length or in a zero byte; bytes
/// over 0x7F; prefixes of each other), inserted through the table's growth, each read from
/// among noise bytes (the bytes around a key never count).
@Suite struct ShortKeyTableTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func findsWhatADictionaryFinds(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var table = ShortKeyTable()
        defer { table.free() }
        var expected: [[UInt8]: Int] = [:]
        var keys: [[UInt8]] = [[0], [0, 0], [0x61], [0x61, 0], [0x61, 0, 0, 0], [0x61, 0, 0, 0, 0, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]
        while keys.count < 3000 {
            let n = Int.random(in: 1...8, using: &rng)
            let alphabet: [UInt8] = Bool.random(using: &rng) ? [0, 0x30, 0x31, 0x75] : Array(0...255)
            let key = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
            keys.append(key)
            if n > 1 && Bool.random(using: &rng) { keys.append(Array(key.dropLast())) }   // a prefix
        }
        /// The key in a buffer of noise, at a random place.
        func find(_ key: [UInt8]) -> Int? {
            let before = Int.random(in: 0...9, using: &rng)
            var bytes = (0..<(before + key.count + 9)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            bytes.replaceSubrange(before..<(before + key.count), with: key)
            return bytes.withUnsafeBufferPointer { table.find($0.baseAddress! + before, key.count) }
        }
        var inserted = 0
        for key in keys {
            #expect(find(key) == expected[key], "key \(key)")
            if expected[key] == nil {
                key.withUnsafeBufferPointer { table.insert($0.baseAddress!, key.count, value: inserted) }
                expected[key] = inserted
                inserted += 1
            }
            #expect(find(key) == expected[key], "key \(key)")
        }
        for key in keys { #expect(find(key) == expected[key], "key \(key)") }
        #expect(inserted > 2000)
    }

    @Test func aKeyIsItsBytesAsAWord() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        for n in 1...8 {
            let w = bytes.withUnsafeBufferPointer { ShortKeyTable.word($0.baseAddress!, n) }
            var expected: UInt64 = 0
            for i in 0..<n { expected |= UInt64(bytes[i]) << UInt64(8 * i) }
            #expect(w == expected, "n \(n)")
        }
    }
}
