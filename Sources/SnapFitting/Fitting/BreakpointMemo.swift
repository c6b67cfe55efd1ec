import SnapStrategies
import Synchronization

/// Where each trace's decision changed along each parameter, as found by bisection: a memo
/// that later profiles (other folds, bootstrap resamples, later cycles) confirm with two
/// decisions instead of bisecting again (``StepSearch``). One per fitting job over one
/// ``FitData``, shared by fits that run at the same time (bootstrap refits run in parallel).
///
/// Only parameters without a declared feature (``PolicyParameter/comparedWith``) need it: a
/// declared threshold's change points are the traces' feature values, known without searching.
///
/// Each entry is one 64-bit word holding the change's two ends as `Float` (the lower end rounded
/// down, the upper one up, so the stored interval contains the one found), read and written
/// atomically: concurrent fits may overwrite each other's entries, but a reader always sees one
/// whole interval, and every interval is confirmed by two decisions before it is used, so a
/// stale or rounded one costs a bisection, never a wrong profile. 8 bytes per trace and
/// parameter.
public final class BreakpointMemo: @unchecked Sendable {   // every entry is an Atomic; the rest is immutable
    /// `slot[p]`: the row of vector index `p` (−1: not remembered).
    private let slot: [Int]
    private let entries: UnsafeMutablePointer<Atomic<UInt64>>
    private let count: Int
    private let size: Int
    private static let empty = UInt64.max   // two Float NaNs
    private let frozen = Atomic<Bool>(false)

    /// A memo for `parameters` (vector indices) over `traces` traces.
    public init(traces: Int, parameters: [Int]) {
        count = Swift.max(0, traces)
        var slot = [Int](repeating: -1, count: (parameters.max() ?? -1) + 1)
        var rows = 0
        for p in parameters where p >= 0 && slot[p] < 0 {
            slot[p] = rows
            rows += 1
        }
        self.slot = slot
        size = rows * count
        entries = .allocate(capacity: Swift.max(1, size))
        for k in 0..<size { (entries + k).initialize(to: Atomic(Self.empty)) }
    }

    /// A memo for the free parameters of `policy` among `coordinates` that need one: those
    /// without a declared feature, and integers (whose steps are searched).
    public convenience init(traces: Int, policy: any SnapPolicy, coordinates: [BoundTransform.Coordinate]) {
        let specs = policy.parameterSpecs
        self.init(traces: traces, parameters: coordinates.filter { StepSearchFeature.declared(specs[$0.index], $0) == nil }.map(\.index))
    }

    deinit {
        entries.deinitialize(count: size)
        entries.deallocate()
    }

    /// Stops further writes: fits that run in parallel after this read the memo as it is, so
    /// their results do not depend on which of them ran first (or on the number of threads).
    public func freeze() { frozen.store(true, ordering: .relaxed) }

    /// Rows held (parameters remembered).
    public var rows: Int { count == 0 ? 0 : size / count }

    @inline(__always)
    private func offset(_ parameter: Int, _ trace: Int) -> Int? {
        guard parameter >= 0, parameter < slot.count, trace >= 0, trace < count else { return nil }
        let row = slot[parameter]
        return row < 0 ? nil : row * count + trace
    }

    func interval(_ parameter: Int, _ trace: Int) -> (Double, Double)? {
        guard let o = offset(parameter, trace) else { return nil }
        let word = entries[o].load(ordering: .relaxed)
        let a = Float(bitPattern: UInt32(truncatingIfNeeded: word >> 32))
        let b = Float(bitPattern: UInt32(truncatingIfNeeded: word))
        guard !a.isNaN, !b.isNaN else { return nil }
        return (Double(a), Double(b))
    }

    func remember(_ parameter: Int, _ trace: Int, _ a: Double, _ b: Double) {
        guard !frozen.load(ordering: .relaxed), let o = offset(parameter, trace) else { return }
        var fa = Float(a), fb = Float(b)
        if Double(fa) > a { fa = fa.nextDown }
        if Double(fb) < b { fb = fb.nextUp }
        guard fa.isFinite, fb.isFinite else { return }
        let word = UInt64(fa.bitPattern) << 32 | UInt64(fb.bitPattern)
        entries[o].store(word, ordering: .relaxed)
    }
}
