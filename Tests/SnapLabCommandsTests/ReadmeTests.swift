import Foundation
import SnapStrategies
import Testing
@testable import SnapLabCommands

/// The README as a user meets it: its `snaplab` examples run, its policy table lists every
/// policy, its links point at files in the repository, and the two commands are as promised.
@Suite("README")
struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var readme: String { (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? "" }

    /// Lines starting with `snaplab ` inside ```sh blocks.
    static func examples(_ text: String) -> [String] {
        var inShell = false
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = line == "```sh"; continue }
            if inShell, line.hasPrefix("snaplab ") { out.append(String(line)) }
        }
        return out
    }

    @Test("the two commands, exactly")
    func twoCommands() {
        #expect(Self.readme.contains("bash Scripts/run.sh     # the main job on the bundled data in Data/"))
        #expect(Self.readme.contains("bash Scripts/test.sh    # the whole test suite"))
    }

    @Test("the policy table names every policy in the catalogue")
    func policyTable() {
        for id in PolicyCatalog.identifiers { #expect(Self.readme.contains("| `\(id)` |"), "\(id) is missing") }
    }

    @Test("links stay inside the repository and point at files that exist")
    func links() {
        let docs = ["README.md", "Docs/design/architecture.md", "Docs/performance.md", "Docs/policies.md", "Docs/trace-format.md", "Docs/per-trace.md"]
        for doc in docs {
            let text = (try? String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)) ?? ""
            #expect(!text.isEmpty, "\(doc) is missing")
            #expect(!text.contains("../shared") && !text.contains("shared/spec"), "\(doc) points outside the repository")
            Self.expectLinkedFilesExist(in: text, of: doc)
        }
    }

    /// Every Markdown file under Docs/ (user docs, Docs/design, Docs/research) and Scripts/README.md:
    /// its relative links and the `Docs/…` and `Scripts/…` paths it names exist (files move between
    /// those folders; issue 29).
    @Test("every doc's links and named Docs/ and Scripts/ paths point at files that exist")
    func everyDocsLinks() throws {
        let fm = FileManager.default
        var docs = ["README.md", "Scripts/README.md"]
        let enumerator = try #require(fm.enumerator(atPath: Self.root.appendingPathComponent("Docs").path))
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".md") { docs.append("Docs/" + path) }
        }
        #expect(docs.count >= 15 && docs.contains("Docs/research/README.md") && docs.contains("Docs/design/README.md"))
        let named = try Regex(#"(Docs|Scripts)/[A-Za-z0-9_./-]*[A-Za-z0-9_]"#)
        for doc in docs {
            let text = (try? String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)) ?? ""
            #expect(!text.isEmpty, "\(doc) is missing")
            Self.expectLinkedFilesExist(in: text, of: doc)
            for match in text.matches(of: named) {
                let path = String(text[match.range])
                #expect(fm.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(doc) names \(path)")
            }
        }
    }

    static func expectLinkedFilesExist(in text: String, of doc: String) {
        let base = URL(fileURLWithPath: doc).deletingLastPathComponent().path
        for part in text.components(separatedBy: "](").dropFirst() {
            guard let end = part.firstIndex(of: ")") else { continue }
            let target = String(part[..<end]).components(separatedBy: "#")[0]
            guard !target.isEmpty, !target.hasPrefix("http") else { continue }
            let path = (base == "." || base.isEmpty ? target : base + "/" + target)
            let normalized = URL(fileURLWithPath: path, relativeTo: Self.root).standardized.path
                .replacingOccurrences(of: Self.root.standardized.path + "/", with: "")
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(normalized).path), "\(doc) → \(target)")
        }
    }

    @Test("every snaplab example in the README runs", .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built"),
          .timeLimit(.minutes(6)))
    func examplesRun() throws {
        let examples = Self.examples(Self.readme)
        #expect(examples.count >= 5)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let small = try ExampleRunner.smallFile(in: dir)
        for example in examples {
            let r = try ExampleRunner.run(example, in: dir, small: small)
            #expect(r.status == 0, "\(example): \(r.stderr)")
        }
    }
}
