import SnapStrategies
import SnapLabSupport
import SnapTraces

// `snaplab validate-labels --strokes-out FILE`: every simulated stroke as one CSV row.
extension BehaviourLabelValidation {
    /// The header: the stroke's telemetry and hidden truth, the derived label and its rule,
    /// then one column per policy (the item it picks).
    public static func strokeHeader(_ policies: [any SnapPolicy]) -> String {
        let head = "session,user,step_in_goal,goal_intent,strategy,cancelled,start_time,end_time,start_index,settled_index,"
        return head + "direction,tap_index,intended_index,label,rule," + policies.map(\.id).joined(separator: ",") + "\n"
    }

    /// One stroke's row under ``strokeHeader(_:)``: `items` is each policy's item (empty for a
    /// cancelled stroke, which leaves those columns blank).
    public static func strokeRow(_ t: TelemetryStroke, _ swipe: SyntheticSwipe, _ label: BehaviourLabeller.Label?, _ items: [Int],
                                 policyCount: Int) -> String {
        var fields: [String] = []
        fields.append(String(swipe.session))
        fields.append(String(swipe.user))
        fields.append(String(swipe.stepInGoal))
        fields.append(String(swipe.goalIntent))
        fields.append(swipe.strategy.rawValue)
        fields.append(swipe.isCancelled ? "1" : "0")
        fields.append(NumberFormat.fixed(t.startTime, 1))
        fields.append(NumberFormat.fixed(t.endTime, 1))
        fields.append(t.startIndex.map { String($0) } ?? "")
        fields.append(String(t.settledIndex))
        fields.append(String(t.direction))
        fields.append(t.tapIndex.map { String($0) } ?? "")
        fields.append(String(swipe.intendedIndex))
        fields.append(label.map { String($0.index) } ?? "")
        fields.append(label?.rule.rawValue ?? "")
        if items.isEmpty {
            fields += [String](repeating: "", count: policyCount)
        } else {
            fields += items.map { String($0) }
        }
        return fields.joined(separator: ",") + "\n"
    }
}
