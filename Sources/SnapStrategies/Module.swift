// SnapStrategies: carousel geometry and every snapping policy behind one protocol, usable
// unchanged in an app. It owns the layout (`CarouselLayout`, Geometry/), the release and the
// decision (`Release`, `SnapDecision`), the policy protocol (`SnapPolicy`) with each policy's
// parameters declared once (`ParameterTable`, `PolicyParameter`), the platforms' decelerations
// and fling gates (Kinematics/), one policy per file (Policies/), the catalogue (Catalog/), the
// per-fling cap (FlingCap/), the in-app swipe recorder (Recording/) and its own elementary
// functions (`SnapMath`, Support/), so that no platform library is needed. May import:
// nothing — no Foundation, no other module (MIT licensed, LICENSE in this folder).
