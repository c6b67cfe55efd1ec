import Foundation
import SnapStrategies
import SnapLabSupport

/// A linear plot axis: a data range, a label that names the quantity and its unit, and "nice"
/// ticks.
///
/// Ticks: step `s = m·10^k` with `m ∈ {1, 2, 5}` chosen from the raw step `r = span / target`
/// by `r/10^k < 1.5 → 1`, `< 3.5 → 2`, `< 7.5 → 5`, else `10` (the classic 1-2-5 rule, as in
/// Heckbert's "Nice numbers for graph labels", Graphics Gems I, 1990, with the same cut-offs
/// `1.5, 3, 7` rounded to `1.5, 3.5, 7.5`); ticks are the multiples of `s` inside the range.
/// Tick labels carry as many decimals as the step needs (`0.5` → 1, `0.05` → 2, `2` → 0), so the
/// unit is written once, in the axis label: `"release velocity (pt/ms)"`.
///
/// ```swift
/// let a = Axis.niced(lower: -2.7, upper: 2.7, label: "release velocity (pt/ms)")
/// a.lower, a.upper   // -3, 3
/// a.ticks()          // [-3, -2, -1, 0, 1, 2, 3]
/// ```
public struct Axis: Sendable, Hashable {
    /// Data value at the start (left or bottom) of the axis.
    public var lower: Double
    /// Data value at the end (right or top) of the axis.
    public var upper: Double
    /// Quantity and unit, e.g. `"hit rate (fraction)"`.
    public var label: String
    /// How many ticks to aim for.
    public var targetTickCount: Int

    /// An axis over `lower...upper`; a non-finite or empty range becomes `0...1` (or `x−1…x+1`
    /// around a single finite value) so that drawing never divides by zero.
    public init(lower: Double, upper: Double, label: String, targetTickCount: Int = 6) {
        var lo = lower, hi = upper
        if !lo.isFinite || !hi.isFinite {
            lo = 0
            hi = 1
        } else if lo > hi {
            swap(&lo, &hi)
        }
        if hi - lo <= 0 || !(hi - lo).isFinite {
            lo -= 1
            hi += 1
        }
        self.lower = lo
        self.upper = hi
        self.label = label
        self.targetTickCount = max(2, targetTickCount)
    }

    /// An axis over `lower...upper` widened outward to whole multiples of its nice step.
    public static func niced(lower: Double, upper: Double, label: String, targetTickCount: Int = 6) -> Axis {
        let raw = Axis(lower: lower, upper: upper, label: label, targetTickCount: targetTickCount)
        let s = niceStep(span: raw.upper - raw.lower, targetCount: raw.targetTickCount)
        return Axis(lower: (raw.lower / s).rounded(.down) * s, upper: (raw.upper / s).rounded(.up) * s,
                    label: label, targetTickCount: targetTickCount)
    }

    /// The 1-2-5 step for `span` split in about `targetCount` intervals (1 for a bad span).
    public static func niceStep(span: Double, targetCount: Int) -> Double {
        let raw = span / Double(max(1, targetCount))
        guard raw.isFinite, raw > 0 else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let m = raw / magnitude
        let nice: Double = m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10
        return nice * magnitude
    }

    /// The tick step of this axis.
    public var step: Double { Self.niceStep(span: upper - lower, targetCount: targetTickCount) }

    /// Multiples of ``step`` in `lower...upper` (within 1e-9 of a step at the ends), at most 200.
    public var ticks: [Double] {
        let s = step
        let first = SnapMath.ceiledIndex(lower / s - 1e-9)
        var out: [Double] = []
        var i = first
        while out.count < 200 {
            let v = Double(i) * s
            if v > upper + 1e-9 * s { break }
            out.append(abs(v) < 1e-12 * s ? 0 : v)
            i += 1
        }
        return out
    }

    /// Decimals a tick label needs for `step`: `max(0, ⌈−log10 step⌉)`.
    public static func decimals(forStep step: Double) -> Int {
        guard step.isFinite, step > 0 else { return 0 }
        return max(0, SnapMath.ceiledIndex(-log10(step) - 1e-9))
    }

    /// The label of tick `value`.
    public func tickLabel(_ value: Double) -> String {
        NumberFormat.fixed(value, Self.decimals(forStep: step))
    }

    /// Where `value` falls between `start` (at ``lower``) and `end` (at ``upper``); values
    /// outside the range extrapolate, a non-finite value maps to `start`.
    public func map(_ value: Double, from start: Double, to end: Double) -> Double {
        guard value.isFinite else { return start }
        return start + (value - lower) / (upper - lower) * (end - start)
    }

    // MARK: - Drawing

    public static let ink = "#333333"
    static let gridInk = "#dddddd"

    /// A horizontal axis along the bottom of `rect`: line, ticks, tick labels, axis label, and
    /// vertical grid lines across `rect` when `grid`.
    public func horizontalElements(in rect: PlotRect, grid: Bool = false) -> [SVGElement] {
        var out: [SVGElement] = []
        for t in ticks {
            let x = map(t, from: rect.x, to: rect.maxX)
            if grid {
                out.append(SVGElement("line", ["x1": x, "y1": rect.y, "x2": x, "y2": rect.maxY],
                                      extra: [.init("stroke", Self.gridInk), .init("stroke-width", "1")]))
            }
            out.append(SVGElement("line", ["x1": x, "y1": rect.maxY, "x2": x, "y2": rect.maxY + 5],
                                  extra: [.init("stroke", Self.ink), .init("stroke-width", "1")]))
            out.append(.label(tickLabel(t), x: x, y: rect.maxY + 18, anchor: "middle", size: 11,
                              extra: [.init("class", "tick-label")]))
        }
        out.append(SVGElement("line", ["x1": rect.x, "y1": rect.maxY, "x2": rect.maxX, "y2": rect.maxY],
                              extra: [.init("stroke", Self.ink), .init("stroke-width", "1")]))
        out.append(.label(label, x: rect.midX, y: rect.maxY + 36, anchor: "middle", size: 12,
                          extra: [.init("class", "axis-label")]))
        return out
    }

    /// A vertical axis along the left of `rect`: line, ticks, tick labels, axis label (rotated),
    /// and horizontal grid lines across `rect` when `grid`.
    public func verticalElements(in rect: PlotRect, grid: Bool = false) -> [SVGElement] {
        var out: [SVGElement] = []
        for t in ticks {
            let y = map(t, from: rect.maxY, to: rect.y)
            if grid {
                out.append(SVGElement("line", ["x1": rect.x, "y1": y, "x2": rect.maxX, "y2": y],
                                      extra: [.init("stroke", Self.gridInk), .init("stroke-width", "1")]))
            }
            out.append(SVGElement("line", ["x1": rect.x - 5, "y1": y, "x2": rect.x, "y2": y],
                                  extra: [.init("stroke", Self.ink), .init("stroke-width", "1")]))
            out.append(.label(tickLabel(t), x: rect.x - 8, y: y + 4, anchor: "end", size: 11,
                              extra: [.init("class", "tick-label")]))
        }
        out.append(SVGElement("line", ["x1": rect.x, "y1": rect.y, "x2": rect.x, "y2": rect.maxY],
                              extra: [.init("stroke", Self.ink), .init("stroke-width", "1")]))
        let lx = rect.x - 44, ly = rect.midY
        out.append(.label(label, x: lx, y: ly, anchor: "middle", size: 12,
                          extra: [.init("class", "axis-label"),
                                  .init("transform", "rotate(-90 \(SVGElement.number(lx)) \(SVGElement.number(ly)))")]))
        return out
    }
}
