/// Fast decimal formatting straight into a byte buffer, for writing large CSV files.
///
/// `appendFixed(x, decimals: d, to:)` writes `x` rounded half away from zero to `d` decimals
/// (`-12.346`, `0.500`, `7`), never `-0`; values whose scaled magnitude reaches 2^53 or that are
/// not finite are written through Swift's `description` (`nan`, `inf`, `1e+20`). It gives the
/// same digits as `String(format: "%.*f")` except at exact binary ties (tested).
public enum DecimalBytes {
    /// `10^d` for `d` in 0...15.
    static let powers: [Double] = (0...15).map { d in (0..<d).reduce(1.0) { acc, _ in acc * 10 } }
    static let integerPowers: [UInt64] = (0...15).map { d in (0..<d).reduce(UInt64(1)) { acc, _ in acc * 10 } }

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

    /// Appends the decimal digits of `value`, at least `minimumDigits` of them (zero-padded).
    @inline(__always)
    public static func appendUnsigned(_ value: UInt64, minimumDigits: Int = 1, to buffer: inout [UInt8]) {
        var digits = 1
        var probe = value
        while probe >= 10 { probe /= 10; digits += 1 }
        let width = Swift.max(digits, minimumDigits)
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        var v = value
        var i = start + width - 1
        while v > 0 {
            let q = v / 10
            buffer[i] = UInt8(truncatingIfNeeded: v - q * 10) &+ 48
            v = q
            i -= 1
        }
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
        if x < 0 && n != 0 { buffer.append(UInt8(ascii: "-")) }
        let unit = integerPowers[d]
        appendUnsigned(n / unit, to: &buffer)
        if d > 0 {
            buffer.append(UInt8(ascii: "."))
            appendUnsigned(n % unit, minimumDigits: d, to: &buffer)
        }
    }
}

extension UInt {
    @inline(__always) fileprivate var toUInt64: UInt64 { UInt64(truncatingIfNeeded: self) }
}
