/// Every policy SnapLab knows, by identifier.
public enum PolicyCatalog {
    /// One instance of every policy with its default parameters, in display order.
    ///
    /// To add a policy, append it here (and give it a test file mirroring its source file).
    public static var all: [any SnapPolicy] {
        [
            // MARK: Seed policies (Part 1)
            ASHorizontalSnap(),
            Tag99Snap(),
            NearestPageSnap(basis: .releaseOffset),
            NearestPageSnap(basis: .projectedOffset),
            // MARK: Android, Compose, Flutter
            AndroidViewPagerSnap(),
            AndroidPagerSnapHelperSnap(),
            AndroidLinearSnapHelperSnap(),
            ComposePagerSnap(),
            ComposeLazyRowSnap(),
            FlutterPageViewSnap(physics: .clamping),
            FlutterPageViewSnap(physics: .bouncing),
            FlutterFixedExtentSnap(physics: .clamping),
            FlutterFixedExtentSnap(physics: .bouncing),
            // MARK: Apple, web, JavaScript (Part 2 §4–7)
            UIKitPagingSnap(),
            UIKitPagingSpringSnap(),
            SwiftUIViewAlignedSnap(limitBehavior: .alwaysByOne),
            SwiftUIViewAlignedSnap(limitBehavior: .never),
            CSSScrollSnap(strictness: .mandatory),
            CSSScrollSnap(strictness: .proximity),
            ICarouselSnap(pagingEnabled: false),
            ICarouselSnap(pagingEnabled: true),
            SwiperSnap(),
            EmblaSnap(),
            RNIOSSnapIntervalSnap(disableIntervalMomentum: false),
            RNIOSSnapIntervalSnap(disableIntervalMomentum: true),
            RNAndroidPagingSnap(),
            // MARK: Learned (issue #5)
            LearnedThresholdSnap(),
        ]
    }

    /// Every identifier, in display order.
    public static var identifiers: [String] { all.map(\.id) }

    /// The policy with identifier `id`, with default parameters; `ID@max<n>` (n ≥ 1) is policy
    /// `ID` with a per-fling cap of `n` items (``CappedSnapPolicy``).
    public static func policy(id: String) throws(PolicyLookupError) -> any SnapPolicy {
        if let (base, n) = cappedIdentifier(id) {
            return CappedSnapPolicy(try policy(id: base), maxItemsPerFling: n)
        }
        guard let p = all.first(where: { $0.id == id }) else {
            throw PolicyLookupError(id: id, known: identifiers)
        }
        return p
    }

    /// `(ID, n)` for an identifier `ID@max<n>` with a whole `n` from 1 to 1000, else `nil`.
    static func cappedIdentifier(_ id: String) -> (base: String, maxItems: Int)? {
        guard let at = id.lastIndex(of: "@") else { return nil }
        let suffix = id[id.index(after: at)...]
        guard suffix.hasPrefix("max") else { return nil }
        let digits = suffix.dropFirst(3)
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }),
              let n = Int(digits), (1...1000).contains(n) else { return nil }
        return (String(id[..<at]), n)
    }

    /// Policies for a comma-separated list of identifiers, or all of them for `"all"`; `all@max<n>`
    /// is every policy with a per-fling cap of `n` (`all,all@max1` lists both).
    public static func policies(list: String) throws(PolicyLookupError) -> [any SnapPolicy] {
        let names = list.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        if names.isEmpty || names == ["all"] { return all }
        var out: [any SnapPolicy] = []
        for name in names {
            if name == "all" { out += all; continue }
            // `all@max<n>`: every policy with that cap.
            if let (base, n) = cappedIdentifier(name), base == "all" {
                out += all.map { CappedSnapPolicy($0, maxItemsPerFling: n) }
                continue
            }
            out.append(try policy(id: name))
        }
        return out
    }
}

/// An unknown policy identifier.
public struct PolicyLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    public let id: String
    public let known: [String]
    public var description: String {
        "unknown policy '\(id)'; known policies: " + known.joined(separator: ", ")
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
