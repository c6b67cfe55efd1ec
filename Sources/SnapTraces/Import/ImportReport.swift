/// What `snaplab import` did with one file: strokes read, written and dropped, and why.
public struct ImportFileReport: Sendable, Hashable {
    public var file: String
    public var eventsRead = 0
    public var strokesRead = 0
    public var strokesWritten = 0
    /// Dropped strokes by reason (``ImportDropReason``).
    public var dropped: [ImportDropReason: Int] = [:]
    /// Events of second and later pointers, dropped.
    public var otherPointerEvents = 0
    /// Events outside any stroke, dropped.
    public var strayEvents = 0
    /// JSONL lines with another event type (`pointerover`, …), skipped.
    public var otherEventTypes = 0
    /// Written strokes whose content hit an end of the layout during the drag.
    public var strokesAtAnEnd = 0
    /// Written strokes whose log names a task other than `paging` or `reveal`: no `hit` value.
    public var unknownTasks = 0

    public init(file: String) { self.file = file }

    /// One line per file, e.g. `a.csv: 12 strokes read, 10 written, 2 dropped (1 cancelled, 1 too few events)`.
    public var summary: String {
        var s = "\(file): \(strokesRead) strokes read, \(strokesWritten) written"
        let total = dropped.values.reduce(0, +)
        if total > 0 {
            let parts = ImportDropReason.allCases.compactMap { r in dropped[r].map { "\($0) \(r.rawValue)" } }
            s += ", \(total) dropped (\(parts.joined(separator: ", ")))"
        }
        var notes: [String] = []
        if otherPointerEvents > 0 { notes.append("\(otherPointerEvents) events of other pointers dropped (the first pointer is kept)") }
        if strayEvents > 0 { notes.append("\(strayEvents) events outside any stroke dropped") }
        if otherEventTypes > 0 { notes.append("\(otherEventTypes) lines of other event types skipped") }
        if unknownTasks > 0 {
            notes.append("\(unknownTasks) strokes with a task other than paging or reveal: no hit value (scoring uses --hit)")
        }
        if strokesAtAnEnd > 0 { notes.append("\(strokesAtAnEnd) strokes reached an end of the content") }
        return notes.isEmpty ? s : s + "; " + notes.joined(separator: "; ")
    }
}

/// Why a stroke was not written.
public enum ImportDropReason: String, Sendable, Hashable, CaseIterable {
    case cancelled
    case noLiftOff = "no lift-off in the log"
    case tooFewEvents = "too few events"
    case tooShort = "axis travel under --min-dx"
    case offAxis = "off-axis (over --max-dy-ratio)"
}
