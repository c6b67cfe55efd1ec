import SnapStrategies
import SnapLabSupport
import SnapScoring

/// What each policy decides for one release: the body of `snaplab explain`.
public struct DecisionReport: Sendable {
    /// One policy's decision.
    public struct Row: Sendable {
        public let policy: String
        public let parameters: [(name: String, value: Double)]
        public let decision: SnapDecision
        public let pagesMoved: Int
        public let restingOffsetUIKitNormal: Double
    }

    public let layout: CarouselLayout
    public let release: Release
    public let rows: [Row]

    /// Decides `release` in `layout` with every policy.
    public init(policies: [any SnapPolicy], release: Release, layout: CarouselLayout) {
        self.layout = layout
        self.release = release
        let natural = UIKitDeceleration.normal.restingOffset(of: release, in: layout)
        rows = policies.map { p in
            let d = p.decide(release, in: layout)
            return Row(policy: p.id,
                       parameters: zip(p.parameterSpecs, p.parameterValues).map { ($0.name, $1) },
                       decision: d, pagesMoved: p.pagesMoved(by: d, for: release, in: layout),
                       restingOffsetUIKitNormal: natural)
        }
    }

    /// A header describing the release and layout, then one table row per policy.
    public func table() -> String {
        let startSlot = release.startSlot(in: layout)
        var out = "layout: \(layout)\n"
        out += "release: offset \(NumberFormat.shortest(release.offset)) pt (position \(NumberFormat.fixed(layout.position(atOffset: release.offset), 3))), "
        out += "velocity \(NumberFormat.shortest(release.velocity)) pt/ms, start offset \(NumberFormat.shortest(release.startOffset)) pt, "
        out += "duration \(NumberFormat.shortest(release.duration)) ms, start item \(layout.itemIndex(ofSlot: startSlot))\n"
        // Why that start item: "pages" count from it, so a forward rule can move 0 pages when the drag left its item.
        out += "start item \(layout.itemIndex(ofSlot: startSlot)): "
            + (release.startIndex == nil ? "the item nearest the start offset (--start-index sets another)" : "given (--start-index)")
            + "; pages = items from the start item to the target\n\n"
        let table = TextTable(
            header: ["policy", "target", "offset (pt)", "pages", "rule"],
            rows: rows.map { r in
                [r.policy, String(r.decision.targetIndex), NumberFormat.fixed(r.decision.targetOffset, 2),
                 (r.pagesMoved > 0 ? "+" : "") + String(r.pagesMoved), r.decision.rule]
            },
            rightAligned: [1, 2, 3])
        return out + table.rendered()
    }

    /// A JSON array with one object per policy: `policy`, `target_index`, `target_slot`,
    /// `target_offset`, `pages_moved`, `rule`, `parameters`.
    public func json() -> JSONValue {
        .array(rows.map { r in
            .object([
                ("policy", .string(r.policy)),
                ("target_index", .int(r.decision.targetIndex)),
                ("target_slot", .int(r.decision.targetSlot)),
                ("target_offset", .number(r.decision.targetOffset)),
                ("pages_moved", .int(r.pagesMoved)),
                ("rule", .string(r.decision.rule)),
                ("parameters", .object(r.parameters.map { ($0.name, JSONValue.number($0.value)) })),
            ])
        })
    }
}
