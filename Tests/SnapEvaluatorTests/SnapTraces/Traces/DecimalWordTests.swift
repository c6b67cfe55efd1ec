import Testing
@testable import SnapTraces

/// A fixed-point template's reader of one number (``DecimalWord``) against the parsers behind
/// it: on every shape a word takes (1–8 integer digits, 0–3 decimals, the cell anywhere a word
/// fits), a cell with the template cell's leading digits and any other digits reads as
/// ``DecimalParser`` and ``DecimalShape`` read it, bit for bit, by one word and in either lane
/// of a ``DecimalWordPair``.
@Suite struct DecimalWordTests {
    /// A cell of `digits` integer digits and `decimals` decimals (no point without decimals),
    /// its first `keep` bytes those of `template` when given.
    func cell(_ rng: inout SeededGenerator, digits: Int, decimals: Int, keep: Int = 0, like template: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        let extreme = rng.next() % 16
        for i in 0..<(digits + (decimals > 0 ? decimals + 1 : 0)) {
            if i == digits { bytes.append(UInt8(ascii: ".")); continue }
            if i < keep { bytes.append(template[i]); continue }
            // now and then all nines or all zeros (the largest and smallest mantissas)
            bytes.append(extreme == 0 ? 0x39 : extreme == 1 ? 0x30 : 0x30 + UInt8(rng.next() % 10))
        }
        return bytes
    }

    /// The row bytes: `at` bytes before the cell, the cell, a comma and the rest of a usual row.
    func row(at: Int, _ cell: [UInt8]) -> [UInt8] {
        Array(repeating: UInt8(ascii: "7"), count: at) + cell + Array(",3740.447,moved,21,160,10,10,375,40\n".utf8)
    }

    /// Each shape a word takes, 500 seeded template cells each with 8 cells of the same leading
    /// digits: the word of the template row reads each as the cell parser, the byte parser and
    /// the cell's own shape read it (the same double, bit for bit).
    @Test func everyShapeReadsAsTheParsers() throws {
        var rng = SeededGenerator(seed: 3737)
        var compared = 0
        for digits in 1...8 {
            for decimals in 0...3 {
                for at in 0...5 where DecimalWord.fits(cellAt: at, digits: digits, decimals: decimals) {
                    for _ in 0..<500 {
                        let template = cell(&rng, digits: digits, decimals: decimals)
                        let templateRow = row(at: at, template)
                        let word = templateRow.withUnsafeBufferPointer {
                            DecimalWord(row: $0.baseAddress!, cellAt: at, digits: digits, decimals: decimals)
                        }
                        for _ in 0..<8 {
                            let bytes = row(at: at, cell(&rng, digits: digits, decimals: decimals, keep: Swift.max(0, digits - 4), like: template))
                            let (value, expected, byShape) = try bytes.withUnsafeBufferPointer { b in
                                let base = b.baseAddress!, start = base + at
                                let parsed = try #require(DecimalParser.parseBeforeCommaInBounds(start, base + b.count))
                                let scalar = try #require(DecimalParser.parsePrefixScalar(start, base + b.count))
                                #expect(parsed.1 == start + template.count && scalar.0.bitPattern == parsed.0.bitPattern)
                                let shape = DecimalShape(cell: start, comma: parsed.1)
                                #expect(shape.integerDigits == digits && shape.decimals == decimals)
                                // the pair's two lanes (the template's conversion): the same double in each
                                let pair = DecimalWordPair(time: word, offset: word).values(base)
                                #expect(pair.time.bitPattern == parsed.0.bitPattern && pair.offset.bitPattern == parsed.0.bitPattern)
                                return (word.value(base), parsed.0, shape.value(checked: start))
                            }
                            #expect(value.bitPattern == expected.bitPattern, "\(String(decoding: bytes, as: UTF8.self))")
                            #expect(byShape.bitPattern == expected.bitPattern)
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 100_000)
    }

    /// What takes a word: at most 3 decimals, and the word (the 4 lanes before the point) within
    /// the row.
    @Test func whatFits() {
        #expect(DecimalWord.fits(cellAt: 6, digits: 7, decimals: 3))
        #expect(DecimalWord.fits(cellAt: 6, digits: 1, decimals: 0))
        #expect(DecimalWord.fits(cellAt: 3, digits: 1, decimals: 2))
        #expect(!DecimalWord.fits(cellAt: 2, digits: 1, decimals: 2))
        #expect(!DecimalWord.fits(cellAt: 6, digits: 7, decimals: 4))
        #expect(!DecimalWord.fits(cellAt: 6, digits: 1, decimals: 7))
    }

    /// The word's lanes and leading value for the benchmark's `t_ms` shape (`dddddddd.ddd`).
    @Test func wordOfAMillisecondTime() {
        let bytes = row(at: 6, Array("50008458.582".utf8))
        let word = bytes.withUnsafeBufferPointer { DecimalWord(row: $0.baseAddress!, cellAt: 6, digits: 8, decimals: 3) }
        #expect(word.at == 10)
        #expect(word.mask == 0x0F0F_0F00_0F0F_0F0F)
        #expect(word.lead == 5000 * 10_000_000)
        #expect(bytes.withUnsafeBufferPointer { word.value($0.baseAddress!) } == 50008458.582)
        let offset = DecimalWord(row: Array(bytes), cellAt: 19, digits: 4, decimals: 3)
        let pair = bytes.withUnsafeBufferPointer { DecimalWordPair(time: word, offset: offset).values($0.baseAddress!) }
        #expect(pair.time == 50008458.582 && pair.offset == 3740.447)
    }
}
