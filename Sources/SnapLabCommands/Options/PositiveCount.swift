import ArgumentParser
import Foundation
import SnapLabSupport

/// Usage errors for numbers that must be positive, saying so when a negative one is given.
enum PositiveCount {
    /// - Throws: `ValidationError` ("--bootstrap must be a positive number of resamples (1 to
    ///   1000000), not -5") unless `1 ≤ value ≤ max`.
    static func check(_ value: Int, option: String, unit: String, max: Int = Int.max) throws {
        guard value < 1 || value > max else { return }
        let range = max == Int.max ? "" : " (1 to \(max))"
        throw ValidationError("\(option) must be a positive number of \(unit)\(range), not \(value)")
    }
}

/// Extra output files (`--meta`): written whole through a temporary file.
enum SideFile {
    static func write(_ text: String, to path: String) throws {
        let file = try AtomicFileOutput(path: path)
        try file.write(Array(text.utf8))
        try file.commit()
    }
}
