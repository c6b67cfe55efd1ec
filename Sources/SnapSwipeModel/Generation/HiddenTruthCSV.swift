import Foundation
import SnapLabSupport

/// `generate --hidden-truth FILE`: one row per generated swipe with the draws it was made from,
/// which no trace file shows (the user's gain, the stroke's own amplitude and duration draws, the
/// hold, the delivery's stall, dwell and repeat draws). For measuring how far an estimator of
/// `generate --like` is from its *ideal*, the same quantity computed from these draws
/// (`Scripts/research/check-like-ideal.py`, `Docs/research/` §11).
///
/// Columns: `trace_id,user,gain,style,strategy,intent,goal_intent,cancelled,drawn_amplitude,`
/// `drawn_duration_ms,hold_ms,stalled,dwell_ms,lift_repeats,repeat_delay_ms`; `user` is the user's
/// index, the empty field a value not drawn (a projector flick's amplitude; the delivery columns
/// with scan delivery).
public enum HiddenTruthCSV {
    public static let header = "trace_id,user,gain,style,strategy,intent,goal_intent,cancelled,drawn_amplitude,"
        + "drawn_duration_ms,hold_ms,stalled,dwell_ms,lift_repeats,repeat_delay_ms\n"

    /// The row of `swipe`, made by `user`.
    public static func row(_ swipe: SyntheticSwipe, user: SyntheticUser) -> String {
        // full precision: the research scripts read these draws back
        func number(_ x: Double) -> String { x.isFinite ? NumberFormat.shortest(x) : "" }
        let d = swipe.deliveryDraws
        let fields: [String] = [
            swipe.traceName, String(swipe.user), number(user.gain), swipe.style.rawValue, swipe.strategy.rawValue,
            String(swipe.intent), String(swipe.goalIntent), swipe.isCancelled ? "1" : "0",
            number(swipe.drawnAmplitude), number(swipe.drawnDuration), number(swipe.hold),
            d.map { $0.stalled ? "1" : "0" } ?? "", d.map { number($0.dwell) } ?? "",
            d.map { $0.liftRepeats ? "1" : "0" } ?? "", d.map { number($0.repeatDelay) } ?? "",
        ]
        return fields.joined(separator: ",") + "\n"
    }

    /// Writes every swipe of `generator` to `path` (atomically: a temporary file renamed into place).
    public static func write(_ generator: TraceGenerator, to path: String) throws {
        let output = try AtomicFileOutput(path: path)
        try output.write(Array(header.utf8))
        var buffer = ""
        try generator.forEachSwipe { swipe in
            buffer += row(swipe, user: generator.users[swipe.user])
            if buffer.utf8.count > 1 << 16 {
                try output.write(Array(buffer.utf8))
                buffer = ""
            }
        }
        try output.write(Array(buffer.utf8))
        try output.commit()
    }
}
