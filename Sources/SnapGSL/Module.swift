// SnapGSL: the GNU Scientific Library behind one layer, the only module that imports `CGSL`
// (SwiftPM enforces it: no other target depends on CGSL). It owns random numbers (`GSLRandom`,
// mt19937), distributions (normal, Student t, the binomial tail), the polynomial fit and the
// minimizers (`NelderMead`, `BFGSMinimizer`) with their `MinimizationReport` and `FitError`
// (the minimizers' refusals and a fit's failures, declared here so that no layer throws an
// error of a layer above it). GSL's error handler is off, every
// status is checked (`GSLError`), and no GSL type appears in its API (`internal import CGSL`).
// May import: CGSL only.
