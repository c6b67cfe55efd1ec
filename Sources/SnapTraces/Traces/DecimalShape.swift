/// The shape of a plain unsigned decimal cell followed by a comma, `d{i}[.d{f}],` with i in
/// 1...8 and f in 1...7 (or no point and no f), at most 15 bytes before the comma (not 8 + 7,
/// whose comma is past the 16 bytes checked), and what reads a cell of that shape in a few
/// steps: the row loop keeps the shape of the last `t_ms` and `offset` cells (a trace's numbers
/// mostly keep theirs) and reads the next cell with it, without finding its length; a cell of
/// any other shape is refused (``read(_:)`` is `nil`) and read by ``DecimalParser``, whose cell
/// then gives the shape for the next rows.
///
/// The check: the 16 bytes at the cell's start, as two words, XOR the shape's expected bytes
/// (`0x30` in the digit lanes, `.` and `,` in theirs, 0 after the comma): a lane is right when
/// the result is 0...9 in a digit lane, 0 in the point and comma lanes. Adding 0x76 or 0x7F
/// sets bit 7 of a lane (or the lane's own bit 7 is set) exactly when it is wrong; only a wrong
/// lane can carry into the next, so the lowest wrong lane is always seen. Lanes after the comma
/// add 0 and are not looked at.
///
/// The value: the digits before the point shifted to the top of a word (``DecimalParser/eightDigitsValue(_:)``),
/// the digits after it likewise, mantissa `m = integer·10^f + fraction` (below 10^15 < 2^53,
/// exact) and `Double(m) / 10^f`: the same correctly rounded division of exact operands as
/// ``DecimalParser/parsePrefixScalar(_:_:)``, hence the same double (`Double(m)` without a
/// point). A test compares them on every shape and on random cells read with another's shape.
struct DecimalShape {
    var x0: UInt64, x1: UInt64
    var k0: UInt64, k1: UInt64
    var c0: UInt64, c1: UInt64
    /// `64 − 8i`: the integer digits to the top of the word.
    var intShift: UInt64
    /// `i + 1`: the first digit after the point.
    var fracOffset: Int
    /// The low `f` lanes (0 without a point), and `64 − 8f` (0 without a point).
    var fracMask: UInt64
    var fracShift: UInt64
    /// `10^f`, as an integer and as a double.
    var scale: UInt64
    var divisor: Double
    /// The cell's length: the comma's position.
    var length: Int

    /// The shape that takes no cell (every lane's bit 7 is set by adding 0x80).
    init() {
        x0 = 0; x1 = 0; k0 = 0x80; k1 = 0; c0 = 0x80; c1 = 0
        intShift = 0; fracOffset = 0; fracMask = 0; fracShift = 0; scale = 1; divisor = 1; length = 0
    }

    /// The shape of the cell `start..<comma` (a comma at `comma`), or the shape that takes no
    /// cell when it has none of the shapes above.
    @inline(never)
    init(cell start: UnsafePointer<UInt8>, comma: UnsafePointer<UInt8>) {
        self.init()
        let length = comma - start
        guard length >= 1, length <= 15 else { return }
        var point = -1
        for j in 0..<length {
            if start[j] == UInt8(ascii: ".") {
                guard point < 0 else { return }
                point = j
            } else if start[j] &- 0x30 > 9 {
                return
            }
        }
        let digits = point < 0 ? length : point
        let decimals = point < 0 ? 0 : length - point - 1
        guard digits >= 1, digits <= 8, point < 0 || (decimals >= 1 && decimals <= 7) else { return }
        var x: (UInt64, UInt64) = (0, 0), k: (UInt64, UInt64) = (0, 0), c: (UInt64, UInt64) = (0, 0)
        for lane in 0...length {
            let expected: UInt64 = lane == length ? 0x2C : lane == point ? 0x2E : 0x30
            let add: UInt64 = expected == 0x30 ? 0x76 : 0x7F
            let bit = UInt64(8 * (lane & 7))
            if lane < 8 {
                x.0 |= expected << bit; k.0 |= add << bit; c.0 |= 0x80 << bit
            } else {
                x.1 |= expected << bit; k.1 |= add << bit; c.1 |= 0x80 << bit
            }
        }
        (x0, x1, k0, k1, c0, c1) = (x.0, x.1, k.0, k.1, c.0, c.1)
        intShift = UInt64(64 - 8 * digits)
        fracOffset = digits + 1
        fracMask = decimals == 0 ? 0 : DecimalParser.lowBytesMask(decimals)
        fracShift = decimals == 0 ? 0 : UInt64(64 - 8 * decimals)
        var s: UInt64 = 1
        for _ in 0..<decimals { s *= 10 }
        scale = s
        divisor = DecimalParser.powerOfTen(decimals)
        self.length = length
    }

    /// The value of the cell at `start` when it has this shape (then its comma is at
    /// `start + length`), else `nil`. Reads the 16 bytes at `start` and 8 at `start + fracOffset`
    /// (at most 17 bytes from `start`; the caller checks they are there).
    @inline(__always)
    func read(_ start: UnsafePointer<UInt8>) -> Double? {
        let raw = UnsafeRawPointer(start)
        let a0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) ^ x0
        let a1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) ^ x1
        guard (((a0 &+ k0) | a0) & c0) | (((a1 &+ k1) | a1) & c1) == 0 else { return nil }
        let integer = DecimalParser.eightDigitsValue(a0 &<< intShift)
        let f = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: fracOffset, as: UInt64.self)) ^ 0x3030_3030_3030_3030
        let fraction = DecimalParser.eightDigitsValue((f & fracMask) &<< fracShift)
        // (below 10^15: as a signed integer, one conversion instruction)
        return Double(Int64(bitPattern: integer &* scale &+ fraction)) / divisor
    }
}

extension DecimalParser {
    /// ``parseBeforeCommaInBounds(_:_:)`` out of line: the row loop's reader of a cell that its
    /// ``DecimalShape`` refuses (a new shape, a sign, a longer number, anything else).
    @usableFromInline @inline(never)
    static func parseBeforeCommaInBoundsOutOfLine(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        parseBeforeCommaInBounds(start, end)
    }
}
