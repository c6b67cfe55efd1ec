import Foundation

/// Reads a JSON-lines pointer log (`--from pointer-jsonl`): one W3C `PointerEvent`-like object
/// per line, as a web page logs them.
///
/// Keys: `type` (`pointerdown`, `pointermove`, `pointerup`, `pointercancel`; other types are
/// skipped and counted), `pointerId`, `timeStamp` (ms by default, as `Event.timeStamp`),
/// `clientX`, `clientY` (CSS px); optional `user`, `session`, `trial`, `target`, `stroke`,
/// `start_offset`, `task` (`paging` or `reveal`, as `snaplab record` logs it: it sets each
/// trace's `hit` column, ``PointerImporter/hitCriterion(task:)``), and `devicePixelRatio` (device px per CSS px: the scale of each event under
/// `--scale device-pixel-ratio`, for logs that wrote device pixels). The label key is the one
/// `--target-column` or `--intended-column` names.
public struct PointerJSONLReader: Sendable {
    /// The key holding the label (`--target-column` / `--intended-column`), if any.
    public var labelKey: String?

    public init(labelKey: String? = nil) { self.labelKey = labelKey }

    /// Events read, and how many lines had another event type (`pointerover`, …).
    public func events(file: String, text: String) throws(PointerImportError) -> (events: [PointerEvent], otherTypes: Int) {
        var events: [PointerEvent] = []
        var other = 0
        for (lineNumber, line) in PointerLogText.lines(text) {
            let object: [String: Any]
            do {
                guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    throw PointerImportError(file: file, line: lineNumber, column: 1, "found a JSON value that is not an object, expected {\"type\": …}")
                }
                object = o
            } catch let error as PointerImportError {
                throw error
            } catch {
                throw PointerImportError(file: file, line: lineNumber, column: 1, "found malformed JSON, expected one object per line")
            }
            func column(_ key: String) -> Int {
                guard let r = line.range(of: "\"\(key)\"") else { return 1 }
                return line.distance(from: line.startIndex, to: r.lowerBound) + 1
            }
            func decimal(_ key: String, required: Bool) throws(PointerImportError) -> Double? {
                guard let raw = object[key], !(raw is NSNull) else {
                    if required { throw PointerImportError(file: file, line: lineNumber, column: 1, "found no \"\(key)\", expected a number") }
                    return nil
                }
                guard let n = raw as? NSNumber, n.doubleValue.isFinite else {
                    throw PointerImportError(file: file, line: lineNumber, column: column(key), "found \(InputFile.bare("\(raw)")) in \"\(key)\", expected a finite number")
                }
                return n.doubleValue
            }
            func string(_ key: String?) -> String? {
                guard let key, let raw = object[key], !(raw is NSNull) else { return nil }
                if let s = raw as? String { return s.isEmpty ? nil : s }
                if let n = raw as? NSNumber { return n.stringValue }
                return "\(raw)"
            }
            guard let type = object["type"] as? String else {
                throw PointerImportError(file: file, line: lineNumber, column: column("type"), "found no string \"type\", expected pointerdown, pointermove, pointerup or pointercancel")
            }
            guard let phase = PhaseMap.standard.phase(of: type) else { other += 1; continue }
            guard let t = try decimal("timeStamp", required: true), let x = try decimal("clientX", required: true) else { continue }
            let ratio = try decimal("devicePixelRatio", required: false)
            if let ratio, ratio <= 0 {
                throw PointerImportError(file: file, line: lineNumber, column: column("devicePixelRatio"), "found devicePixelRatio \(ratio), expected a positive number")
            }
            events.append(PointerEvent(stroke: string("stroke"), time: t, x: x, y: try decimal("clientY", required: false),
                                       phase: phase, pointer: string("pointerId"), user: string("user"),
                                       session: string("session"), trial: string("trial"), label: string(labelKey),
                                       startOffset: try decimal("start_offset", required: false), pixelRatio: ratio, task: string("task"),
                                       line: lineNumber))
        }
        return (events, other)
    }
}
