import ArgumentParser
import Foundation
import SnapStrategies
import Testing
@testable import SnapLabCommands

@Suite("snaplab policies")
struct PoliciesTests {
    @Test("JSON lists every policy with id, description, source and bounded parameters")
    func json() throws {
        let command = try SnapLab.parseAsRoot(["policies", "--format", "json"])
        let out = try #require(command as? SnapLab.Policies).render()
        let list = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == PolicyCatalog.identifiers)
        for p in list {
            #expect(p["description"] is String && p["source"] is String)
            for param in try #require(p["parameters"] as? [[String: Any]]) {
                for key in ["name", "unit", "default", "min", "max"] { #expect(param[key] != nil, "\(key)") }
            }
        }
    }

    @Test("the table shows units, defaults and ranges")
    func table() throws {
        let out = try #require(try SnapLab.parseAsRoot(["policies"]) as? SnapLab.Policies).render()
        #expect(out.contains("lowTier           pt/ms                 2.2      2.2  0...20"))
    }
}
