import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting
@testable import SnapReports

@Suite("Fit data")
struct FitDataTests {
    /// Two layouts and some unlabelled traces mixed in, so layout indices and dropping are exercised.
    static func traces(_ count: Int) throws -> [TraceRelease] {
        let b = try CarouselLayout(itemWidth: 120, spacing: 8, viewportWidth: 320, itemCount: 40)
        var out = try SyntheticTraces.labelled(by: Tag99Snap(), count: count, users: 7, seed: 21)
        for i in out.indices where i % 3 == 0 { out[i].layout = b; out[i].intendedIndex = min(39, out[i].intendedIndex ?? 0) }
        for i in out.indices where i % 11 == 0 { out[i].intendedIndex = nil }
        return out
    }

    /// The same traces in the same order (the layout table may also hold layouts of traces the
    /// reservoir replaced; each trace's layout must match).
    static func same(_ x: FitData, _ y: FitData) -> Bool {
        x.count == y.count && x.labels == y.labels && x.releases == y.releases
            && x.allIndices.allSatisfy { x.layout($0) == y.layout($0) }
    }

    @Test("a decision batch gathers each trace's release and layout, layouts copied only when a slot's changes")
    func batchGathersLayouts() throws {
        let data = FitData(try Self.traces(600))
        var batch = DecisionBatch(capacity: 64)
        // Runs of one layout, alternating layouts, repeats, and a shorter batch after a longer one.
        let runs: [[Int]] = [Array(0..<64), Array(stride(from: 1, to: 129, by: 2)), Array(repeating: 3, count: 10) + [0, 1, 2],
                             Array((200..<264).reversed()), [5], Array(300..<364)]
        for indices in runs {
            batch.gather(data, indices[...])
            #expect(batch.count == indices.count)
            for (k, i) in indices.enumerated() {
                #expect(batch.layouts[k] == data.layout(i) && batch.releases[k] == data.releases[i], "trace \(i) in slot \(k)")
            }
        }
    }

    @Test("unlabelled traces are dropped and counted; layouts are stored once")
    func dropsUnlabelled() throws {
        let all = try Self.traces(100)
        let data = FitData(all)
        #expect(data.unlabelled == all.filter { $0.intendedIndex == nil }.count)
        #expect(data.count == all.count - data.unlabelled && data.layouts.count == 2)
        let labelled = all.filter { $0.intendedIndex != nil }
        for (i, t) in labelled.enumerated() {
            #expect(data.layout(i) == t.layout && data.labels[i].intended == t.intendedIndex && data.user(i) == t.user)
        }
    }

    @Test("compact columns: 48 bytes per release and 24 per label, read back exactly (finger travel absent, a value, NaN)")
    func compactColumns() throws {
        #expect(MemoryLayout<FitData.Releases.Stored>.stride == 48)
        #expect(MemoryLayout<FitData.Label>.stride == 24)
        var traces = try SyntheticTraces.labelled(by: Tag99Snap(), count: 4, users: 2, seed: 5)
        let travels: [Double?] = [nil, -37.25, .nan, Double(bitPattern: FitData.Releases.Stored.noFingerTravel)]
        for (i, travel) in travels.enumerated() { traces[i].release.fingerTravel = travel }
        let data = FitData(traces)
        for i in 0..<4 {
            let read = data.releases[i].fingerTravel
            switch travels[i] {
            case nil: #expect(read == nil)
            case let t? where t.isNaN: #expect(read?.isNaN == true)
            case let t?: #expect(read == t)
            }
            #expect(data.releases[i].offset == traces[i].release.offset && data.releases[i].velocity == traces[i].release.velocity)
            #expect(data.releases[i].duration == traces[i].release.duration)
            #expect(data.labels[i].intended == traces[i].intendedIndex && data.labels[i].user == Int32(traces[i].user))
        }
    }
}
