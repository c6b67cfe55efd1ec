import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapReports

/// Under `nearest` (release offset rounded; stride 100):
/// speed 0.1 → 30 meant 0: hit; 0.2 → 60 meant 1: hit; 0.3 → 40 meant 1: miss; 1.0 → 40 meant 1: miss;
/// 1.2 (backward) → 140 meant 1: hit; 1.5 → 160 meant 2: hit; plus an unlabelled and a NaN velocity.
func curveTraces() -> [TraceRelease] {
    [
        tinyTrace("a", user: 0, start: 0, offset: 30, velocity: 0.1, intended: 0),
        tinyTrace("b", user: 0, start: 0, offset: 60, velocity: 0.2, intended: 1),
        tinyTrace("c", user: 1, start: 0, offset: 40, velocity: 0.3, intended: 1),
        tinyTrace("d", user: 1, start: 0, offset: 40, velocity: 1.0, intended: 1),
        tinyTrace("e", user: 2, start: 200, offset: 140, velocity: -1.2, intended: 1),
        tinyTrace("f", user: 2, start: 100, offset: 160, velocity: 1.5, intended: 2),
        tinyTrace("u", user: 2, start: 100, offset: 160, velocity: 0.5, intended: nil),
        tinyTrace("n", user: 2, start: 100, offset: 160, velocity: .nan, intended: 2),
    ]
}

@Suite("Hit-rate curve")
struct HitRateCurveTests {
    @Test("Wilson interval against published values")
    func wilson() {
        let a = HitRateCurve.wilson(hits: 2, count: 3)
        #expect(abs(a.lower - 0.2077) < 1e-4 && abs(a.upper - 0.9385) < 1e-4)
        let b = HitRateCurve.wilson(hits: 0, count: 10)
        #expect(b.lower == 0 && abs(b.upper - 0.2775) < 1e-4)
        let c = HitRateCurve.wilson(hits: 10, count: 10)
        #expect(abs(c.lower - 0.7225) < 1e-4 && abs(c.upper - 1) < 1e-12)
        #expect(HitRateCurve.wilson(hits: 0, count: 0).lower.isNaN)
    }

    @Test("equal-count bins by rank, hand-computed")
    func quantiles() {
        let curve = HitRateCurve(policies: [NearestPageSnap(), Tag99Snap()], traces: curveTraces(), binning: .quantiles(2), minimumPerBin: 1)
        #expect(curve.excluded == 2)
        #expect(curve.bins.count == 2)
        let (b0, b1) = (curve.bins[0], curve.bins[1])
        #expect(b0.count == 3 && b0.hits[0] == 2 && b0.lower == 0.1 && b0.upper == 0.3)
        #expect(abs(b0.meanSpeed - 0.2) < 1e-12)
        #expect(b1.count == 3 && b1.hits[0] == 2 && b1.lower == 1.0 && b1.upper == 1.5)
        #expect(abs(b1.meanSpeed - 3.7 / 3) < 1e-12)
        #expect(abs(b0.rates[0] - 2.0 / 3) < 1e-12)
        #expect(abs(b0.intervals[0].lower - 0.2077) < 1e-4)
    }

    @Test("at least minimumPerBin traces per bin: 6 traces and 30 per bin give one bin; the note states the rule")
    func minimumCount() {
        let curve = HitRateCurve(policies: [NearestPageSnap()], traces: curveTraces(), binning: .quantiles(6))
        #expect(curve.bins.count == 1 && curve.bins[0].count == 6)
        #expect(curve.note(curve.bins).contains("at least 30 traces each"))
        let three = HitRateCurve(policies: [NearestPageSnap()], traces: curveTraces(), binning: .quantiles(6), minimumPerBin: 2)
        #expect(three.bins.map(\.count) == [2, 2, 2])
        let placed = three.xPlacement(three.bins)
        let expectedPositions: [Double] = [1.0 / 6, 0.5, 5.0 / 6]
        let expectedTicks: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
        let ticks: [Double] = placed.ticks.map(\.at)
        #expect(placed.position == expectedPositions, "equal-count bins get equal widths")
        #expect(ticks == expectedTicks)
    }

    @Test("tick labels stay readable: 0 for 0, small edges with two significant digits, no label repeated")
    func edgeLabels() {
        #expect(HitRateCurve.edgeLabel(0) == "0")
        #expect(HitRateCurve.edgeLabel(0.0034) == "0.0034")
        #expect(HitRateCurve.edgeLabel(0.021) == "0.021")
        #expect(HitRateCurve.edgeLabel(0.47) == "0.47")
        #expect(HitRateCurve.edgeLabel(30.48) == "30.5")
        // Many traces at exactly 0: the first edges are all 0 and only one 0 is labelled.
        let zeros = curveTraces().enumerated().map { i, t in var t = t; if i < 4 { t.release.velocity = 0 }; return t }
        let curve = HitRateCurve(policies: [NearestPageSnap()], traces: zeros, binning: .quantiles(6), minimumPerBin: 1)
        let labels = curve.xPlacement(curve.bins).ticks.map(\.label)
        #expect(Set(labels).count == labels.count, "\(labels)")
    }

    @Test("users are counted over the binned traces; under five the note says the error bars are not meaningful")
    func fewUsers() {
        let curve = HitRateCurve(policies: [NearestPageSnap()], traces: curveTraces(), binning: .quantiles(6))
        #expect(curve.users == 3, "users 0, 1 and 2 (the unlabelled and NaN traces of user 2 do not add one)")
        #expect(curve.note(curve.bins).contains("Only 3 users (fewer than 5): the error bars are not meaningful"))
        let many = curveTraces().enumerated().map { i, t in var t = t; t.user = i; return t }
        let five = HitRateCurve(policies: [NearestPageSnap()], traces: many, binning: .quantiles(6))
        #expect(five.users == 6)
        #expect(!five.note(five.bins).contains("Only"))
    }

    @Test("more bins than traces gives one trace per bin")
    func manyBins() {
        let curve = HitRateCurve(policies: [NearestPageSnap()], traces: curveTraces(), binning: .quantiles(50), minimumPerBin: 1)
        #expect(curve.bins.count == 6 && curve.bins.allSatisfy { $0.count == 1 })
        #expect(curve.bins.map(\.hits[0]) == [1, 1, 0, 0, 1, 1])
    }

    @Test("fixed edges: half-open bins, last one closed, outside excluded")
    func edges() {
        var traces = curveTraces()
        traces.append(tinyTrace("g", user: 3, start: 0, offset: 40, velocity: 2.5, intended: 0))
        traces.append(tinyTrace("h", user: 3, start: 0, offset: 40, velocity: 2, intended: 0))
        let curve = HitRateCurve(policies: [NearestPageSnap()], traces: traces, binning: .edges([1, 0.25, 2, 0, .nan, 1]))
        #expect(curve.bins.map(\.lower) == [0, 0.25, 1])
        #expect(curve.bins.map(\.count) == [2, 1, 4])
        #expect(curve.bins.map { $0.hits[0] } == [2, 0, 3])
        #expect(curve.excluded == 3)
    }

    @Test("no usable traces or edges: no bins, everything excluded")
    func empty() {
        #expect(HitRateCurve(policies: [NearestPageSnap()], traces: []).bins.isEmpty)
        let c = HitRateCurve(policies: [NearestPageSnap()], traces: curveTraces(), binning: .edges([1]))
        #expect(c.bins.isEmpty && c.excluded == 8)
        #expect(XMLStructure(c.svg(title: "empty").rendered()).wellFormed)
    }

    @Test("SVG: well-formed; axis labels, one line per policy, error bars, legend entries")
    func svgStructure() {
        let curve = HitRateCurve(policies: [NearestPageSnap(), Tag99Snap()], traces: curveTraces(), binning: .quantiles(2), minimumPerBin: 1)
        let doc = curve.svg(title: "Hit rate by speed")
        let xml = XMLStructure(doc.rendered())
        #expect(xml.wellFormed, "\(xml.error ?? "")")
        for label in ["Hit rate by speed", "|release velocity| (pt/ms), bins of equal counts", "0.10", "1.00", "1.50", "hit rate (fraction)", "policy", "nearest", "tag99"] {
            #expect(xml.texts.contains(label), "missing \(label)")
        }
        #expect(xml.count("polyline") == 2)
        let bars = doc.root().descendants(named: "line").filter { $0.attribute("class") == "error-bar" }
        #expect(bars.count == 4)
        let polylines = doc.root().descendants(named: "polyline")
        #expect(polylines.allSatisfy { ($0.attribute("points") ?? "").split(separator: " ").count == 2 })
        #expect(xml.texts.contains { $0.hasPrefix("nearest: 2/3 = 0.667 [0.208, 0.939]") })
    }

    @Test("renders to PNG with rsvg-convert", .enabled(if: rsvgConvertInstalled, "rsvg-convert (Debian librsvg2-bin) is not installed"))
    func rendersToPNG() throws {
        var traces: [TraceRelease] = []
        for i in 0..<300 {
            let v = Double(i % 30) / 10 * (i % 2 == 0 ? 1 : -1)
            let travel = v * 40 + Double(i % 7) * 9 - 27
            let start = 400.0
            let intended = 4 + (v > 1.2 ? 1 : v < -1.2 ? -1 : 0) + (i % 11 == 0 ? 1 : 0)
            traces.append(tinyTrace("t\(i)", user: i % 12, start: start, offset: start + travel, velocity: v, intended: intended))
        }
        let curve = HitRateCurve(policies: [NearestPageSnap(), Tag99Snap(), NearestPageSnap(basis: .projectedOffset)], traces: traces)
        let result = try renderPNG(curve.svg(title: "Hit rate by release speed").rendered(), name: "hit-rate")
        #expect(result.reason == nil, "\(result.reason ?? "")")
        #expect((result.bytes ?? 0) > 5_000, "PNG at \(result.path)")
    }
}
