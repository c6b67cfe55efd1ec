import SnapStrategies

/// Where a trace starts: the file (as given on the command line) and its first line (1-based).
public struct TraceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
    public var description: String { "\(file):\(line)" }
}

/// One swipe reduced to what policies and scoring need: the release state, the layout it
/// happened in, who made it and what they meant. The trace reader produces these, one at a
/// time; the evaluator consumes them.
public struct TraceRelease: Sendable {
    /// The trace's identifier as written in the file (its cell's text, unquoted).
    ///
    /// Computed (issue 36): the reader keeps an id of up to ``TraceIDText/inlineCapacity`` UTF-8
    /// bytes as those bytes and makes the `String` when this is read, `String(decoding:as:)` of
    /// them (what it stored before: the same text, equal and hashing the same); a longer id, or
    /// one set here or given to ``init(traceID:user:intendedIndex:layout:release:sampleCount:location:hit:settledIndex:tapIndex:group:)``,
    /// is kept as its `String`. Each read of a short id makes the string again: a consumer that
    /// reads it many times for one trace reads it once.
    public var traceID: String {
        get { id.text }
        set { id = TraceIDText(newValue) }
    }
    /// The id's storage (``traceID``).
    var id: TraceIDText
    /// The user, as an index into the dataset's user table (``TraceUsers``).
    public var user: Int
    /// The item the person meant to bring to the snap position; `nil` when unlabelled.
    public var intendedIndex: Int?
    /// The carousel the swipe happened in.
    public var layout: CarouselLayout
    /// Offsets and times at touch-down and lift-off, the start item and the estimated velocity.
    public var release: Release
    /// Samples in the trace (1 for a release-level row).
    public var sampleCount: Int
    /// Where the trace starts.
    public var location: TraceLocation
    /// The trace's hit criterion: its own `hit` column (trace format 1.1), else the command's
    /// `--hit`, which the reader gives it (``TraceReadOptions/hit``); `nil` when neither said one.
    public var hit: HitCriterion?
    /// The criterion the trace is scored under: ``hit``, else ``HitCriterion/exact``. Every
    /// scorer asks this, never `hit` itself.
    @inlinable public var criterion: HitCriterion { hit ?? .exact }
    /// Telemetry (trace format 1.1): the item the live carousel actually came to rest on.
    public var settledIndex: Int?
    /// Telemetry (trace format 1.1): an item the person tapped after the swipe, before the next one.
    public var tapIndex: Int?
    /// The value of the column that groups traces into tasks or screens (`--group-by`, or a
    /// `screen`/`session_kind` column where asked for: ``TraceReadOptions/groupBy``); `nil` when
    /// not read.
    public var group: String?

    public init(traceID: String, user: Int, intendedIndex: Int?, layout: CarouselLayout,
                release: Release, sampleCount: Int, location: TraceLocation,
                hit: HitCriterion? = nil, settledIndex: Int? = nil, tapIndex: Int? = nil, group: String? = nil) {
        self.id = TraceIDText(traceID)
        self.user = user
        self.intendedIndex = intendedIndex
        self.layout = layout
        self.release = release
        self.sampleCount = sampleCount
        self.location = location
        self.hit = hit
        self.settledIndex = settledIndex
        self.tapIndex = tapIndex
        self.group = group
    }
}

/// A trace id's text as ``TraceRelease`` keeps it: up to ``inlineCapacity`` UTF-8 bytes in two
/// words (what the reader makes of most ids: no `String` made per trace), else (a longer id, or
/// one given as a `String`) that string.
struct TraceIDText: Sendable, CustomStringConvertible, CustomReflectable {
    /// The longest id kept as bytes.
    static let inlineCapacity = 15
    /// Bytes 0..<8 and 8..<15 as little-endian numbers (bytes past the id zero), the count in
    /// `w1`'s top byte; unused when `string` is set.
    private var w0: UInt64 = 0, w1: UInt64 = 0
    /// The id, when not kept as bytes.
    private var string: String?

    init(_ text: String) { string = text }

    /// The id in `arena` (all of its bytes): kept as bytes when it has at most ``inlineCapacity``,
    /// else as `byteText` of them. (16 bytes are read at the arena's base: its capacity is never
    /// below 64.)
    @inline(__always)
    init(_ arena: ByteArena) {
        let n = arena.count
        guard n <= Self.inlineCapacity else {
            string = byteText(arena.base, arena.base + n)
            return
        }
        let r = UnsafeRawPointer(arena.base)
        w0 = UInt64(littleEndian: r.loadUnaligned(as: UInt64.self)) & Self.lowBytes(n)
        w1 = UInt64(littleEndian: r.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & Self.lowBytes(n - 8)
            | UInt64(truncatingIfNeeded: n) << 56
    }

    /// A mask of the `k` low bytes (none for `k` <= 0, all for `k` >= 8).
    @inline(__always)
    static func lowBytes(_ k: Int) -> UInt64 {
        k >= 8 ? ~0 : k <= 0 ? 0 : (1 &<< UInt64(truncatingIfNeeded: 8 &* k)) &- 1
    }

    /// The id: `byteText` of the bytes kept (what the reader stored before), or the string.
    var text: String {
        if let string { return string }
        let n = Int(truncatingIfNeeded: w1 >> 56)
        var words = (w0.littleEndian, (w1 & Self.lowBytes(7)).littleEndian)
        return withUnsafeBytes(of: &words) { raw in
            let s = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return byteText(s, s + n)
        }
    }

    /// Whether the id is kept as bytes (not as a `String`).
    var keptAsBytes: Bool { string == nil }

    var description: String { text }
    var customMirror: Mirror { Mirror(self, children: ["text": text]) }
}
