import SnapStrategies
import Testing
@testable import SnapSwipeModel

@Suite struct TraceCSVWriterTests {
    func swipe(cancelled: Bool = false) -> SyntheticSwipe {
        SyntheticSwipe(traceID: 12, user: 7, session: 3, chunk: 2, startSlot: 2, startIndex: 2, startOffset: 340,
                       intent: 1, goalIntent: 1, stepInGoal: 0, intendedIndex: 3, style: .flick, strategy: .stepper,
                       liftTail: .none, isCancelled: cancelled, rate: 120, releaseVelocity: 1.23456,
                       times: [10, 18.3333, 26.6667], offsets: [340, 351.5, -0.0004])
    }

    @Test func writesSampleRowsExactly() throws {
        let layout = try benchLayout()
        let writer = TraceCSVWriter(kind: .samples, layout: layout, userCount: 100)
        #expect(writer.header == "trace_id,user_id,session_id,t_ms,offset,phase,start_offset,start_index,intended_index,"
                + "item_width,item_spacing,leading_inset,viewport_width,item_count\n")
        var bytes: [UInt8] = []
        writer.append(swipe(), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            t12,u007,s2.3,10.000,340.000,began,340.000,2,3,160,10,10,375,40
            t12,u007,s2.3,18.333,351.500,moved,340.000,2,3,160,10,10,375,40
            t12,u007,s2.3,26.667,0.000,ended,340.000,2,3,160,10,10,375,40

            """)
        bytes.removeAll()
        writer.append(swipe(cancelled: true), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("0.000,cancelled,340.000,2,3,160,10,10,375,40\n"))
    }

    @Test func writesReleaseRowsAndSkipsCancelled() throws {
        let writer = TraceCSVWriter(kind: .releases, layout: try benchLayout(), userCount: 5000,
                                    precision: .init(time: 2, offset: 1, velocity: 3))
        var bytes: [UInt8] = []
        writer.append(swipe(), to: &bytes)
        writer.append(swipe(cancelled: true), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "t12,u0007,s2.3,0.0,1.235,340.0,2,3,160,10,10,375,40\n")
        #expect(writer.userName(42) == "u0042")
    }

    @Test func addsLayoutColumnsOnlyWhenTheyDifferFromTheDefaults() throws {
        let layout = try CarouselLayout(itemWidth: 300.5, spacing: 0, leadingInset: 4, trailingInset: 8, viewportWidth: 390,
                                        itemCount: 9, alignment: .center, isLooping: true)
        let writer = TraceCSVWriter(kind: .samples, layout: layout, userCount: 3)
        #expect(writer.header.hasSuffix("item_count,trailing_inset,alignment,looping\n"))
        var bytes: [UInt8] = []
        writer.append(swipe(), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(",300.5,0,4,390,9,8,center,true\n"))
    }
}
