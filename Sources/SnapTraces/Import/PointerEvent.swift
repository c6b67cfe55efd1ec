/// What a pointer event says happened, normalised from the log's own codes.
public enum PointerPhase: String, Sendable, Hashable, CaseIterable {
    /// Touch-down (`pointerdown`, `ACTION_DOWN`).
    case down
    /// A move while down (`pointermove`, `ACTION_MOVE`).
    case move
    /// Lift-off (`pointerup`, `ACTION_UP`).
    case up
    /// The platform took the pointer away (`pointercancel`, `ACTION_CANCEL`).
    case cancel
}

/// One raw pointer event, as read from a log, in the log's own units until the importer
/// converts it: the time in the log's time unit, positions in the log's pixels.
public struct PointerEvent: Sendable, Hashable {
    /// The stroke column's value (`nil` when strokes are split on down/up).
    public var stroke: String?
    /// Event time, in the log's unit (converted by ``TimeUnit``).
    public var time: Double
    /// Position along x and y, the log's pixels (`y` may be absent).
    public var x: Double
    public var y: Double?
    /// `nil` when the log has no phase column: the first event of a stroke is then its down,
    /// the last its up.
    public var phase: PointerPhase?
    /// Pointer identifier (multi-pointer logs); `nil` when absent.
    public var pointer: String?
    public var user: String?
    public var session: String?
    public var trial: String?
    /// The label column (`--intended-column` or `--target-column`), as written.
    public var label: String?
    /// A start offset given by the log (points), when mapped.
    public var startOffset: Double?
    /// Device pixels per CSS pixel, when the event carries it (JSONL `devicePixelRatio`).
    public var pixelRatio: Double?
    /// The row's own pixels per point (a CSV `scale` column, or its `device` looked up in
    /// `--device-scales`): wins over `--scale`.
    public var rowScale: Double?
    /// The device name (CSV `device` column), when mapped.
    public var device: String?
    /// The layout's name (CSV `layout` column, a key of `--layout-map`), when mapped.
    public var layoutName: String?
    /// Telemetry as written in the log (CSV `settled_index`, `tap_index` columns), when mapped.
    public var settled: String?
    public var tap: String?
    /// The study task the event belongs to (JSONL `task`, as `snaplab record` writes it:
    /// `paging` or `reveal`), when the log has it.
    public var task: String?
    /// Where the event was read (1-based line).
    public var line: Int

    public init(stroke: String? = nil, time: Double, x: Double, y: Double? = nil, phase: PointerPhase? = nil,
                pointer: String? = nil, user: String? = nil, session: String? = nil, trial: String? = nil,
                label: String? = nil, startOffset: Double? = nil, pixelRatio: Double? = nil, task: String? = nil,
                line: Int) {
        self.stroke = stroke
        self.time = time
        self.x = x
        self.y = y
        self.phase = phase
        self.pointer = pointer
        self.user = user
        self.session = session
        self.trial = trial
        self.label = label
        self.startOffset = startOffset
        self.pixelRatio = pixelRatio
        self.task = task
        self.line = line
    }
}

/// The log's time unit (`--time-unit`).
public enum TimeUnit: String, Sendable, CaseIterable {
    case ms, s, us, ns

    /// Milliseconds per unit.
    public var milliseconds: Double {
        switch self {
        case .ms: return 1
        case .s: return 1000
        case .us: return 1e-3
        case .ns: return 1e-6
        }
    }
}
