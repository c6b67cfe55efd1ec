// CGSL: the GNU Scientific Library as a system module, seen only by the SnapGSL module.
//
// The `link` lines in module.modulemap stay even though pkg-config "gsl" also gives them:
// without the pkg-config program SwiftPM finds no flags and the link fails.
#ifndef SNAPLAB_CGSL_SHIM_H
#define SNAPLAB_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>

// Swift 6 rejects GSL's algorithm-type globals (`const gsl_rng_type *gsl_rng_mt19937`, ...)
// as shared mutable state. These accessors return them without exposing the globals.
static inline const gsl_rng_type *snaplab_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_multimin_fminimizer_type *snaplab_nmsimplex2(void) {
    return gsl_multimin_fminimizer_nmsimplex2;
}
static inline const gsl_multimin_fdfminimizer_type *snaplab_vector_bfgs2(void) {
    return gsl_multimin_fdfminimizer_vector_bfgs2;
}
static inline const gsl_multifit_nlinear_type *snaplab_nlinear_trust(void) {
    return gsl_multifit_nlinear_trust;
}

// `gsl_vector_get`/`gsl_matrix_get` are inline functions with range checks that call the
// error handler; these read the data block directly after the wrapper has checked bounds.
static inline double snaplab_vector_at(const gsl_vector *v, size_t i) { return v->data[i * v->stride]; }
static inline void snaplab_vector_set(gsl_vector *v, size_t i, double x) { v->data[i * v->stride] = x; }
static inline void snaplab_matrix_set(gsl_matrix *m, size_t i, size_t j, double x) {
    m->data[i * m->tda + j] = x;
}
static inline double snaplab_matrix_at(const gsl_matrix *m, size_t i, size_t j) {
    return m->data[i * m->tda + j];
}

#endif
