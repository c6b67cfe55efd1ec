/// One parameter of a policy (or of a model a policy holds), declared once: where its value is
/// stored (a key path) and what it is (its ``PolicyParameter``: name, unit, default, range, kind,
/// the feature it is compared with, summary).
///
/// A policy's ``ParameterTable`` lists these in vector order, and everything else reads them:
/// ``SnapPolicy/parameterSpecs``, ``SnapPolicy/parameterValues``,
/// ``SnapPolicy/assignValidatedParameterValues(_:)``, the orders and the defaults of the
/// policy's `init` (its `defaults`, ``ParameterTable/defaulted(_:)``). Key paths are used only to read and write
/// parameter vectors; `decide` reads the stored properties directly.
///
/// Fitters write a vector before every probe decision, so a field whose key path is plain stored
/// storage (a stored property, or one of a stored struct: no observer, no subscript) is read and
/// written at its byte offset (`MemoryLayout.offset(of:)`, documented for exactly this use) rather
/// than by applying the key path, which costs several times a decision; other fields (a property
/// with `didSet`, an array element) go through the key path.
///
/// `@unchecked Sendable`: a key path is an immutable object, safe to share across threads, but the
/// standard library does not mark a composed (``lifted(into:)``) key path `Sendable`.
public struct ParameterField<Root>: @unchecked Sendable {
    /// Where the value is stored.
    public let keyPath: WritableKeyPath<Root, Double>
    /// What the value is.
    public let spec: PolicyParameter
    /// The value's byte offset in `Root` when the key path is plain stored storage, else nil.
    let offset: Int?

    /// The parameter stored at `keyPath`, named `name` on the command line and in JSON; the rest
    /// as ``PolicyParameter``'s fields (`range` is `minimum...maximum`, `default` its
    /// ``PolicyParameter/defaultValue``).
    public init(_ keyPath: WritableKeyPath<Root, Double>, _ name: String, unit: String, default defaultValue: Double,
                range: ClosedRange<Double>, isInteger: Bool = false, role: ParameterRole = .threshold,
                comparedWith: ThresholdFeature? = nil, summary: String) {
        self.init(keyPath, spec: PolicyParameter(name: name, unit: unit, defaultValue: defaultValue,
                                                 minimum: range.lowerBound, maximum: range.upperBound,
                                                 isInteger: isInteger, role: role, comparedWith: comparedWith,
                                                 summary: summary))
    }

    init(_ keyPath: WritableKeyPath<Root, Double>, spec: PolicyParameter) {
        self.keyPath = keyPath
        self.spec = spec
        offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The value in `root`.
    @inline(__always)
    func value(in root: Root) -> Double {
        guard let offset else { return root[keyPath: keyPath] }
        return withUnsafeBytes(of: root) { $0.loadUnaligned(fromByteOffset: offset, as: Double.self) }
    }

    /// Stores `value` in `root`.
    @inline(__always)
    func store(_ value: Double, in root: inout Root) {
        guard let offset else { root[keyPath: keyPath] = value; return }
        withUnsafeMutableBytes(of: &root) { $0.storeBytes(of: value, toByteOffset: offset, as: Double.self) }
    }

    /// The same parameter seen from a value that holds `Root` at `path` (a policy holding a
    /// deceleration model), e.g. the spline's `friction` as the policy's `\.spline.friction`.
    public func lifted<Outer>(into path: WritableKeyPath<Outer, Root>) -> ParameterField<Outer> {
        ParameterField<Outer>(path.appending(path: keyPath), spec: spec)
    }

    /// The same parameter with another default (a variant whose platform ships another value,
    /// e.g. Flutter's bouncing physics' minimum fling velocity).
    public func defaulting(to value: Double) -> ParameterField {
        let s = spec
        return ParameterField(keyPath, spec: PolicyParameter(name: s.name, unit: s.unit, defaultValue: value,
                                                            minimum: s.minimum, maximum: s.maximum,
                                                            isInteger: s.isInteger, role: s.role,
                                                            comparedWith: s.comparedWith, summary: s.summary))
    }
}

/// A policy's (or model's) parameters in vector order, each a ``ParameterField``, with the orders
/// their values must keep; the one declaration the parameter vector, the catalogue, `--param`,
/// fitting and the exports read.
public struct ParameterTable<Root>: @unchecked Sendable {
    /// The fields, in vector order.
    public let fields: [ParameterField<Root>]
    /// The specs of ``fields``, in vector order.
    public let specs: [PolicyParameter]
    /// Orders between the values, by name (``ParameterOrder``).
    public let orders: [ParameterOrder]
    /// Every field's byte offset, when every field has one (``ParameterField``): then a vector is
    /// read and written in one pass over the bytes, without copying the fields (their strings and
    /// key paths) per value.
    private let offsets: [Int]?

    /// A table of `fields`; `orders` pairs key paths of two of them whose values must keep
    /// `lower ≤ upper` (a key path not in `fields` gives the name ``unknownName``, which
    /// `ParameterTableTests` reports).
    public init(_ fields: [ParameterField<Root>],
                orders: [(lower: KeyPath<Root, Double>, upper: KeyPath<Root, Double>)] = []) {
        func name(_ keyPath: KeyPath<Root, Double>) -> String {
            fields.first(where: { $0.keyPath == keyPath })?.spec.name ?? Self.unknownName
        }
        self.fields = fields
        specs = fields.map(\.spec)
        offsets = Self.offsets(of: fields)
        self.orders = orders.map { ParameterOrder(name($0.lower), name($0.upper)) }
    }

    /// A table of `fields` with orders given by name (a table built at run time, whose fields
    /// are elements of an array).
    public init(_ fields: [ParameterField<Root>], namedOrders: [ParameterOrder]) {
        self.fields = fields
        specs = fields.map(\.spec)
        offsets = Self.offsets(of: fields)
        orders = namedOrders
    }

    /// Every field's offset, or nil when one has none.
    private static func offsets(of fields: [ParameterField<Root>]) -> [Int]? {
        let offsets = fields.compactMap(\.offset)
        return offsets.count == fields.count ? offsets : nil
    }

    /// The name an order gets for a key path that is not in the table.
    public static var unknownName: String { "(not in the table)" }

    /// The fields of this table seen from a value that holds `Root` at `path`.
    public func fields<Outer>(in path: WritableKeyPath<Outer, Root>) -> [ParameterField<Outer>] {
        fields.map { $0.lifted(into: path) }
    }

    /// The declared default of the parameter stored at `keyPath`; NaN when it is not in the table
    /// (which `ParameterTableTests` reports: a default-constructed policy would not match). A
    /// search of the table by key path: for looking up, not for a default argument (those read
    /// the type's `defaults`, built once by ``defaulted(_:)``).
    public func defaultValue(_ keyPath: KeyPath<Root, Double>) -> Double {
        fields.first(where: { $0.keyPath == keyPath })?.spec.defaultValue ?? .nan
    }

    /// `root` with every field of the table at its declared default.
    ///
    /// A type builds its `static let defaults` with it, once (from an instance whose table fields
    /// are placeholders), and its `init`'s default arguments read that instance: a default then
    /// costs a load, not a search of the table by key path on every call, and the table stays the
    /// one declaration of the values.
    public func defaulted(_ root: Root) -> Root {
        var root = root
        assign(specs.map(\.defaultValue), to: &root)
        return root
    }

    /// The values of `root`, in vector order.
    public func values(of root: Root) -> [Double] {
        guard let offsets else { return fields.map { $0.value(in: root) } }
        return withUnsafeBytes(of: root) { bytes in
            offsets.map { bytes.loadUnaligned(fromByteOffset: $0, as: Double.self) }
        }
    }

    /// Stores `values` (vector order) in `root`; values beyond the table are ignored, missing ones
    /// leave their fields unchanged.
    public func assign(_ values: [Double], to root: inout Root) {
        guard let offsets else {
            for (field, value) in zip(fields, values) { field.store(value, in: &root) }
            return
        }
        let count = Swift.min(offsets.count, values.count)
        withUnsafeMutableBytes(of: &root) { bytes in
            for i in 0..<count { bytes.storeBytes(of: values[i], toByteOffset: offsets[i], as: Double.self) }
        }
    }
}

/// A policy whose parameters are declared once, in a ``ParameterTable``: its
/// ``SnapPolicy/parameterSpecs``, ``SnapPolicy/parameterValues``, ``SnapPolicy/parameterOrder`` and
/// ``SnapPolicy/assignValidatedParameterValues(_:)`` are read from the table.
public protocol DeclaredParameters: SnapPolicy {
    /// This instance's parameters (a variant may have fewer, or other defaults).
    var parameterTable: ParameterTable<Self> { get }
}

extension DeclaredParameters {
    /// The specs of ``parameterTable``.
    public var parameterSpecs: [PolicyParameter] { parameterTable.specs }
    /// The values of ``parameterTable``'s fields.
    public var parameterValues: [Double] { parameterTable.values(of: self) }
    /// The orders of ``parameterTable``.
    public var parameterOrder: [ParameterOrder] { parameterTable.orders }
    /// Writes `values` through ``parameterTable``'s key paths.
    public mutating func assignValidatedParameterValues(_ values: [Double]) {
        parameterTable.assign(values, to: &self)
    }
}
