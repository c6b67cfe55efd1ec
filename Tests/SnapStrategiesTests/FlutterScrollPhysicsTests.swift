import Testing
@testable import SnapStrategies

@Suite("Flutter scroll physics")
struct FlutterScrollPhysicsTests {
    @Test("one physics type names both Flutter paging policies' variants")
    func identifiers() {
        #expect(FlutterPageViewSnap(physics: .clamping).id == "flutter-pageview")
        #expect(FlutterPageViewSnap(physics: .bouncing).id == "flutter-pageview-bouncing")
        #expect(FlutterFixedExtentSnap(physics: .clamping).id == "flutter-fixedextent")
        #expect(FlutterFixedExtentSnap(physics: .bouncing).id == "flutter-fixedextent-bouncing")
        #expect(FlutterScrollPhysics(rawValue: "bouncing") == .bouncing)
    }
}
