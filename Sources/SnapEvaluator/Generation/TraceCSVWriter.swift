import SnapStrategies

/// Formats ``SyntheticSwipe``s as trace CSV (`spec/trace-format.md`), straight into bytes.
///
/// - ``Kind/samples`` (Kind A), one row per touch sample:
///   `trace_id,user_id,session_id,t_ms,offset,phase,start_offset,start_index,intended_index,`
///   followed by the layout columns. Per-trace values stand on every row. Phases are `began`,
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

    public let kind: Kind
    public let layout: CarouselLayout
    public let precision: Precision
    let userDigits: Int
    let layoutSuffix: [UInt8]

    /// A writer for `userCount` users in `layout`.
    public init(kind: Kind, layout: CarouselLayout, userCount: Int, precision: Precision = Precision()) {
        self.kind = kind
        self.layout = layout
        self.precision = precision
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
    }

    /// The header line, with its line feed.
    public var header: String {
        var columns = ["trace_id", "user_id", "session_id"]
        columns += kind == .samples ? ["t_ms", "offset", "phase"] : ["release_offset", "release_velocity"]
        columns += ["start_offset", "start_index", "intended_index",
                    "item_width", "item_spacing", "leading_inset", "viewport_width", "item_count"]
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
        var prefix: [UInt8] = []
        prefix.reserveCapacity(40)
        DecimalBytes.appendInteger(swipe.traceID, to: &prefix)
        prefix.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "u")])
        DecimalBytes.appendUnsigned(UInt64(Swift.max(swipe.user, 0)), minimumDigits: userDigits, to: &prefix)
        prefix.append(UInt8(ascii: ","))
        DecimalBytes.appendInteger(swipe.chunk, to: &prefix)
        prefix.append(UInt8(ascii: "."))
        DecimalBytes.appendInteger(swipe.session, to: &prefix)
        prefix.append(UInt8(ascii: ","))

        var perTrace: [UInt8] = [UInt8(ascii: ",")]
        perTrace.reserveCapacity(24 + layoutSuffix.count)
        DecimalBytes.appendFixed(swipe.startOffset, decimals: precision.offset, to: &perTrace)
        perTrace.append(UInt8(ascii: ","))
        DecimalBytes.appendInteger(swipe.startIndex, to: &perTrace)
        perTrace.append(UInt8(ascii: ","))
        DecimalBytes.appendInteger(swipe.intendedIndex, to: &perTrace)
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
                buffer.append(contentsOf: perTrace)
            }
        }
    }

    static let began = Array("began".utf8)
    static let moved = Array("moved".utf8)
    static let ended = Array("ended".utf8)
    static let cancelled = Array("cancelled".utf8)
}
