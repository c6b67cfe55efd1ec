import SnapStrategies

/// Turns the strokes of one pointer log into traces (``ImportedTrace``), following
/// ``PointerImportOptions``: units, axis and direction, touch slop and the content's ends
/// (``FingerToContent``), start offsets (a column, a fixed offset, or a chain under the live
/// policy), labels, and the drop rules, counting what it drops in an ``ImportFileReport``.
public struct PointerImporter: Sendable {
    public var options: PointerImportOptions

    public init(options: PointerImportOptions) { self.options = options }

    /// The traces of `events` (one file's, in file order), and the file's report.
    /// - Parameter idPrefix: put before each stroke's key to make trace ids unique across files.
    public func traces(_ events: [PointerEvent], file: String, idPrefix: String) throws(PointerImportError) -> ([ImportedTrace], ImportFileReport) {
        var report = ImportFileReport(file: file)
        report.eventsRead = events.count
        guard !events.isEmpty else { return ([], report) }
        let cut = try StrokeAssembler.strokes(events, file: file)
        report.strokesRead = cut.strokes.count
        report.otherPointerEvents = cut.otherPointerEvents
        report.strayEvents = cut.strayEvents
        let targets = trialTargets(cut.strokes, file: file)
        var settled: [String: Double] = [:]
        var seenIDs: [String: Int] = [:]
        var out: [ImportedTrace] = []
        for stroke in cut.strokes {
            if let reason = dropReason(stroke) {
                report.dropped[reason, default: 0] += 1
                continue
            }
            let first = stroke.events[0]
            let times = stroke.events.map { $0.time * options.timeUnit.milliseconds }
            let travel = try stroke.events.map { e throws(PointerImportError) in try axisTravel(e, from: first, file: file) }
            let cross = try crossTravel(stroke, file: file)
            let along = travel.last ?? 0
            if Swift.abs(along) < options.minimumTravel { report.dropped[.tooShort, default: 0] += 1; continue }
            if let limit = options.maximumCrossRatio, Swift.abs(cross) > limit * Swift.abs(along) {
                report.dropped[.offAxis, default: 0] += 1
                continue
            }
            let layout = try strokeLayout(stroke, file: file)
            let trialKey = Self.trialKey(first)
            let start: Double
            if let given = stroke.events.first(where: { $0.startOffset != nil })?.startOffset {
                start = given
            } else {
                switch options.start {
                case .fixed(let x): start = x
                case .chain(let trialStart, _, _): start = settled[trialKey] ?? trialStart
                }
            }
            let model = FingerToContent(touchSlop: options.touchSlop, overscroll: options.overscroll, layout: layout)
            let (offsets, reachedEnd) = model.offsets(travel: travel, start: start)
            if reachedEnd { report.strokesAtAnEnd += 1 }
            var id = idPrefix + stroke.key
            if let n = seenIDs[id] { seenIDs[id] = n + 1; id += "#\(n + 1)" } else { seenIDs[id] = 1 }
            let intended: Int?
            switch options.labels {
            case .none: intended = nil
            case .intended: intended = try label(stroke.events.first(where: { $0.label != nil }), file: file, layout: layout)
            case .target:
                if let t = targets[trialKey] {
                    intended = try index(t.text, line: t.line, file: file, layout: layout, what: "label")
                } else {
                    intended = nil
                }
            }
            // session: the log's, else the trial (what --labels behaviour groups by), per layout
            let layoutName = stroke.events.first(where: { $0.layoutName != nil })?.layoutName
            let session = first.session ?? first.trial.map { t in layoutName.map { t + "/" + $0 } ?? t }
            var trace = ImportedTrace(id: id, user: first.user, session: session, trial: first.trial,
                                      startOffset: start, intendedIndex: intended, fingerTravel: along,
                                      times: times, offsets: offsets, line: first.line)
            trace.layout = layout
            trace.layoutName = layoutName
            if let e = stroke.events.first(where: { $0.settled != nil }) {
                trace.settledIndex = try index(e.settled ?? "", line: e.line, file: file, layout: layout, what: "settled_index")
            }
            if let e = stroke.events.first(where: { $0.tap != nil }) {
                trace.tapIndex = try index(e.tap ?? "", line: e.line, file: file, layout: layout, what: "tap_index")
            }
            if let task = stroke.events.first(where: { $0.task != nil })?.task {
                trace.hit = Self.hitCriterion(task: task)
                if trace.hit == nil { report.unknownTasks += 1 }
            }
            if case .chain(_, let policy, let velocity) = options.start {
                settled[trialKey] = Self.restingOffset(trace, policy: policy, velocity: velocity, layout: layout)
            }
            out.append(trace)
            report.strokesWritten += 1
        }
        return (out, report)
    }

    /// The hit criterion of a `snaplab record` task: `paging` asks for the target at the snap
    /// position (`exact`), `reveal` for the target wholly in view (`revealed`); `nil` for any
    /// other task.
    public static func hitCriterion(task: String) -> HitCriterion? {
        switch task {
        case "paging": return .exact
        case "reveal": return .revealed
        default: return nil
        }
    }

    /// Where `trace` comes to rest under `policy`: its decision's target offset.
    static func restingOffset(_ trace: ImportedTrace, policy: any SnapPolicy, velocity: VelocityMethod, layout: CarouselLayout) -> Double {
        let isMove = trace.times.indices.map { $0 < trace.times.count - 1 }
        let v = velocity.estimator.estimate(time: trace.times, offset: trace.offsets, isMove: isMove).velocity
        let release = Release(offset: trace.offsets.last ?? trace.startOffset, velocity: v, startOffset: trace.startOffset,
                              startTime: trace.times.first ?? 0, time: trace.times.last ?? 0, fingerTravel: trace.fingerTravel)
        return policy.decide(release, in: layout).targetOffset
    }

    /// A trial is the `trial` value, else the user and session; on each layout of a log that
    /// names them (a trial that moves to another screen starts that screen afresh).
    static func trialKey(_ e: PointerEvent) -> String {
        let screen = e.layoutName.map { "\u{1F}l:" + $0 } ?? ""
        if let t = e.trial { return "t:" + t + screen }
        return "u:\(e.user ?? "")\u{1F}s:\(e.session ?? "")" + screen
    }

    func dropReason(_ stroke: PointerStroke) -> ImportDropReason? {
        if stroke.cancelled { return .cancelled }
        if !stroke.hasLiftOff { return .noLiftOff }
        if stroke.events.count < options.minimumEvents { return .tooFewEvents }
        return nil
    }

    func pointsPerPixel(_ e: PointerEvent, file: String) throws(PointerImportError) -> Double {
        if let s = e.rowScale { return 1 / s }
        switch options.scale {
        case .pixelsPerPoint(let s)?: return 1 / s
        case .devicePixelRatio?:
            guard let r = e.pixelRatio else {
                throw PointerImportError(file: file, line: e.line, column: 0,
                                         "found no devicePixelRatio, expected one on every event with --scale device-pixel-ratio")
            }
            return 1 / r
        case nil:
            throw PointerImportError(file: file, line: e.line, column: 0,
                                     "found no scale for this event, expected --scale PIXELS_PER_POINT, a scale column "
                                         + "(--columns scale=…) or a device column with --device-scales FILE")
        }
    }

    /// The layout of `stroke`: the one its log names (``PointerImportOptions/layouts``), else the
    /// import's; an error when it names an unknown one or none was given.
    func strokeLayout(_ stroke: PointerStroke, file: String) throws(PointerImportError) -> CarouselLayout {
        if let e = stroke.events.first(where: { $0.layoutName != nil }), let name = e.layoutName {
            guard let layout = options.layouts[name] else {
                throw PointerImportError(file: file, line: e.line, column: 0,
                                         "found layout \"\(name)\", expected one of --layout-map: \(options.layouts.keys.sorted().joined(separator: ", "))")
            }
            return layout
        }
        guard !options.layoutIsStandIn else {
            let line = stroke.events.first?.line ?? 0
            throw PointerImportError(file: file, line: line, column: 0,
                                     options.layouts.isEmpty
                                         ? "found no layout, expected --layout FILE or --item-width, --viewport and --count (or --layout-map with --columns layout=…)"
                                         : "found no layout name in this stroke's layout column, expected one of --layout-map: \(options.layouts.keys.sorted().joined(separator: ", "))")
        }
        return options.layout
    }

    /// Finger travel from `first` along the axis, points, in the sign of the offset change.
    func axisTravel(_ e: PointerEvent, from first: PointerEvent, file: String) throws(PointerImportError) -> Double {
        let direction: Double = options.reverse ? 1 : -1
        guard options.verticalAxis else {
            return direction * (e.x * (try pointsPerPixel(e, file: file)) - first.x * (try pointsPerPixel(first, file: file)))
        }
        guard let y = e.y, let y0 = first.y else {
            throw PointerImportError(file: file, line: e.line, column: 0, "found no y, expected a y position with --axis y")
        }
        return direction * (y * (try pointsPerPixel(e, file: file)) - y0 * (try pointsPerPixel(first, file: file)))
    }

    /// Travel across the axis, touch-down → lift-off, points (0 without the other coordinate).
    func crossTravel(_ stroke: PointerStroke, file: String) throws(PointerImportError) -> Double {
        guard let first = stroke.events.first, let last = stroke.events.last else { return 0 }
        if options.verticalAxis {
            return last.x * (try pointsPerPixel(last, file: file)) - first.x * (try pointsPerPixel(first, file: file))
        }
        guard let y = last.y, let y0 = first.y else { return 0 }
        return y * (try pointsPerPixel(last, file: file)) - y0 * (try pointsPerPixel(first, file: file))
    }

    /// The label of `event` as an item index, checked against `layout`.
    func label(_ event: PointerEvent?, file: String, layout: CarouselLayout) throws(PointerImportError) -> Int? {
        guard let event, let text = event.label else { return nil }
        return try index(text, line: event.line, file: file, layout: layout, what: "label")
    }

    /// `text` as an item index of `layout` (`what` names the column in errors).
    func index(_ text: String, line: Int, file: String, layout: CarouselLayout, what: String) throws(PointerImportError) -> Int {
        guard let v = DelimitedLine.number(text), v == v.rounded(), Swift.abs(v) < 1e15 else {
            throw PointerImportError(file: file, line: line, column: 0, "found \(what) \"\(text)\", expected a whole item index")
        }
        let index = Int(v)
        try check(index: index, line: line, file: file, layout: layout, what: what)
        return layout.isLooping ? ((index % layout.itemCount) + layout.itemCount) % layout.itemCount : index
    }

    func check(index: Int, line: Int, file: String, layout: CarouselLayout, what: String) throws(PointerImportError) {
        if !layout.isLooping && !(0..<layout.itemCount).contains(index) {
            throw PointerImportError(file: file, line: line, column: 0,
                                     "found \(what) \(index), expected an item index in 0..<\(layout.itemCount)")
        }
    }

    /// The target of each trial (the first label any of its strokes carries), as written, with
    /// its line: checked against each stroke's own layout.
    func trialTargets(_ strokes: [PointerStroke], file: String) -> [String: (text: String, line: Int)] {
        guard options.labels == .target else { return [:] }
        var out: [String: (text: String, line: Int)] = [:]
        for s in strokes {
            guard let first = s.events.first else { continue }
            let key = Self.trialKey(first)
            if out[key] != nil { continue }
            if let e = s.events.first(where: { $0.label != nil }), let text = e.label { out[key] = (text, e.line) }
        }
        return out
    }
}
