import Testing
@testable import SnapStrategies

@Suite("Policy catalog")
struct PolicyCatalogTests {
    @Test("identifiers are unique and every policy documents itself")
    func unique() {
        let ids = PolicyCatalog.identifiers
        #expect(Set(ids).count == ids.count)
        for p in PolicyCatalog.all {
            #expect(!p.summary.isEmpty && !p.source.isEmpty)
            #expect(p.parameterValues == p.defaultParameterValues, "\(p.id) starts at its defaults")
            #expect(p.parameterSpecs.allSatisfy { $0.accepts($0.defaultValue) }, "\(p.id) defaults in range")
        }
    }

    @Test("lookup by identifier and by list")
    func lookup() throws {
        #expect(try PolicyCatalog.policy(id: "tag99").id == "tag99")
        #expect(try PolicyCatalog.policies(list: "nearest, tag99").map(\.id) == ["nearest", "tag99"])
        #expect(try PolicyCatalog.policies(list: "all").count == PolicyCatalog.all.count)
        #expect(throws: PolicyLookupError.self) { try PolicyCatalog.policy(id: "nope") }
    }
}
