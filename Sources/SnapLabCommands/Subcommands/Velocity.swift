import ArgumentParser
import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapReports

extension SnapLab {
    /// `snaplab velocity`: the release velocity of every trace.
    public struct Velocity: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "velocity",
            abstract: "Print the release velocity of every trace (offset units per ms).",
            discussion: """
                Output: trace_id,velocity,samples_used per trace (csv, the default), a table or JSON. \
                Needs no layout: trace_id, t_ms and offset (and optionally phase) suffice. \
                Counts of traces read, skipped and cancelled go to standard error (in JSON: fields), \
                with the data checks' warnings (in JSON: warnings; the layout checks only when a layout \
                is given with --layout or the layout options).
                Example: snaplab velocity --velocity impulse swipes.csv
                """)

        @OptionGroup var input: TraceInputOptions

        @Option(help: "Output format: csv, table or json.")
        var format: VelocityFormat = .csv

        public init() {}

        public func validate() throws { try input.requireFiles() }

        public func run() throws {
            try TraceCommand.run { try output().write() }
        }

        /// What the command prints: built whole before anything is written, so a failed read
        /// prints nothing on standard output.
        public func output() throws -> CommandOutput {
            var result = CommandOutput()
            // the output, built in place: parts are appended as they come (no copy of the whole)
            var all = VelocityPart()
            if format == .csv {
                all.csv.reserveCapacity(VelocityPart.capacityHint(files: input.files))
                all.csv.append(contentsOf: "trace_id,velocity,samples_used\n".utf8)
            }
            let keepRows = format != .csv
            let summary: ReadSummary, checks: DataChecks
            if input.effectiveJobs > 1 {
                (summary, checks) = try input.readFoldingParts(layoutNeeded: false, into: &all, initial: { VelocityPart() },
                                                               accumulate: { part, record in part.add(record, keepRow: keepRows) },
                                                               fold: { all, part in
                                                                   all.csv += part.csv
                                                                   all.rows += part.rows
                                                               })
            } else {
                (summary, checks) = try input.read(layoutNeeded: false) { all.add($0, keepRow: keepRows) }
            }
            let rows = all.rows
            let warnings = checks.lines()
            let scored = summary.tracesYielded
            switch format {
            case .csv:
                result.standardOutput = all.csv
            case .table:
                let table = TextTable(header: ["trace_id", "velocity", "samples_used"],
                                      rows: rows.map { [$0.traceID, NumberFormat.fixed($0.velocity, 4), String($0.samplesUsed)] })
                result.standardOutput = Array(table.rendered().utf8)
            case .json:
                let doc = JSONValue.object([
                    ("estimator", .string(VelocityInUse.header(method: input.velocity, files: summary.files, framesRebuilt: checks.framesRebuilt))),
                    ("files", .array(summary.files.map { f in
                        .object([("path", .string(f.path)), ("kind", .string(f.kind.rawValue)),
                                 ("unknown_columns", .array(f.unknownColumns.map { .string($0) }))])
                    })),
                    ("traces_read", .int(summary.tracesRead)),
                    ("traces_scored", .int(scored)),
                    ("traces_skipped", .int(summary.tracesSkipped)),
                    ("traces_cancelled", .int(summary.tracesCancelled)),
                    ("skipped", .array(summary.skipped.map { .string($0.description) })),
                    ("warnings", checks.json()),
                    ("traces", .array(rows.map { .object([("trace_id", .string($0.traceID)), ("velocity", .number($0.velocity)),
                                                         ("samples_used", .int($0.samplesUsed))]) })),
                ])
                result.standardOutput = Array((doc.rendered(pretty: true) + "\n").utf8)
            }
            if format != .json {
                let used = "velocity: " + VelocityInUse.header(method: input.velocity, files: summary.files, framesRebuilt: checks.framesRebuilt)
                result.standardError = (summary.notices(scored: scored) + [used] + warnings).joined(separator: "\n") + "\n"
            } else {
                let lines = summary.skipped.map { "skipped \($0.description)" } + warnings
                if !lines.isEmpty { result.standardError = lines.joined(separator: "\n") + "\n" }
            }
            return result
        }
    }
}

/// One trace's line of `snaplab velocity`.
struct VelocityRow: Sendable {
    var traceID: String
    var velocity: Double
    var samplesUsed: Int
}

/// The velocity lines of one part of a file: CSV bytes, or rows for the table and JSON.
struct VelocityPart: Sendable {
    var csv: [UInt8] = []
    var rows: [VelocityRow] = []

    /// A capacity for the whole CSV output of `files`: 1 byte per 16 input bytes (a sample-level
    /// trace is several rows of 40–60 bytes, its output line about 25), at most 256 MiB. Reserved
    /// memory is not resident until written, so an overestimate costs nothing, and the output then
    /// grows without the copies of repeated doubling (whose freed buffers the allocator keeps:
    /// 1M traces peaked 13 MB higher without it). Standard input and unreadable files count 0.
    static func capacityHint(files: [String]) -> Int {
        var bytes = 0
        for file in files where file != "-" {
            var st = stat()
            if stat(file, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG { bytes += Int(st.st_size) }
        }
        return Swift.min(bytes / 16, 256 << 20)
    }

    mutating func add(_ record: TraceRecord, keepRow: Bool) {
        let r = record.release
        if keepRow {
            rows.append(VelocityRow(traceID: r.traceID, velocity: r.release.velocity, samplesUsed: record.estimate.samplesUsed))
            return
        }
        CSVText.appendField(r.traceID, to: &csv)
        csv.append(0x2C)
        csv.append(contentsOf: NumberFormat.shortest(r.release.velocity).utf8)
        csv.append(0x2C)
        csv.append(contentsOf: String(record.estimate.samplesUsed).utf8)
        csv.append(0x0A)
    }
}

/// Output formats of `snaplab velocity`.
public enum VelocityFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case csv
    case table
    case json
}

/// RFC 4180 output of text fields.
enum CSVText {
    /// Appends `s`, quoted when it holds a comma, quote or line break.
    static func appendField(_ s: String, to out: inout [UInt8]) {
        let needsQuotes = s.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { out.append(contentsOf: s.utf8); return }
        out.append(0x22)
        for b in s.utf8 {
            if b == 0x22 { out.append(0x22) }
            out.append(b)
        }
        out.append(0x22)
    }
}
