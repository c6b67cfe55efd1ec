import Foundation
@testable import SnapLabSupport
@testable import SnapTraces
@testable import SnapSwipeModel
import SnapStrategies
import Testing

/// The checks of issue 35's fuzz targets (Fuzz/targets) over their seed corpora, in the normal
/// test run: pointer CSV and JSON-lines logs import or fail naming the file with a short
/// message, and what import writes the strict reader takes; layout files read or fail naming
/// the file; model files read (and then generate a CSV the reader takes) or fail naming the file
/// with no Swift type name. Inputs that crash a fuzzer go into these corpora.
@Suite struct NewSurfaceFuzzCorpusTests {
    static func corpus(_ name: String) -> [String] {
        let dir = packageRoot.appendingPathComponent("Fuzz/\(name)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0).path }
    }

    static let layout = try! CarouselLayout(itemWidth: 100, spacing: 0, viewportWidth: 100, itemCount: 10)

    static func strictlyReadable(_ text: String, layout: CarouselLayout) throws -> Bool {
        let path = try TestScratch.directory("fuzz-out").appendingPathComponent("o.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let reader = try TraceReader(path: path, options: TraceReadOptions(baseLayout: LayoutFields(layout)))
        _ = try reader.forEach { _ in }
        return true
    }

    @Test(arguments: [PointerImport.Format.pointerCSV, .pointerJSONL])
    func pointerLogs(format: PointerImport.Format) throws {
        let files = Self.corpus(format == .pointerCSV ? "corpus-pointer-csv" : "corpus-pointer-jsonl")
        #expect(!files.isEmpty)
        var options = PointerImportOptions(layout: Self.layout)
        options.scale = .pixelsPerPoint(1)
        let columns = try PointerColumns(parsing: "stroke=stroke,t=t,x=x,y=y,phase=phase,start_offset=start_offset")
        let job = PointerImport(format: format, csv: PointerCSVReader(columns: columns), options: options)
        var imported = 0
        for file in files {
            do {
                let result = try job.run(files: [file])
                if !result.traces.isEmpty {
                    #expect(try Self.strictlyReadable(result.text, layout: Self.layout), "\(file)")
                    imported += 1
                }
            } catch {
                #expect("\(error)".contains(file) && "\(error)".utf8.count < 1200, "\(error)")
            }
            // the same outcome every time (two missing columns were named in dictionary order)
            func outcome() -> String {
                do { return try job.run(files: [file]).text } catch { return "error: \(error)" }
            }
            let first = outcome()
            for _ in 0..<8 { #expect(outcome() == first, "\(file)") }
        }
        #expect(imported > 0)
    }

    @Test func layoutFiles() throws {
        for file in Self.corpus("corpus-layout") {
            do {
                _ = try LayoutFields.read(layoutFile: file).layout()
            } catch {
                #expect("\(error)".contains(file), "\(error)")
            }
        }
    }

    @Test func modelFiles() throws {
        let files = Self.corpus("corpus-model")
        #expect(files.count >= 3)
        for file in files {
            let model = try GeneratorModelFile.read(path: file)
            let layout = try #require(try model.layout?.layout())
            let live = try model.livePolicy.map { try PolicyCatalog.policy(id: $0) }
            let generator = try TraceGenerator(model: SwipeModel(parameters: model.parameters, layout: layout),
                                               traceCount: 4, userCount: 2, seed: 1, livePolicy: live)
            var bytes: [UInt8] = []
            try generator.write(with: TraceCSVWriter(kind: .samples, layout: layout, userCount: 2,
                                                     columns: .init(labelled: model.parameters.task != .browse, settledIndex: live != nil))) { bytes += $0 }
            #expect(try Self.strictlyReadable(String(decoding: bytes, as: UTF8.self), layout: layout), "\(file)")
        }
    }
}
