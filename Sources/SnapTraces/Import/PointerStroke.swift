/// One stroke: a pointer's events from touch-down to lift-off (or cancel), as cut from a log.
public struct PointerStroke: Sendable {
    /// The stroke column's value, or the stroke's ordinal in the file (1-based) as text.
    public var key: String
    public var events: [PointerEvent]
    /// The stroke ended in a cancel.
    public var cancelled: Bool
    /// The log has a lift-off for it (a phase column with an up; always true without phases).
    public var hasLiftOff: Bool

    public init(key: String, events: [PointerEvent], cancelled: Bool = false, hasLiftOff: Bool = true) {
        self.key = key
        self.events = events
        self.cancelled = cancelled
        self.hasLiftOff = hasLiftOff
    }
}

/// Cuts a log's events into strokes.
///
/// - With a stroke column: one stroke per value (events of a value need not be contiguous;
///   the first appearance orders them). A value whose events hold several down…up cycles is
///   cut at each down.
/// - Without one: a down starts a stroke and the next up (or cancel) of the same pointer ends
///   it; events outside a stroke are dropped and counted.
/// - Multi-pointer logs keep the first pointer of each stroke (the one that went down first);
///   the other pointers' events are dropped and counted.
/// - Without a phase column, each stroke column value is one stroke: its first event the
///   down, its last the lift-off.
/// Times must not go backwards within a stroke: an error at the offending line.
public enum StrokeAssembler {
    public struct Result: Sendable {
        public var strokes: [PointerStroke]
        /// Events of second and later pointers.
        public var otherPointerEvents = 0
        /// Events before any down or after an up (no stroke to belong to).
        public var strayEvents = 0
    }

    public static func strokes(_ events: [PointerEvent], file: String) throws(PointerImportError) -> Result {
        let hasStroke = events.contains { $0.stroke != nil }
        let hasPhase = events.contains { $0.phase != nil }
        guard hasStroke || hasPhase else {
            throw PointerImportError(file: file, line: events.first?.line ?? 1, column: 0,
                                     "found neither a stroke column nor a phase column, expected one of them to cut strokes")
        }
        var result = Result(strokes: [])
        var groups: [[PointerEvent]] = []
        if hasStroke {
            var index: [String: Int] = [:]
            for e in events {
                let key = e.stroke ?? ""
                if let i = index[key] { groups[i].append(e) } else { index[key] = groups.count; groups.append([e]) }
            }
        } else {
            groups = [events]
        }
        for group in groups {
            try cut(group, phases: hasPhase, byStroke: hasStroke, file: file, into: &result)
        }
        return result
    }

    private static func cut(_ events: [PointerEvent], phases: Bool, byStroke: Bool, file: String, into result: inout Result) throws(PointerImportError) {
        var current: [PointerEvent] = []
        var pointer: String?? = nil   // .none: no stroke open
        func close(cancelled: Bool, liftOff: Bool) {
            guard !current.isEmpty else { return }
            let key = byStroke ? (current[0].stroke ?? "") : String(result.strokes.count + 1)
            result.strokes.append(PointerStroke(key: key, events: current, cancelled: cancelled, hasLiftOff: liftOff))
            current = []
            pointer = nil
        }
        for e in events {
            if let open = pointer, e.pointer != open { result.otherPointerEvents += 1; continue }
            if let last = current.last, e.time < last.time {
                throw PointerImportError(file: file, line: e.line, column: 0,
                                         "found time \(e.time) after \(last.time) (line \(last.line)) in one stroke, expected times that do not go backwards")
            }
            switch e.phase {
            case .down?:
                if pointer != nil {
                    // a second down of the open pointer: the log lost the up
                    close(cancelled: false, liftOff: false)
                }
                pointer = .some(e.pointer)
                current = [e]
            case .up?, .cancel?:
                if pointer == nil && !byStroke { result.strayEvents += 1; continue }
                current.append(e)
                close(cancelled: e.phase == .cancel, liftOff: e.phase == .up)
            case .move?:
                if pointer == nil {
                    if byStroke { pointer = .some(e.pointer); current = [e] } else { result.strayEvents += 1 }
                    continue
                }
                current.append(e)
            case nil:
                if pointer == nil { pointer = .some(e.pointer) }
                current.append(e)
            }
        }
        close(cancelled: false, liftOff: !phases)
    }
}
