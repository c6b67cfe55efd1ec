import Foundation
import SnapLabTestSupport

/// Per-process scratch directories, removed at exit (shared with the other test target).
typealias TestScratch = SnapLabTestSupport.TestScratch

enum CommandFixtures {
    /// A fixture of the evaluator tests (Tests/SnapEvaluatorTests/Fixtures).
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SnapEvaluatorTests/Fixtures/\(name)").path
    }

    static func write(_ text: String, name: String = "traces.csv") throws -> String {
        let dir = try TestScratch.directory("cli")
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// Release-level swipes in a carousel of ten 100-pt items (100-pt viewport, leading
/// alignment): each of `users` users releases 20 pt past item 2 at 40 speeds 0.05 … 2.00 pt/ms;
/// the person meant the next item when faster than 0.8 pt/ms (0.85 and up) and to stay
/// otherwise. `android-pagersnap` with `minFlingVelocity` in [0.80, 0.85) hits every trace.
func flingFixture(users: Int = 6, labelled: Bool = true) -> String {
    var text = "trace_id,user_id,release_offset,release_velocity,start_offset,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count\n"
    for u in 0..<users {
        for k in 1...40 {
            let v = String(format: "%.2f", 0.05 * Double(k))
            let intended = labelled ? String(k >= 17 ? 3 : 2) : ""
            text += "u\(u)-\(k),user\(u),220,\(v),200,\(intended),100,0,0,100,10\n"
        }
    }
    return text
}
