import Testing
@testable import SnapReports

@Suite("Palette")
struct PaletteTests {
    @Test("categorical colours are distinct and cycle")
    func categorical() {
        #expect(Set(Palette.categorical).count == Palette.categorical.count)
        #expect(Palette.series(0) == "#0072B2")
        #expect(Palette.series(8) == Palette.series(0))
        #expect(Palette.series(-1) == Palette.categorical.last)
    }

    @Test("pages moved: seven distinct colours, clamped beyond ±3, zero in the middle")
    func diverging() {
        #expect(Set(Palette.diverging).count == 7)
        #expect(Palette.pages(0) == "#f7f7f7")
        #expect(Palette.pages(5) == Palette.pages(3))
        #expect(Palette.pages(Int.min) == Palette.pages(-3))
        #expect(Palette.pages(-1) != Palette.pages(1))
    }

    @Test("pages moved labels")
    func labels() {
        #expect(Palette.pagesLabel(0) == "0")
        #expect(Palette.pagesLabel(2) == "+2")
        #expect(Palette.pagesLabel(-1) == "\u{2212}1")
        #expect(Palette.pagesLabel(3) == "\u{2265} +3")
        #expect(Palette.pagesLabel(-7) == "\u{2264} \u{2212}3")
    }
}
