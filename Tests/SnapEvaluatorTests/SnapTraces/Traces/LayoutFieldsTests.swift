import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces

@Suite struct LayoutFieldsTests {
    @Test func layoutFileFieldsOverrideTheBase() throws {
        let json = #"{"item_width": 300, "item_count": 5, "alignment": "center", "looping": true}"#
        let file = try LayoutFields.parse(json: Data(json.utf8), file: "layout.json")
        let merged = file.merged(over: benchLayout)
        let layout = try #require(try merged.layout())
        #expect(layout.itemWidth == 300)
        #expect(layout.itemCount == 5)
        #expect(layout.spacing == 10)
        #expect(layout.viewportWidth == 375)
        #expect(layout.alignment == .center)
        #expect(layout.isLooping)
    }

    @Test func aGivenLeadingInsetAlsoSetsTheTrailingDefault() throws {
        var base = benchLayout
        base.trailingInset = 50
        let layout = try #require(try LayoutFields(leadingInset: 20).merged(over: base).layout())
        #expect(layout.trailingInset == 20)
    }

    @Test(arguments: [#"{"item_width": "wide"}"#, #"{"itemWidth": 3}"#, #"[1, 2]"#, "not json", #"{"item_count": 2.5}"#,
                      #"{"alignment": "middle"}"#])
    func badLayoutFilesAreRefused(_ json: String) {
        #expect(throws: TraceParseError.self) { _ = try LayoutFields.parse(json: Data(json.utf8), file: "layout.json") }
    }

    @Test func missingRequiredFieldsGiveNoLayout() throws {
        #expect(try LayoutFields(itemWidth: 100).layout() == nil)
        #expect(LayoutFields(itemWidth: 100).missingRequired == ["viewport_width", "item_count"])
    }
}

@Suite struct LayoutFieldsJSONTests {
    @Test func zeroAndOneAreNumbersAndBooleansAreNot() throws {
        let f = try LayoutFields.parse(json: Data(#"{"item_spacing": 0, "leading_inset": 1, "looping": false}"#.utf8), file: "l.json")
        #expect(f.spacing == 0)
        #expect(f.leadingInset == 1)
        #expect(f.isLooping == false)
        #expect(throws: TraceParseError.self) { _ = try LayoutFields.parse(json: Data(#"{"item_width": true}"#.utf8), file: "l.json") }
        #expect(throws: TraceParseError.self) { _ = try LayoutFields.parse(json: Data(#"{"looping": 1}"#.utf8), file: "l.json") }
    }
}
