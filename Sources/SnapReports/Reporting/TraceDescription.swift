import SnapStrategies
import SnapLabSupport
import SnapGSL
import SnapTraces

/// What `snaplab describe` reports about a set of trace files, accumulated one trace at a time
/// in bounded memory.
///
/// Quantiles come from ``BoundedSample`` reservoirs (exact up to 100,000 values per quantity,
/// estimates beyond) and ``Percentile``; page deltas are counted exactly (one
/// counter per distinct delta).
///
/// Warnings counted per trace:
/// - *sparse*: fewer than 3 moves after the touch-down (the first row; the lift-off row is not a
///   move): LSQ2 falls back to a line or to 0, Compose and Flutter to 0;
/// - *repeated lift-off position*: the lift-off row repeats the previous row's offset
///   (a platform that re-reports the last position at lift-off);
/// - *long gap*: two consecutive samples more than 40 ms apart after the first move (the
///   velocity trackers reset); the touch-down → first-move delay is reported on its own
///   (``RealDataDescription/firstMoveDelay``), not as a gap;
/// - *frame-logged*: one row per display frame with a late first move (``FrameLoggedPattern``).
public struct TraceDescription: Sendable {
    public static let quantileLevels: [Double] = [0, 0.05, 0.25, 0.5, 0.75, 0.9, 0.95, 1]

    public private(set) var traces = 0
    public private(set) var labelled = 0
    public private(set) var samplesPerTrace = BoundedSample()
    public private(set) var samplingInterval = BoundedSample()
    public private(set) var releaseSpeed = BoundedSample()
    public private(set) var pageDeltas: [Int: Int] = [:]
    public private(set) var sparseTraces = 0
    public private(set) var repeatedLiftOff = 0
    public private(set) var longGapTraces = 0
    public private(set) var frameLoggedTraces = 0
    /// Releases outside `[0, maxOffset]` of a bounded layout, at any distance and more than one
    /// item (`stride`) outside.
    public private(set) var outsideContent = 0
    public private(set) var outsideBeyondItem = 0
    /// Durations, travel, delivery and per-estimator speeds (``RealDataDescription``).
    public private(set) var realData = RealDataDescription()
    private var userSeen: [Bool] = []

    public init() {}

    /// Adds one trace.
    public mutating func add(_ record: TraceRecord) {
        let r = record.release
        traces += 1
        realData.add(record)
        if r.user >= 0 {
            if r.user >= userSeen.count { userSeen += Array(repeating: false, count: r.user - userSeen.count + 1) }
            userSeen[r.user] = true
        }
        samplesPerTrace.add(Double(r.sampleCount))
        releaseSpeed.add(Swift.abs(r.release.velocity))
        let s = record.samples
        let n = s.count
        var moves = 0
        var longGap = false
        let firstMove = RealDataDescription.firstMoveIndex(s)
        for i in 0..<n {
            if i > 0 && s.isMove[i] != 0 { moves += 1 }
            if i > 0 {
                let dt = s.time[i] - s.time[i - 1]
                samplingInterval.add(dt)
                if i > (firstMove ?? 0), dt > VelocityWindow.assumePointerStopped + VelocityWindow.timeEpsilon { longGap = true }
            }
        }
        if n > 1 && moves < 3 { sparseTraces += 1 }
        let layout = r.layout, offset = r.release.offset
        if !layout.isLooping, offset < -1e-6 || offset > layout.maxOffset + 1e-6 {
            outsideContent += 1
            if offset < -layout.stride || offset > layout.maxOffset + layout.stride { outsideBeyondItem += 1 }
        }
        if longGap { longGapTraces += 1 }
        if FrameLoggedPattern.delay(s) != nil { frameLoggedTraces += 1 }
        if n >= 2 && s.offset[n - 1] == s.offset[n - 2] { repeatedLiftOff += 1 }
        if let intended = r.intendedIndex {
            labelled += 1
            let start = r.release.startSlot(in: r.layout)
            pageDeltas[intended - start, default: 0] += 1
        }
    }

    /// Users with at least one described trace.
    public var users: Int { userSeen.reduce(0) { $0 + ($1 ? 1 : 0) } }

    private static func quantiles(_ b: BoundedSample) -> [Double?] {
        Percentile.of(b.values, quantileLevels)
    }

    /// What a field that needs a layout says when the traces had none.
    public static let needsLayout = "needs a layout (layout columns, --layout FILE or the layout options)"

    /// The report as JSON (counts of traces read, skipped and cancelled from `summary`). Without
    /// `hasLayout`, the fields that need one (travel in items, page deltas, releases outside the
    /// content) are the string ``needsLayout``.
    public func json(summary: ReadSummary, hasLayout: Bool = true) -> JSONValue {
        let noLayout = JSONValue.string(Self.needsLayout)
        func qobj(_ b: BoundedSample) -> JSONValue {
            let q = Self.quantiles(b)
            var items: [(String, JSONValue)] = [("count", .int(b.seen)), ("exact", .bool(b.isExact))]
            for (level, v) in zip(Self.quantileLevels, q) {
                items.append(("p\(Int((level * 100).rounded()))", v.map { .number($0) } ?? .null))
            }
            return .object(items)
        }
        return .object([
            ("files", .array(summary.files.map { f in
                .object([("path", .string(f.path)), ("kind", .string(f.kind.rawValue)),
                         ("traces_read", .int(f.tracesRead)), ("rows", .int(f.rows)),
                         ("unknown_columns", .array(f.unknownColumns.map { .string($0) }))])
            })),
            ("traces_read", .int(summary.tracesRead)),
            ("traces_described", .int(traces)),
            ("traces_skipped", .int(summary.tracesSkipped)),
            ("traces_cancelled", .int(summary.tracesCancelled)),
            ("skipped", .array(summary.skipped.map { .string($0.description) })),
            ("users", .int(users)),
            ("labelled", .int(labelled)),
            ("labelled_share", traces > 0 ? .number(Double(labelled) / Double(traces)) : .null),
            ("samples_per_trace", qobj(samplesPerTrace)),
            ("sampling_interval_ms", qobj(samplingInterval)),
            ("release_speed_pt_per_ms", qobj(releaseSpeed)),
            ("duration_ms", qobj(realData.duration)),
            ("finger_travel_pt", qobj(realData.fingerTravel)),
            ("finger_travel_items", hasLayout ? qobj(realData.fingerTravelItems) : noLayout),
            ("content_travel_items", hasLayout ? qobj(realData.travelItems) : noLayout),
            ("first_move_delay_ms", qobj(realData.firstMoveDelay)),
            ("long_gap_share", realData.longGapShare.map { .number($0) } ?? .null),
            ("release_speed_by_estimator", .object(RealDataDescription.methods.enumerated().compactMap { k, m in
                guard realData.estimated[k] > 0 else { return nil }
                guard case var .object(items) = qobj(realData.speeds[k]) else { return nil }
                items.append(("zero_share", realData.zeroShare(k).map { .number($0) } ?? .null))
                return (m.rawValue, .object(items))
            })),
            ("page_deltas", hasLayout ? .object(pageDeltas.keys.sorted().map { (String($0), .int(pageDeltas[$0] ?? 0)) }) : noLayout),
            ("releases_outside_content", hasLayout ? .object([("any_distance", .int(outsideContent)),
                                                              ("beyond_one_item", .int(outsideBeyondItem))]) : noLayout),
            ("sampling_flags", .object([("sparse_traces", .int(sparseTraces)),
                                  ("repeated_lift_off_positions", .int(repeatedLiftOff)),
                                  ("long_gap_traces", .int(longGapTraces)),
                                  ("frame_logged_traces", .int(frameLoggedTraces))])),
        ])
    }

    /// The report as text tables (without `hasLayout`, the rows that need one say so).
    public func table(summary: ReadSummary, hasLayout: Bool = true) -> String {
        var out = ""
        for f in summary.files {
            out += "\(f.path): \(f.kind.rawValue), \(f.tracesRead) traces, \(f.rows) rows\n"
        }
        let share = traces > 0 ? NumberFormat.fixed(100 * Double(labelled) / Double(traces), 1) + "%" : "-"
        out += "traces read \(summary.tracesRead), described \(traces), skipped \(summary.tracesSkipped), "
            + "cancelled \(summary.tracesCancelled); users \(users); labelled \(labelled) (\(share))\n\n"
        var rows: [[String]] = []
        for (name, b, digits) in [("samples per trace", samplesPerTrace, 1), ("sampling interval (ms)", samplingInterval, 2),
                                  ("release speed (pt/ms)", releaseSpeed, 3)] + realData.quantityRows {
            if !hasLayout && name.hasSuffix("(items)") {
                rows.append([name, "-"] + Array(repeating: "-", count: Self.quantileLevels.count))
                continue
            }
            let q = Self.quantiles(b)
            rows.append([name, String(b.seen)] + q.map { $0.map { NumberFormat.fixed($0, digits) } ?? "-" })
        }
        let header = ["quantity", "n", "min", "p5", "p25", "p50", "p75", "p90", "p95", "max"]
        out += TextTable(header: header, rows: rows).rendered()
        var speedRows: [[String]] = []
        for (k, m) in RealDataDescription.methods.enumerated() where realData.estimated[k] > 0 {
            let q = Self.quantiles(realData.speeds[k])
            speedRows.append([m.rawValue, String(realData.estimated[k])] + q.map { $0.map { NumberFormat.fixed($0, 3) } ?? "-" }
                             + [realData.zeroShare(k).map { NumberFormat.fixed(100 * $0, 1) + "%" } ?? "-"])
        }
        if !speedRows.isEmpty {
            out += "\nrelease speed by estimator (pt/ms):\n"
            out += TextTable(header: ["estimator"] + header.dropFirst() + ["= 0"], rows: speedRows).rendered()
        }
        if let share = realData.longGapShare {
            out += "gaps over 40 ms: \(realData.longGaps) of \(realData.gaps) (\(NumberFormat.fixed(100 * share, 1))%)\n"
        }
        for w in realData.zeroWarnings { out += w + "\n" }
        out += "\n"
        let deltaRows = pageDeltas.keys.sorted().map { d -> [String] in
            let c = pageDeltas[d] ?? 0
            return [d > 0 ? "+\(d)" : String(d), String(c), NumberFormat.fixed(100 * Double(c) / Double(Swift.max(labelled, 1)), 1)]
        }
        if !hasLayout {
            out += "travel in items, page deltas and releases outside the content: \(Self.needsLayout)\n"
        } else {
            out += deltaRows.isEmpty ? "no labelled traces: no page deltas\n"
                : TextTable(header: ["intended − start", "traces", "%"], rows: deltaRows).rendered()
        }
        out += "\nsampling flags: \(sparseTraces) sparse traces (< 3 moves after touch-down), \(repeatedLiftOff) repeated lift-off positions, "
            + "\(longGapTraces) traces with a gap > 40 ms after the first move\n"
        if hasLayout {
            out += "releases outside the content [0, max offset]: \(outsideContent) of \(traces), \(outsideBeyondItem) of them more than one item outside\n"
        }
        if frameLoggedTraces > 0 {
            out += "frame-logged: \(frameLoggedTraces) of \(traces) traces have one row per display frame, a first move over 40 ms "
                + "after touch-down and fewer than 3 samples in Compose's window (the device also had the samples between "
                + "frames: --frames rebuild, and the default --frames auto on a file that looks so, rebuilds them for any estimator)\n"
        }
        return out
    }
}
