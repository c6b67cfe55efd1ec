import Foundation
import SnapStrategies
import Testing
import SnapTraces
import SnapReports

/// What `SwipeRecorder` (SnapStrategies) writes, the trace reader reads back as written.
@Suite("SwipeRecorder output reads back")
struct SwipeRecorderReadBackTests {
    @Test("releases, start offsets, labels, users and UIKit's velocity survive the round trip")
    func roundTrip() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        var recorder = try SwipeRecorder(layout: layout, userID: "u,1", sessionID: "s1")
        // Two swipes, finger moving left at 1.25 pt/ms (16 ms frames), lift 8 ms after the last move.
        var expected: [(start: Double, release: Double)] = []
        for k in 0..<2 {
            let start = 510.0 + Double(k) * 170, t0 = Double(k) * 1000
            recorder.begin(time: t0, position: 300, startOffset: start, intendedIndex: 5 + k)
            for f in 1...6 { recorder.move(time: t0 + Double(f) * 16, position: 300 - Double(f) * 20) }
            recorder.end(time: t0 + 104, position: 180, releaseVelocity: 1.3)
            recorder.settled(on: 4 + k)
            expected.append((start, start + 120))
        }
        recorder.flush()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-recorder-\(getpid()).csv").path
        try Data((recorder.drain().joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        for method in [VelocityMethod.lsq2, .recorded] {
            var records: [(TraceRelease, Double, String?)] = []
            let reader = try TraceReader(path: path, options: TraceReadOptions(velocity: method))
            _ = try reader.forEach { records.append(($0.release, $0.estimate.velocity, $0.sessionID)) }
            #expect(records.count == 2)
            for (k, (release, velocity, session)) in records.enumerated() {
                #expect(release.release.startOffset == expected[k].start)
                #expect(release.release.offset == expected[k].release)
                #expect(release.intendedIndex == 5 + k)
                #expect(session == "s1")
                #expect(abs(velocity - (method == .recorded ? 1.3 : 1.25)) < 1e-9, "\(method): \(velocity)")
            }
        }
    }
}
