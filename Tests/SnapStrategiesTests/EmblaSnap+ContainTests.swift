@testable import SnapStrategies
import Testing

/// Embla's `containScroll: 'trimSnaps'` (ScrollContain.ts) before `ScrollTarget.findTargetSnap`.
@Suite("Embla contained snaps")
struct EmblaContainTests {
    /// 200 pt items in a 350 pt viewport, 5 items, leading: aligned snaps 0, 200, 400, 600, 800;
    /// content 1000, max offset 650: bounded 0, 200, 400, 600, 650; trimmed: all five (one each).
    let leading = try! CarouselLayout(itemWidth: 200, viewportWidth: 350, itemCount: 5)

    /// Worked example: a slow release (force 0) at 630. Unclamped item positions: 600 (30 away)
    /// vs 800 (170) → item 3; trimmed snaps: 600 (30) vs 650 (20) → item 4, the end snap.
    @Test("near the end the clamped end snap wins where the unclamped item would not")
    func endSnapWins() {
        let r = Release(offset: 630, velocity: 0, startIndex: 3)
        #expect(EmblaSnap().decide(r, in: leading).targetIndex == 4)
        #expect(EmblaSnap().decide(r, in: leading).targetOffset == 650)
        #expect(EmblaSnap(containScroll: .off).decide(r, in: leading).targetIndex == 3)
        #expect(EmblaSnap(containScroll: .keepSnaps).decide(r, in: leading).targetIndex == 4)
    }

    /// `ScrollContain.measureContained` translated: centred 100 pt items in a 400 pt viewport, 10
    /// items: aligned −150, −50, 50, …, 750; content 1000, max 600: bounded 0, 0, 50, 150, …, 550,
    /// 600, 600; the start snap's last index is 1, the end snap's first index is 8: contained
    /// snaps are items 1…8 (items 0 and 9 merge into their neighbours' snaps).
    @Test("the snap list: items 1…8, ends standing for the merged items")
    func snapList() throws {
        let centred = try CarouselLayout(itemWidth: 100, viewportWidth: 400, itemCount: 10, alignment: .center)
        let list = EmblaSnap.SnapList(layout: centred, mode: .trimSnaps)
        #expect(list.first == 1 && list.last == 8)
        #expect(list.snap(1) == 0 && list.snap(2) == 50 && list.snap(8) == 600)
        #expect(list.representative(of: 0) == 1 && list.representative(of: 9) == 8)
        // A release at 20: item positions 0 → −150 (170), 1 → −50 (70), 2 → 50 (30): item 2;
        // trimmed: 0 (20 away) vs 50 (30): the start snap, item 1.
        #expect(EmblaSnap().decide(Release(offset: 20, velocity: 0), in: centred).targetIndex == 1)
        #expect(EmblaSnap(containScroll: .off).decide(Release(offset: 20, velocity: 0), in: centred).targetIndex == 2)
        // Selected item 0 is the start snap (item 1): a flick forward goes to the next snap, item 2.
        let flick = Release(offset: 10, velocity: 1, startOffset: 0, startIndex: 0)
        #expect(EmblaSnap().decide(flick, in: centred).targetIndex == 2)
        // Content no wider than the viewport: one snap.
        let fits = try CarouselLayout(itemWidth: 100, viewportWidth: 400, itemCount: 3, alignment: .center)
        #expect(EmblaSnap.SnapList(layout: fits, mode: .trimSnaps).last == 0)
    }

    /// `findTargetSnap` as it was first written here: every slot of the window two either side of
    /// the estimate, the earliest nearest kept. ``EmblaSnap/SnapList/nearest(to:)`` stops after
    /// the first snap at or above the target and must answer the same everywhere.
    static func windowNearest(_ list: EmblaSnap.SnapList, _ target: Double) -> Int {
        let y = list.constrain(target), layout = list.layout
        let guess = SnapMath.clamp(SnapMath.roundedIndex((y - layout.alignmentOrigin) / layout.stride), list.first, list.last)
        var best = SnapMath.clamp(guess - 2, list.first, list.last), bestDistance = abs(list.snap(best) - y)
        for s in Swift.max(list.first, guess - 2)...Swift.min(list.last, guess + 2) {
            let d = abs(list.snap(s) - y)
            if d < bestDistance { best = s; bestDistance = d }
        }
        return best
    }

    @Test("the nearest snap, scanned until the first snap at or above the target, is the whole window's earliest nearest",
          arguments: EmblaSnap.ContainScroll.allCases)
    func nearestMatchesWindow(mode: EmblaSnap.ContainScroll) throws {
        var state: UInt64 = 0x5eed_0000 &+ UInt64(mode.rawValue)
        func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let alignments: [SnapAlignment] = [.leading, .center, .trailing]
        for round in 0..<60 {
            // Item widths from a few points to wider than the viewport, so that clamped ends repeat snaps.
            let layout = try CarouselLayout(itemWidth: 5 + 400 * uniform(), spacing: 30 * uniform(), leadingInset: 60 * uniform(),
                                            viewportWidth: 100 + 900 * uniform(), itemCount: [1, 2, 3, 7, 40][round % 5],
                                            alignment: alignments[round % 3])
            let list = EmblaSnap.SnapList(layout: layout, mode: mode)
            let span = Swift.max(1, layout.maxOffset) + 2 * layout.stride
            for k in 0..<300 {
                // Targets anywhere around the list, and exactly on snaps and on midpoints between them.
                var target = -layout.stride + span * uniform()
                if k % 5 == 0 { target = list.snap(list.first + (k / 5) % (list.last - list.first + 1)) }
                if k % 7 == 0 { target = (list.snap(list.first) + list.snap(list.last)) / 2 }
                #expect(list.nearest(to: target) == Self.windowNearest(list, target), "layout \(layout), target \(target)")
            }
        }
    }

    /// skipSnaps' "target changed" (DragHandler.up: the snap nearest the current position differs
    /// from the selected snap) over the trimmed list: centred layout above, selected item 9
    /// (= end snap, item 8), released at 590 with a fast backward flick (force −2000). Unclamped,
    /// 590 is nearest item 7 (550, 40 away; item 8's 650 is 60) ≠ 9, so "changed"; trimmed, 590
    /// is nearest the end snap 600 (item 8) = selected: not changed, so one step back: item 7.
    @Test("skipSnaps' target-changed test uses the trimmed snaps")
    func targetChanged() throws {
        let centred = try CarouselLayout(itemWidth: 100, viewportWidth: 400, itemCount: 10, alignment: .center)
        let r = Release(offset: 590, velocity: -5, startOffset: 600, startIndex: 9)
        let d = EmblaSnap(skipSnaps: 1).decide(r, in: centred)
        #expect(d.rule == "previous")
        #expect(d.targetIndex == 7)
        let off = EmblaSnap(skipSnaps: 1, containScroll: .off).decide(r, in: centred)
        #expect(off.rule == "skip-snaps")
    }

    /// The batch path builds the snap list once per run of releases in the same layout; each release
    /// decided alone builds its own. Seeded batches of runs of releases in random layouts (1 to 600
    /// items, every alignment, a looping layout between runs, a NaN offset), every containScroll
    /// mode, skipSnaps on and off: decisions compared field by field, the offset by its bits.
    @Test("batch decisions over runs of layouts are the decisions made alone", arguments: EmblaSnap.ContainScroll.allCases)
    func batchDecidesAsAlone(mode: EmblaSnap.ContainScroll) throws {
        var state: UInt64 = 0x3636_e3b1 &+ UInt64(mode.rawValue)
        func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let alignments: [SnapAlignment] = [.leading, .center, .trailing]
        let loop = try CarouselLayout(itemWidth: 120, spacing: 8, viewportWidth: 390, itemCount: 7, isLooping: true)
        for skip in [0.0, 1.0] {
            let policy = EmblaSnap(skipSnaps: skip, containScroll: mode)
            var releases: [Release] = [], layouts: [CarouselLayout] = []
            for round in 0..<40 {
                let layout = try CarouselLayout(itemWidth: 5 + 400 * uniform(), spacing: 30 * uniform(),
                                                leadingInset: 60 * uniform(), viewportWidth: 100 + 900 * uniform(),
                                                itemCount: [1, 2, 7, 40, 255, 256, 257, 600][round % 8],
                                                alignment: alignments[round % 3])
                let span = Swift.max(1, layout.maxOffset) + 2 * layout.stride
                for k in 0..<60 {
                    let offset = k == 59 ? .nan : -layout.stride + span * uniform()
                    let start = k % 3 == 0 ? nil : Int(uniform() * Double(layout.itemCount + 2)) - 1
                    releases.append(Release(offset: offset, velocity: (uniform() - 0.5) * 12,
                                            startOffset: offset - 200 + 400 * uniform(), startIndex: start))
                    layouts.append(layout)
                }
                if round % 5 == 4 {
                    releases.append(Release(offset: 300, velocity: 2))
                    layouts.append(loop)
                }
            }
            let batch = BatchDecisions.decide(policy, releases, in: layouts)
            for i in releases.indices {
                let alone = policy.decide(releases[i], in: layouts[i]), d = batch[i]
                #expect(d.targetSlot == alone.targetSlot && d.targetIndex == alone.targetIndex
                            && d.targetOffset.bitPattern == alone.targetOffset.bitPattern && d.rule == alone.rule,
                        "release \(i): \(releases[i]) in \(layouts[i])")
            }
        }
    }

    /// `decideBounded` as it was before the searches moved to where their answers are used: both
    /// the snap nearest the projection and the selected snap found first, for every release.
    private func eagerDecideBounded(_ policy: EmblaSnap, _ release: Release, force: Double, in layout: CarouselLayout,
                                    list: EmblaSnap.SnapList) -> SnapDecision {
        let current = release.offset == release.offset ? release.offset : 0
        let selected = list.representative(of: release.startSlot(in: layout))
        let closest = list.nearest(to: current + force)
        if !(abs(force) >= policy.goToNextThreshold(in: layout)) {
            return layout.decision(slot: closest, rule: force == 0 ? "closest-snap" : "closest-to-projection")
        }
        if policy.skipSnaps != 0 && list.nearest(to: current) != selected {
            let base = list.reachedBound(current + force) ? force : list.snap(closest) - current
            return layout.decision(slot: list.nearest(to: current + policy.skipFactor * base), rule: "skip-snaps")
        }
        let next = list.representative(of: selected &+ (force > 0 ? 1 : -1))
        return layout.decision(slot: next, rule: force > 0 ? "next" : "previous")
    }

    /// Each search made only where its answer is used decides as the eager form above: seeded
    /// releases (every path: under and over the threshold, skipSnaps on and off, projections
    /// past either bound, NaN and infinite offsets and forces) in random bounded layouts of every
    /// containScroll mode, compared field by field, the offset by its bits.
    @Test("searches where their answers are used decide as the eager form", arguments: [1, 2, 3] as [UInt64])
    func lazySearchesDecideAsEager(seed: UInt64) throws {
        var state: UInt64 = 0x3636_e3b2 &+ seed
        func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let alignments: [SnapAlignment] = [.leading, .center, .trailing]
        var paths = Set<String>()
        for round in 0..<120 {
            let layout = try CarouselLayout(itemWidth: 5 + 400 * uniform(), spacing: 30 * uniform(),
                                            leadingInset: 60 * uniform(), viewportWidth: 100 + 900 * uniform(),
                                            itemCount: [1, 2, 3, 7, 40, 255][round % 6], alignment: alignments[round % 3])
            let mode = EmblaSnap.ContainScroll.allCases[round % 3]
            let list = EmblaSnap.SnapList(layout: layout, mode: mode)
            let span = Swift.max(1, layout.maxOffset) + 2 * layout.stride
            for skip in [0.0, 1.0] {
                let policy = EmblaSnap(thresholdFraction: 0.4 * uniform(), skipSnaps: skip, skipFactor: uniform(),
                                       containScroll: mode)
                for k in 0..<80 {
                    let offset = k == 79 ? .nan : k == 78 ? .infinity : -layout.stride + span * uniform()
                    let start = k % 3 == 0 ? nil : Int(uniform() * Double(layout.itemCount + 2)) - 1
                    let release = Release(offset: offset, velocity: (uniform() - 0.5) * 4, startOffset: offset,
                                          startIndex: start)
                    let force = k == 77 ? .infinity : k == 76 ? -.nan : k == 75 ? 0 : (uniform() - 0.5) * 3 * span
                    let lazy = policy.decideBounded(release, force: force, in: layout, list: list)
                    let eager = eagerDecideBounded(policy, release, force: force, in: layout, list: list)
                    #expect(lazy.targetSlot == eager.targetSlot && lazy.targetIndex == eager.targetIndex
                                && lazy.targetOffset.bitPattern == eager.targetOffset.bitPattern && lazy.rule == eager.rule,
                            "\(release) force \(force) in \(layout), \(mode)")
                    paths.insert(lazy.rule)
                }
            }
        }
        #expect(paths.isSuperset(of: ["closest-snap", "closest-to-projection", "skip-snaps", "next", "previous"]),
                "\(paths)")
    }
}
