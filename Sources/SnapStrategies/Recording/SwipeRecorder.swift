/// Records swipes in an app as rows of the trace contract (`spec/trace-format.md` 1.1,
/// sample-level, per-trace values on each trace's first row), for `snaplab compare` and friends.
///
/// Feed it touch samples from the gesture handler (`time` in milliseconds, `position` in points,
/// a ``Phase``), and, when known, what the carousel did afterwards: UIKit's own release velocity
/// (`scrollViewWillEndDragging`), the item it settled on (``settled(on:)``), an item the person
/// tapped before the next swipe (``tapped(_:)``). A trace is finished when the next one begins or
/// on ``flush()``, because the settle and the tap come after the finger lifts.
///
/// Finished rows go to `emit` when given (one call per line, header first), else into a bounded
/// queue read with ``drain()``; when the queue is full the oldest whole traces are dropped and
/// counted in ``droppedTraces``. A trace longer than ``maximumSamplesPerTrace`` keeps its
/// touch-down and its newest samples (velocity estimators look at the last 100 ms) and counts the
/// rest in ``droppedSamples``. Nothing is dropped silently: both counters are public.
///
/// No Foundation, no dependencies: numbers are written with a fixed number of decimals by
/// ``TraceNumberText``. Values that are not finite are written as empty fields (the reader then
/// reports the trace), never as `nan`.
///
/// ```swift
/// var recorder = try SwipeRecorder(layout: layout, userID: "u1", sessionID: "s1")
/// recorder.begin(time: 0, position: 200, startOffset: 510)
/// recorder.move(time: 16, position: 180)
/// recorder.end(time: 24, position: 176, releaseVelocity: 1.25)
/// recorder.settled(on: 4)
/// recorder.flush()
/// let csv = recorder.drain().joined(separator: "\n")
/// ```
public struct SwipeRecorder: Sendable {
    /// The touch phase of a sample (the trace contract's `phase` column).
    public enum Phase: String, Sendable, Hashable {
        case began, moved, ended, cancelled
    }

    /// What the sample positions are.
    public enum Coordinate: String, Sendable, Hashable {
        /// The finger's x in the carousel's coordinate space, points (column `touch_x`); the reader
        /// turns it into content offsets from `start_offset`.
        case touchX = "touch_x"
        /// The content offset itself, points (column `offset`), e.g. `contentOffset.x`.
        case contentOffset = "offset"
    }

    /// One touch sample.
    public struct Sample: Sendable, Hashable {
        public var time: Double
        public var position: Double
        public var phase: Phase
    }

    /// The CSV header this recorder writes.
    public let header: String
    public let layout: CarouselLayout
    public let coordinate: Coordinate
    public let userID: String
    public let sessionID: String?
    /// Prefix of the trace ids (`<prefix><n>`, n from 1).
    public let traceIDPrefix: String
    public let maximumSamplesPerTrace: Int
    public let maximumQueuedRows: Int
    /// Decimals written for times and positions.
    public let decimals: Int

    /// Whole traces dropped because the queue was full.
    public private(set) var droppedTraces = 0
    /// Samples dropped from the middle of over-long traces.
    public private(set) var droppedSamples = 0
    /// Samples that arrived with no trace open (a move or end without a begin), ignored.
    public private(set) var strayedSamples = 0
    /// Traces finished so far.
    public private(set) var finishedTraces = 0

    private var emit: (@Sendable (String) -> Void)?
    private var queue: [String] = []
    private var queuedTraceLengths: [Int] = []
    private var headerWritten = false
    private var current: Trace?
    private var nextID = 1

    private struct Trace: Sendable {
        var id: String
        var startOffset: Double
        var startIndex: Int?
        var intendedIndex: Int?
        var first: Sample
        var recent: [Sample] = []   // ring of the newest samples after the first
        var ringStart = 0
        var releaseVelocity: Double?
        var settledIndex: Int?
        var tapIndex: Int?
        var isOpen = true

        /// The newest sample (the first when no other arrived).
        var newest: Sample {
            recent.isEmpty ? first : recent[(ringStart + recent.count - 1) % recent.count]
        }
    }

    /// A recorder for one carousel.
    /// - Parameters:
    ///   - emit: receives each finished line (the header first); without it lines queue for ``drain()``.
    ///   - maximumSamplesPerTrace: at least 3 (touch-down, one move, lift-off).
    ///   - maximumQueuedRows: at least ``maximumSamplesPerTrace`` + 1 (one whole trace and the header).
    /// - Throws: ``SwipeRecorderError`` for limits out of range.
    public init(layout: CarouselLayout, coordinate: Coordinate = .touchX, userID: String = "unknown",
                sessionID: String? = nil, traceIDPrefix: String = "", maximumSamplesPerTrace: Int = 256,
                maximumQueuedRows: Int = 65_536, decimals: Int = 3,
                emit: (@Sendable (String) -> Void)? = nil) throws(SwipeRecorderError) {
        guard maximumSamplesPerTrace >= 3 else { throw .limitTooSmall(name: "maximumSamplesPerTrace", value: maximumSamplesPerTrace, minimum: 3) }
        guard maximumQueuedRows >= maximumSamplesPerTrace + 1 else {
            throw .limitTooSmall(name: "maximumQueuedRows", value: maximumQueuedRows, minimum: maximumSamplesPerTrace + 1)
        }
        guard (0...9).contains(decimals) else { throw .limitTooSmall(name: "decimals", value: decimals, minimum: 0) }
        self.layout = layout
        self.coordinate = coordinate
        self.userID = userID
        self.sessionID = sessionID
        self.traceIDPrefix = traceIDPrefix
        self.maximumSamplesPerTrace = maximumSamplesPerTrace
        self.maximumQueuedRows = maximumQueuedRows
        self.decimals = decimals
        self.emit = emit
        header = (["trace_id", "t_ms", coordinate.rawValue, "phase"] + Self.perTraceColumns).joined(separator: ",")
    }

    static let perTraceColumns = [
        "start_offset", "start_index", "intended_index", "user_id", "session_id", "item_width", "item_spacing",
        "leading_inset", "trailing_inset", "viewport_width", "item_count", "alignment", "looping",
        "release_velocity", "settled_index", "tap_index",
    ]

    /// The finger touched down: a new trace begins (the previous one, if any, is finished first;
    /// one still open is finished as cancelled).
    /// - Parameters:
    ///   - startOffset: the content offset at touch-down, points.
    ///   - startIndex: the item selected before the drag, when the app knows it.
    ///   - intendedIndex: the item the person was asked to reach (studies only).
    public mutating func begin(time: Double, position: Double, startOffset: Double, startIndex: Int? = nil,
                               intendedIndex: Int? = nil) {
        if current != nil { finish() }
        current = Trace(id: traceIDPrefix + String(nextID), startOffset: startOffset, startIndex: startIndex,
                        intendedIndex: intendedIndex, first: Sample(time: time, position: position, phase: .began))
        nextID += 1
    }

    /// The finger moved.
    public mutating func move(time: Double, position: Double) {
        append(Sample(time: time, position: position, phase: .moved))
    }

    /// The finger lifted; `releaseVelocity` is the platform's own, pt/ms, in the sign of the content
    /// offset change (UIKit's `scrollViewWillEndDragging` velocity is in points per millisecond).
    public mutating func end(time: Double, position: Double, releaseVelocity: Double? = nil) {
        guard current?.isOpen == true else { strayedSamples += 1; return }
        append(Sample(time: time, position: position, phase: .ended))
        current?.releaseVelocity = releaseVelocity
        current?.isOpen = false
    }

    /// The system took the touch (a cancelled trace is counted and skipped by the reader).
    public mutating func cancel(time: Double, position: Double) {
        guard current?.isOpen == true else { strayedSamples += 1; return }
        append(Sample(time: time, position: position, phase: .cancelled))
        current?.isOpen = false
    }

    /// The carousel came to rest on `index` after the last swipe (column `settled_index`).
    public mutating func settled(on index: Int) { current?.settledIndex = index }

    /// The person tapped item `index` after the last swipe, before the next one (column `tap_index`).
    public mutating func tapped(_ index: Int) { current?.tapIndex = index }

    /// Finishes the last trace (an open one as cancelled), so that ``drain()`` or `emit` has it.
    public mutating func flush() {
        if current != nil { finish() }
    }

    /// The queued lines (header first, the first time), emptying the queue.
    public mutating func drain() -> [String] {
        defer { queue.removeAll(keepingCapacity: true); queuedTraceLengths.removeAll() }
        return queue
    }

    private mutating func append(_ sample: Sample) {
        guard var trace = current, trace.isOpen else { strayedSamples += 1; return }
        current = nil   // keep the trace uniquely referenced while its ring changes
        let ringCapacity = maximumSamplesPerTrace - 1
        if trace.recent.count < ringCapacity {
            trace.recent.append(sample)
        } else {
            trace.recent[trace.ringStart] = sample
            trace.ringStart = (trace.ringStart + 1) % ringCapacity
            droppedSamples += 1
        }
        current = trace
    }

    private mutating func finish() {
        // A trace still open (no end or cancel) is finished as cancelled where its finger last was.
        if let trace = current, trace.isOpen {
            append(Sample(time: trace.newest.time, position: trace.newest.position, phase: .cancelled))
        }
        guard let trace = current else { return }
        current = nil
        var samples = [trace.first]
        samples.reserveCapacity(trace.recent.count + 1)
        for k in 0..<trace.recent.count { samples.append(trace.recent[(trace.ringStart + k) % trace.recent.count]) }
        var lines: [String] = []
        lines.reserveCapacity(samples.count)
        for (k, s) in samples.enumerated() {
            var fields = [TraceNumberText.csvField(trace.id), number(s.time), number(s.position), s.phase.rawValue]
            if k == 0 {
                fields += perTraceFields(trace)
            } else {
                fields += Array(repeating: "", count: Self.perTraceColumns.count)
            }
            lines.append(fields.joined(separator: ","))
        }
        finishedTraces += 1
        output(lines)
    }

    private func number(_ x: Double) -> String { TraceNumberText.fixed(x, decimals: decimals) }

    private func perTraceFields(_ t: Trace) -> [String] {
        let l = layout
        func int(_ i: Int?) -> String { i.map(String.init) ?? "" }
        return [
            number(t.startOffset), int(t.startIndex), int(t.intendedIndex), TraceNumberText.csvField(userID),
            sessionID.map(TraceNumberText.csvField) ?? "", number(l.itemWidth), number(l.spacing),
            number(l.leadingInset), number(l.trailingInset), number(l.viewportWidth), String(l.itemCount),
            l.alignment.rawValue, l.isLooping ? "true" : "false",
            t.releaseVelocity.map { TraceNumberText.fixed($0, decimals: 6) } ?? "", int(t.settledIndex), int(t.tapIndex),
        ]
    }

    private mutating func output(_ lines: [String]) {
        if let emit {
            if !headerWritten { emit(header); headerWritten = true }
            for line in lines { emit(line) }
            return
        }
        if !headerWritten { queue.append(header); headerWritten = true }
        // Room for the whole trace: drop the oldest whole traces (never the header) until it fits.
        let headerRows = queue.count - queuedTraceLengths.reduce(0, +)
        while queue.count + lines.count > maximumQueuedRows, let oldest = queuedTraceLengths.first {
            queue.removeSubrange(headerRows..<(headerRows + oldest))
            queuedTraceLengths.removeFirst()
            droppedTraces += 1
        }
        if queue.count + lines.count > maximumQueuedRows { droppedTraces += 1; return }
        queue += lines
        queuedTraceLengths.append(lines.count)
    }
}

/// Limits out of range for a ``SwipeRecorder``.
public enum SwipeRecorderError: Error, Sendable, Hashable, CustomStringConvertible {
    case limitTooSmall(name: String, value: Int, minimum: Int)

    public var description: String {
        switch self {
        case let .limitTooSmall(name, value, minimum): return "\(name) is \(value); it must be at least \(minimum)"
        }
    }
}
