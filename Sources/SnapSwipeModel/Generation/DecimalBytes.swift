/// Fast decimal formatting straight into a byte buffer, for writing large CSV files.
///
/// `appendFixed(x, decimals: d, to:)` writes `x` rounded half away from zero to `d` decimals
/// (`-12.346`, `0.500`, `7`), never `-0`; values whose scaled magnitude reaches 2^53 or that are
/// not finite are written through Swift's `description` (`nan`, `inf`, `1e+20`). It gives the
/// same digits as `String(format: "%.*f")` except at exact binary ties (tested).
public enum DecimalBytes {
    /// `10^d` for `d` in 0...15.
    static let powers: [Double] = (0...15).map { d in (0..<d).reduce(1.0) { acc, _ in acc * 10 } }

    /// Appends the decimal digits of `value`.
    @inline(__always)
    public static func appendInteger(_ value: Int, to buffer: inout [UInt8]) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
            appendUnsigned(value.magnitude.toUInt64, to: &buffer)
        } else {
            appendUnsigned(UInt64(value), to: &buffer)
        }
    }

    /// Appends the decimal digits of `value`, at least `minimumDigits` of them (zero-padded; at
    /// most 24 digits are written).
    @inline(__always)
    public static func appendUnsigned(_ value: UInt64, minimumDigits: Int = 1, to buffer: inout [UInt8]) {
        // digits are written right to left into a stack buffer, then appended in one call (writing
        // them into the array one subscript at a time costs a uniqueness check per digit)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
            guard let p = scratch.baseAddress else { return }
            var i = 24
            _ = writeDigits(value, into: p, before: &i)
            let first = 24 - Swift.min(Swift.max(minimumDigits, 1), 24)
            while i > first {
                i -= 1
                p[i] = 48
            }
            buffer.append(contentsOf: UnsafeBufferPointer(start: p + i, count: 24 - i))
        }
    }

    /// Writes the decimal digits of `value` right to left, ending just before `p[i]` (`i` moves to
    /// the first digit): exactly `count` low digits when given, else all of them (at least one).
    /// Returns what is left of `value` (its digits above those written).
    @inline(__always)
    static func writeDigits(_ value: UInt64, exactly count: Int? = nil, into p: UnsafeMutablePointer<UInt8>,
                            before i: inout Int) -> UInt64 {
        var v = value
        var written = 0
        repeat {
            let q = v / 10
            i -= 1
            p[i] = UInt8(truncatingIfNeeded: v &- q &* 10) &+ 48
            v = q
            written += 1
        } while count.map { written < $0 } ?? (v > 0)
        return v
    }

    /// Appends `x` with `decimals` digits after the point (0...15; outside, clamped).
    @inline(__always)
    public static func appendFixed(_ x: Double, decimals: Int, to buffer: inout [UInt8]) {
        let d = Swift.min(Swift.max(decimals, 0), 15)
        let scaled = (x.magnitude * powers[d]).rounded(.toNearestOrAwayFromZero)
        guard x.isFinite, scaled < 9_007_199_254_740_992 else {
            buffer.append(contentsOf: x.description.utf8)
            return
        }
        let n = UInt64(scaled)
        // sign, at most 16 digits and the point: right to left into a stack buffer, one append
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { scratch in
            guard let p = scratch.baseAddress else { return }
            var i = 40
            var v = n
            if d > 0 {
                v = writeDigits(v, exactly: d, into: p, before: &i)
                i -= 1
                p[i] = UInt8(ascii: ".")
            }
            _ = writeDigits(v, into: p, before: &i)
            if x < 0 && n != 0 {
                i -= 1
                p[i] = UInt8(ascii: "-")
            }
            buffer.append(contentsOf: UnsafeBufferPointer(start: p + i, count: 40 - i))
        }
    }
}

extension UInt {
    @inline(__always) fileprivate var toUInt64: UInt64 { UInt64(truncatingIfNeeded: self) }
}
