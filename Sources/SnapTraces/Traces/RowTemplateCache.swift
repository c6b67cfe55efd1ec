/// The row loop's fixed-point ``RowTemplate``s kept across its calls and across traces, one a
/// slot (``RowTemplate/slot(tailCount:timeDigits:offsetDigits:)``: the layouts of consecutive
/// traces' rows mostly differ only in the tail run's length and the numbers' integer digits).
/// A trace's first usual row is tried with its slot's template, rebased onto the row
/// (``RowTemplate/rebase(row:runs:)``), instead of being read cell by cell and a template built
/// after it. What a slot holds is only ever a starting point: the rebased template still checks
/// every row it takes.
struct RowTemplateCache {
    /// How many slots.
    static let count = 16

    private var slots: (RowTemplate, RowTemplate, RowTemplate, RowTemplate, RowTemplate, RowTemplate, RowTemplate, RowTemplate,
                        RowTemplate, RowTemplate, RowTemplate, RowTemplate, RowTemplate, RowTemplate, RowTemplate, RowTemplate)

    init() {
        let t = RowTemplate()
        slots = (t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t)
    }

    /// Slot `i`'s template (the template that takes no row when none was kept there).
    @inline(__always)
    mutating func template(_ i: Int) -> RowTemplate {
        withUnsafeMutablePointer(to: &slots) { $0.withMemoryRebound(to: RowTemplate.self, capacity: Self.count) { $0[i & (Self.count - 1)] } }
    }

    /// Keeps `template`, a fixed-point one just built, in its slot.
    @inline(__always)
    mutating func keep(_ template: RowTemplate) {
        withUnsafeMutablePointer(to: &slots) {
            $0.withMemoryRebound(to: RowTemplate.self, capacity: Self.count) { $0[template.slot & (Self.count - 1)] = template }
        }
    }
}
