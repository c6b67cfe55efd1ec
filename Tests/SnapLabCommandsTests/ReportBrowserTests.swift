import Foundation
import Testing
@testable import SnapLabCommands

/// The report in a real browser: headless Chromium (Debian `chromium`) loads the page with no
/// console errors, its script runs through, the key elements exist, and a screenshot at laptop
/// and at phone width is not blank. Every browser run is wrapped in `timeout`, so the test
/// never hangs; without chromium it is skipped with the reason.
@Suite("Report in headless Chromium")
struct ReportBrowserTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let timeout = "/usr/bin/timeout"

    struct Run { var status: Int32; var stdout: String; var stderr: String }

    /// `chromium --headless …` under `timeout 90`.
    static func browser(_ args: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: timeout)
        process.arguments = ["-k", "5", "90", try #require(chromium), "--headless", "--no-sandbox", "--disable-gpu",
                             "--no-first-run", "--disable-extensions", "--enable-logging=stderr", "--v=0"] + args
        // stderr to a file, stdout through a pipe: no two pipes to drain at once.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? FileManager.default.removeItem(at: log) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = logHandle
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try logHandle.close()
        let e = (try? Data(contentsOf: log)) ?? Data()
        return Run(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func makeReport(users: Int, extra: [String] = []) throws -> String {
        let traces = try CommandFixtures.write(flingFixture(users: users))
        let out = URL(fileURLWithPath: traces).deletingLastPathComponent().appendingPathComponent("report.html").path
        let command = try #require(try SnapLab.parseAsRoot(
            ["report", traces, "--out", out, "--policies", "nearest,android-pagersnap,tag99,uikit-paging", "--bootstrap", "50",
             "--seed", "9", "--baseline", "nearest"] + extra) as? SnapLab.Report)
        _ = try command.render()
        return out
    }

    @Test("loads without console errors, script ran, key elements present, screenshots not blank",
          .enabled(if: chromium != nil, "chromium is not installed (Debian: apt-get install chromium; Scripts/setup.sh does)"),
          .timeLimit(.minutes(4)))
    func loads() throws {
        let page = try makeReport(users: 6)
        let dom = try Self.browser(["--dump-dom", "file://" + page])
        #expect(dom.status == 0, "\(dom.stderr.suffix(800))")
        let consoleErrors = dom.stderr.split(separator: "\n").filter {
            $0.contains("CONSOLE") && ($0.contains("Uncaught") || $0.contains("Error") || $0.contains(":ERROR:CONSOLE"))
        }
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")
        #expect(dom.stdout.contains("data-ready=\"yes\""), "the page script did not run through")
        for fragment in ["id=\"verdict\"", "Use <code>", "than <code>nearest</code>", "id=\"comparison\"", "class=\"sortable comparison\"",
                         "class=\"bar\"", "id=\"plots\"", "id=\"intent\"", "class=\"confusion\"", "id=\"users\"",
                         "id=\"recommendation\"", "makeRecommendedSnapPolicy", "<footer>", "snaplab 0.1.0"] {
            #expect(dom.stdout.contains(fragment), "missing \(fragment)")
        }
        let dir = URL(fileURLWithPath: page).deletingLastPathComponent()
        for (name, size) in [("laptop.png", "1280,2000"), ("phone.png", "390,1600")] {
            let shot = dir.appendingPathComponent(name).path
            let r = try Self.browser(["--screenshot=" + shot, "--window-size=" + size, "--hide-scrollbars", "file://" + page])
            #expect(r.status == 0, "\(r.stderr.suffix(500))")
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: shot))) ?? Data()
            #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(name) is not a PNG")
            // A blank page compresses to a few kilobytes; text, tables and plots do not.
            #expect(bytes.count > 30_000, "\(name): \(bytes.count) bytes looks blank")
        }
    }

    @Test("a 2-user file still gives a page; the verdict says why there is no recommendation")
    func twoUsers() throws {
        let page = try makeReport(users: 2)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("id=\"verdict\""))
        #expect(html.contains("No recommendation:"), "the small-data note is shown")
        #expect(!html.contains("id=\"recommendation\""))
    }
}
