import Foundation
import SnapStrategies
import Testing
import SnapReports

/// The JavaScript export once in a browser: its `attachSnapping` adapter snaps a plain scroll
/// container in headless Chromium under synthesized touch swipes (DevTools
/// `Input.dispatchTouchEvent`, paced in real time as the recorder's tests do). Each lift-off's
/// release, as the adapter measured it, is decided again by SnapStrategies: same decision, and the
/// container rests on its offset.
@Suite("the JavaScript export's web adapter in Chromium", .serialized)
struct ExportWebAdapterTests {
    static let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 0, trailingInset: 10,
                                            viewportWidth: 375, itemCount: 40)

    static func page(module: String) -> String {
        let items = String(repeating: "<div class=i></div>", count: layout.itemCount)
        return """
            <!doctype html><meta charset=utf-8><meta name=viewport content="width=device-width, initial-scale=1">
            <style>body { margin: 0 } #c { width: 375px; overflow-x: hidden; white-space: nowrap; font-size: 0 }
            .i { display: inline-block; width: 160px; height: 300px; margin-right: 10px; background: #8ab }</style>
            <div id=c>\(items)</div>
            <script type=module>
            \(module)
            window.snapLog = [];
            attachSnapping(document.getElementById("c"), { itemWidth: 160, itemSpacing: 10, leadingInset: 0, trailingInset: 10,
              viewportWidth: 375, itemCount: 40 }, { behavior: "instant", onDecision: (r, d) => window.snapLog.push([r, d]) });
            window.snapReady = true;
            </script>
            """
    }

    static func double(_ x: Any?) -> Double? { (x as? NSNumber)?.doubleValue }

    @Test("touch swipes move and snap the container as SnapStrategies decides",
          .enabled(if: HeadlessChromium.isAvailable, Comment(rawValue: HeadlessChromium.skipMessage)),
          .timeLimit(.minutes(2)))
    func swipes() throws {
        let policy = Tag99Snap()
        let header = ExportHeader(policy: policy, velocity: "lsq2", hit: "none", data: "test")
        let module = try PolicyExport(policy: policy, header: header).files(.js)[0].text
        let dir = try RecordTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("adapter.html")
        try Data(Self.page(module: module).utf8).write(to: file)
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true])
        try browser.cdp("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 1])
        try browser.navigate(to: file)
        for _ in 0..<100 where (try browser.execute("return window.snapReady === true;") as? Bool) != true { usleep(50_000) }
        try #require(try browser.execute("return window.snapReady === true;") as? Bool == true, "the module did not load")

        let swipes = [
            RecordTests.Swipe(x0: 300, dx: -3, frames: 30),   // slow drag forward, 0.19 pt/ms
            RecordTests.Swipe(x0: 300, dx: -40, frames: 5),   // flick forward, 2.5 pt/ms: one page and the low tier
            RecordTests.Swipe(x0: 60, dx: 48, frames: 5),     // flick back, 3 pt/ms: the high tier
            RecordTests.Swipe(x0: 200, dx: 2, frames: 20),    // slow drag back, 0.13 pt/ms
        ]
        var items: [Int] = []
        for (k, swipe) in swipes.enumerated() {
            _ = try browser.execute("document.getElementById('c').scrollLeft = 2550;")   // item 15
            try RecordNativeSnapTests.sendPaced(swipe, y: 150, in: browser)
            var entry: [Any]?
            for _ in 0..<40 {
                entry = try browser.execute("return window.snapLog.length > \(k) ? window.snapLog[\(k)] : null;") as? [Any]
                if entry != nil { break }
                usleep(50_000)
            }
            let logged = try #require(entry, "\(swipe): no lift-off reached the adapter")
            let r = try #require(logged[0] as? [String: Any]), d = try #require(logged[1] as? [String: Any])
            let offset = try #require(Self.double(r["offset"])), velocity = try #require(Self.double(r["velocity"]))
            let startOffset = try #require(Self.double(r["startOffset"])), duration = try #require(Self.double(r["durationMs"]))
            let release = Release(offset: offset, velocity: velocity, startOffset: startOffset, startTime: 0, time: duration,
                                  fingerTravel: Self.double(r["fingerTravel"]))
            let swift = policy.decide(release, in: Self.layout)
            #expect(Self.double(d["index"]).map { Int($0) } == swift.targetIndex && d["rule"] as? String == swift.rule,
                    "\(swipe): js \(d), swift \(swift)")
            #expect(Self.double(d["offset"]) == swift.targetOffset)
            // The container moved with the finger, measured a velocity of the swipe's sign and size, and rests on the decision.
            #expect(abs(release.travel - (-swipe.dx * Double(swipe.frames))) <= 1, "\(swipe): travel \(release.travel)")
            let expected = swipe.velocity(scale: 1)
            #expect(abs(release.velocity - expected) <= 0.2 * abs(expected), "\(swipe): velocity \(release.velocity), meant \(expected)")
            let rest = try #require(Self.double(try browser.execute("return document.getElementById('c').scrollLeft;")))
            #expect(abs(rest - swift.targetOffset) <= 1, "\(swipe): rests at \(rest), decided \(swift.targetOffset)")
            items.append(swift.targetIndex)
        }
        // tag99 from item 15: a slow drag forward ends at 15.5 (one page on: 16); the 2.5 pt/ms flick at 16.2 (one
        // page and the low tier: 18); the 3 pt/ms flick back at 13.6 (one page and the high tier back: 10); the
        // slow drag back at 14.8 (past 0.6 into the page, counted from 15: 14).
        #expect(items == [16, 18, 10, 14], "\(items)")
    }
}
