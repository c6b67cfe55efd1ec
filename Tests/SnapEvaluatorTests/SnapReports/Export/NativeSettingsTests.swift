import SnapStrategies
import Testing
@testable import SnapReports

@Suite("native settings of platform policies")
struct NativeSettingsTests {
    static func header(_ p: any SnapPolicy) -> ExportHeader { ExportHeader(policy: p, velocity: "compose", hit: "lsq2", data: "test") }

    @Test("Compose pager: atMost(n) and the positional threshold are knobs; a changed fling speed is not")
    func compose() throws {
        let pager = try PolicyCatalog.policy(id: "compose-pager")
        var p = pager
        try p.setParameter(named: "maxPages", to: 2)
        try p.setParameter(named: "positionalThreshold", to: 0.3)
        let s = try #require(NativeSettings(policy: p))
        #expect(s.code.contains("PagerSnapDistance.atMost(2)") && s.code.contains("snapPositionalThreshold = 0.3f"))
        #expect(s.suffices)
        #expect(!s.withoutKnob.contains { $0.name == "maxPages" || $0.name == "positionalThreshold" })
        try p.setParameter(named: "minFlingVelocity", to: 0.3)
        let changed = try #require(NativeSettings(policy: p))
        #expect(!changed.suffices)
        #expect(changed.text(header: Self.header(p)).contains("minFlingVelocity = 0.3 (differs from the platform's default)"))
        // A platform constant (the device's density) does not stop the settings from sufficing.
        var dense = pager
        try dense.setParameter(named: "density", to: 2.75)
        #expect(try #require(NativeSettings(policy: dense)).suffices)
    }

    @Test("Swiper: every parameter is an option; Embla: only skipSnaps and containScroll")
    func web() throws {
        var swiper = try PolicyCatalog.policy(id: "swiper")
        try swiper.setParameterValues([250, 0.35, 12, 0, 1])
        let s = try #require(NativeSettings(policy: swiper))
        #expect(s.withoutKnob.isEmpty && s.suffices)
        for part in ["threshold: 12.0", "longSwipesRatio: 0.35", "longSwipesMs: 250.0", "shortSwipes: false", "longSwipes: true"] {
            #expect(s.code.contains(part), "\(part)")
        }
        var embla = try PolicyCatalog.policy(id: "embla")
        try embla.setParameter(named: "skipSnaps", to: 1)
        try embla.setParameter(named: "containScroll", to: 2)
        let e = try #require(NativeSettings(policy: embla))
        #expect(e.code.contains("skipSnaps: true") && e.code.contains("containScroll: \"keepSnaps\""))
        #expect(e.withoutKnob.map(\.name) == ["forceBoost", "minimumSpeed", "thresholdFraction", "thresholdMinimum", "thresholdMaximum", "skipFactor"])
    }

    @Test("CSS: scroll-snap-stop from stopAlways, in /* */ comments only")
    func css() throws {
        var css = try PolicyCatalog.policy(id: "css-snap-proximity")
        try css.setParameter(named: "stopAlways", to: 1)
        let s = try #require(NativeSettings(policy: css))
        let text = s.text(header: Self.header(css))
        #expect(text.contains("scroll-snap-type: x proximity") && text.contains("scroll-snap-stop: always"))
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("//") })
        #expect(text.contains("proximityRatio = 0.3333333333333333 (the platform's default)"))
    }

    @Test("policies without platform knobs have none, and export says so")
    func none() throws {
        #expect(NativeSettings(policy: Tag99Snap()) == nil)
        #expect(NativeSettings(policy: LearnedThresholdSnap()) == nil)
        #expect(throws: ExportError.self) {
            try PolicyExport(policy: Tag99Snap(), header: Self.header(Tag99Snap())).files(.native)
        }
        #expect(NativeSettings.supportedIdentifiers.contains("compose-pager"))
    }
}
