import SnapStrategies
import SnapLabSupport
import SnapTraces

/// Formats ``SyntheticSwipe``s as trace CSV (`spec/trace-format.md`), straight into bytes.
///
/// - ``Kind/samples`` (Kind A), one row per touch sample:
///   `trace_id,user_id,session_id,t_ms,offset,phase,start_offset,start_index,intended_index,`
///   (then `hit` and `settled_index` when ``Columns`` asks for them; no `intended_index` for
///   unlabelled browse files) followed by the layout columns. Per-trace values stand on every row,
///   or on the first row only (``Columns/perTraceOnFirstRowOnly``). Phases are `began`,
///   `moved`…, then `ended` (or `cancelled`).
/// - ``Kind/releases`` (Kind B), one row per swipe:
///   `trace_id,user_id,session_id,release_offset,release_velocity,start_offset,start_index,intended_index,`
///   and the layout columns. `release_offset` is the last sample's offset; `release_velocity` is
///   the model's true velocity at lift-off (no estimator). Cancelled swipes have no release and
///   are left out.
///
/// Layout columns: `item_width,item_spacing,leading_inset,viewport_width,item_count`, plus
/// `trailing_inset` when it differs from the leading inset, `alignment` when not `leading` and
/// `looping` when the carousel loops. Users are named `u` + their index, zero-padded to at least
/// three digits (`u007`); sessions `137.5` (the run's chunk number, then the session within the
/// chunk: unique in the file, and every chunk belongs to one user).
public struct TraceCSVWriter: Sendable {
    /// Which kind of trace file to write.
    public enum Kind: String, Sendable, CaseIterable {
        case samples
        case releases
    }

    /// Decimals written for times (ms), offsets (points) and velocities (pt/ms).
    public struct Precision: Sendable, Hashable {
        public var time: Int
        public var offset: Int
        public var velocity: Int
        public init(time: Int = 3, offset: Int = 3, velocity: Int = 4) {
            self.time = time
            self.offset = offset
            self.velocity = velocity
        }
    }

    /// Optional columns (trace format 1.1) and the per-trace layout of rows.
    public struct Columns: Sendable, Hashable {
        /// Write `intended_index` (false for unlabelled browse traces).
        public var labelled: Bool
        /// Write this `hit` criterion on every trace (`nil`: no `hit` column).
        public var hit: HitCriterion?
        /// Write `settled_index` (telemetry of the live policy; swipes without one leave it empty).
        public var settledIndex: Bool
        /// Write per-trace values on a trace's first row only (later rows leave them empty), which
        /// makes sample-level files about half as large.
        public var perTraceOnFirstRowOnly: Bool
        public init(labelled: Bool = true, hit: HitCriterion? = nil, settledIndex: Bool = false,
                    perTraceOnFirstRowOnly: Bool = false) {
            self.labelled = labelled
            self.hit = hit
            self.settledIndex = settledIndex
            self.perTraceOnFirstRowOnly = perTraceOnFirstRowOnly
        }
    }

    public let kind: Kind
    public let layout: CarouselLayout
    public let precision: Precision
    public let columns: Columns
    let userDigits: Int
    let layoutSuffix: [UInt8]
    /// The per-trace fields of a later row when they stand on the first row only: commas and a line feed.
    let emptyPerTrace: [UInt8]

    /// A writer for `userCount` users in `layout`.
    public init(kind: Kind, layout: CarouselLayout, userCount: Int, precision: Precision = Precision(),
                columns: Columns = Columns()) {
        self.kind = kind
        self.layout = layout
        self.precision = precision
        self.columns = columns
        var digits = 1
        var n = Swift.max(userCount - 1, 0)
        while n >= 10 { n /= 10; digits += 1 }
        userDigits = Swift.max(3, digits)
        var suffix = ","
        suffix += [layout.itemWidth, layout.spacing, layout.leadingInset, layout.viewportWidth]
            .map(NumberFormat.shortest).joined(separator: ",")
        suffix += ",\(layout.itemCount)"
        if layout.trailingInset != layout.leadingInset { suffix += "," + NumberFormat.shortest(layout.trailingInset) }
        if layout.alignment != .leading { suffix += "," + layout.alignment.rawValue }
        if layout.isLooping { suffix += ",true" }
        layoutSuffix = Array((suffix + "\n").utf8)
        let perTraceCount = 7 + (columns.labelled ? 1 : 0) + (columns.hit == nil ? 0 : 1) + (columns.settledIndex ? 1 : 0)
            + (layout.trailingInset != layout.leadingInset ? 1 : 0) + (layout.alignment != .leading ? 1 : 0) + (layout.isLooping ? 1 : 0)
        emptyPerTrace = Array(String(repeating: ",", count: perTraceCount).utf8) + [UInt8(ascii: "\n")]
    }

    /// The header line, with its line feed.
    public var header: String {
        var columns = ["trace_id", "user_id", "session_id"]
        columns += kind == .samples ? ["t_ms", "offset", "phase"] : ["release_offset", "release_velocity"]
        columns += ["start_offset", "start_index"]
        if self.columns.labelled { columns.append("intended_index") }
        if self.columns.hit != nil { columns.append("hit") }
        if self.columns.settledIndex { columns.append("settled_index") }
        columns += ["item_width", "item_spacing", "leading_inset", "viewport_width", "item_count"]
        if layout.trailingInset != layout.leadingInset { columns.append("trailing_inset") }
        if layout.alignment != .leading { columns.append("alignment") }
        if layout.isLooping { columns.append("looping") }
        return columns.joined(separator: ",") + "\n"
    }

    /// The user's name in the file: `u` and the index zero-padded to the width of the largest index (≥ 3).
    public func userName(_ user: Int) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "u")]
        DecimalBytes.appendUnsigned(UInt64(Swift.max(user, 0)), minimumDigits: userDigits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the rows of `swipe` (none for a cancelled swipe in a release file).
    public func append(_ swipe: SyntheticSwipe, to buffer: inout [UInt8]) {
        var prefix: [UInt8] = [UInt8(ascii: "t")]
        prefix.reserveCapacity(40)
        DecimalBytes.appendInteger(swipe.traceID, to: &prefix)
        prefix.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "u")])
        DecimalBytes.appendUnsigned(UInt64(Swift.max(swipe.user, 0)), minimumDigits: userDigits, to: &prefix)
        prefix.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "s")])
        DecimalBytes.appendInteger(swipe.chunk, to: &prefix)
        prefix.append(UInt8(ascii: "."))
        DecimalBytes.appendInteger(swipe.session, to: &prefix)
        prefix.append(UInt8(ascii: ","))

        var perTrace: [UInt8] = [UInt8(ascii: ",")]
        perTrace.reserveCapacity(24 + layoutSuffix.count)
        DecimalBytes.appendFixed(swipe.startOffset, decimals: precision.offset, to: &perTrace)
        perTrace.append(UInt8(ascii: ","))
        DecimalBytes.appendInteger(swipe.startIndex, to: &perTrace)
        if columns.labelled {
            perTrace.append(UInt8(ascii: ","))
            if swipe.isLabelled { DecimalBytes.appendInteger(swipe.intendedIndex, to: &perTrace) }
        }
        if let hit = columns.hit {
            perTrace.append(UInt8(ascii: ","))
            if swipe.isLabelled { perTrace.append(contentsOf: hit.rawValue.utf8) }
        }
        if columns.settledIndex {
            perTrace.append(UInt8(ascii: ","))
            if let settled = swipe.settledIndex { DecimalBytes.appendInteger(settled, to: &perTrace) }
        }
        perTrace.append(contentsOf: layoutSuffix)

        switch kind {
        case .releases:
            guard !swipe.isCancelled else { return }
            buffer.append(contentsOf: prefix)
            DecimalBytes.appendFixed(swipe.releaseOffset, decimals: precision.offset, to: &buffer)
            buffer.append(UInt8(ascii: ","))
            DecimalBytes.appendFixed(swipe.releaseVelocity, decimals: precision.velocity, to: &buffer)
            buffer.append(contentsOf: perTrace)
        case .samples:
            let last = swipe.times.count - 1
            for j in 0..<swipe.times.count {
                buffer.append(contentsOf: prefix)
                DecimalBytes.appendFixed(swipe.times[j], decimals: precision.time, to: &buffer)
                buffer.append(UInt8(ascii: ","))
                DecimalBytes.appendFixed(j < swipe.offsets.count ? swipe.offsets[j] : .nan,
                                         decimals: precision.offset, to: &buffer)
                buffer.append(UInt8(ascii: ","))
                if j == 0 {
                    buffer.append(contentsOf: Self.began)
                } else if j == last {
                    buffer.append(contentsOf: swipe.isCancelled ? Self.cancelled : Self.ended)
                } else {
                    buffer.append(contentsOf: Self.moved)
                }
                buffer.append(contentsOf: j > 0 && columns.perTraceOnFirstRowOnly ? emptyPerTrace : perTrace)
            }
        }
    }

    static let began = Array("began".utf8)
    static let moved = Array("moved".utf8)
    static let ended = Array("ended".utf8)
    static let cancelled = Array("cancelled".utf8)
}
