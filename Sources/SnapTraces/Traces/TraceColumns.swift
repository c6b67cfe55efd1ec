/// What the reader does with each header column.
enum ColumnRole: Equatable {
    case traceID
    case time
    case offset
    case touchX
    case phase
    case releaseOffset
    case perTrace(PerTraceField)
    case unknown
}

/// Columns that hold one value per trace (on every row of the trace or on its first only).
enum PerTraceField: Int, CaseIterable {
    case startOffset, intendedIndex, userID, sessionID
    case itemWidth, itemSpacing, leadingInset, trailingInset, viewportWidth, itemCount, alignment, looping
    case startIndex, releaseVelocity
    // trace format 1.1
    case hit, durationMs, fingerTravel, settledIndex, tapIndex
    /// The column `--group-by` names (or `screen`/`session_kind`, found automatically) when it is
    /// not one of the fields above (``TraceReadOptions/groupBy``); never recognised by name.
    case group

    /// Number of fields (`allCases.count`, which allocates).
    static let count = 20

    var columnName: String {
        switch self {
        case .startOffset: return "start_offset"
        case .intendedIndex: return "intended_index"
        case .userID: return "user_id"
        case .sessionID: return "session_id"
        case .itemWidth: return "item_width"
        case .itemSpacing: return "item_spacing"
        case .leadingInset: return "leading_inset"
        case .trailingInset: return "trailing_inset"
        case .viewportWidth: return "viewport_width"
        case .itemCount: return "item_count"
        case .alignment: return "alignment"
        case .looping: return "looping"
        case .startIndex: return "start_index"
        case .releaseVelocity: return "release_velocity"
        case .hit: return "hit"
        case .durationMs: return "duration_ms"
        case .fingerTravel: return "finger_travel"
        case .settledIndex: return "settled_index"
        case .tapIndex: return "tap_index"
        case .group: return "(group column)"
        }
    }

    /// How two spellings are compared when their bytes differ.
    enum ValueKind { case number, text, boolean }
    var valueKind: ValueKind {
        switch self {
        case .userID, .sessionID, .alignment, .hit, .group: return .text
        case .looping: return .boolean
        default: return .number
        }
    }

    /// Whether the column belongs to release-level files only (trace format 1.1: `duration_ms`;
    /// a sample-level file has its times for it, and lists the column as unknown).
    /// `finger_travel` is read in both kinds (Docs/trace-format.md, 1.1 note): in a sample-level
    /// file it is a per-trace value that overrides the travel derived from `touch_x`.
    var isReleaseLevelOnly: Bool { self == .durationMs }

    static let byName: [String: PerTraceField] = Dictionary(uniqueKeysWithValues: allCases.filter { $0 != .group }.map { ($0.columnName, $0) })
}

/// The header of a trace file, interpreted.
struct TraceColumns {
    var names: [String]
    var roles: [ColumnRole]
    var kind: TraceFileKind
    var unknown: [String]
    var traceID = -1, time = -1, offset = -1, touchX = -1, phase = -1, releaseOffset = -1
    /// Column index of each per-trace field, -1 when absent.
    var perTrace = [Int](repeating: -1, count: PerTraceField.count)
    /// The column whose value groups the traces (``TraceReadOptions/groupBy``) and the per-trace
    /// field that reads it; `nil` when none is asked for or (automatic) found.
    var groupColumn: String?
    var groupField: PerTraceField?

    /// Interprets `names` (trimmed); `line` is the header's line for errors.
    init(names: [String], file: String, line: Int, velocity: VelocityMethod,
         groupBy: TraceReadOptions.GroupColumn? = nil) throws(TraceParseError) {
        self.names = names
        var seen = Set<String>()
        for (i, n) in names.enumerated() where !n.isEmpty {
            if !seen.insert(n).inserted { throw .duplicateColumn(file: file, line: line, column: n, number: i + 1) }
        }
        let has = Set(names)
        let sampleLevel = has.contains("t_ms") && (has.contains("offset") || has.contains("touch_x"))
        let releaseLevel = has.contains("release_offset") && has.contains("release_velocity")
        guard has.contains("trace_id") else {
            throw .missingColumn(file: file, line: line, column: "trace_id", expected: "a header with trace_id and either t_ms and offset (or touch_x), or release_offset and release_velocity")
        }
        if sampleLevel {
            kind = .sampleLevel
        } else if releaseLevel {
            kind = .releaseLevel
        } else if has.contains("t_ms") || has.contains("offset") || has.contains("touch_x") {
            let missing = has.contains("t_ms") ? "offset" : "t_ms"
            throw .missingColumn(file: file, line: line, column: missing, expected: "t_ms and offset (or touch_x) in a sample-level file")
        } else if has.contains("release_offset") || has.contains("release_velocity") {
            let missing = has.contains("release_offset") ? "release_velocity" : "release_offset"
            throw .missingColumn(file: file, line: line, column: missing, expected: "release_offset and release_velocity in a release-level file")
        } else {
            throw .missingColumn(file: file, line: line, column: "t_ms", expected: "t_ms and offset (sample-level) or release_offset and release_velocity (release-level)")
        }
        if kind == .sampleLevel && velocity == .recorded && !has.contains("release_velocity") {
            throw .missingColumn(file: file, line: line, column: "release_velocity", expected: "a release_velocity column for --velocity recorded")
        }
        var roles: [ColumnRole] = []
        var unknown: [String] = []
        for (i, n) in names.enumerated() {
            var role: ColumnRole
            switch n {
            case "trace_id": role = .traceID; traceID = i
            case "t_ms" where kind == .sampleLevel: role = .time; time = i
            case "offset" where kind == .sampleLevel: role = .offset; offset = i
            case "touch_x" where kind == .sampleLevel && !has.contains("offset"): role = .touchX; touchX = i
            case "phase" where kind == .sampleLevel: role = .phase; phase = i
            case "release_offset" where kind == .releaseLevel: role = .releaseOffset; releaseOffset = i
            default:
                if let f = PerTraceField.byName[n], kind == .releaseLevel || !f.isReleaseLevelOnly {
                    role = .perTrace(f)
                    perTrace[f.rawValue] = i
                } else {
                    role = .unknown
                    unknown.append(n.isEmpty ? "(column \(i + 1), unnamed)" : n)
                }
            }
            roles.append(role)
        }
        self.roles = roles
        self.unknown = unknown
        try resolveGroup(groupBy, file: file, line: line)
    }

    /// Finds the group column: the one named (an error naming the header when it is absent or
    /// holds samples, not one value per trace), or the first of
    /// ``TraceReadOptions/GroupColumn/automaticNames`` in the header. An unknown column becomes
    /// the ``PerTraceField/group`` field (read, checked to agree within a trace, no longer listed
    /// as unknown); a known per-trace column is read through its own field.
    private mutating func resolveGroup(_ groupBy: TraceReadOptions.GroupColumn?, file: String, line: Int) throws(TraceParseError) {
        let name: String
        switch groupBy {
        case nil: return
        case .automatic:
            guard let found = TraceReadOptions.GroupColumn.automaticNames.first(where: { names.contains($0) }) else { return }
            name = found
        case let .named(given):
            name = given
        }
        let header = names.joined(separator: ", ")
        guard let i = names.firstIndex(of: name) else {
            throw .missingColumn(file: file, line: line, column: name,
                                 expected: "the column --group-by names (one value per trace); the header has: \(header)")
        }
        switch roles[i] {
        case let .perTrace(f):
            groupField = f
        case .unknown:
            roles[i] = .perTrace(.group)
            perTrace[PerTraceField.group.rawValue] = i
            unknown.removeAll { $0 == name }
            groupField = .group
        default:
            throw .invalidValue(file: file, line: line, column: name, found: "a column of \(kind == .sampleLevel ? "samples" : "releases")",
                                expected: "a column with one value per trace for --group-by (e.g. screen, session_kind); the header has: \(header)")
        }
        groupColumn = name
    }
}
