import Foundation
import ArgumentParser
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapReports

extension PointerImport.Format: ExpressibleByArgument {}
extension TimeUnit: ExpressibleByArgument {}
extension OverscrollModel: ExpressibleByArgument {}

extension SnapLab {
    /// `snaplab import`: raw pointer logs → the trace contract (`Docs/real-recordings.md`).
    public struct Import: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn raw pointer logs (CSV or JSON lines) into a trace file.",
            discussion: """
                Writes a sample-level trace file (spec/trace-format.md 1.1) with the per-trace \
                values on each trace's first row, atomically: nothing is written on an error. \
                Reports per file how many strokes were read, written and dropped, and why.
                Example: snaplab import Data/pointer-example.csv --from pointer-csv --columns user=user,trial=trial,stroke=stroke,t=uptime_ms,x=x_px,y=y_px,phase=action,pointer=pointer --target-column target --scale 1.75 --touch-slop compose --max-dy-ratio 1 --item-width 160 --spacing 10 --leading-inset 10 --viewport 375 --count 12 --chain --live-policy compose-lazyrow-snap --velocity compose --out imported.csv
                """)

        enum Axis: String, ExpressibleByArgument { case x, y }

        @Argument(help: "Pointer logs (- for standard input).")
        var files: [String]

        @Option(help: "Log format: pointer-csv or pointer-jsonl.")
        var from: PointerImport.Format

        @Option(help: "Output trace file.")
        var out: String

        @Option(help: "pointer-csv: which column holds what, by name or 1-based number: stroke=…,t=…,x=…[,y=…][,user=…][,session=…][,trial=…][,phase=…][,pointer=…][,start_offset=…][,scale=…][,device=…][,layout=…][,settled_index=…][,tap_index=…].")
        var columns: String?

        @Option(help: "pointer-csv: the delimiter: , ; or tab (default: detected from the first line).")
        var delimiter: String?

        @Flag(help: "pointer-csv: the first line is data, not a header (columns by number).")
        var noHeader = false

        @Option(help: "pointer-csv: the log's phase codes, e.g. down=1,move=3,up=2[,cancel=4] (default: names and Android action codes).")
        var phaseMap: String?

        @Option(help: "Unit of the log's times: ms, s, us or ns.")
        var timeUnit: TimeUnit = .ms

        @Option(help: "Log pixels per point (Android density, e.g. 2.625; 1 for a log in points or CSS px; the web's devicePixelRatio for device pixels), or device-pixel-ratio to use each JSONL event's own devicePixelRatio. Required unless every row has its own (--columns scale=… or device=… with --device-scales).")
        var scale: String?

        @Option(help: ArgumentHelp("A JSON object of device name → pixels per point, for --columns device=….", valueName: "file"))
        var deviceScales: String?

        @Option(help: ArgumentHelp("A JSON object of layout name → layout fields (trace-format column names), for --columns layout=…; each over the layout options and --layout.", valueName: "file"))
        var layoutMap: String?

        @Option(help: "Scroll axis: x or y.")
        var axis: Axis = .x

        @Flag(help: "Content runs right to left (or bottom to top).")
        var reverse = false

        @Option(help: "Finger travel before the content moves: points, or android, compose (8), viewpager (16), flutter (18), uikit (~10), web (0).")
        var touchSlop: String = "0"

        @Option(help: "Past the content's ends: clamp or rubber-band.")
        var overscroll: OverscrollModel = .clamp

        @Flag(help: "Start each stroke where the previous one of its trial came to rest under --live-policy.")
        var chain = false

        @Option(help: "Start offset of each trial's first stroke (of every stroke without --chain), points.")
        var trialStartOffset: Double = 0

        @Option(help: "With --chain: the policy the recorded app ran (see snaplab policies).")
        var livePolicy: String?

        @Option(help: "With --chain: the velocity estimator the live app used.")
        var velocity: VelocityMethod = .lsq2

        @Option(help: "Column (key in JSONL) holding each stroke's intended item.")
        var intendedColumn: String?

        @Option(help: "Column (key in JSONL) holding the trial's target item, given to every stroke of the trial.")
        var targetColumn: String?

        @Option(help: "Drop strokes whose finger travel along the axis is under this, points.")
        var minDx: Double = 0

        @Option(help: "Drop strokes whose cross-axis travel exceeds this times the axis travel.")
        var maxDyRatio: Double?

        @Option(help: "Drop strokes with fewer events (down, moves and up together).")
        var minEvents: Int = 2

        @Option(help: ArgumentHelp("A JSON layout file (trace-format column names); overrides the layout options.", valueName: "file"))
        var layout: String?

        @OptionGroup var layoutOptions: LayoutOptions

        public init() {}

        public func validate() throws {
            guard !files.isEmpty else { throw ValidationError("Give at least one pointer log.") }
            if from == .pointerCSV && columns == nil { throw ValidationError("pointer-csv needs --columns stroke=…,t=…,x=…") }
            if from == .pointerJSONL {
                // options of the CSV reader that a JSON-lines log would silently ignore
                for (name, given) in [("--columns", columns != nil), ("--delimiter", delimiter != nil), ("--no-header", noHeader),
                                      ("--phase-map", phaseMap != nil)] where given {
                    throw ValidationError("\(name) is for --from pointer-csv, not --from pointer-jsonl (JSON lines name their keys)")
                }
            }
            guard trialStartOffset.isFinite else { throw ValidationError("--trial-start-offset must be a finite number of points, not \(trialStartOffset)") }
            if chain && livePolicy == nil { throw ValidationError("--chain needs --live-policy ID (the policy the recorded app ran)") }
            if let livePolicy {
                do { _ = try PolicyCatalog.policy(id: livePolicy) } catch { throw ValidationError(error.description) }
            }
            if intendedColumn != nil && targetColumn != nil { throw ValidationError("give --intended-column or --target-column, not both") }
            if TouchSlop.parse(touchSlop) == nil { throw ValidationError("--touch-slop: a number of points or one of \(TouchSlop.platforms.map(\.name).joined(separator: ", "))") }
            if let scale, scale != "device-pixel-ratio" { guard let s = Double(scale), s.isFinite, s > 0 else { throw ValidationError("--scale must be a positive number or device-pixel-ratio") } }
            let mapped = Set((columns ?? "").split(separator: ",").compactMap { $0.split(separator: "=").first.map { String($0).trimmingCharacters(in: .whitespaces).lowercased() } })
            if mapped.contains("layout") != (layoutMap != nil) { throw ValidationError("--columns layout=… and --layout-map FILE go together: the column names a layout of the map") }
            if mapped.contains("device") && deviceScales == nil && !mapped.contains("scale") { throw ValidationError("--columns device=… needs --device-scales FILE (device name → pixels per point)") }
            if deviceScales != nil && !mapped.contains("device") { throw ValidationError("--device-scales needs --columns device=… (the column naming each row's device)") }
            guard minDx >= 0, minEvents >= 2, (maxDyRatio ?? 0) >= 0 else { throw ValidationError("--min-dx and --max-dy-ratio must be ≥ 0, --min-events ≥ 2") }
            if let delimiter, !["", ",", ";", "tab", "\t"].contains(delimiter) { throw ValidationError("--delimiter must be , ; or tab") }
            guard !out.isEmpty else { throw ValidationError("--out must name a file") }
        }

        public func run() throws {
            try TraceCommand.run {
                do { try importLogs() } catch let error as PointerImportError {
                    Output.error.write("Error: \(error.description)\n")
                    throw TraceCommand.badData
                }
            }
        }

        func importLogs() throws {
            // no silent layout: what is given (options, --layout, --layout-map), else an error per stroke
            var fields = layoutOptions.givenFields
            if let layout { fields = try LayoutFields.read(layoutFile: layout).merged(over: fields) }
            var options: PointerImportOptions
            if let carousel = try fields.layout() {
                options = PointerImportOptions(layout: carousel)
            } else {
                // a stand-in that is never used: a stroke without a layout of its own is an error
                options = PointerImportOptions(layout: try CarouselLayout(itemWidth: 1, viewportWidth: 1, itemCount: 1))
                options.layoutIsStandIn = true
            }
            if let layoutMap { options.layouts = try ImportMaps.layouts(file: layoutMap, over: fields) }
            options.timeUnit = timeUnit
            options.scale = scale.map { $0 == "device-pixel-ratio" ? .devicePixelRatio : .pixelsPerPoint(Double($0) ?? 1) }
            options.verticalAxis = axis == .y
            options.reverse = reverse
            options.touchSlop = TouchSlop.parse(touchSlop) ?? 0
            options.overscroll = overscroll
            if chain, let livePolicy {
                options.start = .chain(trialStart: trialStartOffset, livePolicy: try PolicyCatalog.policy(id: livePolicy), velocity: velocity)
            } else {
                options.start = .fixed(trialStartOffset)
            }
            options.labels = intendedColumn != nil ? .intended : (targetColumn != nil ? .target : .none)
            options.minimumTravel = minDx
            options.maximumCrossRatio = maxDyRatio
            options.minimumEvents = minEvents
            let labelColumn = intendedColumn ?? targetColumn
            var csv: PointerCSVReader? = nil
            if let columns {
                var map = try PointerColumns(parsing: columns)
                if let labelColumn { map.references["label"] = labelColumn }
                let delim: Character? = switch delimiter {
                case "tab", "\t": "\t"
                case ";": ";"
                case ",": ","
                default: nil
                }
                csv = PointerCSVReader(columns: map, delimiter: delim, hasHeader: !noHeader,
                                       phases: try phaseMap.map { text throws(PointerImportError) in try PhaseMap(parsing: text) } ?? .standard,
                                       deviceScales: try deviceScales.map { path throws in try ImportMaps.scales(file: path) } ?? [:])
            }
            let job = PointerImport(format: from, csv: csv, jsonl: PointerJSONLReader(labelKey: labelColumn), options: options)
            let result = try job.run(files: files)
            let file = try AtomicFileOutput(path: out)
            try file.write(Array(result.text.utf8))
            try file.commit()
            var notes = result.reports.map(\.summary)
            let fromColumn = (try? PointerColumns(parsing: columns ?? ""))?.references["start_offset"] != nil
            let trialStart = NumberFormat.compact(trialStartOffset)
            var startNote = chain ? "chained under \(livePolicy ?? "")" : "every stroke starts at \(trialStart)"
            if fromColumn {
                startNote = "start offsets from the log's start_offset column; strokes without one "
                    + (chain ? "chained under \(livePolicy ?? "")" : "start at \(trialStart)")
            }
            notes.append("wrote \(result.traces.count) traces to \(out) (touch slop \(NumberFormat.compact(options.touchSlop)) pt, overscroll \(overscroll.rawValue), \(startNote))")
            if !options.layouts.isEmpty {
                var counts: [String: Int] = [:]
                for t in result.traces { counts[t.layoutName ?? "(the layout options)", default: 0] += 1 }
                notes.append("layouts: " + counts.keys.sorted().map { "\($0) \(counts[$0] ?? 0)" }.joined(separator: ", ") + " traces")
            }
            Output.error.write(notes.joined(separator: "\n") + "\n")
        }
    }
}
