#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses decimal numbers straight from bytes, exactly rounded.
///
/// Fast path (Clinger 1990): text of the form `[+-]digits[.digits][(e|E)[+-]digits]` with at
/// most 19 significant digits whose integer mantissa `m` is at most 2^53 and whose decimal
/// exponent `e` lies in −22…22 is `m·10^e` or `m/10^−e`, a single correctly rounded IEEE
/// operation on exact operands, hence exactly rounded. Anything else (more digits, larger
/// exponents, `inf`, `nan`, hex) goes to C's `strtod`, which rounds correctly (glibc).
/// A test compares the parser with `strtod` on many random values.
public enum DecimalParser {
    /// The number spelled by the bytes `[start, end)`, or `nil` when they are not one number
    /// (empty, stray characters). Non-finite spellings (`inf`, `nan`, overflow) parse to
    /// non-finite values: callers decide whether to accept them.
    @inlinable
    public static func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Double? {
        var p = start
        guard p < end else { return nil }
        var negative = false
        if p.pointee == UInt8(ascii: "-") { negative = true; p += 1 } else if p.pointee == UInt8(ascii: "+") { p += 1 }
        var mantissa: UInt64 = 0
        var digits = 0          // significant digits taken into the mantissa
        var anyDigit = false
        var exponent = 0
        var overflow = false
        while p < end {
            let d = p.pointee &- 48
            if d > 9 { break }
            anyDigit = true
            if mantissa == 0 && d == 0 {
                // leading zero: not significant
            } else if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
            } else {
                overflow = true
            }
            p += 1
        }
        if overflow { return slow(start, end) }
        if p < end && p.pointee == UInt8(ascii: ".") {
            p += 1
            while p < end {
                let d = p.pointee &- 48
                if d > 9 { break }
                anyDigit = true
                if mantissa == 0 && d == 0 {
                    exponent -= 1
                } else if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    digits += 1
                    exponent -= 1
                } else {
                    return slow(start, end)
                }
                p += 1
            }
        }
        guard anyDigit else { return slow(start, end) }
        if p < end && (p.pointee | 0x20) == UInt8(ascii: "e") {
            p += 1
            var expNegative = false
            if p < end && p.pointee == UInt8(ascii: "-") { expNegative = true; p += 1 } else if p < end && p.pointee == UInt8(ascii: "+") { p += 1 }
            var e = 0
            var expDigits = 0
            while p < end {
                let d = p.pointee &- 48
                if d > 9 { break }
                if e < 100_000 { e = e * 10 + Int(d) }
                expDigits += 1
                p += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -e : e
        }
        guard p == end else { return slow(start, end) }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        guard mantissa <= (1 << 53), exponent >= -22, exponent <= 22 else { return slow(start, end) }
        var value = Double(mantissa)
        if exponent < 0 { value /= powerOfTen(-exponent) } else if exponent > 0 { value *= powerOfTen(exponent) }
        return negative ? -value : value
    }

    /// The fast path alone, on a prefix: parses the plain decimal at `start` (`[-]digits[.digits]`,
    /// at most 19 digits in all, at most 22 after the point) and returns it with the position
    /// after it, or `nil` when the text there needs more than the exactly-rounded fast path
    /// (an exponent, more digits, a mantissa above 2^53): the caller then takes the general
    /// route through ``parse(_:_:)``.
    ///
    /// With at least 32 bytes before `end`, the usual spelling (at most 15 digits before the
    /// point and 7 after) is read 8 bytes at a time (``parsePrefixWide(_:)``); anything else, and
    /// the end of the bytes, goes through ``parsePrefixScalar(_:_:)``, byte by byte. Both give
    /// the same answer for every input (a test compares them).
    @inlinable @inline(__always)
    public static func parsePrefix(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        if end - start >= 32, let r = parsePrefixWide(start) { return r }
        return parsePrefixScalar(start, end)
    }

    /// ``parsePrefix(_:_:)`` when the caller knows that at least 32 bytes follow `start` (before
    /// `end`).
    @inlinable @inline(__always)
    static func parsePrefixInBounds(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        if let r = parsePrefixWide(start) { return r }
        return parsePrefixScalar(start, end)
    }

    /// ``parsePrefixInBounds(_:_:)`` of a cell that a comma ends: the value and the position of
    /// the comma; `nil` when ``parsePrefix(_:_:)`` gives `nil` or the byte after the number is
    /// not a comma. The same answer as ``parsePrefixInBounds(_:_:)`` followed by that check; on
    /// the unsigned wide path the exponent check (a byte `e` or `E` after the number) is the
    /// comma check itself.
    /// (Out of line: the row loop reads most cells with their column's last shape, ``DecimalShape``,
    /// and calls this for the others; the unsigned wide path is inline here, the rest out of line.)
    @usableFromInline @inline(never)
    static func parseBeforeCommaInBounds(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        if start.pointee != UInt8(ascii: "-"), let (value, p) = parsePrefixWideUnsigned(start, checksExponent: false) {
            return p.pointee == UInt8(ascii: ",") ? (value, p) : nil
        }
        return parseBeforeCommaOtherwise(start, end)
    }

    /// ``parseBeforeCommaInBounds(_:_:)`` of a signed number or one the unsigned wide path refuses.
    @usableFromInline @inline(never)
    static func parseBeforeCommaOtherwise(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        guard let (value, p) = parsePrefixInBounds(start, end), p.pointee == UInt8(ascii: ",") else { return nil }
        return (value, p)
    }

    /// ``parsePrefix(_:_:)`` for `[-]d{0,15}[.d{0,7}]` followed by a byte that is not a digit,
    /// reading at most 32 bytes from `start` (the caller checks they are there); `nil` for
    /// anything else (then ``parsePrefixScalar(_:_:)`` decides).
    ///
    /// SWAR, as simdjson's `parse_eight_digits_unrolled`: 8 bytes per 64-bit load, the length of
    /// a digit run from a bit mask, the value of up to 8 digits from three multiplications.
    ///
    /// Same result, bit for bit, as the scalar path: with `k` digits after the point and
    /// mantissa `m` (the digits as one integer), the scalar path computes `Double(m) / 10^k`;
    /// this path computes `Double(m') / 1e8` with `m' = m·10^(8−k)` (the fraction padded to 8
    /// digits) and only when `m' ≤ 2^53`. Then `m ≤ 2^53` too, both are one correctly rounded
    /// IEEE division of exact operands with the same exact quotient, so the same double.
    /// Without a point the value is `Double(m)` in both. Larger `m'`: the scalar path decides.
    ///
    /// A leading minus sign takes an out-of-line route (``parsePrefixWideNegative(_:)``), so
    /// the inlined code is that of the unsigned number. With at most 7 digits before the point
    /// (at most 14 digits, a padded mantissa below 10^15 < 2^53) only the emptiness and
    /// fraction-length conditions can fail; the longer numbers check all the limits.
    @inlinable @inline(__always)
    static func parsePrefixWide(_ start: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        if start.pointee == UInt8(ascii: "-") { return parsePrefixWideNegative(start) }
        return parsePrefixWideUnsigned(start)
    }

    /// ``parsePrefixWide(_:)`` of a number with a minus sign at `start`.
    @usableFromInline @inline(never)
    static func parsePrefixWideNegative(_ start: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        guard let (value, p) = parsePrefixWideUnsigned(start + 1) else { return nil }
        return (-value, p)
    }

    /// ``parsePrefixWide(_:)`` without a sign: `d{0,15}[.d{0,7}]` at `p`. With `checksExponent`
    /// false a number followed by `e` or `E` is not refused: the caller checks the byte after
    /// it (``parseBeforeCommaInBounds(_:_:)``).
    @inlinable @inline(__always)
    static func parsePrefixWideUnsigned(_ start: UnsafePointer<UInt8>, checksExponent: Bool = true) -> (Double, UnsafePointer<UInt8>)? {
        var p = start
        let w1 = digitBytes(p)
        var digits = leadingDigitCount(w1)
        let value: Double
        if digits < 8 {
            // the digits to the top bytes, zero bytes (digit 0) below them
            let integer = eightDigitsValue((w1 & lowBytesMask(digits)) &<< UInt64(64 - 8 * digits))
            p += digits
            if p.pointee == UInt8(ascii: ".") {
                p += 1
                let w2 = digitBytes(p)
                let decimals = leadingDigitCount(w2)
                // below 10^7 the limits of the long numbers (19 digits, 2^53) cannot be reached
                guard decimals < 8, digits + decimals > 0 else { return nil }
                p += decimals
                value = Double(integer &* 100_000_000 &+ eightDigitsValue(w2 & lowBytesMask(decimals))) / 1e8
            } else {
                guard digits > 0 else { return nil }
                value = Double(integer)
            }
        } else {
            // 8 to 15 digits: the first `more` from `w1`, the last 8 from one more load
            let integer: UInt64
            // (exactly 8, then a point: the usual millisecond time, no second count needed)
            let more = p[8] == UInt8(ascii: ".") ? 0 : leadingDigitCount(digitBytes(p + 8))
            guard more < 8 else { return nil }
            if more == 0 {
                integer = eightDigitsValue(w1)   // exactly 8 (a millisecond time of day, say)
            } else {
                integer = eightDigitsValue((w1 & lowBytesMask(more)) &<< UInt64(64 - 8 * more)) &* 100_000_000
                    &+ eightDigitsValue(digitBytes(p + more))
            }
            digits += more
            p += digits
            if p.pointee == UInt8(ascii: ".") {
                p += 1
                let w2 = digitBytes(p)
                let decimals = leadingDigitCount(w2)
                // the fraction's digits, zero bytes after them: fraction·10^(8 − decimals)
                let padded = integer &* 100_000_000 &+ eightDigitsValue(w2 & lowBytesMask(decimals))
                // (below 2^27 the integer part cannot wrap `padded`; 19 digits at most, as the scalar path)
                guard decimals < 8, digits + decimals <= 19, integer < 1 << 27, padded <= 1 << 53 else { return nil }
                p += decimals
                value = Double(padded) / 1e8
            } else {
                value = Double(integer)
            }
        }
        if checksExponent && (p.pointee | 0x20) == UInt8(ascii: "e") { return nil }
        return (value, p)
    }

    /// The 8 bytes at `p` (first byte lowest), minus `0x30` each: a digit byte becomes its value.
    @inlinable @inline(__always)
    static func digitBytes(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) &- 0x3030_3030_3030_3030
    }

    /// The number of leading bytes of `t` (first byte lowest) that are digits, where `t` is 8
    /// text bytes minus `0x30` each (bytewise borrows only disturb the bytes after the first
    /// byte that is not a digit, which do not count): a digit byte is then 0...9, any other ≥ 10.
    @inlinable @inline(__always)
    static func leadingDigitCount(_ t: UInt64) -> Int {
        // bit 7 of a byte: set when the byte is ≥ 0x80, or when adding 0x76 reaches 0x80 (≥ 10)
        let notDigit = ((t &+ 0x7676_7676_7676_7676) | t) & 0x8080_8080_8080_8080
        return notDigit.trailingZeroBitCount >> 3
    }

    /// The mask of the low `n` bytes, `n` in 0...7.
    @inlinable @inline(__always)
    static func lowBytesMask(_ n: Int) -> UInt64 {
        (1 &<< UInt64(8 * n)) &- 1
    }

    /// The value of 8 digits, one per byte (0...9, first byte lowest and most significant).
    @inlinable @inline(__always)
    static func eightDigitsValue(_ v: UInt64) -> UInt64 {
        let v2 = (v &* 2561) >> 8 & 0x00FF_00FF_00FF_00FF                // pairs: 10·a + b
        let v4 = (v2 &* 6_553_601) >> 16 & 0x0000_FFFF_0000_FFFF         // quads: 100·ab + cd
        return (v4 &* 42_949_672_960_001) >> 32                          // 10^4·abcd + efgh
    }

    /// ``parsePrefix(_:_:)`` byte by byte.
    @usableFromInline @inline(never)
    static func parsePrefixScalar(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        var p = start
        guard p < end else { return nil }
        let negative = p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }
        var mantissa: UInt64 = 0
        let intStart = p
        while p < end {
            let d = p.pointee &- 48
            if d > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            p += 1
        }
        var digits = p - intStart
        var decimals = 0
        if p < end && p.pointee == UInt8(ascii: ".") {
            p += 1
            let fracStart = p
            while p < end {
                let d = p.pointee &- 48
                if d > 9 { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                p += 1
            }
            decimals = p - fracStart
            digits += decimals
        }
        guard digits > 0, digits <= 19, decimals <= 22, mantissa <= (1 << 53) else { return nil }
        if p < end && (p.pointee | 0x20) == UInt8(ascii: "e") { return nil }
        var value = Double(mantissa)
        if decimals > 0 { value /= powerOfTen(decimals) }
        return (negative ? -value : value, p)
    }

    /// 10^k for k in 0...22 (exact in binary64).
    @usableFromInline @inline(__always)
    static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: return 1
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    /// `strtod` on a NUL-terminated copy; `nil` unless it consumes every byte.
    @usableFromInline
    static func slow(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Double? {
        let n = end - start
        guard n > 0, n < 4096 else { return nil }
        // strtod skips leading white space; the reader trims fields, so refuse it here.
        let first = start.pointee
        if first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D || first == 0x0B || first == 0x0C { return nil }
        // plain decimals only (trace-format.md): strtod would also take hexadecimal (`0xA0`,
        // `0x1p-2`); `inf`, `infinity` and `nan` parse (to non-finite values callers refuse)
        guard isPlainDecimalOrNonFinite(start, end) else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buf -> Double? in
            guard let base = buf.baseAddress else { return nil }
            for i in 0..<n {
                let c = start[i]
                if c == 0 { return nil }
                base[i] = CChar(bitPattern: c)
            }
            base[n] = 0
            var endPtr: UnsafeMutablePointer<CChar>?
            let v = strtod(base, &endPtr)
            guard let endPtr, endPtr - base == n else { return nil }
            return v
        }
    }

    /// Whether the bytes spell `[+-]digits[.digits][(e|E)[+-]digits]` (a digit before or after the
    /// point) or, in any case, `[+-]inf`, `[+-]infinity`, `[+-]nan`.
    @usableFromInline
    static func isPlainDecimalOrNonFinite(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
        var p = start
        if p < end && (p.pointee == 0x2B || p.pointee == 0x2D) { p += 1 }
        let word = String(decoding: UnsafeBufferPointer(start: p, count: end - p), as: UTF8.self).lowercased()
        if word == "inf" || word == "infinity" || word == "nan" { return true }
        var digits = 0
        while p < end && p.pointee &- 48 <= 9 { p += 1; digits += 1 }
        if p < end && p.pointee == 0x2E {
            p += 1
            while p < end && p.pointee &- 48 <= 9 { p += 1; digits += 1 }
        }
        guard digits > 0 else { return false }
        if p < end && (p.pointee == 0x65 || p.pointee == 0x45) {
            p += 1
            if p < end && (p.pointee == 0x2B || p.pointee == 0x2D) { p += 1 }
            var exponentDigits = 0
            while p < end && p.pointee &- 48 <= 9 { p += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return p == end
    }

    /// Parses `text` (convenience for tests and options).
    public static func parse(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { b in
            guard let base = b.baseAddress else { return nil }
            return parse(UnsafePointer(base), UnsafePointer(base + b.count))
        }
    }
}
