import SnapStrategies

/// Stage of the reader: the release builder. Turns an assembled trace into a ``TraceRecord``:
/// its layout (cached on the bytes of the layout columns), user (interned by the bytes of
/// `user_id`), `touch_x` → offset and finger travel, the 1.1 columns, and the velocity estimate.
/// The record is the builder's own (``lent``), overwritten in place trace after trace and lent
/// to the reader's consumer: no record is built, copied and destroyed per trace.
///
/// Owned by ``ReaderCore`` (not copyable: it owns the layout key and the user table, freed in
/// `deinit`).
struct ReleaseBuilder: ~Copyable {
    let path: String
    let estimator: any VelocityEstimator
    /// `estimator` is ``LSQ2VelocityEstimator`` (the default): ``build(of:isSampleLevel:hasTouchX:hasPhase:intern:)``
    /// calls its `estimate` directly, the same function, without the existential's witness call.
    let estimatesByLSQ2: Bool
    let velocity: VelocityMethod
    let baseLayout: LayoutFields
    /// ``TraceReadOptions/hit``: the criterion of a trace without a `hit` column.
    let hit: HitCriterion?
    /// The layout of the last trace that computed one, and the bytes of its layout columns
    /// (`layoutKeyLen`: per layout field, its length, -1 absent): an identical set of bytes
    /// gives the identical layout (``layout(of:)``).
    var cachedLayout: CarouselLayout?
    var layoutKey = ByteArena()
    let layoutKeyLen = UnsafeMutablePointer<Int>.allocate(capacity: ReleaseBuilder.layoutFieldCount)
    var lastLayout: CarouselLayout?
    /// The span generation (``TraceAssembler/layoutSpan``) whose first-row layout cells are the
    /// bytes behind `cachedLayout`, -1 when none is known: a trace of that generation has those
    /// bytes (the reader compared them), hence that layout, without comparing them again.
    var cachedLayoutSpan = -1
    var lastLayoutFields: LayoutFields?
    /// User indices by the bytes of their `user_id` (``user(of:intern:)``).
    var userIndices = ByteKeyTable()
    /// User indices by `user_id`s of 1 to 8 bytes (``ShortKeyTable``: no hash of the bytes);
    /// `userIndices` holds the others.
    var shortUserIndices = ShortKeyTable()
    /// The index of `"unknown"` (traces without a `user_id`), -1 until needed.
    var unknownUser = -1
    /// The field and column name of the group column (``TraceReadOptions/groupBy``), `nil` when
    /// none: each trace must then give it.
    var group: (field: PerTraceField, column: String)?
    /// The record of the last trace built (``build(of:isSampleLevel:hasTouchX:hasPhase:intern:)``),
    /// `nil` before the first: the reader lends it to its consumer, then overwrites it with the
    /// next trace (``TraceRecord/overwrite(with:estimate:samples:sessionID:touchDownX:)``: every
    /// field). Its samples are the assembler's storage, valid until the next trace.
    var lent: TraceRecord?

    /// The per-trace fields that make a layout: `itemWidth` through `looping`.
    static let layoutFieldCount = 8
    static let firstLayoutField = PerTraceField.itemWidth.rawValue

    init(path: String, options: TraceReadOptions) {
        self.path = path
        estimator = options.estimator
        estimatesByLSQ2 = estimator is LSQ2VelocityEstimator
        velocity = options.velocity
        baseLayout = options.baseLayout
        hit = options.hit
    }

    deinit {
        layoutKey.free(); layoutKeyLen.deallocate(); userIndices.free(); shortUserIndices.free()
    }

    /// Builds the record of the assembled trace `trace` (not cancelled, without a fault) into
    /// ``lent``: created by the first trace, overwritten in place by the next ones, only once
    /// every check passed (a trace that throws leaves it as it was). `intern` adds a user name to
    /// the reader's users table and gives its index.
    /// - Throws: the trace's per-trace value, layout or sample errors.
    mutating func build(of trace: borrowing TraceAssembler, isSampleLevel: Bool, hasTouchX: Bool, hasPhase: Bool,
                        intern: (String) -> Int) throws(TraceParseError) {
        let startOffsetColumn = try trace.perTraceNumber(.startOffset, expected: "a content offset in points")
        let recorded = try trace.perTraceNumber(.releaseVelocity, expected: "a velocity in points per millisecond")
        if (velocity == .recorded || !isSampleLevel) && recorded == nil {
            throw .invalidValue(file: path, line: trace.traceLine, column: "release_velocity", found: "",
                                expected: "a velocity in points per millisecond")
        }
        let layout = try layout(of: trace)
        let intended = try trace.perTraceIndex(.intendedIndex, in: layout)
        let startIndex = try trace.perTraceIndex(.startIndex, in: layout)
        let settled = try trace.perTraceIndex(.settledIndex, in: layout)
        let tap = try trace.perTraceIndex(.tapIndex, in: layout)
        let hit = try trace.perTraceHit() ?? self.hit
        var groupValue: String?
        if let group {
            guard let value = trace.perTraceText(group.field) else {
                throw .invalidValue(file: path, line: trace.traceLine, column: group.column, found: "",
                                    expected: "a value on the trace's rows (the column groups the traces into tasks or screens)")
            }
            groupValue = value
        }
        let user = user(of: trace, intern: intern)
        let n = trace.t.count
        if isSampleLevel && n == 0 {
            throw .invalidValue(file: path, line: trace.traceLine, column: "t_ms", found: "", expected: "at least one sample")
        }
        let t = trace.t, x = trace.x, mv = trace.mv
        var startOffset = 0.0, offset = trace.releaseOffsetValue, startTime = 0.0, time = 0.0
        var fingerTravel: Double?, touchDownX: Double?
        if isSampleLevel {
            if hasTouchX {
                // offset = start_offset − (touch_x − first touch_x); the finger's travel in
                // the content offset's sign is −(last touch_x − first touch_x)
                let s0 = startOffsetColumn ?? 0, x0 = x[0]
                touchDownX = x0
                fingerTravel = -(x[n - 1] - x0)
                for i in 0..<n { x[i] = s0 - (x[i] - x0) }
            }
            // a `finger_travel` column (per trace, in the content offset's sign) overrides
            // the travel derived from `touch_x` (Docs/trace-format.md)
            if let given = try trace.perTraceNumber(.fingerTravel, expected: "a finger displacement in points") {
                fingerTravel = given
            }
            if mv[n - 1] == 2 { mv[n - 1] = 0 }   // an empty phase on the last row: the lift-off
            if !hasPhase { mv[n - 1] = 0 }
            startOffset = startOffsetColumn ?? x[0]
            offset = x[n - 1]
            startTime = t[0]
            time = t[n - 1]
        } else {
            startOffset = startOffsetColumn ?? offset
            if let duration = try trace.perTraceNumber(.durationMs, expected: "a contact time in milliseconds") {
                guard duration >= 0 else {
                    throw trace.perTraceInvalid(.durationMs, expected: "a contact time in milliseconds, not negative")
                }
                time = startTime + duration
            }
            fingerTravel = try trace.perTraceNumber(.fingerTravel, expected: "a finger displacement in points")
        }
        let samples = TraceSamples(time: t.view, offset: x.view, isMove: mv.view, recordedVelocity: recorded)
        let estimate = !isSampleLevel ? RecordedVelocityEstimator().estimate(samples)
            : estimatesByLSQ2 ? LSQ2VelocityEstimator().estimate(samples) : estimator.estimate(samples)
        let sessionID = trace.perTraceText(.sessionID)
        let release = Release(offset: offset, velocity: estimate.velocity, startOffset: startOffset, startTime: startTime,
                              time: time, startIndex: startIndex, fingerTravel: fingerTravel)
        let parts = TraceRecord.ReleaseParts(id: TraceIDText(trace.idBytes), user: user, intendedIndex: intended, layout: layout,
                                             release: release, sampleCount: isSampleLevel ? n : 1, line: trace.traceLine,
                                             hit: hit, settledIndex: settled, tapIndex: tap, group: groupValue)
        if lent == nil {
            lent = TraceRecord(parts, file: path, estimate: estimate, samples: samples, sessionID: sessionID,
                               touchDownX: touchDownX)
        } else {
            // (in place: no 280-byte release built, copied into a new record and destroyed, nor
            // the record destroyed after the consumer's call; the file is this builder's `path`)
            lent!.overwrite(with: parts, estimate: estimate, samples: samples, sessionID: sessionID, touchDownX: touchDownX)
        }
    }

    /// The trace's layout: its layout columns over ``TraceReadOptions/baseLayout``.
    ///
    /// Consecutive traces mostly carry byte-identical layout columns: when the bytes (and which
    /// columns are given) are those of the last trace that computed a layout, the result is that
    /// layout. Only successes are kept, and parsing and validating depend on nothing but those
    /// bytes and the base layout, so a failing trace still fails with its own error.
    ///
    /// Cheaper still, a trace whose layout columns all come from first-row cells the reader found
    /// identical to those of an earlier trace's first row (one comparison of the row's bytes,
    /// ``TraceAssembler/layoutSpan``) has the remembered layout when those cells gave it
    /// (``cachedLayoutSpan``).
    @inline(__always)
    mutating func layout(of trace: borrowing TraceAssembler) throws(TraceParseError) -> CarouselLayout {
        let span = trace.layoutSpan
        if span >= 0 && span == cachedLayoutSpan, let cachedLayout { return cachedLayout }
        return try layoutByBytes(of: trace, span: span)
    }

    /// ``layout(of:)`` without the reader's comparison: the remembered layout when the stored
    /// bytes are its bytes, else parsed, validated and remembered (with `span`).
    mutating func layoutByBytes(of trace: borrowing TraceAssembler, span: Int) throws(TraceParseError) -> CarouselLayout {
        if let cachedLayout, layoutBytesUnchanged(trace) {
            cachedLayoutSpan = span
            return cachedLayout
        }
        let layout = try layoutFor(trace.layoutFields(over: baseLayout), trace)
        // remember the bytes that gave it
        layoutKey.removeAll()
        for j in 0..<Self.layoutFieldCount {
            let k = Self.firstLayoutField + j
            let n = trace.ptLen[k]
            layoutKeyLen[j] = n
            if n > 0 { layoutKey.append(trace.stored(k), trace.stored(k) + n) }
        }
        cachedLayout = layout
        cachedLayoutSpan = span
        return layout
    }

    /// Whether the trace's layout columns are, byte for byte, those remembered by ``layout(of:)``.
    @inline(__always)
    func layoutBytesUnchanged(_ trace: borrowing TraceAssembler) -> Bool {
        var key = UnsafePointer(layoutKey.base)
        for j in 0..<Self.layoutFieldCount {
            let k = Self.firstLayoutField + j
            let n = trace.ptLen[k]
            guard n == layoutKeyLen[j] else { return false }
            if n > 0 {
                guard TraceReader.bytesEqual(trace.stored(k), key, n) else { return false }
                key += n
            }
        }
        return true
    }

    mutating func layoutFor(_ fields: LayoutFields, _ trace: borrowing TraceAssembler) throws(TraceParseError) -> CarouselLayout {
        if let lastLayout, fields == lastLayoutFields { return lastLayout }
        do {
            guard let layout = try fields.layout() else {
                throw TraceParseError.invalidLayout(file: path, line: trace.traceLine, reason:
                    "no layout for trace '\(trace.traceID)': \(fields.missingRequired.joined(separator: ", ")) not given by a column, --layout or the command line")
            }
            lastLayout = layout
            lastLayoutFields = fields
            return layout
        } catch let e as LayoutError {
            throw .invalidLayout(file: path, line: trace.traceLine, reason: "trace '\(trace.traceID)': \(e.description)")
        } catch let e as TraceParseError {
            throw e
        } catch {
            throw .invalidLayout(file: path, line: trace.traceLine, reason: "\(error)")
        }
    }

    /// The trace's user index (`"unknown"` without a `user_id`), looked up by the bytes of its
    /// `user_id`: a user's first trace interns its name (a `String`) with `intern`, the others
    /// find the index in a byte-keyed table (``shortUserIndices`` for names of 1 to 8 bytes,
    /// ``userIndices`` for the others).
    mutating func user(of trace: borrowing TraceAssembler, intern: (String) -> Int) -> Int {
        let k = PerTraceField.userID.rawValue
        let n = trace.ptLen[k]
        guard n >= 0 else {
            if unknownUser < 0 { unknownUser = intern("unknown") }
            return unknownUser
        }
        let s = trace.stored(k)
        if n >= 1 && n <= ShortKeyTable.maxLength {
            if let user = shortUserIndices.find(s, n) { return user }
            let user = intern(byteText(s, s + n))
            shortUserIndices.insert(s, n, value: user)
            return user
        }
        let e = s + n
        let hash = ContiguityTracker.hash(s, e)
        if let user = userIndices.find(s, e, hash: hash) { return user }
        let user = intern(byteText(s, e))
        userIndices.insert(s, e, hash: hash, value: user)
        return user
    }
}
