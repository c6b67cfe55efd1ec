import ArgumentParser
import SnapStrategies
import SnapTraces
import SnapReports

extension SnapAlignment: ExpressibleByArgument {}

/// The carousel layout on the command line.
///
/// Commands that show or generate one layout (`explain`, `generate`, `plot decision-map`) fill
/// what is not given with the shared benchmark layout (``layout()``: 160-pt items with 10-pt
/// spacing and 10-pt insets in a 375-pt viewport, 40 items). Commands that read traces take only
/// the options actually given (``givenFields``): a trace file without layout columns then needs
/// `--layout FILE` or these options, or it is an error (trace-format.md 1.1), never a silent
/// default.
public struct LayoutOptions: ParsableArguments, Sendable {
    @Option(help: "Item width, points (default 160 where one layout is shown or generated).")
    public var itemWidth: Double?
    @Option(help: "Spacing between items, points (default 10).")
    public var spacing: Double?
    @Option(help: "Leading inset, points (default 10).")
    public var leadingInset: Double?
    @Option(help: "Trailing inset, points (default: the leading inset).")
    public var trailingInset: Double?
    @Option(help: "Viewport width, points (default 375 where one layout is shown or generated).")
    public var viewport: Double?
    @Option(help: "Number of items, 1...1000000000 (default 40 where one layout is shown or generated).")
    public var count: Int?
    @Option(help: "Snap alignment: leading, center or trailing (default leading).")
    public var alignment: SnapAlignment?
    @Flag(help: "The carousel loops (no ends; indices modulo the count).")
    public var looping = false

    public init() {}

    /// The shared benchmark layout's fields (the defaults of ``layout()``).
    static let benchmark = LayoutFields(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40,
                                        alignment: .leading, isLooping: false)

    /// The fields given on the command line (nothing else).
    public var givenFields: LayoutFields {
        LayoutFields(itemWidth: itemWidth, spacing: spacing, leadingInset: leadingInset, trailingInset: trailingInset,
                     viewportWidth: viewport, itemCount: count, alignment: alignment, isLooping: looping ? true : nil)
    }

    /// The validated layout: the options given, the shared benchmark layout for the others.
    public func layout() throws(LayoutError) -> CarouselLayout {
        let f = givenFields.merged(over: Self.benchmark)
        return try CarouselLayout(itemWidth: f.itemWidth ?? 160, spacing: f.spacing ?? 10, leadingInset: f.leadingInset ?? 10,
                                  trailingInset: f.trailingInset, viewportWidth: f.viewportWidth ?? 375,
                                  itemCount: f.itemCount ?? 40, alignment: f.alignment ?? .leading,
                                  isLooping: f.isLooping ?? false)
    }

    public func validate() throws {
        if let count, !LayoutFields.itemCountRange.contains(count) {
            throw ValidationError("--count: found \(count); expected \(LayoutFields.itemCountExpectation).")
        }
        do { _ = try layout() } catch { throw ValidationError(error.description) }
    }
}

/// The layout of a command that takes `--layout FILE` and the layout options (the file's keys
/// override the options).
enum LayoutFile {
    /// - Throws: ``TraceParseError`` for a bad file, `ValidationError` when it gives no complete layout.
    static func resolve(file: String?, options: LayoutOptions) throws -> CarouselLayout {
        guard let file else { return try options.layout() }
        let fields = try LayoutFields.read(layoutFile: file).merged(over: LayoutFields(options.layout()))
        guard let layout = try fields.layout() else { throw ValidationError("the layout file \(file) gives no complete layout") }
        return layout
    }
}
