#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapStrategies

// Stages 5 to 7 of the reader: trace assembly (per-trace values), the contiguity tracker
// (trace ids as runs or hashes) and the release builder (layout cache, users, estimator).

extension TraceReader {
    static func boolean(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }

    /// Starts a trace; returns the non-contiguity error if its id was seen before.
    func startTrace(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> TraceParseError? {
        let h = hot
        h.pointee.inTrace = true
        h.pointee.idBytes.removeAll()
        h.pointee.idBytes.append(s, e)
        storedQuote = memchr(s, 0x22, e - s) != nil
        h.pointee.traceID = text(s, e)
        h.pointee.traceLine = h.pointee.line
        h.pointee.t.removeAll(); h.pointee.x.removeAll(); h.pointee.mv.removeAll()
        h.pointee.lastTime = -.infinity
        h.pointee.cancelled = false
        if h.pointee.hasBad {   // `bad` is set exactly when `hasBad` is
            bad = nil
            h.pointee.hasBad = false
        }
        h.pointee.arena.removeAll()
        for i in 0..<h.pointee.stepCount { h.pointee.stepBytes[i].removeAll() }
        for k in 0..<PerTraceField.count { ptLen[k] = -1 }
        h.pointee.tracesRead += 1
        // contiguity: increasing integer ids need no look-up, and are kept as runs of
        // consecutive integers (constant memory for ids 1, 2, 3, …)
        if h.pointee.monotone, let n = Self.integerID(s, e), h.pointee.firstNumericID == nil || n > h.pointee.lastNumericID {
            // a run exists once the first integer id was read
            if h.pointee.firstNumericID != nil && h.pointee.runLast &+ 1 == n {
                h.pointee.runLast = n
            } else {
                if !runs.isEmpty { runs[runs.count - 1].last = h.pointee.runLast }
                runs.append(IDRun(first: n, last: n, line: h.pointee.line))
                h.pointee.runLast = n
            }
            if h.pointee.firstNumericID == nil { h.pointee.firstNumericID = n }
            h.pointee.lastNumericID = n
            return nil
        }
        let hash = Self.hash(s, e)
        if h.pointee.monotone {
            // the first id out of order: from here on every id is hashed and looked up
            h.pointee.monotone = false
            var seen = Set<UInt64>()
            for run in idRuns { run.forEachHash { seen.insert($0) } }
            seenSet = seen
        }
        idHashes.append(hash)
        idLines.append(line)
        if seenSet?.insert(hash).inserted == false {
            return .nonContiguousTrace(file: path, line: line, column: "trace_id", traceID: traceID)
        }
        return nil
    }

    /// The id as a number when it is 1–18 digits without a leading zero.
    static func integerID(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> UInt64? {
        let n = e - s
        guard n >= 1, n <= 18, !(n > 1 && s[0] == 0x30) else { return nil }
        var v: UInt64 = 0
        for i in 0..<n {
            let d = s[i] &- 48
            if d > 9 { return nil }
            v = v &* 10 &+ UInt64(d)   // at most 18 digits: below 10^18, no overflow
        }
        return v
    }

    /// ``hash(_:_:)`` of the decimal text of `n` (as ``integerID(_:_:)`` reads it).
    static func hash(ofInteger n: UInt64) -> UInt64 {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: 20 digits at most
        return withUnsafeMutableBytes(of: &digits) { raw in
            let b = raw.bindMemory(to: UInt8.self)
            var i = b.count, v = n
            repeat {
                i -= 1
                b[i] = UInt8(truncatingIfNeeded: v % 10) &+ 48
                v /= 10
            } while v > 0
            guard let base = b.baseAddress else { return 0 }
            return hash(UnsafePointer(base + i), UnsafePointer(base + b.count))
        }
    }

    /// FNV-1a, 64 bits.
    static func hash(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var p = s
        while p < e { h = (h ^ UInt64(p.pointee)) &* 0x100_0000_01b3; p += 1 }
        return h
    }

    func perTraceText(_ f: PerTraceField) -> String? {
        let k = f.rawValue
        guard ptLen[k] >= 0 else { return nil }
        let s = UnsafePointer(arena.base + ptStart[k])
        return text(s, s + ptLen[k])
    }

    /// A per-trace number, `nil` when absent; errors name the row that gave it.
    func perTraceNumber(_ f: PerTraceField, expected: String) throws(TraceParseError) -> Double? {
        let k = f.rawValue
        guard ptLen[k] >= 0 else { return nil }
        let s = UnsafePointer(arena.base + ptStart[k])
        guard let v = DecimalParser.parse(s, s + ptLen[k]) else {
            throw .invalidValue(file: path, line: ptLine[k], column: f.columnName, found: text(s, s + ptLen[k]), expected: expected)
        }
        guard v.isFinite else { throw .nonFinite(file: path, line: ptLine[k], column: f.columnName, found: text(s, s + ptLen[k])) }
        return v
    }

    func perTraceInteger(_ f: PerTraceField, expected: String) throws(TraceParseError) -> Int? {
        guard let v = try perTraceNumber(f, expected: expected) else { return nil }
        guard v == v.rounded(), Swift.abs(v) < 1e15 else {
            let k = f.rawValue
            let s = UnsafePointer(arena.base + ptStart[k])
            throw .invalidValue(file: path, line: ptLine[k], column: f.columnName, found: text(s, s + ptLen[k]), expected: expected)
        }
        return SnapMath.truncatedIndex(v)
    }

    /// The error for the stored value of `f` (on the line that gave it).
    func perTraceInvalid(_ f: PerTraceField, expected: String) -> TraceParseError {
        let k = f.rawValue
        let s = UnsafePointer(arena.base + ptStart[k])
        return .invalidValue(file: path, line: ptLine[k], column: f.columnName, found: text(s, s + ptLen[k]), expected: expected)
    }

    /// An item index column (`intended_index`, `start_index`, `settled_index`, `tap_index`):
    /// a whole number, in `0..<item_count` in a bounded layout (any whole number in a looping
    /// one, where it is taken modulo the count by whoever uses it).
    func perTraceIndex(_ f: PerTraceField, in layout: CarouselLayout) throws(TraceParseError) -> Int? {
        guard let i = try perTraceInteger(f, expected: "an item index (a whole number)") else { return nil }
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

    func finishTrace(_ body: (TraceRecord) throws -> Void) throws {
        let h = hot
        h.pointee.inTrace = false
        if h.pointee.hasBad, let bad {
            summary.skipped.append(SkippedTrace(location: TraceLocation(file: path, line: traceLine), traceID: traceID, error: bad))
            return
        }
        if h.pointee.cancelled {
            h.pointee.tracesCancelled += 1
            return
        }
        let recorded: Double?
        let isSampleLevel = h.pointee.isSampleLevel
        do {
            let startOffsetColumn = try perTraceNumber(.startOffset, expected: "a content offset in points")
            recorded = try perTraceNumber(.releaseVelocity, expected: "a velocity in points per millisecond")
            if (options.velocity == .recorded || !isSampleLevel) && recorded == nil {
                throw TraceParseError.invalidValue(file: path, line: traceLine, column: "release_velocity", found: "",
                                                   expected: "a velocity in points per millisecond")
            }
            let layout = try traceLayout()
            let intended = try perTraceIndex(.intendedIndex, in: layout)
            let startIndex = try perTraceIndex(.startIndex, in: layout)
            let settled = try perTraceIndex(.settledIndex, in: layout)
            let tap = try perTraceIndex(.tapIndex, in: layout)
            let hit = try perTraceHit()
            let user = internUser()
            let n = h.pointee.t.count
            if isSampleLevel && n == 0 {
                throw TraceParseError.invalidValue(file: path, line: traceLine, column: "t_ms", found: "", expected: "at least one sample")
            }
            let t = h.pointee.t, x = h.pointee.x, mv = h.pointee.mv
            var startOffset = 0.0, offset = h.pointee.releaseOffsetValue, startTime = 0.0, time = 0.0
            var fingerTravel: Double?
            if isSampleLevel {
                if h.pointee.hasTouchX {
                    // offset = start_offset − (touch_x − first touch_x); the finger's travel in
                    // the content offset's sign is −(last touch_x − first touch_x)
                    let s0 = startOffsetColumn ?? 0, x0 = x[0]
                    fingerTravel = -(x[n - 1] - x0)
                    for i in 0..<n { x[i] = s0 - (x[i] - x0) }
                }
                if mv[n - 1] == 2 { mv[n - 1] = 0 }   // an empty phase on the last row: the lift-off
                if !h.pointee.hasPhase { mv[n - 1] = 0 }
                // a `finger_travel` column (per trace, in the content offset's sign) overrides
                // the travel derived from `touch_x` (Docs/trace-format.md)
                if let given = try perTraceNumber(.fingerTravel, expected: "a finger displacement in points") {
                    fingerTravel = given
                }
                startOffset = startOffsetColumn ?? x[0]
                offset = x[n - 1]
                startTime = t[0]
                time = t[n - 1]
            } else {
                startOffset = startOffsetColumn ?? offset
                if let duration = try perTraceNumber(.durationMs, expected: "a contact time in milliseconds") {
                    guard duration >= 0 else {
                        throw perTraceInvalid(.durationMs, expected: "a contact time in milliseconds, not negative")
                    }
                    time = startTime + duration
                }
                fingerTravel = try perTraceNumber(.fingerTravel, expected: "a finger displacement in points")
            }
            let samples = TraceSamples(time: t.view, offset: x.view, isMove: mv.view, recordedVelocity: recorded)
            let estimate = isSampleLevel ? estimator.estimate(samples) : RecordedVelocityEstimator().estimate(samples)
            let record = TraceRelease(traceID: traceID, user: user, intendedIndex: intended, layout: layout,
                                      release: Release(offset: offset, velocity: estimate.velocity, startOffset: startOffset,
                                                       startTime: startTime, time: time, startIndex: startIndex,
                                                       fingerTravel: fingerTravel),
                                      sampleCount: isSampleLevel ? n : 1,
                                      location: TraceLocation(file: path, line: traceLine),
                                      hit: hit, settledIndex: settled, tapIndex: tap)
            h.pointee.tracesYielded += 1
            try body(TraceRecord(release: consume record, estimate: estimate, samples: samples, sessionID: perTraceText(.sessionID)))
        } catch let error as TraceParseError {
            if !options.lenient { throw error }
            summary.skipped.append(SkippedTrace(location: TraceLocation(file: path, line: traceLine), traceID: traceID, error: error))
        }
    }

    /// The trace's layout: its layout columns over ``TraceReadOptions/baseLayout``.
    ///
    /// Consecutive traces mostly carry byte-identical layout columns: when the bytes (and which
    /// columns are given) are those of the last trace that computed a layout, the result is that
    /// layout. Only successes are kept, and parsing and validating depend on nothing but those
    /// bytes and the base layout, so a failing trace still fails with its own error.
    func traceLayout() throws(TraceParseError) -> CarouselLayout {
        if let cached = hot.pointee.cachedLayout, layoutBytesUnchanged() { return cached }
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
            guard let al = SnapAlignment(rawValue: a) else {
                throw TraceParseError.invalidValue(file: path, line: ptLine[PerTraceField.alignment.rawValue], column: "alignment", found: a, expected: "leading, center or trailing")
            }
            fields.alignment = al
        }
        if let l = perTraceText(.looping) {
            guard let b = Self.boolean(l) else {
                throw TraceParseError.invalidValue(file: path, line: ptLine[PerTraceField.looping.rawValue], column: "looping", found: l, expected: "true or false")
            }
            fields.isLooping = b
        }
        let layout = try layoutFor(fields.merged(over: options.baseLayout))
        // remember the bytes that gave it
        let h = hot
        h.pointee.layoutKey.removeAll()
        for j in 0..<Self.layoutFieldCount {
            let k = Self.firstLayoutField + j
            let n = ptLen[k]
            h.pointee.layoutKeyLen[j] = n
            if n > 0 { h.pointee.layoutKey.append(UnsafePointer(h.pointee.arena.base + ptStart[k]), UnsafePointer(h.pointee.arena.base + ptStart[k] + n)) }
        }
        h.pointee.cachedLayout = layout
        return layout
    }

    /// Whether the trace's layout columns are, byte for byte, those remembered by ``traceLayout()``.
    @inline(__always)
    func layoutBytesUnchanged() -> Bool {
        let h = hot
        let arena = UnsafePointer(h.pointee.arena.base)
        var key = UnsafePointer(h.pointee.layoutKey.base)
        for j in 0..<Self.layoutFieldCount {
            let k = Self.firstLayoutField + j
            let n = ptLen[k]
            guard n == h.pointee.layoutKeyLen[j] else { return false }
            if n > 0 {
                guard Self.bytesEqual(arena + ptStart[k], key, n) else { return false }
                key += n
            }
        }
        return true
    }

    func layoutFor(_ fields: LayoutFields) throws(TraceParseError) -> CarouselLayout {
        if let lastLayout, fields == lastLayoutFields { return lastLayout }
        do {
            guard let layout = try fields.layout() else {
                throw TraceParseError.invalidLayout(file: path, line: traceLine, reason:
                    "no layout for trace '\(traceID)': \(fields.missingRequired.joined(separator: ", ")) not given by a column, --layout or the command line")
            }
            lastLayout = layout
            lastLayoutFields = fields
            return layout
        } catch let e as LayoutError {
            throw .invalidLayout(file: path, line: traceLine, reason: "trace '\(traceID)': \(e.description)")
        } catch let e as TraceParseError {
            throw e
        } catch {
            throw .invalidLayout(file: path, line: traceLine, reason: "\(error)")
        }
    }

    /// The trace's user index (`"unknown"` without a `user_id`), looked up by the bytes of its
    /// `user_id`: a user's first trace interns its name (a `String`) in ``users``, the others
    /// find the index in a byte-keyed table.
    func internUser() -> Int {
        let h = hot
        let k = PerTraceField.userID.rawValue
        guard ptLen[k] >= 0 else {
            if h.pointee.unknownUser < 0 { h.pointee.unknownUser = users.intern("unknown") }
            return h.pointee.unknownUser
        }
        let s = UnsafePointer(h.pointee.arena.base + ptStart[k]), e = s + ptLen[k]
        let hash = Self.hash(s, e)
        if let user = h.pointee.userIndices.find(s, e, hash: hash) { return user }
        let user = users.intern(text(s, e))
        h.pointee.userIndices.insert(s, e, hash: hash, value: user)
        return user
    }
}

/// A run of consecutive increasing integer trace ids, `first…last`, the first read on `line`.
struct IDRun: Sendable, Hashable {
    var first: UInt64
    var last: UInt64
    var line: Int

    /// Calls `body` with ``TraceReader/hash(ofInteger:)`` of every id in the run, in order.
    func forEachHash(_ body: (UInt64) throws -> Void) rethrows {
        var n = first
        while true {
            try body(TraceReader.hash(ofInteger: n))
            if n >= last { return }
            n += 1
        }
    }
}
