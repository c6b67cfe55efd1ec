/// How a log's phase codes map to ``PointerPhase`` (`--phase-map down=1,move=3,up=2`).
///
/// Without a map, these are recognised (case-insensitive): W3C pointer and touch events
/// (`pointerdown`, `touchstart`, …), UIKit-style `began`/`moved`/`ended`/`cancelled`, plain
/// `down`/`move`/`up`/`cancel`, and Android's `MotionEvent` action codes (`ACTION_DOWN` = 0,
/// `ACTION_UP` = 1, `ACTION_MOVE` = 2, `ACTION_CANCEL` = 3), by name or number.
public struct PhaseMap: Sendable, Hashable {
    private var codes: [String: PointerPhase]

    /// The built-in names above.
    public static let standard: PhaseMap = {
        var codes: [String: PointerPhase] = [:]
        let names: [(PointerPhase, [String])] = [
            (.down, ["down", "pointerdown", "touchstart", "began", "start", "action_down", "0"]),
            (.move, ["move", "pointermove", "touchmove", "moved", "action_move", "2"]),
            (.up, ["up", "pointerup", "touchend", "ended", "end", "action_up", "1"]),
            (.cancel, ["cancel", "pointercancel", "touchcancel", "cancelled", "canceled", "action_cancel", "3"]),
        ]
        for (phase, list) in names { for n in list { codes[n] = phase } }
        return PhaseMap(codes: codes)
    }()

    private init(codes: [String: PointerPhase]) { self.codes = codes }

    /// Parses `down=1,move=3,up=2[,cancel=4]`: each phase name, `=`, the log's code (several
    /// codes for one phase: `move=2|7`). The codes replace the built-in ones.
    public init(parsing text: String) throws(PointerImportError) {
        var codes: [String: PointerPhase] = [:]
        for part in text.split(separator: ",") {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, let phase = PointerPhase(rawValue: kv[0].trimmingSpaces.lowercased()) else {
                throw PointerImportError(file: "--phase-map", line: 1, column: 0,
                                         "found \"\(part)\", expected PHASE=CODE with PHASE one of down, move, up, cancel")
            }
            for code in kv[1].split(separator: "|") { codes[code.trimmingSpaces.lowercased()] = phase }
        }
        guard codes.values.contains(.down) || codes.values.contains(.up) else {
            throw PointerImportError(file: "--phase-map", line: 1, column: 0, "found no down or up code, expected at least one of them")
        }
        self.codes = codes
    }

    /// The phase of `code`, or `nil` when the map does not know it.
    public func phase(of code: String) -> PointerPhase? { codes[code] ?? codes[code.lowercased()] }

    /// The known codes, sorted (for error messages).
    public var knownCodes: [String] { codes.keys.sorted() }
}

extension Substring {
    var trimmingSpaces: String { DelimitedLine.trimmed(String(self)) }
}
