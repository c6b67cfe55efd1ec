import SnapStrategies
import Testing
@testable import SnapReports

@Suite("Decision map: where policies disagree")
struct DecisionMapDifferenceTests {
    @Test("a policy agrees with itself everywhere; two different rules disagree somewhere; the picture is well-formed")
    func distinct() {
        let grid = DecisionMap.Grid(velocityColumns: 8, positionRows: 4)
        let same = DecisionMap(policies: [NearestPageSnap(), NearestPageSnap()], layout: tinyLayout, grid: grid)
        #expect(same.distinctDecisions().allSatisfy { $0 == 1 })
        let two = DecisionMap(policies: [NearestPageSnap(), Tag99Snap()], layout: tinyLayout, grid: grid)
        let d = two.distinctDecisions()
        #expect(d.count == 32 && d.contains(2))
        let xml = XMLStructure(two.differenceSVG(title: "where they disagree").rendered())
        #expect(xml.wellFormed && xml.texts.contains { $0.hasPrefix("Policies compared: nearest, tag99.") })
    }
}
