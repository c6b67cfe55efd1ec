import Foundation
import Testing

/// Issue 35, defects 3 to 7 and the reader fault test, through the built binary: every reader
/// (trace files, pointer logs, `--layout`, `--model`, `--match`) takes a FIFO or a process
/// substitution, refuses a directory, a loop of links and compressed data in plain words, stops
/// at its line limit on a huge line with a short message, and refuses deep nesting; model files
/// are checked per key (exit 65 naming the file and the key); conflicting options are usage
/// errors (64).
@Suite("Input faults", .serialized, .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built: run `swift build` first"))
struct InputFaultTests {
    static let log = (0..<5).map { k in
        let type = k == 0 ? "pointerdown" : k == 4 ? "pointerup" : "pointermove"
        return #"{"type":"\#(type)","pointerId":1,"stroke":"s","timeStamp":\#(16 * k),"clientX":\#(300 - 30 * k),"clientY":5}"#
    }.joined(separator: "\n") + "\n"
    static let layout = #"{"item_width": 100, "viewport_width": 100, "item_count": 10}"#
    static let importArgs = ["--from", "pointer-jsonl", "--scale", "1"]

    /// Runs `snaplab args` through bash (for `<(…)`), `$S` being the binary.
    func bash(_ script: String) throws -> ExitCodeTests.Run {
        var env = ProcessInfo.processInfo.environment
        let binary: String = try #require(ExitCodeTests.binary)
        env["S"] = binary
        return try ExitCodeTests.runProcess("/bin/bash", ["-c", script], environment: env)
    }

    func write(_ text: String, _ name: String, in dir: String) throws -> String {
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("defect 3: import, --layout, --model, --match and trace files read a FIFO and <(…)")
    func streamsAreRead() throws {
        let dir = try TestScratch.directory("streams").path
        let model = dir + "/m.json"
        #expect(try ExitCodeTests.run(["generate", "--traces", "2", "--seed", "1", "-q", "--out", dir + "/g.csv", "--save-model", model]).status == 0)
        let log = try write(Self.log, "log.jsonl", in: dir)
        let layout = try write(Self.layout, "layout.json", in: dir)
        let scripts = [
            "$S import <(cat '\(log)') \(Self.importArgs.joined(separator: " ")) --layout <(cat '\(layout)') --out '\(dir)/i.csv'",
            "$S generate --traces 2 --seed 1 -q --model <(cat '\(model)') --out '\(dir)/g2.csv'",
            "$S describe <(cat '\(dir)/g.csv')",
            "mkfifo '\(dir)/fifo'; (cat '\(log)' > '\(dir)/fifo' &); $S import '\(dir)/fifo' \(Self.importArgs.joined(separator: " ")) --layout '\(layout)' --out '\(dir)/i2.csv'",
        ]
        for script in scripts {
            let r = try bash(script)
            #expect(r.status == 0, "\(script): \(r.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/i.csv") && FileManager.default.fileExists(atPath: dir + "/i2.csv"))
    }

    @Test("defect 3: gzip, a directory and a loop of links are named as such (exit 65)")
    func unreadableKindsAreNamed() throws {
        let dir = try TestScratch.directory("kinds").path
        let log = try write(Self.log, "log.jsonl", in: dir)
        let layout = try write(Self.layout, "layout.json", in: dir)
        #expect(try ExitCodeTests.run(["generate", "--traces", "2", "--seed", "1", "-q", "--out", dir + "/g.csv"]).status == 0)
        #expect(try bash("gzip -k '\(log)' '\(dir)/g.csv' '\(layout)'; ln -s loop1 '\(dir)/loop2'; ln -s loop2 '\(dir)/loop1'; mkdir '\(dir)/d'").status == 0)
        let importBase = ["import"] + Self.importArgs + ["--layout", layout, "--out", dir + "/o.csv"]
        let cases: [([String], String)] = [
            (importBase + [log + ".gz"], "gzip data: decompress it or pipe it"),
            (["describe", dir + "/g.csv.gz"], "gzip data: decompress it or pipe it"),
            (["import"] + Self.importArgs + ["--layout", layout + ".gz", "--out", dir + "/o.csv", log], "gzip data"),
            (importBase + [dir + "/d"], "directory"),
            (["import"] + Self.importArgs + ["--layout", dir + "/d", "--out", dir + "/o.csv", log], "directory"),
            (["generate", "--traces", "2", "--model", dir + "/d", "--out", dir + "/o.csv"], "directory"),
            (importBase + [dir + "/loop1"], "loop of symbolic links"),
            (["generate", "--traces", "2", "--model", dir + "/loop1", "--out", dir + "/o.csv"], "loop of symbolic links"),
        ]
        for (args, words) in cases {
            let r = try ExitCodeTests.run(args)
            #expect(r.status == 65, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(words), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("trace_id"), "\(args): misdiagnosed: \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/o.csv"))
    }

    @Test("defect 5: a 1 GiB line or field stops at the line limit: exit 65, a short message")
    func hugeLineIsBounded() throws {
        let dir = try TestScratch.directory("huge").path
        let layout = try write(Self.layout, "layout.json", in: dir)
        let huge = "<(printf 'stroke,t,x\\ns,0,'; head -c 1073741824 /dev/zero | tr '\\0' 7)"
        let hugeJSON = "<(printf '{\"type\":\"'; head -c 1073741824 /dev/zero | tr '\\0' a)"
        for script in ["$S import \(huge) --from pointer-csv --columns stroke=stroke,t=t,x=x --scale 1 --layout '\(layout)' --out '\(dir)/o.csv'",
                       "$S import \(hugeJSON) --from pointer-jsonl --scale 1 --layout '\(layout)' --out '\(dir)/o.csv'"] {
            let r = try bash(script)
            #expect(r.status == 65, "\(r.status) \(r.stderr.prefix(300))")
            #expect(r.stderr.contains("longer than 1048576 bytes"), "\(r.stderr.prefix(300))")
            #expect(r.stderr.utf8.count < 600, "the message repeats the input: \(r.stderr.utf8.count) bytes")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/o.csv"))
    }

    @Test("defect 5 for trace files: a 1 GiB row stops at the row limit; a 5 MB cell is not repeated on stderr")
    func traceFileHugeRowAndCell() throws {
        let dir = try TestScratch.directory("huge-trace").path
        let row = try bash("$S describe <(printf 'trace_id,t_ms,offset\\n1,0,'; head -c 1073741824 /dev/zero | tr '\\0' 7)")
        #expect(row.status == 65, "\(row.status) \(row.stderr.prefix(300))")
        #expect(row.stderr.contains("longer than"), "\(row.stderr.prefix(300))")
        let cell = try write("trace_id,t_ms,offset\n1,0,1\n1,8," + String(repeating: "x", count: 5_000_000) + "\n", "wide.csv", in: dir)
        let r = try ExitCodeTests.run(["describe", cell])
        #expect(r.status == 65)
        #expect(r.stderr.contains("(5000000 bytes)") && r.stderr.utf8.count < 600, "\(r.stderr.utf8.count) bytes: \(r.stderr.prefix(300))")
    }

    @Test("JSON nested 100000 deep is refused before parsing (layout, model, match)")
    func deepNestingIsRefused() throws {
        let dir = try TestScratch.directory("deep").path
        let deep = try write(String(repeating: "[", count: 100_000), "deep.json", in: dir)
        let log = try write(Self.log, "log.jsonl", in: dir)
        for args in [["import", log] + Self.importArgs + ["--layout", deep, "--out", dir + "/o.csv"],
                     ["generate", "--traces", "2", "--model", deep, "--out", dir + "/o.csv"],
                     ["generate", "--traces", "2", "--match", deep, "--out", dir + "/o.csv"]] {
            let r = try ExitCodeTests.run(args)
            #expect(r.status == 65, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("nested more than 64 levels"), "\(r.stderr)")
        }
    }

    @Test("defect 7: invalid UTF-8 on line 3 is reported on line 3 (pointer CSV and JSON lines)")
    func invalidUTF8Line() throws {
        let dir = try TestScratch.directory("utf8").path
        let layout = try write(Self.layout, "layout.json", in: dir)
        var csv = Data("stroke,t,x\ns,0,1\ns,16,".utf8); csv.append(contentsOf: [0xFF, 0x0A])
        var jsonl = Data((Self.log.split(separator: "\n").prefix(2).joined(separator: "\n") + "\n{\"type\":\"").utf8)
        jsonl.append(contentsOf: [0xC3, 0x28, 0x22, 0x7D, 0x0A])
        try csv.write(to: URL(fileURLWithPath: dir + "/l.csv"))
        try jsonl.write(to: URL(fileURLWithPath: dir + "/l.jsonl"))
        for args in [["import", dir + "/l.csv", "--from", "pointer-csv", "--columns", "stroke=stroke,t=t,x=x"],
                     ["import", dir + "/l.jsonl", "--from", "pointer-jsonl"]] {
            let r = try ExitCodeTests.run(args + ["--scale", "1", "--layout", layout, "--out", dir + "/o.csv"])
            #expect(r.status == 65, "\(r.stderr)")
            #expect(r.stderr.contains(":3:") && r.stderr.contains("not UTF-8"), "\(r.stderr)")
        }
    }

    @Test("defect 4: epoch microseconds keep their precision in import (regression of an earlier fix)")
    func epochMicroseconds() throws {
        let dir = try TestScratch.directory("epoch").path
        let layout = try write(Self.layout, "layout.json", in: dir)
        let lines = (0..<6).map { k in
            let type = k == 0 ? "pointerdown" : k == 5 ? "pointerup" : "pointermove"
            return #"{"type":"\#(type)","pointerId":1,"stroke":"s","timeStamp":\#(1_700_000_000_000_000 + 8_000 * k),"clientX":\#(300 - 20 * k)}"#
        }.joined(separator: "\n") + "\n"
        let log = try write(lines, "epoch.jsonl", in: dir)
        let r = try ExitCodeTests.run(["import", log] + Self.importArgs + ["--time-unit", "us", "--layout", layout, "--out", dir + "/o.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOfFile: dir + "/o.csv", encoding: .utf8).split(separator: "\n")
        let header = rows[0].split(separator: ",", omittingEmptySubsequences: false)
        let t = try #require(header.firstIndex(of: "t_ms"))
        let times = Set(rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[t] })
        #expect(times.count == rows.count - 1, "times collapsed: \(times)")
        let v = try ExitCodeTests.run(["velocity", dir + "/o.csv", "--format", "csv"])
        #expect(v.status == 0 && !v.stdout.isEmpty, "\(v.stderr)")
    }

    @Test("defect 6: model files are checked per key: exit 65 naming the file and the key, no Swift type names")
    func modelFileKeys() throws {
        let dir = try TestScratch.directory("model").path
        let model = dir + "/m.json"
        #expect(try ExitCodeTests.run(["generate", "--traces", "2", "--seed", "1", "-q", "--out", dir + "/g.csv", "--save-model", model]).status == 0)
        let good = try String(contentsOfFile: model, encoding: .utf8)
        func edited(_ key: String, _ value: String) -> String {
            let pattern = "\"\(key)\" : "
            guard let r = good.range(of: pattern) else { return good }
            let end = good[r.upperBound...].firstIndex { $0 == "," || $0 == "\n" } ?? good.endIndex
            return good.replacingCharacters(in: r.upperBound..<end, with: value)
        }
        let cases: [(String, String, String)] = [
            ("gainLogSD", "-1", "parameters.gainLogSD"),
            ("interSwipePauseMean", "1e308", "parameters.interSwipePauseMean"),
            ("itemCount", "1000000000000", "layout.itemCount"),
            ("gainLogSD", "\"wide\"", "parameters.gainLogSD"),
            ("holdMean", "null", "parameters.holdMean"),
        ]
        for (key, value, named) in cases {
            let path = try write(edited(key, value), "bad-\(key).json", in: dir)
            let r = try ExitCodeTests.run(["generate", "--traces", "3", "--seed", "1", "-q", "--model", path, "--out", dir + "/o.csv"])
            #expect(r.status == 65, "\(key)=\(value): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(path) && r.stderr.contains(named), "\(key)=\(value): \(r.stderr)")
            for swiftName in ["Double", "String", "Swift.", "Optional", "DecodingError", "CodingKeys"] {
                #expect(!r.stderr.contains(swiftName), "\(key)=\(value): \(r.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: dir + "/o.csv"))
        }
    }

    @Test("defect 7: conflicting options are usage errors (64) naming both; describe needs no layout")
    func optionConflicts() throws {
        let dir = try TestScratch.directory("conflicts").path
        let log = try write(Self.log, "log.jsonl", in: dir)
        let layout = try write(Self.layout, "layout.json", in: dir)
        #expect(try ExitCodeTests.run(["generate", "--traces", "5", "--seed", "1", "-q", "--out", dir + "/g.csv"]).status == 0)
        let cases: [([String], [String])] = [
            (["import", log] + Self.importArgs + ["--columns", "stroke=a,t=b,x=c", "--layout", layout, "--out", dir + "/o.csv"], ["--columns", "pointer-jsonl"]),
            (["explain", "--policy", "nearest", "--offset", "0", "--velocity", "1", "--start-index", "-1", "--count", "10"], ["--start-index", "--count"]),
            (["generate", "--traces", "3", "--task", "reveal", "--out", dir + "/o.csv"], ["--task reveal", "--live-policy"]),
            (["import", log] + Self.importArgs + ["--trial-start-offset", "nan", "--layout", layout, "--out", dir + "/o.csv"], ["--trial-start-offset"]),
        ]
        for (args, names) in cases {
            let r = try ExitCodeTests.run(args)
            #expect(r.status == 64, "\(args): \(r.status) \(r.stderr)")
            for name in names { #expect(r.stderr.contains(name), "\(args): \(r.stderr)") }
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/o.csv"))
        // a release-level file without layout columns: described, the layout-bound rows say so
        let rel = try write("trace_id,user_id,release_offset,release_velocity,start_offset,intended_index\na,u,220,1.0,200,3\nb,u,220,0.3,200,2\n",
                            "rel.csv", in: dir)
        let d = try ExitCodeTests.run(["describe", rel])
        #expect(d.status == 0, "\(d.stderr)")
        #expect(d.stdout.contains("release speed") && d.stdout.contains("needs a layout"), "\(d.stdout)")
    }
}
