import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands
@testable import SnapSwipeModel
import SnapLabSupport
import SnapStrategies

/// `generate --like FILE --model START.json` (`Generate+LikeStart`): START's parameters are the
/// fit's start, and a START of another task or carousel is refused naming the option or key.
@Suite struct GenerateLikeStartTests {
    /// A model file at `path` from `parameters` (task reveal under free-scroll) on `layout`.
    func writeModel(_ parameters: SwipeModelParameters, layout: CarouselLayout?, to path: String) throws {
        try GeneratorModelFile(parameters: parameters, livePolicy: FreeScrollCarousel.identifier, layout: layout).write(to: path)
    }

    func reveal() -> SwipeModelParameters {
        var p = SwipeModelParameters()
        p.task = .reveal
        p.delivery.isEnabled = true
        return p
    }

    /// Before, `--like` with `--model` was a usage error ("give one of them").
    @Test func likeTakesAStartingModel() throws {
        let command = try SnapLab.Generate.parse(["--traces", "1", "--like", "x.csv", "--model", "start.json", "--out", "o.csv"])
        #expect(command.model == "start.json" && command.like == ["x.csv"])
    }

    @Test func aStartOfAnotherTaskOrLayoutIsRefused() throws {
        let dir = try TestScratch.directory("likestart").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layout = try CarouselLayout(itemWidth: 120, spacing: 8, leadingInset: 16, trailingInset: 16, viewportWidth: 360, itemCount: 20,
                                        alignment: .leading, isLooping: false)
        try writeModel(reveal(), layout: layout, to: dir + "/start.json")
        // the same task and layout: read, its parameters the fit's start
        let start = try SnapLab.Generate.LikeStart.read(path: dir + "/start.json", task: .reveal, taskGiven: false, layout: layout)
        #expect(start.file.parameters.task == .reveal)
        // another task: bad data naming the key (65), or with --task a usage error naming the option (64)
        #expect { _ = try SnapLab.Generate.LikeStart.read(path: dir + "/start.json", task: .paging, taskGiven: false, layout: layout) } throws: {
            ($0 as? DataFileError).map { $0.key == "task" && $0.description.contains("paging") } ?? false
        }
        #expect(throws: ExitCode(65)) {
            try TraceCommand.run { _ = try SnapLab.Generate.LikeStart.read(path: dir + "/start.json", task: .paging, taskGiven: false, layout: layout) }
        }
        #expect { _ = try SnapLab.Generate.LikeStart.read(path: dir + "/start.json", task: .paging, taskGiven: true, layout: layout) } throws: {
            ($0 as? ValidationError)?.message.contains("--task") ?? false
        }
        // another carousel: bad data naming the first key that differs
        let wider = try CarouselLayout(itemWidth: 150, spacing: 8, leadingInset: 16, trailingInset: 16, viewportWidth: 360, itemCount: 20,
                                       alignment: .leading, isLooping: false)
        #expect { _ = try SnapLab.Generate.LikeStart.read(path: dir + "/start.json", task: .reveal, taskGiven: false, layout: wider) } throws: {
            ($0 as? DataFileError).map { $0.key == "layout.itemWidth" && $0.found == "120" && $0.expected.hasPrefix("150") } ?? false
        }
        // a START without a layout takes the recording's
        try writeModel(reveal(), layout: nil, to: dir + "/bare.json")
        _ = try SnapLab.Generate.LikeStart.read(path: dir + "/bare.json", task: .reveal, taskGiven: false, layout: wider)
    }

    /// A START that sets `delivery.firstDeliveryMedian` starts a fit that fits it (withheld moves);
    /// without it the fitted model has none.
    @Test func aStartWithWithheldMovesFitsThem() throws {
        guard ExitCodeTests.binary != nil else { return }
        let dir = try TestScratch.directory("likestart-fit").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try ExitCodeTests.run(["generate", "--traces", "300", "--users", "10", "--seed", "4", "--task", "reveal", "--live-policy",
                                       "free-scroll", "--delivery", "frames", "-q", "--out", dir + "/rec.csv"]).status == 0)
        var start = try GeneratorModelFile.read(path: dir + "/rec.csv.json")
        start.parameters.delivery.firstDeliveryMedian = 80
        try start.write(to: dir + "/start.json")
        let like = ["generate", "--like", dir + "/rec.csv", "--traces", "0", "--seed", "1", "--threads", "2", "--allow-unconverged",
                    "--out", dir + "/like.csv"]
        let run = try ExitCodeTests.run(like + ["--model", dir + "/start.json", "--save-model", dir + "/fit.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: starting from \(dir)/start.json: its parameters are the fit's start; it sets delivery.firstDeliveryMedian 80 ms (withheld moves, fitted"), "\(run.stderr)")
        let fitted = try GeneratorModelFile.read(path: dir + "/fit.json")
        let median = try #require(fitted.parameters.delivery.firstDeliveryMedian)
        #expect(median != 80 && median > 0)
        #expect(fitted.uncertainty?.contains { $0.key == "delivery.firstDeliveryMedian" } ?? false)
        let plain = try ExitCodeTests.run(like + ["--save-model", dir + "/plain.json"])
        #expect(plain.status == 0 && !plain.stderr.contains("starting from"), "\(plain.stderr)")
        #expect(try GeneratorModelFile.read(path: dir + "/plain.json").parameters.delivery.firstDeliveryMedian == nil)
    }
}
