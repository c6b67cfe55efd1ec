// The JavaScript export of flutter-fixedextent(-bouncing) (FlutterFixedExtentSnap.swift with
// FlutterFlingGate.swift, FlutterClampingDeceleration.swift, FlutterFrictionDeceleration.swift).
// Same branches, same rule names; needs `JavaScriptExport.policies` (SL.exp, SL.log, SL.flutterGatedVelocity).

extension JavaScriptExport {
    /// More entries of `SL.policies`: flutter-fixedextent and flutter-fixedextent-bouncing.
    static let flutterFixedExtent = #"""
    // SnapMath.pow: e^(y ln x) with SnapStrategies' exp and log.
    SL.pow = (base, exponent) => {
      if (base !== base || exponent !== exponent) return NaN;
      if (exponent === 0) return 1;
      if (base < 0) return NaN;
      if (base === 0) return exponent > 0 ? 0 : Infinity;
      return SL.exp(exponent * SL.log(base));
    };
    // FlutterClampingDeceleration.swift: ClampingScrollSimulation's distance.
    SL.clampingDistance = (v, p) => {
      if (v === Infinity || v === -Infinity) return v;
      if (v !== v) return 0;
      const dr = 2.3582018154259448, reference = p.friction * (9.80665 * 39.37 * 160 * 0.84) / 0.35;
      const speed = Math.abs(v) * 1000;
      const t = !(speed > 0 && isFinite(speed) && reference > 0) ? 0 : 1000 * dr * 0.35 * SL.pow(speed / reference, 1 / (dr - 1));
      return v * t / dr;
    };
    // FlutterFrictionDeceleration.coastDistance: -1000 v / ln(drag).
    SL.frictionDistance = (v, p) => (p.drag > 0 && p.drag < 1 && v === v ? -1000 * v / SL.log(p.drag) : 0);
    // FlutterFixedExtentSnap.swift (FixedExtentScrollPhysics.createBallisticSimulation).
    SL.fixedExtent = (r, L, p, distance) => {
      const natural = r.offset + distance(SL.flutterGatedVelocity(r, p, p.maxFlingVelocity), p), end = L.clampedOffset(natural);
      const atEdge = !L.isLooping && !(natural > 0 && natural < L.maxOffset);
      return L.decision(SL.flooredIndex(L.position(end) + 0.5), atEdge ? "edge-parent-physics" : "nearest-to-simulation-end");
    };
    SL.policies["flutter-fixedextent"] = (r, L, p) => SL.fixedExtent(r, L, p, SL.clampingDistance);
    SL.policies["flutter-fixedextent-bouncing"] = (r, L, p) => SL.fixedExtent(r, L, p, SL.frictionDistance);
    """#
}
