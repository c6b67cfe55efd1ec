import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces

/// The reader's own record, overwritten in place trace after trace (``ReleaseBuilder/lent``):
/// `overwrite` sets every field (each one changed by the test, found by reflection, so a field
/// added later and not overwritten fails here), and every trace a reader yields after others
/// (good, cancelled, skipped or hostile ones, any per-trace column present or not) is the record
/// the same trace gives when it is a fresh reader's first: nothing is left over from the trace
/// before. The same for several files, byte ranges read in parallel, and a FIFO (standard input's
/// path).
@Suite struct TraceRecordTests {
    // MARK: overwrite

    static let timesA: [Double] = [0, 8], offsetsA: [Double] = [1, 2], movesA: [UInt8] = [1, 0]
    static let timesB: [Double] = [5, 9, 30], offsetsB: [Double] = [7, 6, 4], movesB: [UInt8] = [1, 1, 0]

    func parts(_ first: Bool) throws -> TraceRecord.ReleaseParts {
        let layout = first
            ? try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
            : try CarouselLayout(itemWidth: 90, spacing: 4, leadingInset: 2, viewportWidth: 300, itemCount: 12,
                                 alignment: .center, isLooping: true)
        let release = first
            ? Release(offset: 10, velocity: 1.5, startOffset: 2, startTime: 0, time: 16, startIndex: 3, fingerTravel: -8)
            : Release(offset: -4, velocity: -0.25, startOffset: 9, startTime: 5, time: 30, startIndex: nil, fingerTravel: nil)
        return TraceRecord.ReleaseParts(id: TraceIDText(first ? "t1" : "a-much-longer-trace-identifier-2"), user: first ? 0 : 7,
                                        intendedIndex: first ? 4 : nil, layout: layout, release: release,
                                        sampleCount: first ? 2 : 3, line: first ? 2 : 90, hit: first ? .revealed : nil,
                                        settledIndex: first ? nil : 5, tapIndex: first ? 6 : nil, group: first ? nil : "home")
    }

    /// `body` with a record of `parts` whose samples view `times`, `offsets`, `moves`.
    func record(_ first: Bool, _ body: (TraceRecord) throws -> Void) throws {
        let (t, x, m) = first ? (Self.timesA, Self.offsetsA, Self.movesA) : (Self.timesB, Self.offsetsB, Self.movesB)
        try t.withUnsafeBufferPointer { t in
            try x.withUnsafeBufferPointer { x in
                try m.withUnsafeBufferPointer { m in
                    let samples = TraceSamples(time: t, offset: x, isMove: m, recordedVelocity: first ? nil : 2.5)
                    try body(TraceRecord(try parts(first), file: "f.csv",
                                         estimate: VelocityEstimate(velocity: first ? 1.5 : -0.25, samplesUsed: first ? 2 : 3),
                                         samples: samples, sessionID: first ? "s1" : nil, touchDownX: first ? 200 : nil))
                }
            }
        }
    }

    /// The record's stored fields by path (the release's and its location's expanded), described.
    static func fields(_ record: TraceRecord) -> [String: String] {
        var out: [String: String] = [:]
        func walk(_ value: Any, _ path: String, expand: Set<String>) {
            for child in Mirror(reflecting: value).children {
                let p = path + (child.label ?? "?")
                if expand.contains(p) { walk(child.value, p + ".", expand: expand) } else { out[p] = "\(child.value)" }
            }
        }
        walk(record, "", expand: ["release", "release.location"])
        return out
    }

    @Test func overwriteSetsEveryField() throws {
        try record(true) { a in
            try record(false) { b in
                let before = Self.fields(a), expected = Self.fields(b)
                // the test changes every field but the file (the reader's own, the same for all its traces)
                #expect(before.count >= 15 && Set(before.keys) == Set(expected.keys))
                for (path, value) in before where path != "release.location.file" {
                    #expect(value != expected[path], "\(path) is the same in both records: the test must change it")
                }
                var overwritten = a
                overwritten.overwrite(with: try parts(false), estimate: b.estimate, samples: b.samples,
                                      sessionID: b.sessionID, touchDownX: b.touchDownX)
                #expect(Self.fields(overwritten) == expected)
            }
        }
    }

    // MARK: the reader

    static let header = "trace_id,user_id,session_id,t_ms,touch_x,phase,start_offset,intended_index,start_index,"
        + "settled_index,tap_index,hit,finger_travel,item_count,release_velocity,screen"

    /// A seeded file of `traces` traces in which every per-trace column is given or not, on the
    /// first row, a later one or all, trace by trace; with `hostile`, some traces carry a fault
    /// (a bad number, time going back, an index out of range, a missing group, a wrong field
    /// count, an unterminated quote's neighbour: a stray quote) or a `cancelled` row.
    /// - Returns: the file and each trace's rows (for reading it alone).
    static func file(seed: UInt64, traces: Int, hostile: Bool) -> (text: String, rows: [[String]]) {
        var rng = SeededGenerator(seed: seed)
        var all: [[String]] = []
        for id in 1...traces {
            let n = rng.int(in: 1...6)
            func maybe(_ p: Int, _ value: @autoclosure () -> String) -> String? { rng.int(in: 0..<100) < p ? value() : nil }
            let count = rng.int(in: 0..<4) == 0 ? nil : String(rng.int(in: 5...40))
            let items = count.flatMap(Int.init) ?? 40
            let values: [String?] = [
                maybe(70, "u\(rng.int(in: 0...4))"), maybe(50, "s\(rng.int(in: 0...3))"), nil, nil, nil,
                maybe(30, String(rng.int(in: -200...2000))), maybe(70, String(rng.int(in: 0..<items))),
                maybe(30, String(rng.int(in: 0..<items))), maybe(30, String(rng.int(in: 0..<items))),
                maybe(30, String(rng.int(in: 0..<items))), maybe(40, ["exact", "revealed"][rng.int(in: 0...1)]),
                maybe(30, String(rng.int(in: -300...300))), count, maybe(40, String(Double(rng.int(in: -300...300)) / 100)),
                maybe(hostile ? 90 : 100, ["home", "feed", "shop"][rng.int(in: 0...2)]),
            ]
            var t = Double(rng.int(in: 0...5000)), x = Double(rng.int(in: 0...400))
            var rows: [String] = []
            for i in 0..<n {
                t += Double(rng.int(in: 0...20)) + (rng.int(in: 0...1) == 0 ? 0.5 : 0)
                x += Double(rng.int(in: -30...30))
                let phase = i == 0 ? "began" : i == n - 1 ? (rng.int(in: 0...3) == 0 ? "" : "ended") : "moved"
                var cells = ["\(id)"] + values.enumerated().map { k, v in
                    // per-trace values on the first row, on every row, or on one later row
                    guard let v else { return "" }
                    switch (k + id) % 3 {
                    case 0: return i == 0 ? v : ""
                    case 1: return v
                    default: return i == n - 1 ? v : ""
                    }
                }
                cells[3] = "\(t)"; cells[4] = "\(x)"; cells[5] = phase
                rows.append(cells.joined(separator: ","))
            }
            if hostile && rng.int(in: 0..<5) == 0 {
                let r = rng.int(in: 0..<n)
                var cells = rows[r].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                switch rng.int(in: 0...6) {
                case 0: cells[3] = "1x5"
                case 1: cells[3] = "-1"
                case 2: cells[7] = "999"
                case 3: cells[15] = ""; for j in rows.indices where j != r { rows[j] = rows[j].replacingOccurrences(of: ",home", with: ",") }
                case 4: cells.removeLast()
                case 5: cells[4] = "\"1\"2"
                default: cells[5] = "cancelled"
                }
                rows[r] = cells.joined(separator: ",")
            }
            all.append(rows)
        }
        return ((([header] + all.flatMap { $0 }).joined(separator: "\n")) + "\n", all)
    }

    /// A yielded record as text (the user by name, the line given apart), copied out of the views.
    static func key(_ r: TraceRecord, users: TraceUsers) -> (text: String, line: Int) {
        var release = r.release
        let user = release.user < users.count ? users.names[release.user] : "?"
        release.user = -1
        release.location.line = 0
        // (the file by its name: a trace read alone is in a file of its own directory)
        release.location.file = URL(fileURLWithPath: release.location.file).lastPathComponent
        var text = ""
        dump(release, to: &text)
        let s = r.samples
        text += "user \(user) estimate \(r.estimate) session \(String(describing: r.sessionID)) "
            + "touch-down \(String(describing: r.touchDownX)) times \(Array(s.time)) offsets \(Array(s.offset)) "
            + "moves \(Array(s.isMove)) recorded \(String(describing: s.recordedVelocity))"
        return (text, r.release.location.line)
    }

    static let options: [TraceReadOptions] = {
        var strict = withLayout
        strict.groupBy = .automatic
        var lenient = strict
        lenient.lenient = true
        return [strict, lenient]
    }()

    /// Every record of a read of `path`, as keys.
    static func keys(_ path: String, _ options: TraceReadOptions) throws -> [(text: String, line: Int)] {
        let reader = try TraceReader(path: path, options: options)
        var out: [(text: String, line: Int)] = []
        try reader.forEach { out.append(key($0, users: reader.users)) }
        return out
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func aTraceReadAfterOthersIsTheTraceReadAlone(seed: UInt64) throws {
        for hostile in [false, true] {
            let (text, traces) = Self.file(seed: seed, traces: 150, hostile: hostile)
            let path = try TestFiles.write(text)
            for options in Self.options where hostile == options.lenient {
                let whole = try Self.keys(path, options)
                var expected: [(text: String, line: Int)] = []
                var line = 2
                for rows in traces {
                    let alone = try Self.keys(try TestFiles.write(([Self.header] + rows).joined(separator: "\n") + "\n"), options)
                    #expect(alone.count <= 1)
                    expected += alone.map { ($0.text, line) }
                    line += rows.count
                }
                #expect(whole.count == expected.count && whole.count > 90, "seed \(seed): \(whole.count) of \(expected.count)")
                for (got, want) in zip(whole, expected) {
                    #expect(got.text == want.text, "seed \(seed)")
                    #expect(got.line == want.line, "seed \(seed)")
                }
            }
        }
    }

    @Test func filesPartsAndAFIFOGiveTheSameRecords() throws {
        let texts = [Self.file(seed: 11, traces: 400, hostile: true).text, Self.file(seed: 12, traces: 300, hostile: true).text]
        let paths = try texts.enumerated().map { try TestFiles.write($1, name: "part\($0).csv") }
        let options = Self.options[1]
        // several files, one users table: each file's records as the file read alone
        var lent: [(text: String, user: Int)] = []
        let users = try TraceReader.read(paths: paths, options: options) { r in
            lent.append((Self.key(r, users: TraceUsers()).text, r.release.user))
        }.users
        let fromFiles = lent.map { $0.text.replacingOccurrences(of: "user ? ", with: "user \(users.names[$0.user]) ") }
        let alone = try paths.flatMap { try Self.keys($0, options).map(\.text) }
        #expect(fromFiles.count == alone.count && fromFiles == alone)
        // byte ranges read in parallel (a reader and its record per range)
        let parallel = try TraceReader.readInParallel(
            path: paths[0], options: options, parts: 5, threads: 2, minimumPartBytes: 1024,
            initial: { [String]() }, accumulate: { keys, r in keys.append(Self.key(r, users: TraceUsers()).text) })
        #expect(parallel.partials.count == 5)
        #expect(parallel.partials.joined().count == (try Self.keys(paths[0], options)).count)
        let serialNoUsers = try Self.keysWithoutUsers(paths[0], options)
        #expect(Array(parallel.partials.joined()) == serialNoUsers)
        // a FIFO (standard input's path: a stream read with read())
        let dir = try TestScratch.directory("record-fifo")
        let fifo = dir.appendingPathComponent("traces.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        TestFiles.feed(fifo: fifo, with: texts[1])
        let fromFIFO = try Self.keysWithoutUsers(fifo, options).map { $0.replacingOccurrences(of: "traces.fifo", with: "part1.csv") }
        let fromFile = try Self.keysWithoutUsers(paths[1], options)
        #expect(fromFIFO.count > 200 && fromFIFO == fromFile)
    }

    /// The records' keys with every user unnamed (parts number their users apart).
    static func keysWithoutUsers(_ path: String, _ options: TraceReadOptions) throws -> [String] {
        let reader = try TraceReader(path: path, options: options)
        var out: [String] = []
        try reader.forEach { out.append(key($0, users: TraceUsers()).text) }
        return out
    }
}

fileprivate extension SeededGenerator {
    /// A uniform integer in `range` (half-open).
    mutating func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
}
