import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces

/// A swipe model as a JSON file: what `generate --save-model` writes, what `generate --model`
/// reads, and the sidecar `<out>.json` that `generate` writes beside every trace file it makes.
///
/// The sidecar is the generator's marker (`Docs/swipe-model.md` §9): a trace file `F` is synthetic
/// when `F.json` exists and its `generator` is ``generatorName``; `compare` then prints
/// ``notice(forTraceFile:)``. Keys: `generator`, `task`, `live_policy`, `seed`, `traces`, `users`,
/// `layout` (the carousel, points), `parameters` (every ``SwipeModelParameters`` field) and, after
/// `generate --like`, `uncertainty` (each fitted parameter's interval and data-limited mark).
public struct GeneratorModelFile: Sendable, Hashable, Codable {
    /// The value of `generator` that marks a file as ours.
    public static let generatorName = "snaplab generate"

    /// The carousel as written in the file (points).
    public struct Layout: Sendable, Hashable, Codable {
        public var itemWidth: Double
        public var itemSpacing: Double
        public var leadingInset: Double
        public var trailingInset: Double
        public var viewportWidth: Double
        public var itemCount: Int
        public var alignment: String
        public var looping: Bool

        public init(_ l: CarouselLayout) {
            itemWidth = l.itemWidth
            itemSpacing = l.spacing
            leadingInset = l.leadingInset
            trailingInset = l.trailingInset
            viewportWidth = l.viewportWidth
            itemCount = l.itemCount
            alignment = l.alignment.rawValue
            looping = l.isLooping
        }

        /// The validated layout.
        public func layout() throws -> CarouselLayout {
            guard let a = SnapAlignment(rawValue: alignment) else {
                throw SwipeModelError.invalidParameter(name: "layout alignment", value: alignment, expected: "leading, center or trailing")
            }
            return try CarouselLayout(itemWidth: itemWidth, spacing: itemSpacing, leadingInset: leadingInset,
                                      trailingInset: trailingInset, viewportWidth: viewportWidth, itemCount: itemCount,
                                      alignment: a, isLooping: looping)
        }
    }

    public var generator: String = Self.generatorName
    public var task: SwipeTask
    /// The live policy's identifier, if any.
    public var livePolicy: String?
    public var seed: UInt64?
    public var traces: Int?
    public var users: Int?
    public var layout: Layout?
    public var parameters: SwipeModelParameters
    /// `generate --like`: each fitted parameter's standard error, 95% interval and data-limited mark
    /// (``ParameterUncertainty``); absent otherwise.
    public var uncertainty: [ParameterUncertainty]?

    public init(parameters: SwipeModelParameters, livePolicy: String?, layout: CarouselLayout?,
                seed: UInt64? = nil, traces: Int? = nil, users: Int? = nil, uncertainty: [ParameterUncertainty]? = nil) {
        task = parameters.task
        self.livePolicy = livePolicy
        self.seed = seed
        self.traces = traces
        self.users = users
        self.layout = layout.map(Layout.init)
        self.parameters = parameters
        self.uncertainty = uncertainty
    }

    enum CodingKeys: String, CodingKey {
        case generator, task, seed, traces, users, layout, parameters, uncertainty
        case livePolicy = "live_policy"
    }

    /// Pretty-printed JSON with sorted keys (stable bytes), and a line feed.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Writes the file whole or not at all.
    public func write(to path: String) throws {
        let out = try AtomicFileOutput(path: path)
        try out.write(try encoded())
        try out.commit()
    }

    /// Reads and checks a model file (a file, `-`, a FIFO; ``InputFile``), every key within its
    /// range (``ModelFileCheck``).
    /// - Throws: ``DataFileError`` naming the file and the key that is missing or wrong, in plain
    ///   words; ``TraceParseError`` when the file cannot be read.
    public static func read(path: String) throws -> GeneratorModelFile {
        let bytes: [UInt8]
        do { bytes = try InputFile.readJSON(path) } catch { throw error.traceParseError }
        let file: GeneratorModelFile
        do {
            file = try JSONDecoder().decode(GeneratorModelFile.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, context) {
            throw DataFileError(file: path, key: Self.path(context.codingPath + [key]), found: "no such key",
                                expected: "every key that generate --save-model writes")
        } catch let DecodingError.typeMismatch(type, context) {
            throw DataFileError(file: path, key: Self.path(context.codingPath), found: "a value of another kind",
                                expected: ModelFileCheck.plain(type))
        } catch let DecodingError.valueNotFound(type, context) {
            throw DataFileError(file: path, key: Self.path(context.codingPath), found: "null", expected: ModelFileCheck.plain(type))
        } catch let DecodingError.dataCorrupted(context) {
            let key = Self.path(context.codingPath)
            if key.isEmpty {
                throw DataFileError(file: path, key: "", found: "text that is not JSON", expected: "a JSON object as generate --save-model writes")
            }
            let range = key.hasSuffix("Range")
            throw DataFileError(file: path, key: key, found: range ? "a range whose low end is above its high end" : "a value that cannot be read",
                                expected: range ? "a range [low, high] with low ≤ high" : "a value as generate --save-model writes")
        }
        try ModelFileCheck.check(file, path: path)
        return file
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// The sidecar path of trace file `path`: `path + ".json"`.
    public static func sidecarPath(forTraceFile path: String) -> String { path + ".json" }

    /// The one-line notice for a trace file that carries the generator's marker, or `nil`.
    public static func notice(forTraceFile path: String) -> String? {
        guard path != "-", let file = try? read(path: sidecarPath(forTraceFile: path)),
              file.generator == generatorName else { return nil }
        var what = "task \(file.task.rawValue)"
        if let live = file.livePolicy { what += ", live policy \(live)" }
        if let seed = file.seed { what += ", seed \(seed)" }
        return "note: \(path) is synthetic (snaplab generate, swipe model of Docs/swipe-model.md, \(what)); "
            + "its ranking is an example, not advice"
    }
}
