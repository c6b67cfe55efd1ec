import Foundation

enum CommandFixtures {
    /// A fixture of the evaluator tests (Tests/SnapEvaluatorTests/Fixtures).
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SnapEvaluatorTests/Fixtures/\(name)").path
    }

    static func write(_ text: String, name: String = "traces.csv") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
