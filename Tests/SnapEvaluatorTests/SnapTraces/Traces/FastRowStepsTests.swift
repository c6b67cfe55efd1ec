import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces

/// A trace's first row and its layout cells compared in one go with the last first row's
/// (``ReaderCore/fastFirstRow(_:_:)``, ``RowPlan/layoutSpan``, ``ReleaseBuilder/layout(of:)``):
/// a file whose layout columns are consecutive (the span is used) gives exactly the records,
/// skipped traces and errors of the same file with one layout column moved past an unknown
/// column (not consecutive: the span is never used, every first row is scanned cell by cell and
/// every layout built from the trace's bytes). Traces repeat, alternate and change layouts and
/// users, change one cell after identical ones (same value, other bytes too), give layout
/// cells on a later row, and carry hostile first rows.
@Suite struct FastRowStepsTests {
    /// `looping` last and consecutive with the other layout columns, or after `note`.
    static func header(split: Bool) -> String {
        "trace_id,user_id,t_ms,offset,phase,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count,"
            + (split ? "note,looping" : "looping,note")
    }

    static let layouts: [[String]] = [
        ["160", "10", "10", "375", "40", ""], ["90", "4", "2", "300", "12", "false"], ["160", "10", "10", "375", "40", "true"],
    ]
    /// One cell changed: the same value in other bytes, another value, a bad or hostile one.
    static let changes: [(Int, String)] = [
        (0, "160.0"), (3, "0375"), (4, "41"), (1, ""), (5, "1"), (0, "0"), (4, "0"), (0, "abc"), (3, " 375"),
        (2, "\"10\""), (0, "1e999"), (5, "maybe"), (4, "2.5"),
    ]

    /// A seeded file of `traces` traces, split or not (only the last two cells of each row differ).
    static func file(seed: UInt64, traces: Int, split: Bool) -> String {
        var rng = SeededGenerator(seed: seed)
        var lines = [header(split: split)]
        var layout = layouts[0], user = "u1"
        for id in 1...traces {
            switch rng.int(in: 0..<10) {
            case 0...3: break   // the same layout as the trace before
            case 4...5: layout = layouts[rng.int(in: 0..<layouts.count)]
            default:
                layout = layouts[rng.int(in: 0..<layouts.count)]
                let (cell, value) = changes[rng.int(in: 0..<changes.count)]
                layout[cell] = value
            }
            if rng.int(in: 0..<3) == 0 { user = "u\(rng.int(in: 0..<4))" }
            let intended = rng.int(in: 0..<3) == 0 ? "" : String(rng.int(in: 0..<12))
            // layout cells: on the first row only, on every row, or (some) on a later row only
            let placement = rng.int(in: 0..<4)
            let later = rng.int(in: 0..<layout.count)
            let n = rng.int(in: 1...5)
            var t = Double(rng.int(in: 0...5000)), x = Double(rng.int(in: 0...400))
            for i in 0..<n {
                t += Double(rng.int(in: 1...20)) + 0.25
                x += Double(rng.int(in: -30...30))
                let phase = i == 0 ? "began" : i == n - 1 ? "ended" : "moved"
                var cells = layout.enumerated().map { k, v -> String in
                    switch placement {
                    case 0: return v
                    case 1: return i == 0 ? v : ""
                    default: return k == later ? (i == n - 1 ? v : "") : (i == 0 ? v : "")
                    }
                }
                var time = "\(t)"
                if i == 0 && rng.int(in: 0..<25) == 0 { time = ["1x5", "", "\"3\"", "-"][rng.int(in: 0..<4)] }
                let note = rng.int(in: 0..<8) == 0 ? "n\(id)" : ""
                let looping = cells.removeLast()
                cells += split ? [note, looping] : [looping, note]
                lines.append((["\(id)", user, time, "\(x)", phase, i == 0 ? intended : ""] + cells).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a read gives: every record (as ``TraceRecordTests/key(_:users:)``, with its line),
    /// then the skipped traces, or the error thrown; the file's path replaced by `F`.
    static func read(_ text: String, _ options: TraceReadOptions) throws -> [String] {
        let path = try TestFiles.write(text)
        var out: [String] = []
        do {
            let reader = try TraceReader(path: path, options: options)
            let summary = try reader.forEach {
                let key = TraceRecordTests.key($0, users: reader.users)
                out.append("\(key.line) \(key.text)")
            }
            out += summary.skipped.map(\.description)
            out.append("read \(summary.tracesRead) yielded \(summary.tracesYielded) rows \(summary.rows)")
        } catch {
            out.append("error \(error)")
        }
        return out.map { $0.replacingOccurrences(of: path, with: "F") }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func consecutiveLayoutCellsGiveWhatScanningGives(seed: UInt64) throws {
        var lenient = withLayout
        lenient.lenient = true
        for options in [withLayout, lenient] {
            let spanned = try Self.read(Self.file(seed: seed, traces: 300, split: false), options)
            let scanned = try Self.read(Self.file(seed: seed, traces: 300, split: true), options)
            #expect(spanned.count == scanned.count, "seed \(seed)")
            for (a, b) in zip(spanned, scanned) { #expect(a == b, "seed \(seed)") }
            if options.lenient {
                // the file has good traces, skipped ones, and layouts of more than one kind
                #expect(spanned.count > 150 && spanned.contains { $0.contains("itemCount: 12") })
                #expect(spanned.contains { $0.contains("trace '") })
            }
        }
    }

    @Test func aChangedLayoutCellAfterIdenticalOnesIsReadAgain() throws {
        var lines = [Self.header(split: false)]
        let cells = ["160,10,10,375,40,", "160,10,10,375,40,", "160,10,10,375,12,", "160,10,10,375,40,", "160.0,10,10,375,40,"]
        for (i, layout) in cells.enumerated() {
            lines.append("\(i + 1),u1,\(i * 100),5,began,11,\(layout),")
            lines.append("\(i + 1),u1,\(i * 100 + 8),9,ended,,,,,,,,")
        }
        let path = try TestFiles.write(lines.joined(separator: "\n") + "\n")
        let (traces, summary, _) = try readAll(path, withLayout)
        #expect(traces.map(\.layout.itemCount) == [40, 40, 12, 40, 40] && summary.skipped.isEmpty)
        // index 12 after a trace of 40 items with the same other cells: out of range for 12 items
        var bad = lines
        bad[5] = "3,u1,200,5,began,12,160,10,10,375,12,,"
        let error = try readError(bad.joined(separator: "\n") + "\n", withLayout)
        #expect(error?.line == 6 && error?.columnName == "intended_index")
        guard case let .invalidValue(found, _)? = error?.kind else {
            Issue.record("expected an invalid intended index, got \(String(describing: error))")
            return
        }
        #expect(found == "12")
    }
}

/// A first row's `t_ms` and `offset` read with the last first rows' shapes
/// (``ReaderCore/firstRowNumber(_:_:_:_:commaFollows:)``, two a column): seeded files whose first
/// rows write their numbers in every form (1 to 17 integer digits, leading zeros, 0 to 9
/// decimals, a point without digits on one side, a sign, an exponent, a space, a letter, empty,
/// `nan`, non-ASCII digits; digit counts kept for runs of traces and alternating between two,
/// so that the shapes take most of them) give exactly the records, skipped traces and errors of the same file with every
/// cell quoted, which the fast paths never take (the general, checked decoder). With `offset`
/// the row's last column too (no comma after it), LF and CRLF, strict and lenient, and a 1 KiB
/// buffer (rows cut by the buffer's end, fewer than 32 bytes left).
@Suite struct FirstRowNumberTests {
    static func number(_ rng: inout SeededGenerator, _ digits: Int, _ decimals: Int) -> String {
        var s = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
        if decimals > 0 { s += "." + String((0..<decimals).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) }) }
        return s
    }

    static let odd = ["-12.5", "+3", "1e3", "2.5E-1", ".5", "7.", " 12", "12 ", "", "nan", "inf", "1x", "0x1F", "١٢", "--1",
                      "00000000000000012.5", "99999999999999999999", "1.00000000000000000001", "-0", "0.0000001"]

    static func file(seed: UInt64, offsetLast: Bool, crlf: Bool) -> String {
        var rng = SeededGenerator(seed: seed)
        let layout = "160,10,10,375,40"
        var lines = [offsetLast ? "trace_id,user_id,t_ms,phase,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count,offset"
                                : "trace_id,user_id,t_ms,offset,phase,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count"]
        var shape = (t: (8, 3), x: (4, 3)), second = (t: (7, 3), x: (3, 3))
        for id in 1...400 {
            if Int.random(in: 0..<5, using: &rng) == 0 {
                second.t = shape.t
                shape.t = (Int.random(in: 1...17, using: &rng), Int.random(in: 0...9, using: &rng))
            }
            if Int.random(in: 0..<5, using: &rng) == 0 {
                second.x = shape.x
                shape.x = (Int.random(in: 1...9, using: &rng), Int.random(in: 0...8, using: &rng))
            }
            let t1 = Bool.random(using: &rng) ? shape.t : second.t, x1 = Bool.random(using: &rng) ? shape.x : second.x
            var t = number(&rng, t1.0, t1.1), x = number(&rng, x1.0, x1.1)
            if Int.random(in: 0..<12, using: &rng) == 0 { t = odd.randomElement(using: &rng)! }
            if Int.random(in: 0..<12, using: &rng) == 0 { x = odd.randomElement(using: &rng)! }
            let t0 = Double(t) ?? 0
            let rows = Int.random(in: 1...4, using: &rng)
            for r in 0..<rows {
                let time = r == 0 ? t : String(t0 + Double(8 * r)), offset = r == 0 ? x : String(r)
                let phase = r == rows - 1 ? "ended" : r == 0 ? "began" : "moved"
                let user = "u\(id % 7)", index = r == 0 ? String(id % 40) : ""
                let cells = offsetLast ? ["\(id)", user, time, phase, index, layout, offset] : ["\(id)", user, time, offset, phase, index, layout]
                lines.append(cells.joined(separator: ","))
            }
        }
        let newline = crlf ? "\r\n" : "\n"
        return lines.joined(separator: newline) + newline
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func firstRowNumbersGiveWhatTheGeneralPathGives(seed: UInt64) throws {
        for (offsetLast, crlf) in [(false, false), (false, true), (true, false)] {
            let text = Self.file(seed: seed, offsetLast: offsetLast, crlf: crlf)
            let quoted = TraceReaderTests.quotingEveryCell(text)
            for lenient in [false, true] {
                for bufferSize in [1024, 256 << 10] {
                    var options = withLayout
                    options.lenient = lenient
                    options.bufferSize = bufferSize
                    let fast = try FastRowStepsTests.read(text, options), general = try FastRowStepsTests.read(quoted, options)
                    #expect(fast.count == general.count, "seed \(seed)")
                    for (a, b) in zip(fast, general) { #expect(a == b, "seed \(seed) offsetLast \(offsetLast) crlf \(crlf)") }
                    if lenient { #expect(fast.count > 300 && fast.contains { $0.contains("trace '") }) }
                }
            }
        }
    }
}

fileprivate extension SeededGenerator {
    /// A uniform integer in `range` (half-open).
    mutating func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
}
