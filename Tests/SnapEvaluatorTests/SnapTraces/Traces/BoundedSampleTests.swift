import Testing
import SnapLabSupport
@testable import SnapTraces

@Suite struct BoundedSampleTests {
    @Test func keepsEverythingUpToCapacityThenStaysBounded() {
        var b = BoundedSample(capacity: 100)
        for i in 0..<100 { b.add(Double(i)) }
        #expect(b.isExact)
        #expect(b.values.count == 100)
        for i in 100..<10_000 { b.add(Double(i)) }
        #expect(!b.isExact)
        #expect(b.values.count == 100)
        #expect(b.seen == 10_000)
        #expect(b.minimum == 0 && b.maximum == 9999)
        // a uniform sample of 0..<10000: its median is near 5000
        let median = Percentile.of(b.values, 0.5)
        #expect(abs(median - 5000) < 1500)
    }
}
