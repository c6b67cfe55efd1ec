import SnapStrategies

/// `snaplab compare --per-trace FILE.csv`: one row per scored (labelled) trace, for
/// mixed-effects models in R or Python.
///
/// Columns: `trace_id, user_id, session_id, file, line, intended_index, start_index,
/// start_offset_pt, release_offset_pt, velocity_pt_per_ms, travel_pt, finger_travel_pt,
/// duration_ms, hit`, then per policy `<id>_target` (item index) and `<id>_hit` (1 or 0). Numbers
/// at full precision; unknown values empty. A hit is the rule every scorer shares
/// (``HitCriterion/reaches(intended:targetIndex:targetOffset:in:)``) under the trace's own `hit`
/// column, else the run's `--hit`; the `hit` column says which applied. Plain RFC 4180, one
/// header row.
///
/// The file is written by a second, serial pass over the inputs (streamed, so memory does not
/// grow with the data), to a temporary file renamed into place when complete.
public enum PerTraceCSV {
    public static func header(policies: [any SnapPolicy]) -> [String] {
        ["trace_id", "user_id", "session_id", "file", "line", "intended_index", "start_index",
         "start_offset_pt", "release_offset_pt", "velocity_pt_per_ms", "travel_pt", "finger_travel_pt",
         "duration_ms", "hit"] + policies.flatMap { ["\($0.id)_target", "\($0.id)_hit"] }
    }

    /// The row of one labelled trace (`nil` for unlabelled traces, which are not scored);
    /// `hit` applies when the trace has no `hit` column of its own.
    public static func row(_ record: TraceRecord, userName: String, policies: [any SnapPolicy],
                           hit: HitCriterion = .exact) -> [String]? {
        let trace = record.release
        guard let intended = trace.intendedIndex else { return nil }
        let release = trace.release
        let n: (Double) -> String = { NumberFormat.shortestCSV($0) }
        let startIndex = trace.layout.itemIndex(ofSlot: release.startSlot(in: trace.layout))
        var cells = [trace.traceID, userName, record.sessionID ?? "", trace.location.file, String(trace.location.line),
                     String(intended), String(startIndex), n(release.startOffset), n(release.offset),
                     n(release.velocity), n(release.travel), release.fingerTravel.map(n) ?? "", n(release.duration)]
        let criterion = trace.hit ?? hit
        cells.append(criterion.rawValue)
        for policy in policies {
            let decision = policy.decide(release, in: trace.layout)
            let hit = criterion.reaches(intended: intended, targetIndex: decision.targetIndex,
                                        targetOffset: decision.targetOffset, in: trace.layout)
            cells.append(String(decision.targetIndex))
            cells.append(hit ? "1" : "0")
        }
        return cells
    }

    /// Reads `paths` (one users table across them) and writes the per-trace CSV to `path`;
    /// `hit` is the run's criterion (`--hit`).
    /// - Returns: the number of rows written.
    /// - Throws: ``TraceParseError`` (strict mode), ``FileOutputError``.
    @discardableResult
    public static func write(paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                             hit: HitCriterion = .exact, to path: String) throws -> Int {
        let file = try AtomicFileOutput(path: path)
        var buffer = Array(CSVText.line(header(policies: policies)).utf8)
        var rows = 0
        var users = TraceUsers()
        let progress = ProgressLine(stage: "writing per-trace rows", unit: "traces", checkEvery: 512)
        defer { progress.finish() }
        for input in paths {
            let reader = try TraceReader(path: input, options: options, users: users)
            _ = try reader.forEach { record in
                progress.advance()
                let names = reader.users.names
                let user = record.release.user
                guard let cells = row(record, userName: user < names.count ? names[user] : "", policies: policies, hit: hit) else { return }
                buffer.append(contentsOf: CSVText.line(cells).utf8)
                rows += 1
                if buffer.count >= 1 << 20 {
                    try file.write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            users = reader.users
        }
        try file.write(buffer)
        try file.commit()
        return rows
    }
}
