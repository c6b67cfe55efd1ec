// libFuzzer entry point for model files (`generate --model FILE`): GeneratorModelFile.read
// (InputFile, nesting limit, decoding in plain words, ModelFileCheck's ranges per key). Built by
// `Scripts/fuzz --target model`.
//
// Invariants: no trap or sanitizer report; an error names the file, stays short and carries no
// Swift type name; a model that is read builds a swipe model and generates a few traces whose
// CSV the reader takes in strict mode (never a t_ms of inf or a value the reader refuses).
#if canImport(Glibc)
import Glibc
#endif
import SnapLabSupport
import SnapTraces
import SnapSwipeModel
import SnapStrategies

private let defaultLayout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)

@_cdecl("LLVMFuzzerTestOneInput")
public func modelFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let path = fuzzFile(data, size, suffix: "json") else { return 0 }
    let file: GeneratorModelFile
    do {
        file = try GeneratorModelFile.read(path: path)
    } catch {
        let message = "\(error)"
        if !message.contains(path) { fatalError("the error does not name the file: \(message)") }
        for swiftName in ["Swift.", "DecodingError", "CodingKeys", "Optional<"] where message.contains(swiftName) {
            fatalError("a Swift type name in the error: \(message)")
        }
        checkMessage(message, input: size)
        return 0
    }
    do {
        let layout = try file.layout?.layout() ?? defaultLayout
        let model = try SwipeModel(parameters: file.parameters, layout: layout)
        let live = try file.livePolicy.map { try PolicyCatalog.policy(id: $0) }
        if live == nil && file.parameters.task != .paging { return 0 }   // refused by generate as a usage error
        let generator = try TraceGenerator(model: model, traceCount: 4, userCount: 2, seed: 1, livePolicy: live)
        let writer = TraceCSVWriter(kind: .samples, layout: layout, userCount: 2,
                                    columns: .init(labelled: file.parameters.task != .browse, settledIndex: live != nil))
        var bytes: [UInt8] = []
        try generator.write(with: writer) { bytes += $0 }
        if let refused = strictRead(scratchOutput(String(decoding: bytes, as: UTF8.self)), layout: layout) {
            fatalError("generate wrote a file the reader refuses: \(refused)")
        }
    } catch {
        // a checked model must build and generate (or fail with a plain error, never trap)
        let message = "\(error)"
        if message.contains("not finite") { return 0 }
        fatalError("a model that passed its checks failed to generate: \(message)")
    }
    return 0
}
