import Foundation
import SnapStrategies
import Testing
@testable import SnapEvaluator

@Suite struct LayoutFileTests {
    func parse(_ json: String) throws(LayoutFileError) -> CarouselLayout {
        try LayoutFile.parse(Data(json.utf8), file: "layout.json")
    }

    @Test func readsAFullLayout() throws {
        let layout = try parse("""
            {"item_width": 300, "item_spacing": 12, "leading_inset": 20, "trailing_inset": 30,
             "viewport_width": 390, "item_count": 12, "alignment": "center", "looping": true}
            """)
        #expect(layout == (try CarouselLayout(itemWidth: 300, spacing: 12, leadingInset: 20, trailingInset: 30,
                                              viewportWidth: 390, itemCount: 12, alignment: .center, isLooping: true)))
    }

    @Test func appliesDefaults() throws {
        let layout = try parse(#"{"item_width": 160, "viewport_width": 375, "item_count": 40}"#)
        #expect(layout.spacing == 0 && layout.leadingInset == 0 && layout.trailingInset == 0)
        #expect(layout.alignment == .leading && !layout.isLooping)
    }

    @Test(arguments: [
        (#"{"viewport_width": 375, "item_count": 4}"#, LayoutFileError.missingKey(file: "layout.json", key: "item_width")),
        (#"{"item_width": 160, "viewport_width": 375, "item_count": 4, "itemwidth": 3}"#,
         .unknownKeys(file: "layout.json", keys: ["itemwidth"])),
        (#"{"item_width": "wide", "viewport_width": 375, "item_count": 4}"#,
         .invalidValue(file: "layout.json", key: "item_width", expected: "a number of points")),
        (#"{"item_width": 160, "viewport_width": 375, "item_count": 4, "alignment": "middle"}"#,
         .invalidValue(file: "layout.json", key: "alignment", expected: #"one of "leading", "center", "trailing""#)),
        (#"{"item_width": 160, "viewport_width": 375, "item_count": 4, "looping": 1}"#,
         .invalidValue(file: "layout.json", key: "looping", expected: "true or false")),
        (#"{"item_width": 160, "viewport_width": 375, "item_count": 0}"#,
         .invalidLayout(file: "layout.json", error: .noItems(count: 0))),
    ])
    func reportsTheFaultyKey(json: String, expected: LayoutFileError) {
        #expect(throws: expected) { try parse(json) }
    }

    @Test func rejectsNonObjects() {
        for text in ["[1, 2]", "{", ""] {
            #expect(throws: LayoutFileError.self) { try parse(text) }
        }
    }

    @Test func loadsFromDiskAndNamesMissingFiles() throws {
        let path = NSTemporaryDirectory() + "snaplab-layout-\(UUID().uuidString).json"
        try #"{"item_width": 100, "viewport_width": 320, "item_count": 5}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try LayoutFile.load(path: path).itemCount == 5)
        #expect {
            try LayoutFile.load(path: path + ".missing")
        } throws: { error in
            guard case LayoutFileError.unreadable(let file, _) = error else { return false }
            return file == path + ".missing"
        }
    }
}
