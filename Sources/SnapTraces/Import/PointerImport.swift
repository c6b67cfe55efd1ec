import Foundation

/// `snaplab import` as a library call: reads pointer logs, cuts and converts their strokes,
/// and returns the trace file's text with a report per file. Nothing is written here; the
/// caller writes the text atomically (``AtomicFileOutput``), so a failed import leaves no file.
public struct PointerImport: Sendable {
    /// The log formats (`--from`).
    public enum Format: String, Sendable, CaseIterable {
        case pointerCSV = "pointer-csv"
        case pointerJSONL = "pointer-jsonl"
    }

    public var format: Format
    /// For `pointer-csv`.
    public var csv: PointerCSVReader?
    /// For `pointer-jsonl`.
    public var jsonl: PointerJSONLReader
    public var options: PointerImportOptions

    public init(format: Format, csv: PointerCSVReader?, jsonl: PointerJSONLReader = PointerJSONLReader(), options: PointerImportOptions) {
        self.format = format
        self.csv = csv
        self.jsonl = jsonl
        self.options = options
    }

    public struct Result: Sendable {
        public var traces: [ImportedTrace]
        public var reports: [ImportFileReport]
        /// The trace file (trace format 1.1, sample-level).
        public var text: String
    }

    /// Imports `files` in order (a file named `-` is standard input).
    /// - Throws: ``PointerImportError`` at the first malformed line (file, line, column).
    public func run(files: [String]) throws(PointerImportError) -> Result {
        var traces: [ImportedTrace] = []
        var reports: [ImportFileReport] = []
        let importer = PointerImporter(options: options)
        var seen: [String: Int] = [:]
        for file in files {
            let text = try PointerLogText.read(file)
            let events: [PointerEvent]
            var otherTypes = 0
            switch format {
            case .pointerCSV:
                guard let csv else {
                    throw PointerImportError(file: file, line: 0, column: 0, "no --columns for pointer-csv, expected --columns stroke=…,t=…,x=…")
                }
                events = try csv.events(file: file, text: text)
            case .pointerJSONL:
                (events, otherTypes) = try jsonl.events(file: file, text: text)
            }
            // ids: file stem + stroke, unique across files (and across imports of other files)
            var (fileTraces, report) = try importer.traces(events, file: file, idPrefix: Self.stem(file) + ":")
            report.otherEventTypes = otherTypes
            for i in fileTraces.indices {
                let id = fileTraces[i].id
                if let n = seen[id] { seen[id] = n + 1; fileTraces[i].id = id + "#\(n + 1)" } else { seen[id] = 1 }
            }
            traces += fileTraces
            reports.append(report)
        }
        return Result(traces: traces, reports: reports, text: ImportedTraceWriter(layout: options.layout).text(traces))
    }

    /// The file name without directory and extension (`stdin` for `-`).
    static func stem(_ file: String) -> String {
        file == "-" ? "stdin" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }
}
