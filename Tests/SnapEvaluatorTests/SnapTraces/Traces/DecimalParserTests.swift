import Foundation
import Testing
@testable import SnapTraces

@Suite struct DecimalParserTests {
    func viaStrtod(_ s: String) -> Double? {
        s.withCString { p -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let v = strtod(p, &end)
            guard let end, end - UnsafeMutablePointer(mutating: p) == s.utf8.count, !s.isEmpty else { return nil }
            return v
        }
    }

    @Test func agreesBitForBitWithStrtodOnRandomValues() {
        var rng = SeededGenerator(seed: 42)
        var checked = 0
        for i in 0..<200_000 {
            let text: String
            switch i % 5 {
            case 0: text = String(format: "%.3f", Double.random(in: -1e7...1e7, using: &rng))
            case 1: text = String(format: "%.17g", Double(bitPattern: rng.next() >> 2 | 0x3000_0000_0000_0000) * (rng.next() % 2 == 0 ? 1 : -1))
            case 2:
                let digits = Int.random(in: 1...25, using: &rng)
                var s = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
                let dot = Int.random(in: 0...digits, using: &rng)
                s.insert(".", at: s.index(s.startIndex, offsetBy: dot))
                text = (rng.next() % 2 == 0 ? "-" : "") + s + (rng.next() % 3 == 0 ? "e\(Int.random(in: -40...40, using: &rng))" : "")
            case 3: text = String(Double.random(in: -1...1, using: &rng) * pow(10, Double(Int.random(in: -30...30, using: &rng))))
            default: text = String(format: "%.6e", Double.random(in: -1e5...1e5, using: &rng))
            }
            let expected = viaStrtod(text)
            let got = DecimalParser.parse(text)
            #expect(got?.bitPattern == expected?.bitPattern, "\(text)")
            if got?.bitPattern != expected?.bitPattern { break }
            checked += 1
        }
        #expect(checked == 200_000)
    }

    @Test(arguments: ["", "-", ".", "1.2.3", "abc", "1e", "1x", " 1", "--1", "0x"])
    func refusesWhatIsNotANumber(_ text: String) {
        #expect(DecimalParser.parse(text) == nil)
    }

    @Test func parsesSpecialSpellingsThroughStrtod() throws {
        #expect(DecimalParser.parse("-0")?.sign == .minus)
        #expect(try #require(DecimalParser.parse("inf")).isInfinite)
        #expect(try #require(DecimalParser.parse("nan")).isNaN)
        #expect(DecimalParser.parse("1e400") == .infinity)
        #expect(DecimalParser.parse("+2.5E+3") == 2500)
        #expect(DecimalParser.parse("12345678901234567890123") == 12345678901234567890123.0)
    }

    @Test func prefixParsingStopsAtTheDelimiter() throws {
        let bytes = Array("-123.456,7".utf8)
        try bytes.withUnsafeBufferPointer { b in
            let base = try #require(b.baseAddress)
            let (v, end) = try #require(DecimalParser.parsePrefix(base, base + b.count))
            #expect(v == -123.456)
            #expect(end - base == 8)
        }
    }

    /// The 8-bytes-at-a-time prefix parser against the byte-by-byte one: same value (bit for
    /// bit), same end, same refusals, whatever follows the number and however many bytes remain.
    @Test func widePrefixParsingAgreesWithTheByteLoop() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("0123456789.-+eE,\n\r x/:".utf8)
        var compared = 0
        for i in 0..<300_000 {
            var bytes: [UInt8] = []
            if i % 3 == 0 {
                // random bytes from a number-ish alphabet
                for _ in 0..<Int.random(in: 0...24, using: &rng) { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            } else {
                // [-]d{a}[.d{b}] then a delimiter and more text
                if rng.next() % 4 == 0 { bytes.append(UInt8(ascii: "-")) }
                for _ in 0..<Int.random(in: 0...17, using: &rng) { bytes.append(UInt8(ascii: "0") + UInt8(rng.next() % 10)) }
                if rng.next() % 4 != 0 {
                    bytes.append(UInt8(ascii: "."))
                    for _ in 0..<Int.random(in: 0...12, using: &rng) { bytes.append(UInt8(ascii: "0") + UInt8(rng.next() % 10)) }
                }
                bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
                for _ in 0..<Int.random(in: 0...20, using: &rng) { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            }
            bytes.withUnsafeBufferPointer { b in
                guard let base = b.baseAddress else { return }
                let end = base + b.count
                let got = DecimalParser.parsePrefix(base, end)
                let expected = DecimalParser.parsePrefixScalar(base, end)
                #expect(got?.0.bitPattern == expected?.0.bitPattern && got?.1 == expected?.1, "\(String(decoding: bytes, as: UTF8.self))")
                if b.count >= 17 && DecimalParser.parsePrefixWide(base) != nil { compared += 1 }
            }
        }
        #expect(compared > 50_000)
    }

    /// The cell parser of the row loop against the prefix parser and a comma check: same value
    /// (bit for bit), same comma, same refusals (an exponent, a sign, a cell that is not a
    /// number, a number that another byte ends), on short numbers and long ones, with at least
    /// 32 bytes after the cell's start.
    @Test func cellParsingAgreesWithThePrefixParserAndACommaCheck() {
        var rng = SeededGenerator(seed: 11)
        let alphabet = Array("0123456789.-+eE,\n\r x".utf8)
        var accepted = 0, short = 0
        for i in 0..<300_000 {
            var bytes: [UInt8] = []
            if i % 4 == 0 {
                for _ in 0..<Int.random(in: 0...20, using: &rng) { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            } else {
                if rng.next() % 6 == 0 { bytes.append(UInt8(ascii: "-")) }
                let intDigits = Int.random(in: 0...16, using: &rng)
                for _ in 0..<intDigits { bytes.append(UInt8(ascii: "0") + UInt8(rng.next() % 10)) }
                var decimals = 0
                if rng.next() % 5 != 0 {
                    bytes.append(UInt8(ascii: "."))
                    decimals = Int.random(in: 0...9, using: &rng)
                    for _ in 0..<decimals { bytes.append(UInt8(ascii: "0") + UInt8(rng.next() % 10)) }
                }
                if intDigits + decimals <= 8 && intDigits + decimals > 0 { short += 1 }
                bytes.append(rng.next() % 5 == 0 ? alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] : UInt8(ascii: ","))
            }
            for _ in 0..<40 { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            bytes.withUnsafeBufferPointer { b in
                guard let base = b.baseAddress else { return }
                let end = base + b.count
                let got = DecimalParser.parseBeforeCommaInBounds(base, end)
                var expected = DecimalParser.parsePrefixInBounds(base, end)
                if let (_, p) = expected, p.pointee != UInt8(ascii: ",") { expected = nil }
                #expect(got?.0.bitPattern == expected?.0.bitPattern && got?.1 == expected?.1, "\(String(decoding: bytes.prefix(24), as: UTF8.self))")
                if got != nil { accepted += 1 }
            }
        }
        #expect(accepted > 100_000)
        #expect(short > 50_000)
    }

    /// Numbers of up to 8 digits with 1 to 7 of them after the point (the shapes of the trace
    /// files' offsets and times), every mantissa of up to 4 digits and an evenly spread 10,000
    /// of the longer ones for each shape, read by the cell parser as by the byte loop.
    @Test func shortDecimalsReadAsTheByteLoopReadsThem() {
        let tail = Array(",7,moved,21,160,10,10,375,40\n0123456789xxxxxxxxxxxx".utf8)
        var checked = 0
        for decimals in 1...7 {
            for intDigits in 0...(8 - decimals) {
                let count = intDigits + decimals
                var top = 1
                for _ in 0..<count { top *= 10 }
                let step = Swift.max(1, top / 10_000) | 1
                for m in stride(from: 0, to: top, by: step) {
                    var digits = Array(String(m).utf8)
                    while digits.count < count { digits.insert(UInt8(ascii: "0"), at: 0) }
                    let bytes = Array(digits[0..<intDigits]) + [UInt8(ascii: ".")] + Array(digits[intDigits...]) + tail
                    bytes.withUnsafeBufferPointer { b in
                        guard let base = b.baseAddress else { return }
                        let got = DecimalParser.parseBeforeCommaInBounds(base, base + b.count)
                        let expected = DecimalParser.parsePrefixScalar(base, base + b.count)
                        #expect(got != nil && got?.0.bitPattern == expected?.0.bitPattern && got?.1 == expected?.1,
                                "\(String(decoding: bytes.prefix(count + 1), as: UTF8.self))")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 250_000)
    }
}
