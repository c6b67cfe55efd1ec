import Testing
@testable import SnapTraces

/// The row loop's reader of a number cell by the shape of the last one (``DecimalShape``)
/// against the parsers behind it: whatever a shape reads, they read the same, bit for bit, with
/// the comma where the shape puts it; a cell's own shape reads it whenever it has one of the
/// shapes; anything else is refused.
@Suite struct DecimalShapeTests {
    /// The cell parser's and the byte loop's answers on `bytes` (value, comma's offset).
    func parsers(_ bytes: [UInt8]) -> (cell: (Double, Int)?, scalar: (Double, Int)?) {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return (nil, nil) }
            let end = base + b.count
            let cell = DecimalParser.parseBeforeCommaInBounds(base, end).map { ($0.0, $0.1 - base) }
            var scalar = DecimalParser.parsePrefixScalar(base, end).map { ($0.0, $0.1 - base) }
            if let (_, i) = scalar, base[i] != UInt8(ascii: ",") { scalar = nil }
            return (cell, scalar)
        }
    }

    /// The shape of the cell at the start of `bytes` (which the cell parser must take), or the
    /// shape that takes nothing.
    func shape(of bytes: [UInt8]) -> DecimalShape {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, let (_, comma) = DecimalParser.parseBeforeCommaInBounds(base, base + b.count) else {
                return DecimalShape()
            }
            return DecimalShape(cell: base, comma: comma)
        }
    }

    func read(_ shape: DecimalShape, _ bytes: [UInt8]) -> Double? {
        bytes.withUnsafeBufferPointer { b in b.baseAddress.flatMap { shape.read($0) } }
    }

    /// A random cell of any shape a number cell can have: a sign, 0–18 digits before the point,
    /// none or 0–10 after it, an exponent, a stray byte, a cell that another byte ends; random
    /// bytes after it (at least 17 bytes in all, the shape's reach).
    func randomCell(_ rng: inout SeededGenerator, _ i: Int) -> [UInt8] {
        let alphabet = Array("0123456789.-+eE,\n\r x".utf8)
        var bytes: [UInt8] = []
        if i % 8 == 0 {
            for _ in 0..<Int.random(in: 0...20, using: &rng) { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
        } else {
            let sign = rng.next() % 8
            if sign == 0 { bytes.append(UInt8(ascii: "-")) } else if sign == 1 { bytes.append(UInt8(ascii: "+")) }
            let intDigits = rng.next() % 4 == 0 ? Int.random(in: 0...18, using: &rng) : Int.random(in: 1...8, using: &rng)
            for _ in 0..<intDigits { bytes.append(UInt8(ascii: "0") + UInt8(rng.next() % 10)) }
            if rng.next() % 5 != 0 {
                bytes.append(UInt8(ascii: "."))
                let decimals = rng.next() % 4 == 0 ? Int.random(in: 0...10, using: &rng) : Int.random(in: 1...7, using: &rng)
                for _ in 0..<decimals { bytes.append(UInt8(ascii: "0") + UInt8(rng.next() % 10)) }
            }
            if rng.next() % 10 == 0 {
                bytes.append(UInt8(ascii: rng.next() % 2 == 0 ? "e" : "E"))
                if rng.next() % 2 == 0 { bytes.append(UInt8(ascii: "-")) }
                for _ in 0..<Int.random(in: 0...3, using: &rng) { bytes.append(UInt8(ascii: "0") + UInt8(rng.next() % 10)) }
            }
            bytes.append(rng.next() % 6 != 0 ? UInt8(ascii: ",") : alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
        }
        for _ in 0..<40 { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
        return bytes
    }

    /// A million random cells, each read with its own shape and with the shapes of the last
    /// few cells: where a shape reads a cell, the cell parser and the byte loop give the same
    /// value bit for bit and the comma where the shape says.
    @Test func agreesWithTheParsersOnRandomCells() {
        var rng = SeededGenerator(seed: 36)
        var recent = Array(repeating: DecimalShape(), count: 4)
        var own = 0, other = 0
        for i in 0..<1_000_000 {
            let bytes = randomCell(&rng, i)
            let expected = parsers(bytes)
            let text = String(decoding: bytes.prefix(24), as: UTF8.self)
            let mine = shape(of: bytes)
            for (n, s) in ([mine] + recent).enumerated() {
                guard let v = read(s, bytes) else { continue }
                if n == 0 { own += 1 } else { other += 1 }
                #expect(v.bitPattern == expected.cell?.0.bitPattern && s.length == expected.cell?.1, "\(text)")
                #expect(v.bitPattern == expected.scalar?.0.bitPattern && s.length == expected.scalar?.1, "\(text)")
            }
            if mine.length > 0 { recent[i % recent.count] = mine }
        }
        #expect(own > 300_000)
        #expect(other > 20_000)
    }

    /// Every shape (1–8 digits before the point; none, or 1–7 after it; at most 15 bytes):
    /// every mantissa of up to 4 digits and an evenly spread 10,000 of the longer ones for each,
    /// with leading zeros, read with their shape as the byte loop reads them. (8 + 7 digits,
    /// 16 bytes, has no shape: ``refusesOtherCells()``.)
    @Test func everyShapeReadsAsTheByteLoop() {
        let after = Array(",7,moved,21,160,10,10,375,40\n0123456789xxxxxxxxxxxx".utf8)
        var checked = 0
        for intDigits in 1...8 {
            for decimals in [-1] + Array(1...7) where intDigits + decimals < 15 {
                let count = intDigits + Swift.max(decimals, 0)
                var top = 1
                for _ in 0..<count { top *= 10 }
                let step = Swift.max(1, top / 10_000) | 1
                var shape: DecimalShape?
                for m in stride(from: 0, to: top, by: step) {
                    var digits = Array(String(m).utf8)
                    while digits.count < count { digits.insert(UInt8(ascii: "0"), at: 0) }
                    let cell = decimals < 0 ? digits : Array(digits[0..<intDigits]) + [UInt8(ascii: ".")] + Array(digits[intDigits...])
                    let bytes = cell + after
                    if shape == nil { shape = self.shape(of: bytes) }
                    guard let shape else { continue }
                    let v = read(shape, bytes)
                    #expect(v != nil && v?.bitPattern == parsers(bytes).scalar?.0.bitPattern && shape.length == cell.count,
                            "\(String(decoding: cell, as: UTF8.self))")
                    checked += 1
                }
            }
        }
        #expect(checked > 500_000)
    }

    /// Cells without one of the shapes give the shape that takes nothing; a shape refuses
    /// cells of any other shape.
    @Test func refusesOtherCells() {
        let pad = Array(repeating: UInt8(ascii: "9"), count: 32)
        for cell in ["-1.5,", "+1.5,", "123456789.5,", "123456789,", "1.12345678,", "1.,", ".5,", "1.5e3,", "1e3,",
                     "12345678.1234567,"] {
            let s = shape(of: Array(cell.utf8) + pad)
            #expect(s.length == 0, "\(cell)")
            for other in ["1.5,", ",", "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", cell] {
                #expect(read(s, Array(other.utf8) + pad) == nil, "\(cell) \(other)")
            }
        }
        let s = shape(of: Array("1234.567,".utf8) + pad)
        #expect(s.length == 8)
        #expect(read(s, Array("1234.567,".utf8) + pad) == 1234.567)
        for other in ["1234.56,", "12345.67,", "-234.567,", "1234.567\n", "1234,567,", "1234.5678,", "1234.567",
                      "12a4.567,", "1234.5/7,", "1234:567,", "1234.567 ,"] {
            #expect(read(s, Array(other.utf8) + pad) == nil, "\(other)")
        }
    }
}
