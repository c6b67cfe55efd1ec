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
    public var rule: String {
        get { ruleName.text }
        set { ruleName = .text(newValue) }
    }
    /// The rule as held: a literal (the catalogue's rules, ``CarouselLayout/decision(slot:rule:)``)
    /// or a text built at run time. A literal counts no references, so storing a decision over
    /// another (an evaluator deciding millions of releases into one buffer) releases nothing.
    @usableFromInline var ruleName: RuleName

    public init(targetSlot: Int, targetIndex: Int, targetOffset: Double, rule: String) {
        self.init(targetSlot: targetSlot, targetIndex: targetIndex, targetOffset: targetOffset, ruleName: .text(rule))
    }

    /// A decision whose rule is a literal (a string literal passed here must be typed
    /// `StaticString`: an untyped one chooses the `String` initializer).
    @inlinable
    public init(targetSlot: Int, targetIndex: Int, targetOffset: Double, rule: StaticString) {
        self.init(targetSlot: targetSlot, targetIndex: targetIndex, targetOffset: targetOffset, ruleName: .literal(rule))
    }

    /// The one place the stored properties are set (both public initializers come here).
    @inlinable @inline(__always)
    init(targetSlot: Int, targetIndex: Int, targetOffset: Double, ruleName: RuleName) {
        self.targetSlot = targetSlot
        self.targetIndex = targetIndex
        self.targetOffset = targetOffset
        self.ruleName = ruleName
    }

    /// Whether the rule is `name`: ``rule`` `==` `name`, without building the text of a literal rule.
    @inlinable
    public func hasRule(_ name: StaticString) -> Bool {
        if case .literal(let held) = ruleName, held.hasPointerRepresentation, held.isASCII,
           name.hasPointerRepresentation, name.isASCII {
            // ASCII texts are equal exactly when their bytes are.
            let count = held.utf8CodeUnitCount
            guard count == name.utf8CodeUnitCount else { return false }
            if held.utf8Start == name.utf8Start { return true }
            return UnsafeBufferPointer(start: held.utf8Start, count: count)
                .elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: count))
        }
        return rule == name.description
    }

    /// Equal when slot, index, offset and the rule's text are (a literal rule equals the same text
    /// built at run time).
    public static func == (a: SnapDecision, b: SnapDecision) -> Bool {
        a.targetSlot == b.targetSlot && a.targetIndex == b.targetIndex && a.targetOffset == b.targetOffset
            && a.rule == b.rule
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(targetSlot)
        hasher.combine(targetIndex)
        hasher.combine(targetOffset)
        hasher.combine(rule)
    }
}

extension SnapDecision: CustomStringConvertible {
    /// The memberwise form a struct prints by default, with the rule's text:
    /// `SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 340.0, rule: "fling-forward")`.
    public var description: String {
        "SnapDecision(targetSlot: \(targetSlot), targetIndex: \(targetIndex), targetOffset: \(targetOffset), rule: \(String(reflecting: rule)))"
    }
}

/// How a ``SnapDecision`` holds its rule.
@usableFromInline
enum RuleName: Sendable {
    case literal(StaticString)
    case text(String)

    /// Ends `text`'s lifetime out of line, for ``UnsafeMutableBufferPointer/store(_:at:)``: the
    /// call keeps the release of a built rule off the literal rule's path.
    @usableFromInline @inline(never)
    static func release(_ text: consuming String) { _ = consume text }

    @usableFromInline
    var text: String {
        switch self {
        case .literal(let name): return name.description
        case .text(let text): return text
        }
    }
}

extension UnsafeMutableBufferPointer where Element == SnapDecision {
    /// `self[i] = decision` for the batch deciders (``SnapPolicy/decide(_:in:into:)``), whose
    /// loops bound `i` by `count` themselves: the index is checked in debug builds only.
    ///
    /// The replaced decision is moved out (`move()`, leaving the element uninitialized), its rule
    /// switched on, and the new decision initialized there: never `initialize(to:)` over an
    /// initialized, non-trivial value, which `UnsafeMutablePointer` does not allow. A literal
    /// rule (the evaluator's usual case) owns nothing, so its case is a tag test inline; a built
    /// one is released out of line (``RuleName/release(_:)``). A plain assignment destroyed the
    /// old rule through the compiler's outlined destroy on every store (its payload loaded, a
    /// call, a tag test: about 11 instructions more a decision), and so did this switch with the
    /// text dropped in place (`_ = text`): the optimizer formed the whole-enum destroy again.
    @inlinable @inline(__always)
    func store(_ decision: SnapDecision, at i: Int) {
        assert(i >= 0 && i < count, "index out of range")   // as the subscript checks it: in debug builds
        let element = baseAddress.unsafelyUnwrapped + i
        switch element.move().ruleName {
        case .literal: break                           // a static string: nothing to release
        case .text(let text): RuleName.release(text)   // a built rule: its storage released
        }
        element.initialize(to: decision)
    }
}
