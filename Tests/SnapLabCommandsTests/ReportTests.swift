import ArgumentParser
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SnapLabCommands

/// Element names and `id` attributes of an XML document, and whether it parsed.
private final class PageStructure: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var ids: [String] = []
    var wellFormed = false

    init(_ text: String) {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        wellFormed = parser.parse()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append(elementName)
        if let id = attributeDict["id"] { ids.append(id) }
    }
}

@Suite("snaplab report")
struct ReportTests {
    func directory() throws -> URL {
        let dir = try TestScratch.directory("report")
        return dir
    }

    @Test("--folds larger than the number of users is an error naming both, and no page is written (issue 31)")
    func moreFoldsThanUsers() throws {
        let traces = try CommandFixtures.write(flingFixture(users: 5))
        let out = try directory().appendingPathComponent("folds.html").path
        let command = try #require(try SnapLab.parseAsRoot(
            ["report", traces, "--out", out, "--policies", "nearest,tag99", "--bootstrap", "0", "--folds", "6"]) as? SnapLab.Report)
        do {
            _ = try command.render()
            Issue.record("--folds 6 with 5 users was accepted")
        } catch {
            #expect("\(error)".contains("--folds 6 is more than the 5 users of the data"), "\(error)")
            #expect(SnapLab.exitCode(for: error).rawValue == 64)
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("one well-formed, self-contained page with summary, comparison, plots and recommendation")
    func page() throws {
        let traces = try CommandFixtures.write(flingFixture())
        let out = try directory().appendingPathComponent("report.html").path
        let command = try #require(try SnapLab.parseAsRoot(
            ["report", traces, "--out", out, "--policies", "nearest,android-pagersnap,tag99,uikit-paging", "--bootstrap", "50",
             "--seed", "9"]) as? SnapLab.Report)
        let notes = try command.render()
        #expect(notes.contains("seed: 9") && notes.contains("wrote \(out)"))
        let html = try String(contentsOfFile: out, encoding: .utf8)
        let page = PageStructure(html)
        #expect(page.wellFormed)
        for section in ["summary", "comparison", "plots", "recommendation"] { #expect(page.ids.contains(section), "\(section)") }
        #expect(page.elements.filter { $0 == "svg" }.count == 3)
        #expect(page.elements.contains("table") && page.elements.contains("pre"))
        for forbidden in ["http://", "https://", "src=", "href="] { #expect(!html.contains(forbidden), "\(forbidden)") }
        // The describe table, the comparison rows, the plots' policies and the Swift code.
        #expect(html.contains("release speed (pt/ms)"))
        #expect(html.contains("android-pagersnap") && html.contains("uikit-paging"))
        #expect(html.contains("What the top 3 decide"))
        #expect(html.contains("Hit rate by release speed, top 4"))
        #expect(html.contains("func makeRecommendedSnapPolicy() throws -&gt; any SnapPolicy"))
        #expect(!html.contains("uniform sample of"))
    }

    @Test("beyond --max-fit-traces the page says it fitted a sample; --no-recommendation leaves the section out")
    func sampling() throws {
        let traces = try CommandFixtures.write(flingFixture())
        let dir = try directory()
        let out = dir.appendingPathComponent("sampled.html").path
        let sampled = try #require(try SnapLab.parseAsRoot(
            ["report", traces, "--out", out, "--policies", "nearest,android-pagersnap", "--bootstrap", "20",
             "--max-fit-traces", "150"]) as? SnapLab.Report)
        let notes = try sampled.render()
        #expect(notes.contains("uniform sample of 150 of 240 labelled traces"))
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("uniform sample of 150 of 240 labelled traces"))

        let bare = dir.appendingPathComponent("bare.html").path
        let plain = try #require(try SnapLab.parseAsRoot(
            ["report", traces, "--out", bare, "--policies", "nearest", "--bootstrap", "20", "--no-recommendation"]) as? SnapLab.Report)
        _ = try plain.render()
        let page = PageStructure(try String(contentsOfFile: bare, encoding: .utf8))
        #expect(page.wellFormed && page.ids.contains("plots") && !page.ids.contains("recommendation"))
    }

    @Test("usage errors exit 64; bad data exits 65 and leaves no file")
    func errors() throws {
        let traces = try CommandFixtures.write(flingFixture())
        let out = try directory().appendingPathComponent("r.html").path
        for args in [[traces], [traces, "--out", out, "--policies", "nope"], [traces, "--out", out, "--bootstrap", "0"],
                     ["--out", out]] {
            do {
                _ = try #require(try SnapLab.parseAsRoot(["report"] + args) as? SnapLab.Report).render()
                Issue.record("expected a usage error for \(args)")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 64, "\(args)")
            }
        }
        let broken = try CommandFixtures.write(flingFixture().replacingOccurrences(of: "u1-3,user1,220", with: "u1-3,user1,abc"))
        do {
            var command = try SnapLab.parseAsRoot(["report", broken, "--out", out])
            try command.run()
            Issue.record("expected a failure")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 65)
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
