import ArgumentParser
import SnapEvaluator
import SnapStrategies

extension SnapAlignment: ExpressibleByArgument {}

/// The carousel layout on the command line (defaults: the shared benchmark layout, 160-pt items
/// with 10-pt spacing and 10-pt insets in a 375-pt viewport, 40 items).
public struct LayoutOptions: ParsableArguments, Sendable {
    @Option(help: "Item width, points.")
    public var itemWidth: Double = 160
    @Option(help: "Spacing between items, points.")
    public var spacing: Double = 10
    @Option(help: "Leading inset, points.")
    public var leadingInset: Double = 10
    @Option(help: "Trailing inset, points (default: the leading inset).")
    public var trailingInset: Double?
    @Option(help: "Viewport width, points.")
    public var viewport: Double = 375
    @Option(help: "Number of items.")
    public var count: Int = 40
    @Option(help: "Snap alignment: leading, center or trailing.")
    public var alignment: SnapAlignment = .leading
    @Flag(help: "The carousel loops (no ends; indices modulo the count).")
    public var looping = false

    public init() {}

    /// The validated layout.
    public func layout() throws(LayoutError) -> CarouselLayout {
        try CarouselLayout(itemWidth: itemWidth, spacing: spacing, leadingInset: leadingInset,
                           trailingInset: trailingInset, viewportWidth: viewport, itemCount: count,
                           alignment: alignment, isLooping: looping)
    }

    public func validate() throws {
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
