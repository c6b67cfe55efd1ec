import Foundation
import Testing
@testable import SnapLabCommands

/// `recommend`, `report` and `fit` on the hand-checked fixture: 2 users.
@Suite("Small data: two users")
struct SmallDataTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/fixture-handchecked.csv").path

    @Test("recommend works, with leave-one-user-out folds and a note that a recommendation needs more users")
    func recommend() throws {
        let command = try #require(try SnapLab.parseAsRoot(
            ["recommend", Self.fixture, "--policies", "nearest,tag99,android-pagersnap"]) as? SnapLab.Recommend)
        let (report, _) = try command.recommendation()
        let text = report.table()
        #expect(report.recommendation.folds == 2)
        #expect(text.contains("leave-one-user-out"))
        #expect(text.contains("a recommendation needs at least 10 users"))
        #expect(text.contains("func makeRecommendedSnapPolicy()"))
    }

    @Test("report writes its page and says why it makes no recommendation")
    func report() throws {
        let dir = try TestScratch.directory("small")
        let out = dir.appendingPathComponent("report.html").path
        let command = try #require(try SnapLab.parseAsRoot(
            ["report", Self.fixture, "--out", out, "--policies", "nearest,tag99", "--bootstrap", "20"]) as? SnapLab.Report)
        _ = try command.render()
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.contains("No recommendation:") && html.contains("needs at least"))
    }

    @Test("an interval from one user is marked not estimable, never shown as zero-width")
    func oneUser() throws {
        let path = try CommandFixtures.write(flingFixture(users: 1), name: "one-user.csv")
        let command = try #require(try SnapLab.parseAsRoot(["compare", path, "--policies", "nearest,tag99", "--bootstrap", "20"])
                                   as? SnapLab.Compare)
        let text = try command.output().text
        #expect(text.contains("not estimable"))
        #expect(!text.contains("[0.400, 0.400]"), "nearest hits 16 of 40: no zero-width interval")
    }

    @Test("fit marks intervals from fewer than 5 users")
    func fit() throws {
        let command = try #require(try SnapLab.parseAsRoot(
            ["fit", Self.fixture, "--policy", "tag99", "--bootstrap", "5"]) as? SnapLab.Fit)
        let text = try command.output().text
        #expect(text.contains("†") && text.contains("fewer than 5"))
        #expect(text.contains("leave-one-user-out"))
    }
}
