import Dispatch
import SnapStrategies
import SnapTraces
import SnapScoring

/// The labelled traces of a data set, reduced once to what scoring needs, so that a fit can
/// score thousands of parameter vectors without touching strings or allocating.
///
/// Stored compactly, as parallel arrays: per trace its release (start slot resolved once), the
/// index of its layout in ``layouts`` (distinct layouts stored once; a data set rarely has more
/// than a few), and a ``Label``: the intended item, the start item (the item at
/// ``Release/startSlot(in:)``), the drag direction (sign of `offset − startOffset`, else of the
/// velocity, as ``TraceOutcome``) and the user. Unlabelled traces are dropped.
///
/// Scores are over an index list (a fold, or a bootstrap resample with repeated indices):
/// ``score(_:objective:indices:)``. Large lists are split into chunks scored in parallel
/// (`DispatchQueue.concurrentPerform`, policies are `Sendable` values and the data is read-only),
/// each chunk through the policy's batch path (``SnapPolicy/decide(_:in:into:)``).
public struct FitData: Sendable {
    /// What scoring one trace needs besides its release and layout: 24 bytes (the start item, an
    /// item index below the layout's count of at most 10⁹, is kept in 32 bits; the intended item,
    /// any whole number in a looping layout, in 64).
    public struct Label: Sendable, Hashable {
        public var intended: Int
        private var start: Int32
        public var user: Int32
        public var direction: Int8
        /// What counts as reaching `intended` (the trace's `hit`, else exact).
        public var hit: HitCriterion

        /// `startIndex` must be an item index (`0..<itemCount`, so below 2³¹).
        public init(intended: Int, startIndex: Int, direction: Int8, user: Int32, hit: HitCriterion = .exact) {
            self.intended = intended
            start = Int32(clamping: startIndex)
            self.user = user
            self.direction = direction
            self.hit = hit
        }

        /// The item at the release's start slot.
        public var startIndex: Int {
            get { Int(start) }
            set { start = Int32(clamping: newValue) }
        }
    }

    /// The releases, one per labelled trace (``Release/startIndex`` resolved), stored compactly
    /// (``Releases``).
    public let releases: Releases
    /// `layouts[layoutIndex[i]]` is trace `i`'s layout (a sample drawn by ``Reservoir`` may also
    /// list layouts seen only on traces it replaced).
    public private(set) var layouts: [CarouselLayout]
    public let layoutIndex: [UInt32]
    public let labels: [Label]
    /// Traces dropped because they had no intended item.
    public let unlabelled: Int
    /// Each trace's group (``TraceRelease/group``: a `--group-by` column's value) as an index
    /// into ``groupNames`` (first appearance first); both empty when no trace has a group.
    public let groupIndex: [UInt32]
    public let groupNames: [String]
    /// The column the groups come from, for the reader (set by whoever read the data).
    public var groupColumn: String?
    /// The group of a trace without the group column's value among traces with one.
    public static let noGroup = "(none)"

    /// Traces scored per chunk when scoring in parallel; below twice this, scoring is serial.
    public static let parallelChunk = 8192

    public init(_ traces: [TraceRelease]) {
        var store = Store(reserving: traces.count)
        for t in traces { store.append(t) }
        self.init(store)
    }

    init(_ store: Store) {
        releases = Releases(storage: store.releases)
        layouts = store.layouts
        layoutIndex = store.layoutIndex
        labels = store.labels
        unlabelled = store.unlabelled
        // a reservoir's replacements may leave names no kept trace has: keep those that are used
        if store.groups.isEmpty {
            groupIndex = []
            groupNames = []
        } else {
            var renumber = [UInt32?](repeating: nil, count: store.groupNames.count)
            var names: [String] = []
            groupIndex = store.groups.map { g in
                if let k = renumber[Int(g)] { return k }
                let k = UInt32(names.count)
                renumber[Int(g)] = k
                names.append(store.groupNames[Int(g)])
                return k
            }
            groupNames = names
        }
    }

    /// `data`'s traces in `layouts` instead of its own (one for one, same indices).
    init(_ data: FitData, layouts: [CarouselLayout]) {
        self = data
        self.layouts = layouts
    }

    /// The columns of a ``FitData`` being filled trace by trace (directly from the reader, so no
    /// array of full ``TraceRelease``s — trace ids, file locations, sample counts — is ever held).
    struct Store {
        var releases: [Releases.Stored] = []
        var layouts: [CarouselLayout] = []
        var layoutIndex: [UInt32] = []
        var labels: [Label] = []
        var unlabelled = 0
        /// Per trace its group's index into `groupNames`; empty while no trace has had a group.
        var groups: [UInt32] = []
        var groupNames: [String] = []
        private var known: [CarouselLayout: UInt32] = [:]
        private var knownGroups: [String: UInt32] = [:]

        init(reserving capacity: Int = 0) {
            releases.reserveCapacity(capacity)
            labels.reserveCapacity(capacity)
            layoutIndex.reserveCapacity(capacity)
        }

        var count: Int { labels.count }

        /// The compact form of `t` (`nil` when it has no intended item).
        mutating func compact(_ t: TraceRelease) -> (Release, UInt32, Label)? {
            guard let intended = t.intendedIndex else { return nil }
            let layout = t.layout
            var release = t.release
            let startSlot = release.startSlot(in: layout)
            if release.startIndex == nil { release.startIndex = startSlot }
            let index: UInt32
            if layouts.last == layout { index = UInt32(layouts.count - 1) } else if let i = known[layout] { index = i } else {
                index = UInt32(layouts.count)
                known[layout] = index
                layouts.append(layout)
            }
            let label = Label(intended: intended, startIndex: layout.itemIndex(ofSlot: startSlot),
                              direction: Int8(TraceOutcome.swipeDirection(of: release)), user: Int32(truncatingIfNeeded: t.user),
                              hit: t.criterion)
            return (release, index, label)
        }

        /// Appends `t` (unlabelled traces are counted and dropped).
        mutating func append(_ t: TraceRelease) {
            guard let (release, index, label) = compact(t) else {
                unlabelled += 1
                return
            }
            releases.append(Releases.Stored(release))
            layoutIndex.append(index)
            labels.append(label)
            if t.group != nil || !groups.isEmpty {
                // traces before the first with a group (a file without the column) are in "(none)"
                if groups.count < labels.count - 1 {
                    let none = groupSlot(nil)
                    groups += [UInt32](repeating: none, count: labels.count - 1 - groups.count)
                }
                groups.append(groupSlot(t.group))
            }
        }

        /// The index of group `name` (interned; `nil`: ``FitData/noGroup``, a trace without one
        /// among traces with one: a file without the column).
        private mutating func groupSlot(_ name: String?) -> UInt32 {
            let name = name ?? FitData.noGroup
            if let k = knownGroups[name] { return k }
            let k = UInt32(groupNames.count)
            knownGroups[name] = k
            groupNames.append(name)
            return k
        }

        /// Puts `t` in place of trace `j` (a reservoir's replacement).
        mutating func replace(_ j: Int, with t: TraceRelease) {
            guard let (release, index, label) = compact(t) else { return }
            releases[j] = Releases.Stored(release)
            layoutIndex[j] = index
            labels[j] = label
            if groups.isEmpty && t.group != nil { groups = [UInt32](repeating: groupSlot(nil), count: labels.count) }
            if j < groups.count { groups[j] = groupSlot(t.group) }
        }
    }

    /// Number of labelled traces.
    public var count: Int { labels.count }

    /// Every index, `0..<count`.
    public var allIndices: [Int] { Array(labels.indices) }

    /// Trace `i`'s layout.
    @inlinable
    public func layout(_ i: Int) -> CarouselLayout { layouts[Int(layoutIndex[i])] }

    /// Trace `i`'s user.
    public func user(_ i: Int) -> Int { Int(labels[i].user) }

    /// What scoring one trace needs of a policy's decision: the item at rest and whether it
    /// reaches the label under the label's criterion. Two decisions with the same outcome score the
    /// same under every objective, so a search that follows a trace's decision as a parameter moves
    /// follows its outcome (a policy that rests between slots can change whether the intended item
    /// is revealed without changing the item at rest).
    public struct Outcome: Sendable, Hashable {
        public var target: Int
        public var reached: Bool

        @inlinable
        public init(target: Int, reached: Bool) {
            self.target = target
            self.reached = reached
        }
    }

    /// The outcome of decision `d` for a trace with `label` in `layout`: a hit as `compare` judges
    /// it, ``HitCriterion/reaches(intended:targetIndex:targetOffset:in:)`` — `revealed` with the
    /// content at the policy's own resting offset (``SnapDecision/targetOffset``), the one definition
    /// `compare`, `fit`, `recommend` and `generate --rank-against` share.
    @inlinable
    public func outcome(_ label: Label, of d: SnapDecision, in layout: CarouselLayout) -> Outcome {
        Outcome(target: d.targetIndex,
                reached: label.hit.reaches(intended: label.intended, targetIndex: d.targetIndex, targetOffset: d.targetOffset, in: layout))
    }

    /// The loss of a trace with `label` when a policy decided `d`: 1 − hit for hit rate (so a
    /// smaller sum is better for both objectives), the weighted cost otherwise (``outcome(_:of:in:)``).
    @inlinable
    func loss(_ label: Label, decision d: SnapDecision, layout: CarouselLayout, objective: FitObjective) -> Double {
        loss(label, outcome(label, of: d, in: layout), layout: layout, objective: objective)
    }

    /// The loss of a trace with `label` whose decision had outcome `o`.
    @inlinable
    func loss(_ label: Label, _ o: Outcome, layout: CarouselLayout, objective: FitObjective) -> Double {
        switch objective {
        case .hitRate:
            return o.reached ? 0 : 1
        case let .cost(over, under, falseChange):
            if o.reached { return 0 }
            let e = TraceOutcome.itemError(target: o.target, intended: label.intended, in: layout)
            let signed = e * Int(label.direction)
            var cost = signed > 0 ? over : under
            if label.intended == label.startIndex && o.target != label.startIndex { cost += falseChange }
            return cost
        }
    }

    /// The score of `policy` over `indices`: hit rate (share of hits) or mean cost. NaN when
    /// `indices` is empty.
    public func score(_ policy: any SnapPolicy, objective: FitObjective, indices: [Int]) -> Double {
        let n = indices.count
        guard n > 0 else { return .nan }
        let total = lossSum(policy, objective: objective, indices: indices, weights: nil)
        return objective.isHigherBetter ? 1 - total / Double(n) : total / Double(n)
    }

    /// Σ weightᵢ · loss of `policy` on trace `indices[k]` (weights 1 when `nil`).
    func lossSum(_ policy: any SnapPolicy, objective: FitObjective, indices: [Int], weights: [Double]?) -> Double {
        lossSumOpened(policy, objective: objective, indices: indices, weights: weights)
    }

    private func lossSumOpened<P: SnapPolicy>(_ policy: P, objective: FitObjective, indices: [Int], weights: [Double]?) -> Double {
        let n = indices.count
        let chunk = Self.parallelChunk
        if n < 2 * chunk {
            return chunkLoss(policy, objective, indices, weights, 0..<n)
        }
        let chunks = (n + chunk - 1) / chunk
        var partial = [Double](repeating: 0, count: chunks)
        partial.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            let slots = ChunkSlots(base: base)
            DispatchQueue.concurrentPerform(iterations: chunks) { k in
                let lower = k * chunk
                slots.base[k] = chunkLoss(policy, objective, indices, weights, lower..<Swift.min(n, lower + chunk))
            }
        }
        return partial.reduce(0, +)
    }

    /// The batch path over `indices[range]`: gather the releases and layouts, decide them in
    /// batches of ``ScoreAccumulator/batchSize``, sum the losses.
    private func chunkLoss<P: SnapPolicy>(_ policy: P, _ objective: FitObjective, _ indices: [Int], _ weights: [Double]?,
                                          _ range: Range<Int>) -> Double {
        var batch = DecisionBatch(capacity: ScoreAccumulator.batchSize)
        var total = 0.0
        var start = range.lowerBound
        while start < range.upperBound {
            let end = Swift.min(range.upperBound, start + ScoreAccumulator.batchSize)
            batch.gather(self, indices[start..<end])
            batch.decide(policy)
            for k in 0..<(end - start) {
                let i = indices[start + k]
                let l = loss(labels[i], decision: batch.decisions[k], layout: batch.layouts[k], objective: objective)
                total += (weights?[start + k] ?? 1) * l
            }
            start = end
        }
        return total
    }

    /// Whether some trace of `indices` scores differently (its loss, ``loss(_:decision:layout:objective:)``)
    /// under two of `policies` (one type, e.g. one policy at several values of a parameter).
    func anyLossDiffers<P: SnapPolicy>(_ policies: [P], objective: FitObjective, indices: [Int]) -> Bool {
        guard policies.count >= 2 else { return false }
        var batch = DecisionBatch(capacity: ScoreAccumulator.batchSize)
        var first = [Double](repeating: 0, count: ScoreAccumulator.batchSize)
        var start = 0
        while start < indices.count {
            let end = Swift.min(indices.count, start + ScoreAccumulator.batchSize)
            batch.gather(self, indices[start..<end])
            for (k, p) in policies.enumerated() {
                batch.decide(p)
                for t in 0..<(end - start) {
                    let l = loss(labels[indices[start + t]], decision: batch.decisions[t], layout: batch.layouts[t],
                                 objective: objective)
                    if k == 0 { first[t] = l } else if l != first[t] { return true }
                }
            }
            start = end
        }
        return false
    }

    /// The distinct users of `indices` with their trace counts, in order of first appearance.
    public func userCounts(_ indices: [Int]) -> [(user: Int, traces: Int)] {
        var order: [Int] = []
        var counts: [Int: Int] = [:]
        for i in indices where i >= 0 && i < labels.count {
            let u = Int(labels[i].user)
            if counts[u] == nil { order.append(u) }
            counts[u, default: 0] += 1
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }
}

/// Scratch for deciding a batch of traces through ``SnapPolicy/decide(_:in:into:)``: the
/// gathered releases and layouts (contiguous, as the batch path takes them) and the decisions.
///
/// A slot's layout is copied only when it differs from the one the slot already holds (by index
/// into ``FitData/layouts``): a data set rarely has more than a few layouts, so after the first
/// batch gathering copies the releases only.
struct DecisionBatch {
    var releases: [Release] = []
    var layouts: [CarouselLayout] = []
    var decisions: [SnapDecision] = []
    private(set) var count = 0
    /// `layoutOf[k]`: the index in ``FitData/layouts`` of the layout held in slot `k`.
    private var layoutOf: [UInt32] = []

    init(capacity: Int) {
        releases.reserveCapacity(capacity)
        layouts.reserveCapacity(capacity)
        decisions.reserveCapacity(capacity)
    }

    /// Copies the releases and layouts of `indices` into the batch.
    mutating func gather(_ data: FitData, _ indices: some Collection<Int>) {
        let n = indices.count
        count = 0
        guard let first = indices.first else { return }
        if releases.count < n {
            let r = data.releases[first], l = data.layout(first), shape = data.layoutIndex[first]
            while releases.count < n {
                releases.append(r)
                layouts.append(l)
                layoutOf.append(shape)
                decisions.append(SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: ""))
            }
        }
        // Copied through pointers: no uniqueness or bounds check per trace beyond the index's own.
        releases.withUnsafeMutableBufferPointer { r in
            layouts.withUnsafeMutableBufferPointer { l in
                layoutOf.withUnsafeMutableBufferPointer { held in
                    data.releases.storage.withUnsafeBufferPointer { source in
                        data.layouts.withUnsafeBufferPointer { shapes in
                            data.layoutIndex.withUnsafeBufferPointer { shapeOf in
                                var k = 0
                                for i in indices {
                                    precondition(i >= 0 && i < source.count, "trace index \(i) out of range")
                                    r[k] = source[i].release
                                    let shape = shapeOf[i]
                                    if held[k] != shape {
                                        l[k] = shapes[Int(shape)]
                                        held[k] = shape
                                    }
                                    k += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        count = n
    }

    /// `policy` decides the gathered traces (its own specialized loop).
    mutating func decide<P: SnapPolicy>(_ policy: P) {
        let n = count
        releases.withUnsafeBufferPointer { r in
            layouts.withUnsafeBufferPointer { l in
                decisions.withUnsafeMutableBufferPointer { d in
                    policy.decide(UnsafeBufferPointer(rebasing: r[..<n]), in: UnsafeBufferPointer(rebasing: l[..<n]),
                                  into: UnsafeMutableBufferPointer(rebasing: d[..<n]))
                }
            }
        }
    }
}

/// The per-chunk result slots of a parallel computation: iteration `k` writes only `base[k]`, and
/// the buffer outlives `concurrentPerform` (which returns after every iteration has finished), so
/// sharing the pointer across the iterations is race-free.
struct ChunkSlots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

extension FitData {
    /// The releases of a ``FitData`` in 48 bytes each instead of a ``Release``'s 72, with
    /// nothing rounded: the start and end times are kept as their difference (the contact time,
    /// ``Release/duration``, the only use policies make of them; a release read back starts at
    /// time 0), the start index, always resolved here, is not optional, and a missing finger
    /// travel is one NaN bit pattern (``Stored/noFingerTravel``, a signalling NaN that parsing and
    /// arithmetic never produce: they give quiet ones, which are kept as they are). Reading
    /// element `i` rebuilds the ``Release``.
    public struct Releases: RandomAccessCollection, Sendable, Equatable {
        struct Stored: Sendable, Equatable {
            var offset: Double
            var velocity: Double
            var startOffset: Double
            var duration: Double
            /// The finger travel, or ``noFingerTravel``'s bits when there is none.
            var fingerTravelBits: UInt64
            var startIndex: Int

            /// The bits standing for "no finger travel": a signalling NaN with a payload of its own.
            static let noFingerTravel: UInt64 = 0x7FF4_F17E_0000_0001

            init(_ r: Release) {
                offset = r.offset
                velocity = r.velocity
                startOffset = r.startOffset
                duration = r.duration
                var bits = r.fingerTravel?.bitPattern ?? Self.noFingerTravel
                // A signalling NaN given as a travel (never parsed or computed) is kept as a quiet one.
                if bits == Self.noFingerTravel { bits = Double.nan.bitPattern }
                fingerTravelBits = r.fingerTravel == nil ? Self.noFingerTravel : bits
                startIndex = r.startIndex ?? 0
            }

            @inline(__always)
            var release: Release {
                Release(offset: offset, velocity: velocity, startOffset: startOffset, startTime: 0, time: duration,
                        startIndex: startIndex,
                        fingerTravel: fingerTravelBits == Self.noFingerTravel ? nil : Double(bitPattern: fingerTravelBits))
            }
        }

        let storage: [Stored]

        public var startIndex: Int { 0 }
        public var endIndex: Int { storage.count }
        @inlinable public func index(after i: Int) -> Int { i + 1 }
        @inlinable public func index(before i: Int) -> Int { i - 1 }
        public subscript(i: Int) -> Release { storage[i].release }
    }
}
