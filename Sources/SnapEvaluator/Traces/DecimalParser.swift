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
    @inlinable @inline(__always)
    public static func parsePrefix(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
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
