/// What a fit optimizes, per labelled trace, averaged over the traces.
///
/// - ``hitRate``: the share of traces whose target item is the intended item (maximized).
/// - ``cost(over:under:falseChange:)``: the mean of
///   ```
///   cost = over·[overshoot] + under·[undershoot] + falseChange·[false change]
///   ```
///   (minimized), with the definitions of ``TraceOutcome``: `error = target − intended` items
///   (shortest way round when looping), `direction` the sign of the drag (of the velocity when the
///   drag did not move); overshoot `error·direction > 0`, undershoot `error·direction < 0`; a miss
///   with no direction (`error ≠ 0`, `direction = 0`) counts as an undershoot; a false change is
///   intended = start item and target ≠ start item. The terms add: a false change is also an
///   over- or undershoot, so it costs `falseChange` plus that. A hit costs 0.
///   The command line's default weights are over = 1, under = 1, false-change = 2.
public enum FitObjective: Sendable, Hashable, CustomStringConvertible {
    case hitRate
    case cost(over: Double, under: Double, falseChange: Double)

    /// The command line's `--cost over=1,under=1,false-change=2`.
    public static let defaultCost = FitObjective.cost(over: 1, under: 1, falseChange: 2)

    /// Whether a larger score is better (hit rate) or a smaller one (cost).
    public var isHigherBetter: Bool {
        if case .hitRate = self { return true }
        return false
    }

    /// The value a minimizer sees for `score`: `−score` for hit rate, `score` for cost.
    @inlinable
    public func loss(_ score: Double) -> Double { isHigherBetter ? -score : score }

    /// Whether score `a` is strictly better than `b`.
    public func isBetter(_ a: Double, than b: Double) -> Bool { isHigherBetter ? a > b : a < b }

    public var description: String {
        switch self {
        case .hitRate: return "hit-rate"
        case let .cost(over, under, falseChange): return "cost(over=\(over),under=\(under),false-change=\(falseChange))"
        }
    }
}
