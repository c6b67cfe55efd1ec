import Testing
@testable import SnapLabCommands

@Suite("Did you mean")
struct NameSuggestionTests {
    @Test("case-insensitive, prefixes and small edit distances; far names get nothing")
    func suggestions() {
        let ids = ["ashorizontal", "tag99", "nearest", "embla", "swiper"]
        #expect(NameSuggestion.closest(to: "tag9", among: ids) == ["tag99"])
        #expect(NameSuggestion.closest(to: "Embla", among: ids) == ["embla"])
        #expect(NameSuggestion.closest(to: "neraest", among: ids) == ["nearest"])
        #expect(NameSuggestion.closest(to: "zzzz", among: ids).isEmpty)
        #expect(NameSuggestion.closest(to: "lowtier", among: ["lowTier", "highTier", "lowTierPages"]) == ["lowTier", "lowTierPages"])
        #expect(NameSuggestion.hint(for: "comapre", among: ["compare", "explain"]) == " Did you mean 'compare'?")
        #expect(NameSuggestion.distance("abc", "acb") == 1)
    }

    @Test("negative numbers after an option become its value only when needed")
    func negatives() {
        #expect(SnapLab.joiningNegativeValues(["compare", "f.csv", "--bootstrap", "-5"]) == ["compare", "f.csv", "--bootstrap=-5"])
        #expect(SnapLab.joiningNegativeValues(["--a", "-x", "--", "--b", "-1"]) == ["--a", "-x", "--", "--b", "-1"])
    }
}
