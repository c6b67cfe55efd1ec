import Foundation
import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting
@testable import SnapReports
@testable import SnapSwipeModel

@Suite("ReportPage")
struct ReportPageTests {
    func collect(fitCapacity: Int) throws -> (ReportCollector, ReadSummary) {
        let path = try TestFiles.fixture("gen50_seed3.csv")
        let collector = try ReportCollector(policies: [Tag99Snap(), NearestPageSnap(), NearestPageSnap(basis: .projectedOffset),
                                                       AndroidPagerSnapHelperSnap(), UIKitPagingSnap()],
                                            overlayCapacity: 20, fitCapacity: fitCapacity, seed: 7)
        let summary = try TraceReader.read(paths: [path], options: withLayout) { collector.add($0) }
        return (collector, summary)
    }

    @Test("the page has every section, top-3 map and top-4 curve, the recommendation with its code, and no external reference")
    func page() throws {
        let (collector, summary) = try collect(fitCapacity: 1000)
        var builder = ReportPage()
        builder.bootstrap = 50
        builder.fitter = PolicyFitter(starts: 1)
        builder.folds = 3
        let (page, notes) = try builder.build(collector, summary: summary)
        #expect(notes.isEmpty)
        let html = page.rendered()
        let xml = XMLStructure(html)
        #expect(xml.wellFormed, "\(xml.error ?? "")")
        let ids = xml.attributes(of: "section").compactMap { $0["id"] }
        #expect(ids == ["verdict", "comparison", "plots", "intent", "users", "recommendation", "summary"])
        #expect(xml.count("svg") == 3 && xml.count("figure") == 3, "maps, where they disagree, the curve")
        #expect(html.contains("What the top 3 decide") && html.contains("Where the top 3 disagree")
                && html.contains("Hit rate by release speed, top 4"))
        #expect(html.contains("<pre class=\"details\">") && html.contains("samples per trace"))
        #expect(html.contains("class=\"confusion\"") && html.contains("Hit rate by what the person meant"))
        let verdict = try #require(page.verdict)
        #expect(html.contains("Use <code>" + verdict.policy + "</code>"))
        #expect(html.contains("makeRecommendedSnapPolicy"))
        // Issue 30: fitted configurations are rows of their own under the comparison, scored held out,
        // and the verdict's number is the chosen configuration's held-out rate.
        #expect(html.contains("Fitted configurations, scored held out") && html.contains("fitted, held out"))
        #expect(verdict.heldOut != nil && html.contains("id=\"verdict-rate\""))
        for forbidden in ["http://", "https://", "src=", "href="] { #expect(!html.contains(forbidden), "\(forbidden)") }
    }

    @Test("a capped fit says it used a sample; without a recommendation the section is left out")
    func sampleAndNoRecommendation() throws {
        let (collector, summary) = try collect(fitCapacity: 40)
        var builder = ReportPage()
        builder.bootstrap = 20
        builder.fitter = PolicyFitter(starts: 1)
        builder.folds = 3
        let (page, notes) = try builder.build(collector, summary: summary)
        #expect(notes.contains { $0.contains("sample of 40 of 50 labelled traces") })
        #expect(page.recommendation.hasPrefix("Fitted and cross-validated on a seeded uniform sample of 40 of 50"))
        builder.recommend = false
        let (bare, _) = try builder.build(collector, summary: summary)
        #expect(bare.recommendation.isEmpty && !bare.rendered().contains("id=\"recommendation\""))
    }
}
