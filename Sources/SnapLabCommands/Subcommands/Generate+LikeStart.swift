import ArgumentParser
import SnapStrategies
import SnapLabSupport
import SnapSwipeModel

extension SnapLab.Generate {
    /// `generate --like FILE --model START.json`: START's parameters are the fit's start
    /// (``ModelCalibration/calibrate(_:cancelledShare:base:)``'s `base`), so the fits a starting model
    /// switches on run — withheld moves when it sets `delivery.firstDeliveryMedian`, a stroke that
    /// moves from touch-down when it sets `stroke.movingStartShare` — and what the recording does not
    /// estimate keeps START's value.
    ///
    /// START must describe the same task and carousel as FILE: a START of another task is a usage
    /// error naming `--task` when the task was given (exit 64), else bad data naming its key `task`
    /// (exit 65); a START whose `layout` differs from the recording's is bad data naming the first
    /// key that differs (exit 65). A START without a layout takes the recording's.
    struct LikeStart {
        var path: String
        var file: GeneratorModelFile

        /// START read from `path` and checked against the recording's `task` (`taskGiven`: from
        /// `--task`) and `layout`.
        static func read(path: String, task: SwipeTask, taskGiven: Bool, layout: CarouselLayout) throws -> LikeStart {
            let file = try GeneratorModelFile.read(path: path)
            if file.task != task {
                let found = "task \(file.task.rawValue)"
                if taskGiven {
                    throw ValidationError("--model \(path) is a \(file.task.rawValue) model but --task is \(task.rawValue): "
                                          + "the starting model of --like must be of the recording's task")
                }
                throw DataFileError(file: path, key: "task", found: found,
                                    expected: "\(task.rawValue), the task of the --like recording (--task overrides it)")
            }
            if let saved = file.layout {
                let recording = GeneratorModelFile.Layout(layout)
                if let key = Self.firstDifference(saved, recording) {
                    throw DataFileError(file: path, key: "layout.\(key.name)", found: key.found,
                                        expected: "\(key.expected), the --like recording's layout (the fit runs on the recording's carousel)")
                }
            }
            return LikeStart(path: path, file: file)
        }

        /// The first field (model-file key) in which `a` differs from `b`, with both values.
        static func firstDifference(_ a: GeneratorModelFile.Layout, _ b: GeneratorModelFile.Layout)
            -> (name: String, found: String, expected: String)? {
            func number(_ x: Double) -> String { NumberFormat.compact(x, 3) }
            let fields: [(String, String, String)] = [
                ("itemWidth", number(a.itemWidth), number(b.itemWidth)),
                ("itemSpacing", number(a.itemSpacing), number(b.itemSpacing)),
                ("leadingInset", number(a.leadingInset), number(b.leadingInset)),
                ("trailingInset", number(a.trailingInset), number(b.trailingInset)),
                ("viewportWidth", number(a.viewportWidth), number(b.viewportWidth)),
                ("itemCount", String(a.itemCount), String(b.itemCount)),
                ("alignment", a.alignment, b.alignment),
                ("looping", String(a.looping), String(b.looping)),
            ]
            // lengths within 0.001 pt: a trace file writes its layout to a few decimals
            func same(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-3 }
            let exact = [same(a.itemWidth, b.itemWidth), same(a.itemSpacing, b.itemSpacing), same(a.leadingInset, b.leadingInset),
                         same(a.trailingInset, b.trailingInset), same(a.viewportWidth, b.viewportWidth), a.itemCount == b.itemCount,
                         a.alignment == b.alignment, a.looping == b.looping]
            return exact.firstIndex(of: false).map { fields[$0] }
        }

        /// The note the run prints: where the fit starts, and which of the fits a starting model
        /// switches on ran (`fittedKeys`: the keys of the parameters the fit adjusted).
        func note(fittedKeys: Set<String>) -> String {
            let p = file.parameters
            var set: [String] = []
            if let m = p.delivery.firstDeliveryMedian {
                set.append("delivery.firstDeliveryMedian \(NumberFormat.compact(m, 3)) ms ("
                           + (fittedKeys.contains("delivery.firstDeliveryMedian") ? "withheld moves, fitted to the first-move delay; the dwell kept" : "kept: not fitted") + ")")
            }
            if let c = p.stroke.movingStartShare {
                set.append("stroke.movingStartShare \(NumberFormat.compact(c, 3)) ("
                           + (fittedKeys.contains("stroke.movingStartShare") ? "fitted" : "kept: fitted only with the release shape of a reveal or browse study's trials") + ")")
            }
            return "starting from \(path): its parameters are the fit's start" + (set.isEmpty ? "" : "; it sets " + set.joined(separator: " and "))
        }
    }
}
