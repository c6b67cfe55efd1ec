import Foundation
import SnapTraces
import SnapReports

/// Reads a recorder page's `pointer-jsonl` log and checks its structure: every line one JSON
/// object with the fields `snaplab import --from pointer-jsonl` reads (`type`, `pointerId`,
/// `timeStamp`, `clientX`, `clientY`, `devicePixelRatio`, `user`, `session`, `trial`, `target`),
/// and strokes that run pointerdown → pointermove… → pointerup of one pointer.
///
/// It also estimates each stroke's release velocity from the raw events alone, as an importer
/// would: content offset = start offset − (clientX − first clientX) / scale, lsq2 over the
/// down and move events with the up event as lift-off. (Until `snaplab import` is on main this
/// stands in for it in the browser test.)
struct PointerLogCheck {
    struct Stroke {
        var user: String
        var trial: Int
        var target: Int?
        var lsq2Velocity: Double
        var pageVelocity: Double
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var strokes: [Stroke] = []

    init(jsonl: String) throws {
        var open: (first: [String: Any], time: [Double], offset: [Double], move: [Bool])?
        for (n, line) in jsonl.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty { continue }
            guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw Malformed(description: "line \(n + 1): not a JSON object")
            }
            for key in ["type", "user", "session"] where !(event[key] is String) {
                throw Malformed(description: "line \(n + 1): \(key) is not a string")
            }
            for key in ["pointerId", "timeStamp", "clientX", "clientY", "devicePixelRatio", "scale", "trial"]
                where !(event[key] is NSNumber) {
                throw Malformed(description: "line \(n + 1): \(key) is not a number")
            }
            guard event.keys.contains("target") else { throw Malformed(description: "line \(n + 1): no target") }
            guard let type = event["type"] as? String,
                  ["pointerdown", "pointermove", "pointerup", "pointercancel"].contains(type) else {
                throw Malformed(description: "line \(n + 1): type \(event["type"] ?? "") is not a pointer event")
            }
            if event["ignored"] as? Bool == true { continue }
            let t = (event["timeStamp"] as? NSNumber)?.doubleValue ?? .nan
            let x = (event["clientX"] as? NSNumber)?.doubleValue ?? .nan
            let scale = (event["scale"] as? NSNumber)?.doubleValue ?? .nan
            switch type {
            case "pointerdown":
                guard open == nil else { throw Malformed(description: "line \(n + 1): pointerdown inside a stroke") }
                guard let start = (event["start_offset"] as? NSNumber)?.doubleValue else {
                    throw Malformed(description: "line \(n + 1): pointerdown without start_offset")
                }
                open = (event, [t], [start], [true])
            case "pointermove", "pointerup":
                guard var s = open else { throw Malformed(description: "line \(n + 1): \(type) outside a stroke") }
                guard event["pointerId"] as? Int == s.first["pointerId"] as? Int else {
                    throw Malformed(description: "line \(n + 1): another pointer inside a stroke")
                }
                let x0 = (s.first["clientX"] as? NSNumber)?.doubleValue ?? .nan
                s.time.append(t)
                s.offset.append(s.offset[0] - (x - x0) / scale)
                s.move.append(type == "pointermove")
                open = s
                if type == "pointerup" {
                    let estimate = LSQ2VelocityEstimator().estimate(time: s.time, offset: s.offset, isMove: s.move)
                    strokes.append(Stroke(user: event["user"] as? String ?? "", trial: event["trial"] as? Int ?? 0,
                                          target: event["target"] as? Int, lsq2Velocity: estimate.velocity,
                                          pageVelocity: (event["releaseVelocity"] as? NSNumber)?.doubleValue ?? .nan))
                    open = nil
                }
            default:
                open = nil   // a cancelled stroke is not scored
            }
        }
    }
}
