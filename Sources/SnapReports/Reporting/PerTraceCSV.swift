import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapScoring

/// `snaplab compare --per-trace FILE.csv`: one row per scored (labelled) trace and policy, in
/// long ("tidy") form, for mixed-effects models in R or Python.
///
/// Columns: `trace_id, user_id, session_id, file, line, policy, intended_index, target_index,
/// hit, criterion, start_index, start_offset_pt, release_offset_pt, velocity_pt_per_ms,
/// travel_pt, finger_travel_pt, duration_ms`: `target_index` is the item the policy rests on,
/// `hit` 1 or 0 under `criterion` (``TraceRelease/criterion``: its own `hit` column, else the run's `--hit`: the rule
/// every scorer shares, ``HitCriterion/reaches(intended:targetIndex:targetOffset:in:)``), then
/// the trace's release values. Numbers at full precision; unknown values empty. Plain RFC 4180,
/// one header row. (Before issue 31 the file was wide: one row per trace with
/// `<policy>_target`/`<policy>_hit` columns and the criterion in `hit`.)
///
/// From files, the rows are written by a second, serial pass over the inputs (streamed, so
/// memory does not grow with the data); with behaviour labels, from the relabelled traces in
/// memory. Either way to a temporary file renamed into place when complete.
public enum PerTraceCSV {
    public static let header = ["trace_id", "user_id", "session_id", "file", "line", "policy", "intended_index", "target_index",
                                "hit", "criterion", "start_index", "start_offset_pt", "release_offset_pt", "velocity_pt_per_ms",
                                "travel_pt", "finger_travel_pt", "duration_ms"]

    /// The rows of one labelled trace, one per policy (none for an unlabelled trace, which is
    /// not scored).
    public static func rows(_ trace: TraceRelease, session: String?, userName: String, policies: [any SnapPolicy]) -> [[String]] {
        guard let intended = trace.intendedIndex else { return [] }
        let release = trace.release
        let n: (Double) -> String = { NumberFormat.shortestCSV($0) }
        let startIndex = trace.layout.itemIndex(ofSlot: release.startSlot(in: trace.layout))
        let criterion = trace.criterion
        // made from the id's bytes on each read (`TraceRelease.traceID`): once for all the policies' rows
        let traceID = trace.traceID
        let values = [String(startIndex), n(release.startOffset), n(release.offset), n(release.velocity), n(release.travel),
                      release.fingerTravel.map(n) ?? "", n(release.duration)]
        return policies.map { policy in
            let decision = policy.decide(release, in: trace.layout)
            let reached = criterion.reaches(intended: intended, targetIndex: decision.targetIndex,
                                            targetOffset: decision.targetOffset, in: trace.layout)
            return [traceID, userName, session ?? "", trace.location.file, String(trace.location.line), policy.id,
                    String(intended), String(decision.targetIndex), reached ? "1" : "0", criterion.rawValue] + values
        }
    }

    /// Reads `paths` (one users table across them) and writes the per-trace CSV to `path`
    /// (`options.hit` is the run's `--hit`).
    /// - Returns: the number of traces written (each on one row per policy).
    /// - Throws: ``TraceParseError`` (strict mode), ``FileOutputError``.
    @discardableResult
    public static func write(paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                             to path: String) throws -> Int {
        var sink = try Sink(path: path)
        var users = TraceUsers()
        let progress = ProgressLine(stage: "writing per-trace rows", unit: "traces", checkEvery: 512)
        defer { progress.finish() }
        for input in paths {
            let reader = try TraceReader(path: input, options: options, users: users)
            _ = try reader.forEach { record in
                progress.advance()
                let names = reader.users.names
                let user = record.release.user
                try sink.add(rows(record.release, session: record.sessionID, userName: user < names.count ? names[user] : "",
                                  policies: policies))
            }
            users = reader.users
        }
        return try sink.commit()
    }

    /// Writes the per-trace CSV of traces held in memory (`compare --labels behaviour`: the
    /// relabelled traces), `sessions[i]` the session of `traces[i]`, `userNames` by user index.
    @discardableResult
    public static func write(traces: [TraceRelease], sessions: [String?], userNames: [String], policies: [any SnapPolicy],
                             to path: String) throws -> Int {
        var sink = try Sink(path: path)
        for (i, trace) in traces.enumerated() {
            let name = trace.user >= 0 && trace.user < userNames.count ? userNames[trace.user] : ""
            try sink.add(rows(trace, session: i < sessions.count ? sessions[i] : nil, userName: name, policies: policies))
        }
        return try sink.commit()
    }

    /// The file being written, buffered.
    struct Sink {
        let file: AtomicFileOutput
        var buffer: [UInt8]
        var traces = 0

        init(path: String) throws {
            file = try AtomicFileOutput(path: path)
            buffer = Array(CSVText.line(PerTraceCSV.header).utf8)
        }

        mutating func add(_ rows: [[String]]) throws {
            guard !rows.isEmpty else { return }
            for cells in rows { buffer.append(contentsOf: CSVText.line(cells).utf8) }
            traces += 1
            if buffer.count >= 1 << 20 {
                try file.write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }

        func commit() throws -> Int {
            try file.write(buffer)
            try file.commit()
            return traces
        }
    }
}
