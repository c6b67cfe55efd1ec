import Foundation
import SnapStrategies
import Testing
import SnapLabSupport
@testable import SnapTraces
@testable import SnapReports

@Suite("policy export: header, shape, names")
struct PolicyExportTests {
    static func export(_ p: any SnapPolicy, platform: String? = nil) -> PolicyExport {
        PolicyExport(policy: p, header: ExportHeader(policy: p, velocity: "lsq2 (test)", hit: "intended-item", data: "a.csv; 300 traces",
                                                     platform: platform))
    }

    @Test("type names follow the identifiers")
    func names() {
        #expect(Self.export(Tag99Snap()).typeName == "Tag99Snap")
        #expect(Self.export(CSSScrollSnap(strictness: .mandatory)).typeName == "CssSnapMandatorySnap")
        #expect(Self.export(ComposeLazyRowSnap()).typeName == "ComposeLazyrowSnap")
    }

    @Test("every file carries the MIT licence, policy, values, velocity, hit, platform and data")
    func header() throws {
        var p = Tag99Snap()
        try p.setParameter(named: "lowTier", to: 1.75)
        var e = Self.export(p, platform: "ios")
        e.header.parameters[0].fitted = true
        e.header.parameters[0].interval = (Interval(lower: 1.5, upper: 2.0), 0.95)
        for language in [ExportLanguage.swift, .kotlin, .js] {
            for file in try e.files(language) {
                let t = file.text
                for part in ["Licence: MIT", "Policy: tag99", "lowTier = 1.75 pt/ms (fitted; 95% interval 1.5…2.0)",
                             "highTier = 2.7 pt/ms (not fitted)", "decelerationRate = 0.998 per ms (not fitted); platform constant",
                             "Velocity: lsq2 (test).", "Hit criterion: intended-item.", "Platform: ios.", "Data: a.csv; 300 traces."] {
                    #expect(t.contains(part), "\(language) \(file.role): \(part)")
                }
            }
        }
        #expect(Self.export(p).header.lines.contains("Platform: not stated."))
        // The licence is SnapStrategies' own, word for word.
        let file = try String(contentsOf: packageRoot.appendingPathComponent("Sources/SnapStrategies/LICENSE"), encoding: .utf8)
        #expect(ExportHeader.licence == file.trimmingCharacters(in: .newlines))
        let js = try e.files(.js)[0].text
        #expect(js.contains("// THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR"))
    }

    @Test("the shapes: Kotlin object and data classes, an ES module with its .d.ts and tracker, Swift with named values")
    func shapes() throws {
        let e = Self.export(Tag99Snap())
        let kotlin = try e.files(.kotlin)[0].text
        #expect(kotlin.contains("object Tag99Snap {") && kotlin.contains("fun targetIndex(layout: SnapLayout, release: SnapRelease): Int"))
        #expect(kotlin.contains("data class SnapLayout(") && kotlin.contains("data class SnapRelease("))
        #expect(kotlin.contains("const val lowTier: Double = 2.2 // pt/ms"))
        let js = try e.files(.js)
        #expect(js.count == 2 && js[1].role == .declarations)
        #expect(js[0].text.contains("export function targetIndex(layout, release)"))
        #expect(js[0].text.contains("export function createVelocityTracker()"))
        #expect(js[1].text.contains("export declare function createVelocityTracker(): VelocityTracker;"))
        #expect(js[1].path(forMain: "out/carousel.mjs") == "out/carousel.d.ts")
        // No tracker when the values assume another estimator (the module has no port of it).
        var chromium = e
        chromium.header.velocity = "chromium"
        #expect(try !chromium.files(.js)[0].text.contains("createVelocityTracker"))
        let swift = try e.files(.swift)[0].text
        #expect(swift.contains("enum Tag99SnapExport {") && swift.contains("2.2,  // lowTier, pt/ms"))
        #expect(swift.contains("static func targetIndex(layout: CarouselLayout, release: Release, policy: any SnapPolicy) -> Int"))
    }

    @Test("every catalogue policy, capped too, exports to swift, kotlin and js; a policy without native settings is refused for native")
    func everyPolicyExports() throws {
        for language in [ExportLanguage.swift, .kotlin, .js] {
            #expect(PolicyExport.supportedIdentifiers(language) == PolicyCatalog.identifiers, "\(language)")
            for id in PolicyCatalog.identifiers {
                for name in [id, id + "@max1"] {
                    let files = try Self.export(try PolicyCatalog.policy(id: name)).files(language)
                    #expect(!files.isEmpty && files.allSatisfy { $0.text.contains("Policy: \(name)") }, "\(name) \(language)")
                }
            }
        }
        // The one language that still refuses: native settings exist only for platforms with such knobs.
        let unsupported = try #require(PolicyCatalog.identifiers.first { !NativeSettings.supportedIdentifiers.contains($0) })
        let e = Self.export(try PolicyCatalog.policy(id: unsupported))
        #expect(throws: ExportError.unsupported(policy: unsupported, language: .native, supported: NativeSettings.supportedIdentifiers)) {
            try e.files(.native)
        }
    }

    @Test("a capped policy (ID@max<n>) exports with the clamp after the decision, or the platform's own cap, never as native settings")
    func capped() throws {
        let tag = Self.export(try PolicyCatalog.policy(id: "tag99@max1"))
        #expect(tag.typeName == "Tag99Max1Snap")
        #expect(try tag.files(.kotlin)[0].text.contains("SnapMath.clamp(slot, start - 1, start + 1)"))
        let js = try tag.files(.js)[0].text
        #expect(js.contains("id: \"tag99@max1\"") && js.contains("maxItemsPerFling: 1 }") && js.contains("const DECIDER = Object.freeze({ id: \"tag99\""))
        #expect(try tag.files(.swift)[0].text.contains("PolicyCatalog.policy(id: \"tag99@max1\")"))
        // SwiftUI's own cap: maxViews = min(maxViews, n), no clamp after the decision.
        let aligned = try PolicyCatalog.policy(id: "swiftui-viewaligned@max1").withParameterValues([0.998, 3])
        let alignedJS = try Self.export(aligned).files(.js)[0].text
        #expect(alignedJS.contains("maxViews: \(ExportNumber.text(1))") && !alignedJS.contains("maxViews: \(ExportNumber.text(3))"))
        #expect(alignedJS.contains("maxItemsPerFling: null"))
        #expect(!(try Self.export(aligned).files(.kotlin)[0].text.contains("+cap")))
        #expect(throws: ExportError.self) { try Self.export(try PolicyCatalog.policy(id: "swiper@max1")).files(.native) }
    }
}
