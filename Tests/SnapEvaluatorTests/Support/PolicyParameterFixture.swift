import SnapStrategies

enum PolicyParameterFixture {
    static func spec(_ name: String, _ lo: Double, _ hi: Double, default value: Double, integer: Bool = false) -> PolicyParameter {
        PolicyParameter(name: name, unit: "units", defaultValue: value, minimum: lo, maximum: hi, isInteger: integer,
                        summary: "test parameter \(name)")
    }
}
