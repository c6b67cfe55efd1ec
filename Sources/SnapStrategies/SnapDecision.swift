/// Where a policy sends the carousel, and why.
public struct SnapDecision: Sendable, Hashable {
    /// The slot the carousel comes to rest on. Equals ``targetIndex`` in a bounded layout; in a
    /// looping layout it keeps counting past the ends (slot − start slot = pages moved).
    public var targetSlot: Int
    /// The item that comes to rest at the snap position, `0..<itemCount`.
    public var targetIndex: Int
    /// The resting offset, points. Usually the snap offset of ``targetSlot``; a policy that does
    /// not snap (ASHorizontal at the end of the content) leaves the projected offset here.
    public var targetOffset: Double
    /// A short, stable name of the rule that fired (for `snaplab explain`), e.g. `"fling-forward"`.
    public var rule: String

    public init(targetSlot: Int, targetIndex: Int, targetOffset: Double, rule: String) {
        self.targetSlot = targetSlot
        self.targetIndex = targetIndex
        self.targetOffset = targetOffset
        self.rule = rule
    }
}
