import ArgumentParser
import Foundation
import SnapStrategies
import Testing
@testable import SnapLabCommands
import SnapTraces
import SnapReports

/// `snaplab record`: the command's checks, and its page driven in headless Chromium with
/// synthetic touch swipes of known speed and length (DevTools `Input.dispatchTouchEvent`).
@Suite("snaplab record", .serialized)
struct RecordTests {
    static func writePage(_ args: [String], to path: String) throws {
        let command = try SnapLab.parseAsRoot(["record"] + args + ["--out", path])
        guard let record = command as? SnapLab.Record else { throw ValidationError("not record") }
        try record.run()
    }

    static func explain(policy: String, offset: Double, velocity: Double, startOffset: Double) throws -> (index: Int, offset: Double) {
        let command = try SnapLab.parseAsRoot(["explain", "--policy", policy, "--offset=\(offset)", "--velocity=\(velocity)",
                                               "--start-offset=\(startOffset)", "--format", "json"])
        guard let explain = command as? SnapLab.Explain else { throw ValidationError("not explain") }
        let parsed = try JSONSerialization.jsonObject(with: Data(try explain.render().utf8)) as? [[String: Any]]
        guard let first = parsed?.first, let index = first["target_index"] as? Int,
              let target = (first["target_offset"] as? NSNumber)?.doubleValue else {
            throw ValidationError("explain gave no decision")
        }
        return (index, target)
    }

    static func temporaryDirectory() throws -> URL {
        let dir = try TestScratch.directory("record")
        return dir
    }

    @Test("a policy without a JavaScript port is a usage error listing the supported ones")
    func unsupportedPolicy() throws {
        #expect(throws: (any Error).self) {
            _ = try SnapLab.parseAsRoot(["record", "--policy", "embla", "--trials", "3", "--task", "paging", "--out", "x.html"])
        }
        do {
            _ = try SnapLab.parseAsRoot(["record", "--policy", "embla", "--trials", "3", "--task", "paging", "--out", "x.html"])
        } catch {
            let message = SnapLab.message(for: error)
            #expect(message.contains("policy 'embla' has no port to the recorder page"))
            #expect(message.contains("tag99") && message.contains("css-snap-mandatory"))
            #expect(SnapLab.exitCode(for: error) == .validationFailure)
        }
    }

    @Test("the page is one self-contained file: inline script and style, no network address")
    func selfContained() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("study.html").path
        try Self.writePage(["--policy", "tag99", "--trials", "4", "--task", "reveal", "--seed", "7"], to: path)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains(" src="))
        #expect(!html.contains("fetch(") && !html.contains("XMLHttpRequest") && !html.contains("sendBeacon"))
        #expect(html.contains("\"task\":\"reveal\"") && html.contains("\"seed\":\"7\""))
        // The same arguments give the same page.
        let again = dir.appendingPathComponent("again.html").path
        try Self.writePage(["--policy", "tag99", "--trials", "4", "--task", "reveal", "--seed", "7"], to: again)
        #expect(try String(contentsOfFile: again, encoding: .utf8) == html)
    }

    /// One synthetic swipe: the finger starts at `x0` CSS px and moves `dx` px every 16 ms for
    /// `frames` frames, then lifts 8 ms after the last move without moving.
    struct Swipe: CustomStringConvertible {
        let x0: Double
        let dx: Double
        let frames: Int
        /// Content velocity the swipe means, pt/ms (finger left = positive), at `scale` px per pt.
        func velocity(scale: Double) -> Double { -dx / 16 / scale }
        var description: String { "swipe from x \(x0) by \(dx) px x \(frames) frames" }
    }

    static let swipes = [
        Swipe(x0: 300, dx: -3, frames: 30),    // slow drag forward, 0.18 pt/ms
        Swipe(x0: 340, dx: -16, frames: 8),    // flick, 0.96 pt/ms
        Swipe(x0: 360, dx: -40, frames: 7),    // fast flick, 2.40 pt/ms (tag99 low tier)
        Swipe(x0: 360, dx: -48, frames: 6),    // faster, 2.88 pt/ms (tag99 high tier)
        Swipe(x0: 60, dx: 20, frames: 6),      // flick back, -1.20 pt/ms
        Swipe(x0: 40, dx: 2, frames: 40),      // slow drag back, -0.12 pt/ms
        Swipe(x0: 200, dx: -1, frames: 10),    // a nudge, -0.06 pt/ms
    ]

    /// Sends `swipe` as DevTools touch events with timestamps `start` + 16 ms per frame.
    static func send(_ swipe: Swipe, y: Double, start: Double, in browser: HeadlessChromium) throws {
        func point(_ x: Double) -> [[String: Any]] { [["x": x, "y": y]] }
        try browser.cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": point(swipe.x0), "timestamp": start])
        var x = swipe.x0
        for frame in 1...swipe.frames {
            x += swipe.dx
            try browser.cdp("Input.dispatchTouchEvent",
                            ["type": "touchMove", "touchPoints": point(x), "timestamp": start + Double(frame) * 0.016])
        }
        try browser.cdp("Input.dispatchTouchEvent",
                        ["type": "touchEnd", "touchPoints": [] as [Any], "timestamp": start + Double(swipe.frames) * 0.016 + 0.008])
    }

    /// Polls the page until no stroke is active and no animation runs (at most 5 s).
    static func waitForRest(_ browser: HeadlessChromium) throws -> [String: Any] {
        for _ in 0..<100 {
            if let state = try browser.execute("return window.snaplabRecorder.state();") as? [String: Any],
               state["animating"] as? Bool == false, state["stroke"] as? Bool == false {
                return state
            }
            usleep(50_000)
        }
        throw HeadlessChromium.Failure(description: "the page did not come to rest within 5 s")
    }

    static func double(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

    /// Opens `page` on a phone (390 × 844 CSS px at 3 device pixels per CSS px, with touch) and
    /// starts the study as `participant`.
    static func startStudy(_ page: URL, participant: String, in browser: HeadlessChromium) throws {
        try browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": true])
        try browser.cdp("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 1])
        try browser.navigate(to: page)
        _ = try browser.execute("document.getElementById('participant').value = '\(participant)'; document.getElementById('start').click();")
    }

    @Test("the page settles where explain says, logs every event, and its download gives back the swipes' velocities",
          .enabled(if: HeadlessChromium.isAvailable, Comment(rawValue: HeadlessChromium.skipMessage)),
          .timeLimit(.minutes(8)),
          arguments: [("tag99", "paging"), ("css-snap-mandatory", "reveal"), ("android-pagersnap", "paging")])
    func swipesInChromium(policy: String, task: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("study.html")
        let downloads = dir.appendingPathComponent("downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        // Trials start mid-row (item 15) so that no swipe meets an end of the content; targets up to 20 items away;
        // every stroke is checked on its own either way.
        try Self.writePage(["--policy", policy, "--trials", "2", "--task", task, "--seed", "11", "--max-distance", "20", "--start-item", "15"],
                           to: page.path)
        let browser = try HeadlessChromium(downloadDirectory: downloads.path)
        defer { browser.close() }
        try Self.startStudy(page, participant: "p-test", in: browser)
        let box = try #require(try browser.execute("""
            const r = document.getElementById('carousel').getBoundingClientRect();
            return [r.top + r.height / 2, window.snaplabRecorder.state().scale, window.devicePixelRatio];
            """) as? [Any])
        let y = try #require(Self.double(box[0])), scale = try #require(Self.double(box[1]))
        #expect(abs(scale - 390.0 / 375.0) < 1e-9, "the 375-pt layout fills the 390-px window")
        #expect(Self.double(box[2]) == 3)

        let epoch = Date().timeIntervalSince1970
        for (k, swipe) in Self.swipes.enumerated() {
            try Self.send(swipe, y: y, start: epoch + Double(k) * 5, in: browser)
            let state = try Self.waitForRest(browser)
            let events = try #require(try browser.execute("return window.snaplabRecorder.events();") as? [[String: Any]])
            let up = try #require(events.last { $0["type"] as? String == "pointerup" }, "\(swipe): no pointerup logged")
            let down = try #require(events.last { $0["type"] as? String == "pointerdown" })
            let releaseOffset = try #require(Self.double(up["offset"])), velocity = try #require(Self.double(up["releaseVelocity"]))
            let startOffset = try #require(Self.double(down["start_offset"]))
            // The release is the synthetic one: travel Σdx / scale, velocity dx / 16 ms / scale.
            let expectedTravel = -swipe.dx * Double(swipe.frames) / scale
            #expect(abs(releaseOffset - startOffset - expectedTravel) < 1e-6,
                    "\(swipe): release offset \(releaseOffset) from \(startOffset)")
            let expected = swipe.velocity(scale: scale)
            #expect(abs(velocity - expected) <= 0.02 * abs(expected) + 0.005, "\(swipe): velocity \(velocity), swiped \(expected)")
            // The page settled where `snaplab explain` says for that release.
            let decided = try Self.explain(policy: policy, offset: releaseOffset, velocity: velocity, startOffset: startOffset)
            #expect(up["settledIndex"] as? Int == decided.index, "\(swipe): page item \(up["settledIndex"] ?? "-"), explain \(decided.index)")
            #expect(Self.double(up["settledOffset"]) == decided.offset)
            let reached = up["goalReached"] as? Bool ?? false
            if !reached { #expect(Self.double(state["offset"]) == decided.offset, "\(swipe): the carousel rests at the decided offset") }
            // Wait out a reached goal's pause so that the next swipe starts a fresh trial.
            if reached { usleep(900_000) }
        }

        // The download: the same JSONL as the page's log, every line an event with the fields import needs.
        let expectedText = try #require(try browser.execute("return window.snaplabRecorder.jsonl();") as? String)
        _ = try browser.execute("document.querySelector('.download').click();")
        // The file appears first and fills afterwards: wait (10 s at most) until it holds the whole log.
        var downloaded: URL?
        var text = ""
        for _ in 0..<100 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []
            downloaded = names.first { $0.hasSuffix(".jsonl") }.map { downloads.appendingPathComponent($0) }
            if let downloaded, let content = try? String(contentsOf: downloaded, encoding: .utf8),
               content.utf8.count >= expectedText.utf8.count {
                text = content
                break
            }
            usleep(100_000)
        }
        let file = try #require(downloaded, "no .jsonl download within 10 s")
        #expect(file.lastPathComponent.hasPrefix("snaplab-p-test-p-test-"))
        #expect(text == expectedText)
        let log = try PointerLogCheck(jsonl: text)
        #expect(log.strokes.count == Self.swipes.count)
        for (stroke, swipe) in zip(log.strokes, Self.swipes) {
            #expect(stroke.user == "p-test" && stroke.trial >= 1 && stroke.target != nil)
            let expected = swipe.velocity(scale: scale)
            #expect(abs(stroke.lsq2Velocity - expected) <= 0.02 * abs(expected) + 0.005,
                    "\(swipe): velocity from the downloaded log \(stroke.lsq2Velocity), swiped \(expected)")
            #expect(abs(stroke.lsq2Velocity - stroke.pageVelocity) < 1e-9, "Swift lsq2 on the log = the page's lsq2")
        }

        // `snaplab import` turns the download into traces whose releases are the swipes'.
        let traces = dir.appendingPathComponent("traces.csv").path
        let importArgs = ["import", file.path, "--from", "pointer-jsonl", "--scale", "\(scale)", "--target-column", "target",
                          "--out", traces] + RecorderPage.layoutArguments(try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)).split(separator: " ").map(String.init)
        guard let importer = try SnapLab.parseAsRoot(importArgs) as? SnapLab.Import else { throw ValidationError("not import") }
        try importer.run()
        var imported: [TraceRelease] = []
        _ = try TraceReader(path: traces, options: TraceReadOptions()).forEach { imported.append($0.release) }
        #expect(imported.count == Self.swipes.count)
        for (trace, swipe) in zip(imported, Self.swipes) {
            let expected = swipe.velocity(scale: scale)
            #expect(abs(trace.release.velocity - expected) <= 0.02 * abs(expected) + 0.005,
                    "\(swipe): imported velocity \(trace.release.velocity), swiped \(expected)")
            #expect(abs(trace.release.travel - (-swipe.dx * Double(swipe.frames) / scale)) < 1e-3, "\(swipe): imported travel \(trace.release.travel)")
            #expect(trace.intendedIndex != nil, "the trial's target is the label")
            #expect(trace.hit == (task == "reveal" ? .revealed : .exact), "the log's task gives the hit column")
        }

        // The last step of Docs/recording.md: `snaplab compare` on the imported traces (the task's hit criterion is in the file).
        let compare = try #require(try SnapLab.parseAsRoot(["compare", traces, "--policies", policy,
                                                            "--bootstrap", "10"]) as? SnapLab.Compare)
        let compared = try compare.output().text
        #expect(compared.contains("traces: \(Self.swipes.count) read, \(Self.swipes.count) scored"), "\(compared)")
        #expect(compared.contains(policy))
    }
}
