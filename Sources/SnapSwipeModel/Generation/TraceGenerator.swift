import Foundation
import Dispatch
import SnapStrategies
import SnapGSL
import SnapTraces
import SnapScoring
import SnapLabSupport

/// Generates a labelled synthetic trace set from a ``SwipeModel``, reproducibly from one seed.
///
/// **Plan.** A plan stream seeded with `SeedMix.mix(seed)` draws every user (``SwipeModel/makeUser(index:using:)``)
/// and then, trace by trace, which user makes it (probability ∝ activity). Each user's traces are
/// cut into chunks of ``chunkSize``; trace ids run user by user, chunk by chunk, from 0.
///
/// **Chunks.** Chunk `c` of user `u` draws from its own mt19937 stream seeded with
/// `SeedMix.mix(seed ^ SeedMix.mix((u + 1)·2^32 + c))` (`mix` = SplitMix64's finaliser; mt19937 keeps the low 32
/// bits). Chunks never share a stream, so they can be generated in parallel and the output is
/// byte-identical for the same arguments whatever the thread count.
///
/// **Sessions.** A chunk is a series of sessions of at least `1 + ⌊Exp(mean L − 1)⌋` swipes (L = 8;
/// a goal in progress is finished) starting at rest on a uniformly drawn item (mapped to the
/// resting slot the carousel shows there, ``SwipeModel/restingSlot(nearest:)``), chained by
/// ``SessionSimulator`` (each swipe starts where the previous came to rest under the live policy,
/// or, without one, on its intended item), separated by `250 ms + Exp(600 ms)` pauses on the
/// session's clock (which starts at U(0, 1000) ms). With ``SwipeModelParameters/trials`` a session
/// is one trial instead (``SessionSimulator/trial(_:user:clock:limit:numbering:using:)``): it opens
/// at a drawn start offset and holds one goal; a chunk's trials follow one another on one clock.
public struct TraceGenerator: Sendable {
    /// Traces per chunk (the unit of parallel work and of seeding).
    public static let chunkSize = 1024

    /// One chunk of one user's traces.
    struct Chunk: Sendable {
        var user: Int
        var index: Int
        var firstTraceID: Int
        var count: Int
    }

    public let model: SwipeModel
    /// Chains the swipes of a session (through the live policy, if any).
    public let simulator: SessionSimulator
    public let seed: UInt64
    public let traceCount: Int
    /// The users, as drawn by the plan stream.
    public let users: [SyntheticUser]
    /// How many traces each user makes.
    public let tracesPerUser: [Int]
    /// The recording's people this run generates (the model's ``SwipeModelParameters/recordedUsers``
    /// when the run has as many users), `nil` when its users are drawn.
    public let recordedUsers: [RecordedUser]?
    let chunks: [Chunk]

    /// Plans a run of `traceCount` traces by `userCount` users; sessions chain through
    /// `livePolicy` (``SessionSimulator``; required for the reveal and browse tasks). A model with
    /// ``SwipeModelParameters/recordedUsers`` of `userCount` users generates those people: their
    /// gains, and the traces split by their shares (``RecordedUser/traceCounts(_:total:)``).
    /// - Throws: ``SwipeModelError`` for counts out of range or a missing live policy, ``GSLError``
    ///   if GSL cannot allocate.
    public init(model: SwipeModel, traceCount: Int, userCount: Int, seed: UInt64,
                livePolicy: (any SnapPolicy)? = nil) throws {
        try self.init(model: model, traceCount: traceCount, userCount: userCount, seed: seed, livePolicy: livePolicy, fixedCounts: nil)
    }

    /// Plans a run in which user `i` makes exactly `tracesPerUser[i]` traces (the users' latent
    /// variables drawn as for any run, or by `sampling`; `generate --like` simulates a recording's
    /// own design with it).
    public init(model: SwipeModel, tracesPerUser: [Int], seed: UInt64, livePolicy: (any SnapPolicy)? = nil,
                sampling: UserSampling = .independent) throws {
        guard tracesPerUser.allSatisfy({ $0 >= 0 }) else {
            throw SwipeModelError.invalidParameter(name: "traces per user", value: "a negative count", expected: "counts ≥ 0")
        }
        try self.init(model: model, traceCount: tracesPerUser.reduce(0, +), userCount: tracesPerUser.count, seed: seed,
                      livePolicy: livePolicy, fixedCounts: tracesPerUser, sampling: sampling)
    }

    init(model: SwipeModel, traceCount: Int, userCount: Int, seed: UInt64, livePolicy: (any SnapPolicy)?,
         fixedCounts: [Int]?, sampling: UserSampling = .independent) throws {
        simulator = try SessionSimulator(model: model, livePolicy: livePolicy)
        guard traceCount >= 0, traceCount <= 1_000_000_000 else {
            throw SwipeModelError.invalidParameter(name: "trace count", value: "\(traceCount)", expected: "0...1000000000")
        }
        guard userCount >= 1, userCount <= 10_000_000 else {
            throw SwipeModelError.invalidParameter(name: "user count", value: "\(userCount)", expected: "1...10000000")
        }
        self.model = model
        self.seed = seed
        self.traceCount = traceCount
        let plan = try GSLRandom(seed: SeedMix.mix(seed))
        var users = (0..<userCount).map { model.makeUser(index: $0, using: plan) }
        try sampling.apply(to: &users, parameters: model.parameters, seed: SeedMix.mix(seed ^ 0x5EED_57A7))
        // the recording's own people (a model file's `recordedUsers`), when the run has as many
        // users: their gains, and the traces split by their shares instead of drawn by activity
        let recorded = fixedCounts == nil ? model.parameters.recordedUsers.flatMap { $0.count == userCount ? $0 : nil } : nil
        if let recorded { for i in users.indices { users[i].gain = exp(recorded[i].logGain) } }
        self.recordedUsers = recorded
        var cumulative: [Double] = []
        cumulative.reserveCapacity(userCount)
        var total = 0.0
        for u in users {
            total += u.activity
            cumulative.append(total)
        }
        var counts = [Int](repeating: 0, count: userCount)
        for _ in 0..<(fixedCounts == nil && recorded == nil ? traceCount : 0) {
            let target = plan.uniform() * total
            var lo = 0, hi = userCount - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if cumulative[mid] > target { hi = mid } else { lo = mid + 1 }
            }
            counts[lo] += 1
        }
        if let fixedCounts { counts = fixedCounts }
        if let recorded { counts = RecordedUser.traceCounts(recorded, total: traceCount) }
        var chunks: [Chunk] = []
        var next = 0
        for (u, n) in counts.enumerated() {
            var c = 0
            while c * Self.chunkSize < n {
                let size = min(Self.chunkSize, n - c * Self.chunkSize)
                chunks.append(Chunk(user: u, index: c, firstTraceID: next, count: size))
                next += size
                c += 1
            }
        }
        self.users = users
        tracesPerUser = counts
        self.chunks = chunks
    }

    /// The seed of chunk `chunk` of user `user`.
    static func chunkSeed(run seed: UInt64, user: Int, chunk: Int) -> UInt64 {
        SeedMix.mix(seed ^ SeedMix.mix((UInt64(truncatingIfNeeded: user) &+ 1) << 32 | UInt64(truncatingIfNeeded: chunk)))
    }

    /// Number of chunks (units of parallel work).
    public var chunkCount: Int { chunks.count }

    /// The swipes of chunk `i` (0..<``chunkCount``), in trace-id order.
    public func swipes(inChunk i: Int) throws -> [SyntheticSwipe] {
        guard chunks.indices.contains(i) else { return [] }
        let chunk = chunks[i]
        let user = users[chunk.user]
        let rng = try GSLRandom(seed: Self.chunkSeed(run: seed, user: chunk.user, chunk: chunk.index))
        let layout = model.layout
        let p = model.parameters
        var out: [SyntheticSwipe] = []
        out.reserveCapacity(chunk.count)
        var session = 0
        if let trials = p.trials {
            // one trial per session, on one clock (the next trial begins after the final tap)
            var clock = rng.uniform(0, 1000)
            while out.count < chunk.count {
                let trial = simulator.trial(trials, user: user, clock: clock, limit: chunk.count - out.count,
                                            numbering: .init(firstTraceID: chunk.firstTraceID + out.count, session: session, chunk: i),
                                            using: rng)
                out += trial.swipes
                clock = trial.clock
                session += 1
            }
            return out
        }
        while out.count < chunk.count {
            let length = 1 + SnapMath.flooredIndex(rng.exponential(mean: p.sessionLengthMean - 1))
            let slot = model.restingSlot(nearest: rng.integer(below: layout.itemCount))
            let clock = rng.uniform(0, 1000)
            out += simulator.session(user: user, startSlot: slot, clock: clock, length: length, limit: chunk.count - out.count,
                                     numbering: .init(firstTraceID: chunk.firstTraceID + out.count, session: session, chunk: i),
                                     using: rng)
            session += 1
        }
        return out
    }

    /// Calls `body` with every swipe, in trace-id order (serially).
    public func forEachSwipe(_ body: (SyntheticSwipe) throws -> Void) throws {
        for i in chunks.indices {
            for swipe in try swipes(inChunk: i) { try body(swipe) }
        }
    }

    /// Writes the whole set as CSV: the header, then every chunk's rows in order, each handed to
    /// `emit` as one byte buffer. Chunks are generated `threads` at a time (at least 1); the bytes
    /// do not depend on `threads`. `progress` receives the number of traces done after each batch.
    /// - Returns: the traces written and the cancelled swipes left out (a release-level file has
    ///   no row for a swipe without a release, ``TraceCSVWriter/Kind/releases``), and the releases
    ///   more than one item outside the content (``DataChecks/isOutsideContent(offset:layout:)``,
    ///   the reader's own check, which `generate` holds its output to) of all the releases.
    @discardableResult
    public func write(with writer: TraceCSVWriter, threads: Int = 1, progress: ((Int) -> Void)? = nil,
                      emit: ([UInt8]) throws -> Void) throws -> (written: Int, cancelledLeftOut: Int, outsideContent: Int, releases: Int) {
        try emit(Array(writer.header.utf8))
        let width = max(1, min(threads, 64))
        let batch = width * 2
        var done = 0, leftOut = 0, outside = 0, releases = 0
        var start = 0
        while start < chunks.count {
            let end = min(chunks.count, start + batch)
            let results = ChunkResults(count: end - start)
            let generator = self
            let first = start
            if width == 1 {
                for i in first..<end { results.store(Result { try generator.bytes(ofChunk: i, writer: writer) }, at: i - first) }
            } else {
                DispatchQueue.concurrentPerform(iterations: end - first) { j in
                    results.store(Result { try generator.bytes(ofChunk: first + j, writer: writer) }, at: j)
                }
            }
            for j in 0..<(end - first) {
                let chunk = try results.take(at: j).get()
                try emit(chunk.bytes)
                leftOut += chunk.cancelledLeftOut
                outside += chunk.outsideContent
                releases += chunk.releases
                done += chunks[first + j].count
            }
            progress?(done)
            start = end
        }
        return (done - leftOut, leftOut, outside, releases)
    }

    /// The CSV rows of chunk `i`, and how many of its swipes the writer left out (cancelled
    /// swipes in a release-level file).
    func bytes(ofChunk i: Int, writer: TraceCSVWriter) throws -> ChunkBytes {
        let swipes = try swipes(inChunk: i)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(swipes.count * 24 * 90)
        var leftOut = 0, outside = 0, releases = 0
        for s in swipes {
            // never a value the reader refuses (t_ms inf from a model with enormous pauses)
            guard s.startOffset.isFinite,
                  s.times.allSatisfy(\.isFinite), s.offsets.allSatisfy(\.isFinite) else {
                throw SwipeModelError.invalidParameter(name: "generated trace \(s.traceName)", value: "a time or offset that is not finite",
                                                       expected: "a model whose durations, pauses and lengths keep every value finite")
            }
            writer.append(s, to: &buffer)
            if writer.kind == .releases && s.isCancelled { leftOut += 1 }
            if !s.isCancelled {
                releases += 1
                if DataChecks.isOutsideContent(offset: s.releaseOffset, layout: model.layout) { outside += 1 }
            }
        }
        return (buffer, leftOut, outside, releases)
    }
}

/// A chunk's CSV rows, the cancelled swipes the writer left out, the releases outside the
/// content and the releases (uncancelled swipes).
typealias ChunkBytes = (bytes: [UInt8], cancelledLeftOut: Int, outsideContent: Int, releases: Int)

/// Slots for the results of one batch of chunks generated in parallel.
///
/// `@unchecked Sendable` because: slot `j` is written by exactly one `concurrentPerform` iteration
/// and read only after `concurrentPerform` has returned (which waits for every iteration), so no
/// slot is ever accessed by two threads at once.
private final class ChunkResults: @unchecked Sendable {
    private var slots: UnsafeMutableBufferPointer<Result<ChunkBytes, any Error>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    func store(_ result: Result<ChunkBytes, any Error>, at j: Int) { slots[j] = result }

    func take(at j: Int) -> Result<ChunkBytes, any Error> {
        defer { slots[j] = nil }
        return slots[j] ?? .failure(SwipeModelError.invalidParameter(name: "chunk", value: "\(j)", expected: "a generated chunk"))
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
}
