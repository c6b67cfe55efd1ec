/// How a ``RowTemplate`` reads one number of a row it matched: the 8 bytes of the row whose
/// lane 4 is the cell's point (or, without a point, its comma), converted in one SWAR chain,
/// plus the value of the cell's leading digits, which the template holds fixed (they are
/// template bytes, not digit lanes, so a matched row has the template row's). A cell of `i`
/// integer digits (1...8) and `f` decimals (0...3) has at most 4 integer digits and 3 decimals
/// in the word (lanes 0–3 and 5–7) and `max(0, i − 4)` leading digits before it.
///
/// The value: the word's digit lanes masked to their values (`0x0F`: `'0'...'9'` → 0...9; the
/// point's lane, lanes before the cell and after its last digit → 0), the pairs and quads of
/// ``DecimalParser/eightDigitsValue(_:)``, then the quads joined as `Q0·10^3 + Q1` (not `10^4`:
/// lane 4 is the point, so `Q1` holds the three lanes after it): `N = integer·10^3 +
/// fraction·10^(3 − f)` with the leading digits' `lead·10^7` added. `N = M·10^(3 − f)`, where
/// `M = integer·10^f + fraction` is the mantissa ``DecimalShape`` and ``DecimalParser`` divide by
/// `10^f`; both are exact in a double (`N < 10^11 < 2^53`), and `N / 1000` and `M / 10^f` are the
/// same real number, so the correctly rounded divisions give the same double (without a point:
/// `integer·1000 / 1000 = integer`, exact, as `Double(M)`).
struct DecimalWord {
    /// The word's offset from the row's start (lane 4 is the point), at least 0.
    var at: Int
    /// `0x0F` in the word's digit lanes, 0 elsewhere.
    var mask: UInt64
    /// The leading digits' value times 10^7 (0 without leading digits).
    var lead: UInt64

    /// Whether a cell of `digits` integer digits (1...8) and `decimals` decimals at `cellAt` in a
    /// row has a word: at most 3 decimals, and the word starts within the row.
    @inline(__always)
    static func fits(cellAt: Int, digits: Int, decimals: Int) -> Bool {
        decimals <= 3 && cellAt &+ digits >= 4
    }

    /// The word of the cell at `row + cellAt` with `digits` integer digits (1...8) and `decimals`
    /// decimals, which must fit (``fits(cellAt:digits:decimals:)``). Reads the cell's leading
    /// digits (the 8 bytes at `row + cellAt`).
    @inline(__always)
    init(row: UnsafePointer<UInt8>, cellAt: Int, digits: Int, decimals: Int) {
        let low4: UInt64 = 0x0F0F_0F0F
        // lanes 4 − min(digits, 4) ..< 4 (the integer digits in the word), 5 ..< 5 + decimals
        let integer = low4 &<< UInt64(truncatingIfNeeded: 8 &* Swift.max(0, 4 &- digits)) & low4
        let fraction = (0x000F_0F0F &>> UInt64(truncatingIfNeeded: 8 &* (3 &- decimals))) &<< 40
        at = cellAt &+ digits &- 4
        mask = integer | fraction
        lead = Self.leadValue(row: row, cellAt: cellAt, leading: Swift.max(0, digits &- 4))
    }

    /// The value times 10^7 of the `leading` digits (0...4) at `row + cellAt` (``lead``; 0 when
    /// `leading` is 0). Reads the 8 bytes at `row + cellAt`.
    @inline(__always)
    static func leadValue(row: UnsafePointer<UInt8>, cellAt: Int, leading: Int) -> UInt64 {
        // the leading digits to the top of a word, converted
        let w = UInt64(littleEndian: UnsafeRawPointer(row).loadUnaligned(fromByteOffset: cellAt, as: UInt64.self))
        let digitsOnly = w & ((1 &<< UInt64(truncatingIfNeeded: 8 &* leading)) &- 1) & 0x0F0F_0F0F_0F0F_0F0F
        return leading == 0 ? 0 : DecimalParser.eightDigitsValue(digitsOnly &<< UInt64(truncatingIfNeeded: 64 &- 8 &* leading)) &* 10_000_000
    }

    /// The number of the row at `row` (matched by the template: its digit lanes hold digits,
    /// its leading digits are the template's). Reads the 8 bytes at `row + at`.
    @inline(__always)
    func value(_ row: UnsafePointer<UInt8>) -> Double {
        let w = UInt64(littleEndian: UnsafeRawPointer(row).loadUnaligned(fromByteOffset: at, as: UInt64.self)) & mask
        let pairs = (w &* 2561) >> 8 & 0x00FF_00FF_00FF_00FF                 // 10·a + b
        let quads = (pairs &* 6_553_601) >> 16 & 0x0000_FFFF_0000_FFFF       // 100·ab + cd
        let low = (quads &* (1000 << 32 | 1)) >> 32                          // 10^3·Q0 + Q1
        return Double(Int64(bitPattern: lead &+ low)) / 1000
    }
}

/// A fixed-point template's two words (`t_ms`, `offset`), converted together: the same steps as
/// ``DecimalWord/value(_:)`` on the two 64-bit lanes of one SSE2 register (pairs and quads in
/// 16-bit lanes, `Q0·10^3 + Q1` in 64-bit lanes), the leading digits' values added, each
/// `N < 2^52` made a double exactly (`N` OR the bits of 2^52, minus 2^52) and divided by 1000
/// (`divpd`: each lane the correctly rounded quotient, as `divsd`): the same doubles.
struct DecimalWordPair {
    /// The words' offsets from the row's start.
    var at: (time: Int, offset: Int)
    var masks: SIMD2<UInt64>
    var leads: SIMD2<UInt64>

    init() { at = (0, 0); masks = .zero; leads = .zero }

    init(time: DecimalWord, offset: DecimalWord) {
        at = (time.at, offset.at)
        masks = SIMD2(time.mask, offset.mask)
        leads = SIMD2(time.lead, offset.lead)
    }

    /// The `t_ms` and `offset` of the row at `row` (matched by the template). Reads 8 bytes at
    /// each word's offset.
    @inline(__always)
    func values(_ row: UnsafePointer<UInt8>) -> (time: Double, offset: Double) {
        let raw = UnsafeRawPointer(row)
        let w = SIMD2<UInt64>(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at.time, as: UInt64.self)),
                              UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at.offset, as: UInt64.self))) & masks
        let bytes = unsafeBitCast(w, to: SIMD8<UInt16>.self)
        let pairs = (bytes & 0x00FF) &* 10 &+ (bytes &>> 8)                                   // 10·a + b
        let weighted = unsafeBitCast(pairs &* SIMD8<UInt16>(100, 1, 100, 1, 100, 1, 100, 1), to: SIMD4<UInt32>.self)
        let quads = unsafeBitCast((weighted & 0xFFFF) &+ (weighted &>> 16), to: SIMD2<UInt64>.self)  // 100·ab + cd
        let n = (quads & 0xFFFF_FFFF) &* 1000 &+ (quads &>> 32) &+ leads                       // 10^3·Q0 + Q1 + lead
        let exact = unsafeBitCast(n | 0x4330_0000_0000_0000, to: SIMD2<Double>.self) - 4_503_599_627_370_496
        let v = exact / 1000
        return (v[0], v[1])
    }
}
