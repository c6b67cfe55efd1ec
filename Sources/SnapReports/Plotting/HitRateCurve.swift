import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapScoring

/// Hit rate per release-speed bin, one line per policy with 95% intervals: `snaplab plot hit-rate`.
///
/// ## Traces
/// Only labelled traces with a finite release velocity count (the rest are in ``excluded``). A
/// trace is a hit for a policy when the policy, deciding the trace in its own layout, rests on
/// the intended item (``TraceOutcome/isHit(_:on:)``, exactly as `snaplab compare` scores it).
///
/// ## Bins, by speed `|v|` (pt/ms)
/// - ``Binning/quantiles(_:)`` (default, 6): equal-count bins by rank, each with at least
///   ``minimumPerBin`` (default 30) traces: `B = min(bins, max(1, ⌊n/minimumPerBin⌋))`. The traces are sorted by
///   speed (stable, so ties keep input order) and bin `k` takes ranks `⌊k·n/B⌋ ..< ⌊(k+1)·n/B⌋`.
///   Tied speeds may fall in neighbouring bins. The picture's x axis is then the *share of
///   traces* (a quantile axis: each bin gets the same width, so the axis spends its width where
///   the traces are, not on a few fast outliers), labelled with the speeds at the bin edges.
/// - ``Binning/edges(_:)``: fixed edges `e0 < e1 < … < eB` (sorted, duplicates and non-finite
///   edges dropped); bin `k` is `[e_k, e_{k+1})`, the last one closed `[e_{B−1}, e_B]`; speeds
///   outside `[e0, eB]` are excluded.
///
/// Each bin is drawn at the mean speed of its traces; empty bins are skipped.
///
/// ## Interval
/// Per bin and policy the Wilson score interval at 95% (`z = 1.959963984540054`), for `h` hits in
/// `n` traces, `p = h/n`:
/// `(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)` (Wilson 1927; Agresti & Coull 1998). It
/// treats traces as independent; a user's traces are not, so the interval is narrower than the
/// user-clustered bootstrap of `compare` would give.
///
/// ```swift
/// let curve = HitRateCurve(policies: [Tag99Snap(), NearestPageSnap()], traces: traces)
/// curve.bins[0].rates   // hit rate of each policy in the slowest bin
/// ```
public struct HitRateCurve: Sendable {
    /// How speeds are binned.
    public enum Binning: Sendable, Hashable {
        /// Equal-count bins by rank (at most this many).
        case quantiles(Int)
        /// Fixed bin edges, pt/ms.
        case edges([Double])
    }

    /// One speed bin.
    public struct Bin: Sendable, Hashable {
        /// Smallest and largest speed in the bin (``Binning/quantiles(_:)``) or its edges
        /// (``Binning/edges(_:)``), pt/ms.
        public var lower: Double
        public var upper: Double
        /// Mean speed of the bin's traces, pt/ms (NaN when empty).
        public var meanSpeed: Double
        /// Traces in the bin.
        public var count: Int
        /// Hits per policy, in ``HitRateCurve/policyIDs`` order.
        public var hits: [Int]

        /// `hits / count` per policy (NaN when empty).
        public var rates: [Double] { hits.map { count > 0 ? Double($0) / Double(count) : .nan } }

        /// The 95% Wilson interval per policy.
        public var intervals: [Interval] { hits.map { HitRateCurve.wilson(hits: $0, count: count) } }
    }

    /// Fewest traces in a quantile bin by default (fewer traces give fewer bins).
    public static let defaultMinimumPerBin = 30

    /// Fewest traces in a quantile bin.
    public let minimumPerBin: Int

    /// Colours by policy id (default ``Palette/assign(_:)`` in ``policyIDs`` order); a report
    /// passes its own so every plot agrees.
    public var colours: [String: String]

    /// Two-sided 95% standard normal quantile.
    public static let z95 = 1.959963984540054

    public let policyIDs: [String]
    public let binning: Binning
    public let bins: [Bin]
    /// Traces not binned: unlabelled, non-finite velocity, or outside fixed edges.
    public let excluded: Int
    /// Distinct users among the labelled traces with a finite velocity: under five
    /// (``FewUsersMark``) the note says the error bars are not meaningful.
    public let users: Int

    public init(policies: [any SnapPolicy], traces: [TraceRelease], binning: Binning = .quantiles(6),
                minimumPerBin: Int = HitRateCurve.defaultMinimumPerBin) {
        self.minimumPerBin = max(1, minimumPerBin)
        policyIDs = policies.map(\.id)
        colours = Palette.assign(policies.map(\.id))
        self.binning = binning
        var speeds: [(speed: Double, hits: [Bool])] = []
        var excluded = 0
        var users = Set<Int>()
        for t in traces {
            let s = abs(t.release.velocity)
            guard t.intendedIndex != nil, s.isFinite else {
                excluded += 1
                continue
            }
            let hits = policies.map { TraceOutcome.isHit($0, on: t) }
            speeds.append((s, hits))
            users.insert(t.user)
        }
        let order = speeds.indices.sorted { (speeds[$0].speed, $0) < (speeds[$1].speed, $1) }
        var bins: [Bin] = []
        func makeBin(_ members: [Int], lower: Double, upper: Double) -> Bin {
            var hits = Array(repeating: 0, count: policies.count)
            var sum = 0.0
            for m in members {
                sum += speeds[m].speed
                for k in hits.indices where speeds[m].hits[k] { hits[k] += 1 }
            }
            return Bin(lower: lower, upper: upper, meanSpeed: members.isEmpty ? .nan : sum / Double(members.count),
                       count: members.count, hits: hits)
        }
        switch binning {
        case .quantiles(let requested):
            let n = order.count
            let b = min(max(1, requested), max(1, n / self.minimumPerBin), n)
            for k in 0..<b {
                let members = Array(order[(k * n / b)..<((k + 1) * n / b)])
                guard let first = members.first, let last = members.last else { continue }
                bins.append(makeBin(members, lower: speeds[first].speed, upper: speeds[last].speed))
            }
        case .edges(let raw):
            let edges = Array(Set(raw.filter(\.isFinite))).sorted()
            if edges.count < 2 {
                excluded += order.count
            } else {
                var members = Array(repeating: [Int](), count: edges.count - 1)
                for i in order {
                    let s = speeds[i].speed
                    guard s >= edges[0], s <= edges[edges.count - 1] else {
                        excluded += 1
                        continue
                    }
                    // Last k with edges[k] <= s, capped at the last bin (closed at the top).
                    var k = 0
                    while k + 1 < edges.count - 1 && edges[k + 1] <= s { k += 1 }
                    members[k].append(i)
                }
                for k in members.indices {
                    bins.append(makeBin(members[k], lower: edges[k], upper: edges[k + 1]))
                }
            }
        }
        self.bins = bins
        self.excluded = excluded
        self.users = users.count
    }

    /// The Wilson score interval at 95% for `hits` of `count`; NaN for `count ≤ 0`. Clamped to
    /// `[0, 1]` against rounding.
    public static func wilson(hits: Int, count: Int, z: Double = z95) -> Interval {
        guard count > 0 else { return Interval(lower: .nan, upper: .nan) }
        let n = Double(count)
        let p = Double(min(max(hits, 0), count)) / n
        let z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return Interval(lower: max(0, centre - half), upper: min(1, centre + half))
    }

    // MARK: - Drawing

    /// A bin edge's speed as a tick label: `0` for 0, two significant digits below 0.1 pt/ms
    /// (`0.0034`, so that small edges do not all read `0.00`), one decimal from 10, else two decimals.
    static func edgeLabel(_ x: Double) -> String {
        if x == 0 { return "0" }
        if abs(x) < 0.1 {
            let digits = max(2, Int((-Foundation.log10(abs(x))).rounded(.up)) + 1)
            return NumberFormat.fixed(x, digits)
        }
        return NumberFormat.fixed(x, abs(x) >= 10 ? 1 : 2)
    }

    /// Where bin `b` (of the non-empty bins `used`) sits on the x axis, and the axis ticks: for
    /// quantile bins the share of traces (bin midpoints; ticks at bin edges labelled with the
    /// speed there), for fixed edges the mean speed on a linear axis.
    func xPlacement(_ used: [Bin]) -> (axis: Axis, position: [Double], ticks: [(at: Double, label: String)]) {
        if case .quantiles = binning {
            let total = Double(max(1, used.reduce(0) { $0 + $1.count }))
            var start = 0.0
            var positions: [Double] = []
            var ticks: [(Double, String)] = []
            let every = used.count > 8 ? 2 : 1
            for (k, b) in used.enumerated() {
                positions.append((start + Double(b.count) / 2) / total)
                // A label equal to the one before (edges that round alike, e.g. many speeds at exactly 0) is left out.
                if k % every == 0, ticks.last?.1 != Self.edgeLabel(b.lower) { ticks.append((start / total, Self.edgeLabel(b.lower))) }
                start += Double(b.count)
            }
            if let last = used.last, ticks.last?.1 != Self.edgeLabel(last.upper) { ticks.append((1, Self.edgeLabel(last.upper))) }
            return (Axis(lower: 0, upper: 1, label: "|release velocity| (pt/ms), bins of equal counts"), positions, ticks)
        }
        let top = used.map { max($0.upper, $0.meanSpeed) }.max() ?? 1
        let axis = Axis.niced(lower: 0, upper: top > 0 ? top : 1, label: "|release velocity| (pt/ms)")
        return (axis, used.map(\.meanSpeed), axis.ticks.map { ($0, axis.tickLabel($0)) })
    }

    /// The picture: title, axes, one polyline per policy through the non-empty bins with 95%
    /// error bars (series dodged by a few pixels so the bars do not hide each other; a tooltip
    /// on every point), a legend, and a note on binning, outliers and intervals.
    public func svg(title: String) -> SVGDocument {
        let width = 640.0
        let rect = PlotRect(x: 72, y: 56, width: width - 72 - 24, height: 300)
        var out: [SVGElement] = []
        out.append(.label(title, x: 16, y: 26, size: 17, extra: [.init("font-weight", "bold"), .init("class", "title")]))
        let used = bins.filter { $0.count > 0 }
        let (xAxis, positions, ticks) = xPlacement(used)
        let yAxis = Axis(lower: 0, upper: 1, label: "hit rate (fraction)", targetTickCount: 5)
        out += yAxis.verticalElements(in: rect, grid: true)
        for t in ticks {
            let x = xAxis.map(t.at, from: rect.x, to: rect.maxX)
            out.append(SVGElement("line", ["x1": x, "y1": rect.maxY, "x2": x, "y2": rect.maxY + 5],
                                  extra: [.init("stroke", Axis.ink), .init("stroke-width", "1")]))
            out.append(.label(t.label, x: x, y: rect.maxY + 18, anchor: "middle", size: 11, extra: [.init("class", "tick-label")]))
        }
        out.append(.label(xAxis.label, x: rect.midX, y: rect.maxY + 36, anchor: "middle", size: 12,
                          extra: [.init("class", "axis-label")]))
        let p = policyIDs.count
        for k in 0..<p {
            let dodge = (Double(k) - Double(p - 1) / 2) * 4
            let colour = colours[policyIDs[k]] ?? Palette.series(k)
            var points: [(x: Double, y: Double)] = []
            var parts: [SVGElement] = []
            for (j, b) in used.enumerated() {
                let x = xAxis.map(positions[j], from: rect.x, to: rect.maxX) + dodge
                let rate = b.rates[k]
                let ci = b.intervals[k]
                let y = yAxis.map(rate, from: rect.maxY, to: rect.y)
                let y0 = yAxis.map(ci.lower, from: rect.maxY, to: rect.y)
                let y1 = yAxis.map(ci.upper, from: rect.maxY, to: rect.y)
                points.append((x, y))
                let stroke: [SVGElement.Attribute] = [.init("stroke", colour), .init("stroke-width", "1.2")]
                parts.append(SVGElement("line", ["x1": x, "y1": y0, "x2": x, "y2": y1], extra: stroke + [.init("class", "error-bar")]))
                parts.append(SVGElement("line", ["x1": x - 3, "y1": y0, "x2": x + 3, "y2": y0], extra: stroke))
                parts.append(SVGElement("line", ["x1": x - 3, "y1": y1, "x2": x + 3, "y2": y1], extra: stroke))
                let tip = "\(policyIDs[k]): \(b.hits[k])/\(b.count) = \(NumberFormat.fixed(rate, 3)) "
                    + "[\(NumberFormat.fixed(ci.lower, 3)), \(NumberFormat.fixed(ci.upper, 3))] at "
                    + "|v| \(NumberFormat.fixed(b.lower, 2))–\(NumberFormat.fixed(b.upper, 2)) pt/ms"
                parts.append(SVGElement("circle", ["cx": x, "cy": y, "r": 3.5], fill: colour,
                                        extra: [.init("class", "point"), .init("data-tip", tip)], children: [.tooltip(tip)]))
            }
            let polyline = SVGElement("polyline", attributes: [
                .init("points", points.map { "\(SVGElement.number($0.x)),\(SVGElement.number($0.y))" }.joined(separator: " ")),
                .init("fill", "none"), .init("stroke", colour), .init("stroke-width", "2"), .init("class", "series-line"),
            ])
            out.append(SVGElement("g", attributes: [.init("class", "series"), .init("data-policy", policyIDs[k])],
                                  children: [polyline] + parts))
        }
        out.append(SVGElement("rect", ["x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height],
                              fill: "none", extra: [.init("stroke", "#333333"), .init("stroke-width", "1")]))
        var y = rect.maxY + 52
        let legend = Legend(heading: "policy", entries: policyIDs.enumerated().map {
            Legend.Entry(.line(colours[$1] ?? Palette.series($0)), $1)
        })
        let placed = legend.layout(x: 16, y: y, width: width - 32)
        out.append(SVGElement("g", attributes: [.init("class", "legend")], children: placed.elements))
        y += placed.height
        for line in SVGElement.wrapped(note(used), maxCharacters: Int((width - 32) / 6.2)) {
            y += 14
            out.append(.label(line, x: 16, y: y, size: 10, extra: [.init("fill", "#555555"), .init("class", "note")]))
        }
        return SVGDocument(width: width, height: y + 14, title: title, elements: out)
    }

    /// The rule the bins follow, the outliers, and what the error bars are.
    public func note(_ used: [Bin]) -> String {
        let scored = used.reduce(0) { $0 + $1.count }
        var text = "\(scored) labelled traces in \(used.count) bins"
        switch binning {
        case .quantiles(let b):
            text += " (up to \(max(1, b)) bins of equal counts by |v|, at least \(minimumPerBin) traces each; "
                + "each bin is as wide as its share of the traces)"
            if let last = used.last, used.count > 1 {
                text += "; the fastest bin spans \(NumberFormat.fixed(last.lower, 2))–\(NumberFormat.fixed(last.upper, 2)) pt/ms"
            }
        case .edges: text += " (fixed |v| bins; points at each bin's mean |v|)"
        }
        text += ", \(excluded) excluded; error bars: 95% Wilson interval per bin (traces treated as independent)."
        if FewUsersMark.applies(users: users) {
            text += " Only \(users) user\(users == 1 ? "" : "s") (fewer than \(FewUsersMark.minimumUsers)): the error bars "
                + "are not meaningful (they cannot say how other people would fare)."
        }
        return text
    }
}
