import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces

/// The checks a model file (`generate --model`, a trace file's sidecar) passes on load, each
/// naming the file and the key in plain words (``DataFileError``, exit 65), as a trace file's
/// cells are checked: the swipe model's own ranges (``SwipeModel``'s validation, which names
/// the file's key under `parameters`), bounds that keep every generated time and offset finite (a
/// pause of 1e308 ms would write `t_ms` inf, which the reader refuses), the layout's keys and
/// the run's counts.
enum ModelFileCheck {
    /// The longest time in ms a model may give a duration, hold or pause (100 s), and the
    /// largest log-normal sd (e^(5·8) is already 2e17): every sum of them stays finite.
    static let maxMilliseconds = 100_000.0
    static let maxLogSD = 5.0
    /// The largest length in points (item, spacing, inset, viewport, amplitude).
    static let maxPoints = 1e7

    static func check(_ file: GeneratorModelFile, path: String) throws(DataFileError) {
        func fail(_ key: String, _ found: String, _ expected: String) -> DataFileError {
            DataFileError(file: path, key: key, found: found, expected: expected)
        }
        let p = file.parameters
        do { try SwipeModel.validate(p) } catch {
            guard case let .invalidParameter(name, value, expected) = error else { throw fail("parameters", "\(error)", "a valid model") }
            throw fail("parameters.\(name)", value, expected)
        }
        let milliseconds: [(String, Double)] = [
            ("flickDurationMedian", p.flickDurationMedian), ("dragDurationMedian", p.dragDurationMedian),
            ("stayDurationMedian", p.stayDurationMedian), ("holdMean", p.holdMean),
            ("interSwipePauseMinimum", p.interSwipePauseMinimum), ("interSwipePauseMean", p.interSwipePauseMean),
            ("timeJitterSD", p.timeJitterSD), ("timeJitterClip", p.timeJitterClip),
            ("delivery.touchDownDwellMedian", p.delivery.touchDownDwellMedian),
            ("delivery.liftRepeatDelayMedian", p.delivery.liftRepeatDelayMedian),
        ]
        for (key, x) in milliseconds where x > maxMilliseconds {
            throw fail("parameters.\(key)", "\(x)", "at most \(Int(maxMilliseconds)) ms")
        }
        let logSDs: [(String, Double)] = [
            ("gainLogSD", p.gainLogSD), ("activityLogSD", p.activityLogSD), ("flickAmplitudeLogSD", p.flickAmplitudeLogSD),
            ("flickDurationLogSD", p.flickDurationLogSD), ("dragDurationLogSD", p.dragDurationLogSD),
            ("delivery.touchDownDwellLogSD", p.delivery.touchDownDwellLogSD),
            ("stroke.amplitudeLogSD", p.stroke.amplitudeLogSD), ("stroke.durationLogSD", p.stroke.durationLogSD),
        ]
        for (key, x) in logSDs where x > maxLogSD {
            throw fail("parameters.\(key)", "\(x)", "a log-normal sd of at most \(Int(maxLogSD))")
        }
        let points: [(String, Double)] = [
            ("flickAmplitudeMedian", p.flickAmplitudeMedian), ("positionNoiseSD", p.positionNoiseSD),
            ("delivery.touchSlop", p.delivery.touchSlop), ("motorNoiseRange", p.motorNoiseRange.upperBound),
            ("liftTailSpeedRange", p.liftTailSpeedRange.upperBound), ("liftTailReverseRange", p.liftTailReverseRange.upperBound),
        ]
        for (key, x) in points where x > maxPoints {
            throw fail("parameters.\(key)", "\(x)", "at most \(Int(maxPoints))")
        }
        if p.sessionLengthMean > 1e6 { throw fail("parameters.sessionLengthMean", "\(p.sessionLengthMean)", "at most 1000000 swipes") }
        if let layout = file.layout { try check(layout, fail) }
        if let live = file.livePolicy, (try? FreeScrollCarousel.livePolicy(id: live)) == nil {
            throw fail("live_policy", "'\(live)'", "a policy of `snaplab policies` or \(FreeScrollCarousel.identifier)")
        }
        if let traces = file.traces, !(0...1_000_000_000).contains(traces) {
            throw fail("traces", "\(traces)", "a number of traces in 0...1000000000")
        }
        if let users = file.users, !(1...10_000_000).contains(users) {
            throw fail("users", "\(users)", "a number of users in 1...10000000")
        }
        for (i, u) in (file.uncertainty ?? []).enumerated() {
            if let id = u.statistic, !StatisticKind.catalogue.contains(where: { $0.id == id }) {
                throw fail("uncertainty[\(i)].statistic", InputFile.quote(id), "a statistic id of the --like table's id column")
            }
        }
    }

    static func check(_ l: GeneratorModelFile.Layout, _ fail: (String, String, String) -> DataFileError) throws(DataFileError) {
        let lengths: [(String, Double, Bool)] = [
            ("itemWidth", l.itemWidth, true), ("itemSpacing", l.itemSpacing, false), ("leadingInset", l.leadingInset, false),
            ("trailingInset", l.trailingInset, false), ("viewportWidth", l.viewportWidth, true),
        ]
        for (key, x, positive) in lengths where !(x.isFinite && (positive ? x > 0 : x >= 0) && x <= maxPoints) {
            throw fail("layout.\(key)", "\(x)", (positive ? "a positive number of points" : "a number of points, not negative")
                        + " up to \(Int(maxPoints))")
        }
        if !LayoutFields.itemCountRange.contains(l.itemCount) {
            throw fail("layout.itemCount", "\(l.itemCount)", LayoutFields.itemCountExpectation)
        }
        if SnapAlignment(rawValue: l.alignment) == nil {
            throw fail("layout.alignment", "'\(l.alignment)'", "leading, center or trailing")
        }
    }

    /// A Swift type in a decoding error, in plain words.
    static func plain(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is UInt64.Type, is Int64.Type: return "a whole number"
        case is String.Type: return "text"
        case is Bool.Type: return "true or false"
        case is ClosedRange<Double>.Type: return "a range [low, high]"
        case is [Double].Type, is [Int].Type: return "a list of numbers"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "a list" }
            if name.hasPrefix("Optional") { return "a value or null" }
            return "an object"
        }
    }
}
