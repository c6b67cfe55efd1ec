import Foundation
import SnapLabTestSupport
import SnapStrategies
import Testing
@testable import SnapGSL
@testable import SnapReports
@testable import SnapTraces

/// Every Kotlin and JavaScript export decides as SnapStrategies does, on 10,000 seeded releases per
/// policy (``ExportVectors``), each policy also with a per-fling cap (`ID@max<n>`): same slot, item
/// and rule, and the same resting offset to the bit.
/// Kotlin is compiled with Debian's `kotlin` (all exports in one `kotlinc` run) and run on the JDK;
/// JavaScript runs in Debian's `nodejs` (`Scripts/setup.sh` installs both).
@Suite("exported policies decide as SnapStrategies", .serialized)
struct PolicyExportVectorTests {
    static let seed: UInt64 = 0xE4_9047

    static func header(_ policy: any SnapPolicy) -> ExportHeader {
        ExportHeader(policy: policy, velocity: "lsq2 (SnapLab's default estimator)", hit: "test vectors", data: "seeded test vectors")
    }

    static func files(_ vectors: ExportVectors, _ language: ExportLanguage) throws -> [(key: String, files: [ExportFile])] {
        try vectors.exports.map { ($0.key, try PolicyExport(policy: $0.policy, header: header($0.policy)).files(language)) }
    }

    static func require(_ program: String) throws {
        guard TestProcess.isInstalled(program) else {
            throw ExportVectorFailure(description: "\(program) is not installed: run Scripts/setup.sh (it installs kotlin, a JDK and nodejs)")
        }
    }

    @Test("JavaScript exports (node) reproduce every decision of 10,000 releases per policy", .timeLimit(.minutes(3)))
    func javaScript() throws {
        try Self.require("node")
        let ids = PolicyExport.supportedIdentifiers(.js)
        #expect(ids.count >= 8)
        let vectors = try ExportVectors(ids: ids + ExportVectors.capped(ids), seed: Self.seed)
        let dir = try TestScratch.directory("export-js")
        var imports: [String] = []
        for (key, files) in try Self.files(vectors, .js) {
            for file in files {
                try file.text.write(to: dir.appendingPathComponent(file.path(forMain: key + ".mjs")), atomically: true, encoding: .utf8)
            }
            imports.append("\(key): await import(\"./\(key).mjs\")")
        }
        let runner = """
            import * as fs from "node:fs";
            const mods = { \(imports.joined(separator: ", ")) };
            const num = (s) => Number(s);
            const out = [];
            // The unit conversions at the boundary (units), in every module.
            for (const m of Object.values(mods)) {
              if (m.units.cssPxToPt(7) !== 7 || m.units.pxPerSecondToPtPerMs(1500) !== 1.5
                  || m.units.fingerToContentVelocity(2) !== -2) throw new Error("units: wrong conversion");
            }
            let mod = null, layout = null;
            for (const line of fs.readFileSync(process.argv[2], "utf8").split("\\n")) {
              if (line === "") continue;
              const f = line.split(" ");
              if (f[0] === "G") {
                mod = mods[f[1]];
                layout = { itemWidth: num(f[2]), itemSpacing: num(f[3]), leadingInset: num(f[4]), trailingInset: num(f[5]),
                           viewportWidth: num(f[6]), itemCount: num(f[7]), alignment: f[8], looping: f[9] === "1" };
              } else {
                const release = { offset: num(f[1]), velocity: num(f[2]), startOffset: num(f[3]),
                                  startIndex: f[4] === "-" ? null : num(f[4]), fingerTravel: f[5] === "-" ? null : num(f[5]),
                                  durationMs: num(f[6]) };
                const d = mod.decide(layout, release);
                if (d.index !== mod.targetIndex(layout, release)) throw new Error("targetIndex differs from decide");
                out.push(d.slot + " " + d.index + " " + String(d.offset) + " " + d.rule);
              }
            }
            fs.writeFileSync(process.argv[3], out.join("\\n") + "\\n");
            """
        try runner.write(to: dir.appendingPathComponent("runner.mjs"), atomically: true, encoding: .utf8)
        try vectors.input.write(to: dir.appendingPathComponent("input.txt"), atomically: true, encoding: .utf8)
        let run = try TestProcess.run("node", ["runner.mjs", "input.txt", "output.txt"], in: dir)
        try #require(run.status == 0, "node failed:\n\(run.output)")
        let output = try String(contentsOf: dir.appendingPathComponent("output.txt"), encoding: .utf8)
        let wrong = vectors.mismatches(output, expected: vectors.expected)
        #expect(wrong.isEmpty, "\(wrong.count) differ; first: \(wrong.prefix(3).joined(separator: "\n"))")
    }

    @Test("Kotlin exports (kotlinc, one run) reproduce every decision of 10,000 releases per policy", .timeLimit(.minutes(6)))
    func kotlin() throws {
        try Self.require("kotlinc")
        try Self.require("java")
        let ids = PolicyExport.supportedIdentifiers(.kotlin)
        #expect(ids.count >= 8)
        let vectors = try ExportVectors(ids: ids + ExportVectors.capped(ids), seed: Self.seed)
        let dir = try TestScratch.directory("export-kotlin")
        var sources: [String] = []
        var branches: [String] = []
        var functions: [String] = []
        for ((key, files), export) in zip(try Self.files(vectors, .kotlin), vectors.exports) {
            let name = dir.appendingPathComponent("\(key).kt")
            try ("package \(key)\n\n" + files[0].text).write(to: name, atomically: true, encoding: .utf8)
            sources.append(name.path)
            let type = PolicyExport(policy: export.policy, header: Self.header(export.policy)).typeName
            // One function per export: a single `when` holding them all overflows a JVM method.
            functions.append("""
                fun run\(key)(g: List<String>, r: List<String>): String {
                    val layout = \(key).SnapLayout(g[2].toDouble(), g[3].toDouble(), g[4].toDouble(), g[5].toDouble(), g[6].toDouble(),
                        g[7].toInt(), \(key).SnapAlignment.valueOf(g[8].toUpperCase()), g[9] == "1")
                    val release = \(key).SnapRelease(r[1].toDouble(), r[2].toDouble(), if (r[4] == "-") null else r[4].toInt(),
                        if (r[5] == "-") null else r[5].toDouble(), r[3].toDouble(), r[6].toDouble())
                    val d = \(key).\(type).decide(layout, release)
                    if (d.index != \(key).\(type).targetIndex(layout, release)) throw IllegalStateException("targetIndex differs")
                    return "${d.slot} ${d.index} ${d.offset} ${d.rule}"
                }
                """)
            branches.append("                \"\(key)\" -> run\(key)(g, f)")
        }
        let runner = """
            import java.io.File

            fun main(args: Array<String>) {
                // The unit conversions at the Android boundary (SnapUnits).
                check(k0.SnapUnits.pxToPt(330.0, 2.75) == 120.0) { "pxToPt" }
                check(k0.SnapUnits.ptToPx(120.0, 2.75) == 330.0) { "ptToPx" }
                check(k0.SnapUnits.scrollVelocityToPtPerMs(2750.0, 2.75) == 1.0) { "scrollVelocityToPtPerMs" }
                check(k0.SnapUnits.fingerVelocityToPtPerMs(2750.0, 2.75) == -1.0) { "fingerVelocityToPtPerMs" }
                val out = StringBuilder()
                var g: List<String> = emptyList()
                File(args[0]).forEachLine { line ->
                    val f = line.split(" ")
                    if (f[0] == "G") g = f else out.append(run(g, f)).append('\\n')
                }
                File(args[1]).writeText(out.toString())
            }

            fun run(g: List<String>, f: List<String>): String = when (g[1]) {
            \(branches.joined(separator: "\n"))
                else -> throw IllegalStateException("unknown export " + g[1])
            }

            \(functions.joined(separator: "\n"))
            """
        let runnerFile = dir.appendingPathComponent("Runner.kt")
        try runner.write(to: runnerFile, atomically: true, encoding: .utf8)
        try vectors.input.write(to: dir.appendingPathComponent("input.txt"), atomically: true, encoding: .utf8)
        // Every exported policy in one compilation: more than kotlinc's default 256-MB heap (its
        // `JAVA_OPTS` default) since the CSS policies carry the fling curve (issue 34).
        let compile = try TestProcess.run("env", ["JAVA_OPTS=-Xmx1g -Xms32M", "kotlinc"] + sources
                                                    + [runnerFile.path, "-nowarn", "-d", "vectors.jar"], in: dir)
        try #require(compile.status == 0, "kotlinc failed:\n\(compile.output)")
        let run = try TestProcess.run("kotlin", ["-cp", "vectors.jar", "RunnerKt", "input.txt", "output.txt"], in: dir)
        try #require(run.status == 0, "the Kotlin runner failed:\n\(run.output)")
        let output = try String(contentsOf: dir.appendingPathComponent("output.txt"), encoding: .utf8)
        let wrong = vectors.mismatches(output, expected: vectors.expected)
        #expect(wrong.isEmpty, "\(wrong.count) differ; first: \(wrong.prefix(3).joined(separator: "\n"))")
    }

    @Test("the JavaScript exp and log give SnapMath's doubles bit for bit (normal, subnormal, huge, edge arguments)")
    func elementary() throws {
        try Self.require("node")
        let rng = try GSLRandom(seed: 0xE1E)
        var xs: [Double] = [0, -0.0, 1, 0.5, 2, 709.78, 709.79, -745.1, -745.3, -708.5, -740, Double.leastNonzeroMagnitude, 0x1p-1030, 2.2250738585072014e-308,
                            .infinity, -.infinity, .nan, -1]
        for _ in 0..<3000 { xs.append(rng.uniform(-750, 750)) }
        for _ in 0..<3000 { xs.append(Double(sign: .plus, exponent: rng.integer(below: 2100) - 1074, significand: 1 + rng.uniform())) }
        let script = RecorderScript.geometry + "\n" + RecorderScript.policies + "\n" + JavaScriptExport.policies + "\n" + """
            import * as fs from "node:fs";
            const xs = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).map(Number);
            console.log(xs.map((x) => String(SL.exp(x)) + " " + String(SL.log(x))).join("\\n"));
            """
        let dir = try TestScratch.directory("export-elementary")
        try script.write(to: dir.appendingPathComponent("e.mjs"), atomically: true, encoding: .utf8)
        let list = "[" + xs.map { "\"\(ExportVectors.number($0))\"" }.joined(separator: ",") + "]"
        try list.write(to: dir.appendingPathComponent("xs.json"), atomically: true, encoding: .utf8)
        let run = try TestProcess.run("node", ["e.mjs", "xs.json"], in: dir)
        try #require(run.status == 0, "node failed:\n\(run.output)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == xs.count)
        var wrong: [String] = []
        for (x, line) in zip(xs, lines) {
            let f = line.split(separator: " ").map { Double(String($0)) ?? .signalingNaN }
            let e = SnapMath.exp(x), l = SnapMath.log(x)
            let same = { (a: Double, b: Double) in a == b || (a.isNaN && b.isNaN) }
            if f.count != 2 || !same(f[0], e) || !same(f[1], l) { wrong.append("x \(x): js \(line), swift \(e) \(l)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ; first: \(wrong.prefix(3))")
    }

    @Test("the comparison catches a wrong vector: one offset one ulp off, one rule changed, one line missing")
    func comparisonFails() throws {
        let vectors = try ExportVectors(ids: ["tag99"], seed: 3)
        let expected = vectors.expected
        let right = expected.map { "\($0.targetSlot) \($0.targetIndex) \($0.targetOffset) \($0.rule)" }
        #expect(vectors.mismatches(right.joined(separator: "\n"), expected: expected).isEmpty)
        let k = try #require(expected.firstIndex { $0.targetOffset.isFinite && $0.targetOffset != 0 })
        var wrong = right
        wrong[k] = "\(expected[k].targetSlot) \(expected[k].targetIndex) \(expected[k].targetOffset.nextUp) \(expected[k].rule)"
        wrong[k + 1] = "\(expected[k + 1].targetSlot) \(expected[k + 1].targetIndex) \(expected[k + 1].targetOffset) other-rule"
        #expect(vectors.mismatches(wrong.joined(separator: "\n"), expected: expected).count == 2)
        #expect(vectors.mismatches(right.dropLast().joined(separator: "\n"), expected: expected).count == 1)
    }
}
