import Testing
@testable import SnapLabSupport

@Suite("JSON writer")
struct JSONValueTests {
    @Test("exact text, key order kept, escapes and non-finite numbers")
    func exact() {
        let v = JSONValue.object([("b", .int(1)), ("a", .array([.number(0.5), .number(.nan), .number(2)])),
                                  ("s", .string("q\"\\\n\u{1}")), ("t", .bool(true)), ("n", .null)])
        #expect(v.rendered() == #"{"b":1,"a":[0.5,null,2],"s":"q\"\\\n\u0001","t":true,"n":null}"#)
        #expect(JSONValue.array([]).rendered(pretty: true) == "[]")
        #expect(JSONValue.object([("k", .int(1))]).rendered(pretty: true) == "{\n  \"k\": 1\n}")
    }
}
