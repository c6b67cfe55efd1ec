import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces

/// Round trips: one known stroke written as hand-made logs in several formats and units must
/// import to the same trace, and the trace reader must read that trace back.
@Suite struct PointerImportTests {
    // The stroke: finger travel (toward the leading edge) 0, 20, 50, 90, 90 pt at 0…58 ms.
    static let times: [Double] = [0, 16, 33, 50, 58]
    static let travel: [Double] = [0, 20, 50, 90, 90]
    static let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)

    func options(_ edit: (inout PointerImportOptions) -> Void = { _ in }) -> PointerImportOptions {
        var o = PointerImportOptions(layout: Self.layout)
        o.start = .fixed(400)
        edit(&o)
        return o
    }

    /// Imports `text`, checks the offsets, and reads the output back with the trace reader.
    func check(_ job: PointerImport, _ text: String, name: String) throws {
        let path = try TestFiles.write(text, name: name)
        let result = try job.run(files: [path])
        #expect(result.traces.count == 1)
        let trace = try #require(result.traces.first)
        #expect(zip(trace.offsets, Self.travel).allSatisfy { abs($0 - (400 + $1)) < 1e-9 }, "\(trace.offsets)")
        #expect(zip(trace.times, Self.times).allSatisfy { abs($0 - (12_000 + $1)) < 1e-6 }, "\(trace.times)")
        #expect(abs(trace.fingerTravel - 90) < 1e-9)
        let out = try TestFiles.write(result.text, name: "imported.csv")
        let (read, summary, _) = try readAll(out)
        #expect(summary.tracesRead == 1)
        let r = try #require(read.first)
        #expect(abs(r.release.offset - 490) < 1e-9)
        #expect(r.release.startOffset == 400)
        #expect(r.sampleCount == 5)
    }

    @Test func csvInPixelsAndSecondsWithAndroidActionCodes() throws {
        var text = "stroke,time_s,x_px,y_px,action\n"
        for (i, t) in Self.times.enumerated() {
            let action = i == 0 ? 0 : (i == Self.times.count - 1 ? 1 : 2)
            text += "s1,\(12 + t / 1000),\(2 * (500 - Self.travel[i])),600,\(action)\n"
        }
        let csv = PointerCSVReader(columns: try PointerColumns(parsing: "stroke=stroke,t=time_s,x=x_px,y=y_px,phase=action"))
        try check(PointerImport(format: .pointerCSV, csv: csv, options: options { $0.timeUnit = .s; $0.scale = .pixelsPerPoint(2) }),
                  text, name: "px-seconds.csv")
    }

    @Test func semicolonsWithoutHeaderAndAPhaseMap() throws {
        var text = ""
        for (i, t) in Self.times.enumerated() {
            let code = i == 0 ? "D" : (i == Self.times.count - 1 ? "U" : "M")
            text += "\(code);\(Int(1000 * (12_000 + t)));\(500 - Self.travel[i])\n"
        }
        let csv = PointerCSVReader(columns: try PointerColumns(parsing: "phase=1,t=2,x=3"), hasHeader: false,
                                   phases: try PhaseMap(parsing: "down=D,move=M,up=U"))
        try check(PointerImport(format: .pointerCSV, csv: csv, options: options { $0.timeUnit = .us }), text, name: "semicolon.csv")
    }

    @Test func jsonLinesInDevicePixelsWithDevicePixelRatio3() throws {
        let types = ["pointerdown", "pointermove", "pointermove", "pointermove", "pointerup"]
        var text = "{\"type\":\"pointerover\",\"pointerId\":1,\"timeStamp\":11990,\"clientX\":0,\"clientY\":0}\n"
        for (i, t) in Self.times.enumerated() {
            text += "{\"type\":\"\(types[i])\",\"pointerId\":1,\"timeStamp\":\(12_000 + t),\"clientX\":\(3 * (300 - Self.travel[i])),\"clientY\":900,\"devicePixelRatio\":3}\n"
        }
        let job = PointerImport(format: .pointerJSONL, csv: nil, options: options { $0.scale = .devicePixelRatio })
        try check(job, text, name: "dpr3.jsonl")
        let path = try TestFiles.write(text, name: "dpr3.jsonl")
        #expect(try job.run(files: [path]).reports[0].otherEventTypes == 1)
    }

    @Test func theRecordersTaskSetsEachTracesHitColumn() throws {
        let types = ["pointerdown", "pointermove", "pointermove", "pointermove", "pointerup"]
        var text = ""
        for (k, task) in ["paging", "reveal", "survey"].enumerated() {
            for (i, t) in Self.times.enumerated() {
                let time = 12_000 + 1_000 * Double(k) + t
                text += "{\"type\":\"\(types[i])\",\"pointerId\":1,\"timeStamp\":\(time),\"clientX\":\(300 - Self.travel[i]),\"task\":\"\(task)\"}\n"
            }
        }
        let job = PointerImport(format: .pointerJSONL, csv: nil, options: options())
        let result = try job.run(files: [try TestFiles.write(text, name: "tasks.jsonl")])
        #expect(result.traces.map(\.hit) == [.exact, .revealed, nil])
        #expect(result.reports[0].unknownTasks == 1)
        #expect(result.reports[0].summary.contains("1 strokes with a task other than paging or reveal"))
        #expect(result.text.hasPrefix(ImportedTraceWriter.header + ",hit\n"))
        // The trace reader takes the column back: the task's criterion per trace, none for the third.
        let out = try TestFiles.write(result.text, name: "tasks.csv")
        var hits: [HitCriterion?] = []
        _ = try TraceReader(path: out, options: TraceReadOptions()).forEach { hits.append($0.release.hit) }
        #expect(hits == [.exact, .revealed, nil])
        // A log without tasks gets no hit column.
        let plain = text.replacingOccurrences(of: ",\"task\":\"paging\"", with: "")
            .replacingOccurrences(of: ",\"task\":\"reveal\"", with: "").replacingOccurrences(of: ",\"task\":\"survey\"", with: "")
        let untasked = try job.run(files: [try TestFiles.write(plain, name: "untasked.jsonl")])
        #expect(untasked.text.hasPrefix(ImportedTraceWriter.header + "\n"))
        #expect(untasked.reports[0].unknownTasks == 0)
    }

    @Test func rightToLeftContentMovesWithTheFingerGoingRight() throws {
        var text = "stroke,t,x\n"
        for (i, t) in Self.times.enumerated() { text += "a,\(12_000 + t),\(100 + Self.travel[i])\n" }
        let csv = PointerCSVReader(columns: try PointerColumns(parsing: "stroke=stroke,t=t,x=x"))
        try check(PointerImport(format: .pointerCSV, csv: csv, options: options { $0.reverse = true }), text, name: "rtl.csv")
    }

    @Test func theReportCountsDroppedStrokesByReason() throws {
        let text = """
            stroke,t,x,phase,pointer
            a,0,500,down,1
            a,10,480,move,1
            a,12,300,down,2
            a,20,460,up,1
            b,100,500,down,1
            b,110,490,cancel,1
            c,200,500,down,1
            c,210,500,up,1
            d,300,500,down,1
            d,310,499,up,1

            """
        let csv = PointerCSVReader(columns: try PointerColumns(parsing: "stroke=stroke,t=t,x=x,phase=phase,pointer=pointer"))
        let job = PointerImport(format: .pointerCSV, csv: csv, options: options { $0.minimumTravel = 2 })
        let report = try job.run(files: [TestFiles.write(text, name: "drops.csv")]).reports[0]
        #expect(report.strokesRead == 4)
        #expect(report.strokesWritten == 1)
        #expect(report.dropped == [.cancelled: 1, .tooShort: 2])
        #expect(report.otherPointerEvents == 1)
        #expect(report.summary.contains("4 strokes read, 1 written, 3 dropped (1 cancelled, 2 axis travel under --min-dx)"))
    }

    @Test func chainedStrokesStartWhereTheLivePolicyLeftTheLastOne() throws {
        // two strokes of one trial, each 100 pt slow drags: nearest snaps the first (0 → 100) to item 1 (170)
        let text = """
            trial,t,x,phase,target
            1,0,500,down,2
            1,50,450,move,
            1,100,400,move,
            1,400,400,up,
            1,1000,500,down,
            1,1050,450,move,
            1,1100,400,move,
            1,1400,400,up,

            """
        let csv = PointerCSVReader(columns: PointerColumns(references: ["trial": "trial", "t": "t", "x": "x", "phase": "phase", "label": "target"]))
        let job = PointerImport(format: .pointerCSV, csv: csv, options: options {
            $0.start = .chain(trialStart: 0, livePolicy: NearestPageSnap(), velocity: .lsq2)
            $0.labels = .target
        })
        let traces = try job.run(files: [TestFiles.write(text, name: "chain.csv")]).traces
        #expect(traces.map(\.startOffset) == [0, 170])
        #expect(traces.map(\.intendedIndex) == [2, 2])
    }

    @Test func crlfLinesQuotedFieldsAndColumnsInCharacters() throws {
        // CRLF (a "\r\n" pair is one Character: the lines must still be cut), a quoted stroke
        // id holding the delimiter and a doubled quote, spaces around fields
        var text = "stroke,time_ms,x\r\n"
        for (i, t) in Self.times.enumerated() { text += "\"s,\"\"1\"\"\", \(12_000 + t) ,\(500 - Self.travel[i])\r\n" }
        let csv = PointerCSVReader(columns: try PointerColumns(parsing: "stroke=stroke,t=time_ms,x=x"))
        try check(PointerImport(format: .pointerCSV, csv: csv, options: options()), text, name: "crlf.csv")
        let fields = try DelimitedLine.split("\"s,\"\"1\"\"\", 2 ,x", delimiter: ",", file: "f", lineNumber: 1)
        #expect(fields.map(\.text) == ["s,\"1\"", "2", "x"])
        #expect(fields.map(\.column) == [1, 11, 15])
        // columns count characters, not bytes: "é" is two bytes
        let accented = try DelimitedLine.split("é,ü,z", delimiter: ",", file: "f", lineNumber: 1)
        #expect(accented.map(\.column) == [1, 3, 5])
        #expect(throws: PointerImportError(file: "f", line: 2, column: 3, "found a quote that is not closed on this line, expected a closing \"")) {
            try DelimitedLine.split("é,\"abc", delimiter: ",", file: "f", lineNumber: 2)
        }
    }

    @Test func malformedInputNamesFileLineAndColumn() throws {
        let csv = PointerCSVReader(columns: try PointerColumns(parsing: "stroke=stroke,t=t,x=x"))
        let job = PointerImport(format: .pointerCSV, csv: csv, options: options())
        let path = try TestFiles.write("stroke,t,x\na,0,500\na,1e999,400\n", name: "bad.csv")
        #expect(throws: PointerImportError(file: path, line: 3, column: 3, "found \"1e999\" in t, expected a finite plain decimal number")) {
            try job.run(files: [path])
        }
        let back = try TestFiles.write("stroke,t,x\na,10,500\na,5,400\n", name: "back.csv")
        #expect(throws: PointerImportError.self) { try job.run(files: [back]) }
        let json = PointerImport(format: .pointerJSONL, csv: nil, options: options())
        let bad = try TestFiles.write("{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":0,\"clientX\":\"a\"}\n", name: "bad.jsonl")
        #expect(throws: PointerImportError(file: bad, line: 1, column: 51, "found a in \"clientX\", expected a finite number")) {
            try json.run(files: [bad])
        }
    }
}
