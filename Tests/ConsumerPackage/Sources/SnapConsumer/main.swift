// Decides one release with every policy of the catalogue (the kinematics call libm's `floor`,
// `sqrt`, … on Linux: this links only with SnapStrategies' `-lm`), then runs the checks of the
// exported Swift files the test adds beside this one (`exportedChecks`).
import SnapStrategies

let layout = try CarouselLayout(itemWidth: 300, spacing: 12, leadingInset: 24, trailingInset: 8,
                                viewportWidth: 390, itemCount: 9, alignment: .center)
let release = Release(offset: 640, velocity: -1.7, startOffset: 590, startTime: 0, time: 140, startIndex: 2,
                      fingerTravel: 58)
for policy in PolicyCatalog.all {
    let decision = policy.decide(release, in: layout)
    print("\(policy.id) \(decision.targetIndex) \(decision.rule)")
}
for check in exportedChecks {
    print(try check(layout, release))
}
