import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapReports
import SnapLabTestSupport

/// The release builder: `touch_x` → offset and finger travel (a `finger_travel` value wins),
/// the layout cache (same bytes, same layout; a bad layout still fails with its own error),
/// users interned once.
@Suite struct ReleaseBuilderTests {
    func withBytes<R>(_ s: String, _ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> R) -> R {
        let bytes = Array(s.utf8) + [0]
        return bytes.withUnsafeBufferPointer { b in body(b.baseAddress!, b.baseAddress! + b.count - 1) }
    }

    /// A trace `id` of samples (t, touch_x) with per-trace values.
    func trace(_ id: String, _ samples: [(Double, Double)], _ values: [PerTraceField: String] = [:]) -> TraceAssembler {
        var a = TraceAssembler(path: "f.csv")
        withBytes(id) { a.start($0, $1, line: 2) }
        for (t, x) in samples { a.t.append(t); a.x.append(x); a.mv.append(1) }
        for (f, v) in values { withBytes(v) { a.store(f.rawValue, $0, $1, line: 2) } }
        return a
    }

    @Test func touchXBecomesOffsetsAndFingerTravel() throws {
        var b = ReleaseBuilder(path: "f.csv", options: withLayout)
        var names: [String] = []
        let intern: (String) -> Int = { names.append($0); return names.count - 1 }
        let plain = trace("1", [(0, 200), (8, 190), (16, 170)], [.startOffset: "100"])
        let r = try b.built(plain, isSampleLevel: true, hasTouchX: true, hasPhase: false, intern: intern)
        #expect(r.release.release.startOffset == 100 && r.release.release.offset == 130)
        #expect(r.release.release.fingerTravel == 30 && r.release.release.duration == 16)
        let given = trace("2", [(0, 200), (8, 170)], [.fingerTravel: "44.5"])
        let g = try b.built(given, isSampleLevel: true, hasTouchX: true, hasPhase: false, intern: intern)
        #expect(g.release.release.fingerTravel == 44.5 && g.release.release.travel == 30)
        #expect(names == ["unknown"])
    }

    @Test func layoutsAreCachedOnTheirBytesAndUsersInternedOnce() throws {
        var b = ReleaseBuilder(path: "f.csv", options: withLayout)
        var names: [String] = []
        let intern: (String) -> Int = { names.append($0); return names.count - 1 }
        var users: [Int] = []
        for (id, count, user) in [("1", "12", "ann"), ("2", "12", "bob"), ("3", "12", "ann"), ("4", "7", "bob")] {
            let a = trace(id, [(0, 0)], [.itemCount: count, .userID: user])
            let r = try b.built(a, isSampleLevel: true, hasTouchX: false, hasPhase: false, intern: intern)
            #expect(r.release.layout.itemCount == Int(count))
            users.append(r.release.user)
        }
        #expect(names == ["ann", "bob"] && users == [0, 1, 0, 1])
        // a bad item count after a cached good one fails with its own error, on its own line
        let bad = trace("5", [(0, 0)], [.itemCount: "0"])
        #expect(throws: TraceParseError.self) {
            _ = try b.built(bad, isSampleLevel: true, hasTouchX: false, hasPhase: false, intern: intern)
        }
    }

    @Test func releaseLevelTracesNeedARecordedVelocity() throws {
        var b = ReleaseBuilder(path: "f.csv", options: withLayout)
        var a = TraceAssembler(path: "f.csv")
        withBytes("1") { a.start($0, $1, line: 4) }
        a.releaseOffsetValue = 320
        #expect(throws: TraceParseError.invalidValue(file: "f.csv", line: 4, column: "release_velocity", found: "",
                                                      expected: "a velocity in points per millisecond")) {
            _ = try b.built(a, isSampleLevel: false, hasTouchX: false, hasPhase: false, intern: { _ in 0 })
        }
        withBytes("1.5") { a.store(PerTraceField.releaseVelocity.rawValue, $0, $1, line: 4) }
        let r = try b.built(a, isSampleLevel: false, hasTouchX: false, hasPhase: false, intern: { _ in 0 })
        #expect(r.release.release.offset == 320 && r.release.release.velocity == 1.5)
    }

    /// The record's estimate is the options' estimator's (``TraceReadOptions/estimator``, called
    /// through the existential), bit for bit, for every sample-level method, as logged and on
    /// rebuilt frames: the builder calls LSQ2 directly only when that estimator is LSQ2 itself.
    /// Trace after trace on one builder; seeded strokes (seed 39) and
    /// ``FramesRebuiltEstimatorTests/strokes``.
    @Test func theEstimateIsTheOptionsEstimatorsBitForBit() throws {
        var rng = SplitMix64(seed: 39)
        var strokes = FramesRebuiltEstimatorTests.strokes
        for _ in 0..<60 {
            let n = Int.random(in: 1...30, using: &rng)
            var t = 0.0, x = 0.0
            var time: [Double] = [], offset: [Double] = [], isMove: [Bool] = []
            for i in 0..<n {
                // touchscreen rate, frame rate, repeated times, long gaps, reversals
                t += [0, 0.4, 4, 8, 16.7, 17, 45, 120][Int.random(in: 0..<8, using: &rng)]
                x += Double.random(in: -30...60, using: &rng)
                time.append(t); offset.append(x.rounded(.toNearestOrEven) / 8)
                isMove.append(i < n - 1 ? Int.random(in: 0..<9, using: &rng) > 0 : Bool.random(using: &rng))
            }
            strokes.append((time, offset, isMove))
        }
        var checked = 0
        for method in VelocityMethod.allCases where method != .recorded {
            for rebuilds in [false, true] {
                var options = withLayout
                options.velocity = method
                options.rebuildsFrames = rebuilds
                var b = ReleaseBuilder(path: "f.csv", options: options)
                for (k, s) in strokes.enumerated() {
                    var a = TraceAssembler(path: "f.csv")
                    withBytes("\(k + 1)") { a.start($0, $1, line: 2 + k) }
                    for i in s.time.indices { a.t.append(s.time[i]); a.x.append(s.offset[i]); a.mv.append(s.isMove[i] ? 1 : 0) }
                    let got = try b.built(a, isSampleLevel: true, hasTouchX: false, hasPhase: true, intern: { _ in 0 }).estimate
                    let expected = options.estimator.estimate(time: s.time, offset: s.offset, isMove: s.isMove)
                    #expect(got.velocity.bitPattern == expected.velocity.bitPattern && got.samplesUsed == expected.samplesUsed,
                            "\(method) frames \(rebuilds) stroke \(k): \(got) against \(expected)")
                    checked += 1
                }
            }
        }
        #expect(checked == 18 * strokes.count)
    }
}

extension ReleaseBuilder {
    /// Builds `trace`'s record and gives a copy of it (the builder's ``lent`` record).
    mutating func built(_ trace: borrowing TraceAssembler, isSampleLevel: Bool, hasTouchX: Bool, hasPhase: Bool,
                        intern: (String) -> Int) throws(TraceParseError) -> TraceRecord {
        try build(of: trace, isSampleLevel: isSampleLevel, hasTouchX: hasTouchX, hasPhase: hasPhase, intern: intern)
        return lent!
    }
}
