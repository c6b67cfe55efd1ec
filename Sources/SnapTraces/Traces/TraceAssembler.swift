#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapStrategies

/// Stage of the reader: the trace assembler. The trace being read: its id, first line, samples
/// (time, offset, move flag, in reused storage), per-trace values (their bytes, kept in an arena,
/// with the line that gave each), whether it was cancelled, and its first fault (lenient mode).
/// Its accessors turn the stored per-trace bytes into values, with errors naming the line that
/// gave the value.
///
/// Owned by ``ReaderCore`` (not copyable: it owns the sample and byte storage, freed in `deinit`).
struct TraceAssembler: ~Copyable {
    let path: String
    var inTrace = false
    /// The trace id's bytes (its text: ``traceID``), and its first line.
    var idBytes = ByteArena()
    var traceLine = 0
    var t = GrowableBuffer<Double>()
    var x = GrowableBuffer<Double>()
    /// Per sample: 1 a move, 0 the lift-off (`ended`, `cancelled`), 2 an empty phase.
    var mv = GrowableBuffer<UInt8>()
    var lastTime = -Double.infinity
    var cancelled = false
    /// A release-level row's `release_offset`.
    var releaseOffsetValue = 0.0
    /// The per-trace values' bytes: field k is `arena[ptStart[k] ..< ptStart[k] + ptLen[k]]`
    /// (`ptLen[k]` -1: not given yet), given on line `ptLine[k]`.
    var arena = ByteArena()
    let ptStart = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    let ptLen = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    let ptLine = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    /// Whether a stored per-trace value or the trace id holds a `"` (the fast decoder compares
    /// raw bytes, which for such a value could be a stray-quote spelling: it leaves the trace alone).
    var storedQuote = false
    /// The trace's first fault (lenient mode); `hasBad` is set exactly when `bad` is.
    var bad: TraceParseError?
    var hasBad = false
    /// The generation of the first-row layout cells (``RowPlan/layoutSpanGeneration``) that give
    /// every layout column of the trace, -1 when not known to (a first row read by the checked
    /// path, or a layout value stored by a later row).
    var layoutSpan = -1
    var tracesRead = 0
    var tracesYielded = 0
    var tracesCancelled = 0

    init(path: String) {
        self.path = path
        ptLen.initialize(repeating: -1, count: PerTraceField.count)
        ptStart.initialize(repeating: 0, count: PerTraceField.count)
        ptLine.initialize(repeating: 0, count: PerTraceField.count)
    }

    deinit {
        t.free(); x.free(); mv.free(); idBytes.free(); arena.free()
        ptStart.deallocate(); ptLen.deallocate(); ptLine.deallocate()
    }

    /// Starts the trace with id `s..<e` on `line`; `quoteFree`: the caller knows the id holds no `"`.
    @inline(__always)
    mutating func start(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, line: Int, quoteFree: Bool = false) {
        inTrace = true
        idBytes.removeAll()
        idBytes.append(s, e)
        storedQuote = !quoteFree && memchr(s, 0x22, e - s) != nil
        traceLine = line
        t.removeAll(); x.removeAll(); mv.removeAll()
        lastTime = -.infinity
        cancelled = false
        if hasBad {
            bad = nil
            hasBad = false
        }
        arena.removeAll()
        for k in 0..<PerTraceField.count { ptLen[k] = -1 }
        layoutSpan = -1
        tracesRead += 1
    }

    /// Notes `fault` as the trace's first (lenient mode).
    mutating func note(_ fault: TraceParseError) {
        if bad == nil { bad = fault }
        hasBad = true
    }

    /// Stores per-trace field `k`'s value `s..<e` given on `line`.
    @inline(__always)
    mutating func store(_ k: Int, _ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, line: Int) {
        let layoutField = k - ReleaseBuilder.firstLayoutField
        if layoutField >= 0 && layoutField < ReleaseBuilder.layoutFieldCount { layoutSpan = -1 }
        ptStart[k] = arena.count
        ptLen[k] = e - s
        ptLine[k] = line
        arena.append(s, e)
    }

    /// Stores per-trace field `k`'s value, given on `line`, as the `count` bytes already in the
    /// arena at `offset` (a row copied whole, ``ReaderCore/fastFirstRow(_:_:)``).
    @inline(__always)
    mutating func store(_ k: Int, arenaOffset offset: Int, count: Int, line: Int) {
        ptStart[k] = offset
        ptLen[k] = count
        ptLine[k] = line
    }

    /// The trace id's text (made when asked: errors, and records of long ids, ``TraceIDText``).
    var traceID: String { byteText(idBytes.base, idBytes.base + idBytes.count) }

    /// The last sample is a lift-off (`ended`).
    var endedLast: Bool { t.count > 0 && mv[t.count - 1] == 0 }

    // MARK: per-trace values

    /// The stored bytes of field `k`.
    @inline(__always)
    func stored(_ k: Int) -> UnsafePointer<UInt8> { UnsafePointer(arena.base + ptStart[k]) }

    func perTraceText(_ f: PerTraceField) -> String? {
        let k = f.rawValue
        guard ptLen[k] >= 0 else { return nil }
        return byteText(stored(k), stored(k) + ptLen[k])
    }

    /// A per-trace number, `nil` when absent; errors name the row that gave it. (The absent
    /// case inline: most per-trace columns are absent from most files, and the call cost more
    /// than the check.)
    @inline(__always)
    func perTraceNumber(_ f: PerTraceField, expected: String) throws(TraceParseError) -> Double? {
        guard ptLen[f.rawValue] >= 0 else { return nil }
        return try givenPerTraceNumber(f, expected: expected)
    }

    /// ``perTraceNumber(_:expected:)`` of a column the trace gives.
    @inline(never)
    func givenPerTraceNumber(_ f: PerTraceField, expected: String) throws(TraceParseError) -> Double {
        let k = f.rawValue
        let s = stored(k)
        guard let v = DecimalParser.parse(s, s + ptLen[k]) else { throw perTraceInvalid(f, expected: expected) }
        guard v.isFinite else { throw .nonFinite(file: path, line: ptLine[k], column: f.columnName, found: byteText(s, s + ptLen[k])) }
        return v
    }

    func perTraceInteger(_ f: PerTraceField, expected: String) throws(TraceParseError) -> Int? {
        guard ptLen[f.rawValue] >= 0 else { return nil }
        return try givenPerTraceInteger(f, expected: expected)
    }

    /// ``perTraceInteger(_:expected:)`` of a column the trace gives.
    func givenPerTraceInteger(_ f: PerTraceField, expected: String) throws(TraceParseError) -> Int {
        if let i = plainInteger(f) { return i }
        let v = try givenPerTraceNumber(f, expected: expected)
        guard v == v.rounded(), Swift.abs(v) < 1e15 else { throw perTraceInvalid(f, expected: expected) }
        return SnapMath.truncatedIndex(v)
    }

    /// The stored value of `f` when it is 1 to 15 ASCII digits (how files mostly write indices and
    /// counts), else `nil`: what ``givenPerTraceInteger(_:expected:)`` makes of such a value
    /// without the decimal parser (the parse is exact below 10^15 < 2^53, a whole number, and
    /// passes its checks; leading zeros are not significant there either).
    @inline(__always)
    func plainInteger(_ f: PerTraceField) -> Int? {
        let k = f.rawValue, n = ptLen[k]
        guard n >= 1, n <= 15 else { return nil }
        let s = stored(k)
        var v = 0
        for i in 0..<n {
            let d = s[i] &- 48
            guard d <= 9 else { return nil }
            v = v &* 10 &+ Int(d)
        }
        return v
    }

    /// The error for the stored value of `f` (on the line that gave it).
    func perTraceInvalid(_ f: PerTraceField, expected: String) -> TraceParseError {
        let k = f.rawValue
        return .invalidValue(file: path, line: ptLine[k], column: f.columnName, found: byteText(stored(k), stored(k) + ptLen[k]),
                             expected: expected)
    }

    /// An item index column (`intended_index`, `start_index`, `settled_index`, `tap_index`):
    /// a whole number, in `0..<item_count` in a bounded layout (any whole number in a looping
    /// one, where it is taken modulo the count by whoever uses it).
    /// (The absent case inline, as ``perTraceNumber(_:expected:)``.)
    /// An index of plain digits in range is read inline (``plainInteger(_:)``: what the general
    /// path gives it); anything else, and every error, goes the general way.
    @inline(__always)
    func perTraceIndex(_ f: PerTraceField, in layout: CarouselLayout) throws(TraceParseError) -> Int? {
        guard ptLen[f.rawValue] >= 0 else { return nil }
        if let i = plainInteger(f), layout.isLooping || i < layout.itemCount { return i }
        return try givenPerTraceIndex(f, in: layout)
    }

    /// ``perTraceIndex(_:in:)`` of a column the trace gives.
    @inline(never)
    func givenPerTraceIndex(_ f: PerTraceField, in layout: CarouselLayout) throws(TraceParseError) -> Int {
        let i = try givenPerTraceInteger(f, expected: "an item index (a whole number)")
        if !layout.isLooping && (i < 0 || i >= layout.itemCount) {
            throw perTraceInvalid(f, expected: "an item index in 0...\(layout.itemCount - 1) (the layout has \(layout.itemCount) items and does not loop)")
        }
        return i
    }

    /// The `hit` column: `exact` or `revealed`; `nil` when absent.
    func perTraceHit() throws(TraceParseError) -> HitCriterion? {
        guard let s = perTraceText(.hit) else { return nil }
        guard let hit = HitCriterion(rawValue: s) else { throw perTraceInvalid(.hit, expected: "exact or revealed") }
        return hit
    }

    /// The per-trace layout columns over `base`.
    func layoutFields(over base: LayoutFields) throws(TraceParseError) -> LayoutFields {
        var fields = LayoutFields()
        fields.itemWidth = try perTraceNumber(.itemWidth, expected: "an item width in points")
        fields.spacing = try perTraceNumber(.itemSpacing, expected: "an item spacing in points")
        fields.leadingInset = try perTraceNumber(.leadingInset, expected: "a leading inset in points")
        fields.trailingInset = try perTraceNumber(.trailingInset, expected: "a trailing inset in points")
        fields.viewportWidth = try perTraceNumber(.viewportWidth, expected: "a viewport width in points")
        fields.itemCount = try perTraceInteger(.itemCount, expected: LayoutFields.itemCountExpectation)
        if let c = fields.itemCount, !LayoutFields.itemCountRange.contains(c) {
            throw perTraceInvalid(.itemCount, expected: LayoutFields.itemCountExpectation)
        }
        if let a = perTraceText(.alignment) {
            guard let al = SnapAlignment(rawValue: a) else { throw perTraceInvalid(.alignment, expected: "leading, center or trailing") }
            fields.alignment = al
        }
        if let l = perTraceText(.looping) {
            guard let b = Self.boolean(l) else { throw perTraceInvalid(.looping, expected: "true or false") }
            fields.isLooping = b
        }
        return fields.merged(over: base)
    }

    static func boolean(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }
}
