internal import CGSL

/// The single Swift owner of a `gsl_vector`: allocated in `init`, freed in `deinit`.
/// Not copyable and not `Sendable`: one per task.
struct GSLVector: ~Copyable {
    let raw: UnsafeMutablePointer<gsl_vector>
    let count: Int

    /// Allocates a zeroed vector of `count` elements (`gsl_vector_calloc`).
    init(count: Int) throws(GSLError) {
        GSLRuntime.ensureReady()
        guard count > 0 else {
            throw GSLError(code: Int(GSL_EINVAL), operation: "gsl_vector_calloc", detail: "length \(count) must be positive")
        }
        guard let p = gsl_vector_calloc(count) else {
            throw GSLError(code: Int(GSL_ENOMEM), operation: "gsl_vector_calloc", detail: "length \(count)")
        }
        raw = p
        self.count = count
    }

    /// A vector holding `values`.
    init(_ values: [Double]) throws(GSLError) {
        try self.init(count: values.count)
        for (i, x) in values.enumerated() { snaplab_vector_set(raw, i, x) }
    }

    subscript(i: Int) -> Double {
        get { precondition(i >= 0 && i < count); return snaplab_vector_at(raw, i) }
        nonmutating set { precondition(i >= 0 && i < count); snaplab_vector_set(raw, i, newValue) }
    }

    var array: [Double] { (0..<count).map { snaplab_vector_at(raw, $0) } }

    deinit { gsl_vector_free(raw) }
}

/// The single Swift owner of a `gsl_matrix`: allocated in `init`, freed in `deinit`.
struct GSLMatrix: ~Copyable {
    let raw: UnsafeMutablePointer<gsl_matrix>
    let rows: Int
    let columns: Int

    /// Allocates a zeroed `rows × columns` matrix (`gsl_matrix_calloc`).
    init(rows: Int, columns: Int) throws(GSLError) {
        GSLRuntime.ensureReady()
        guard rows > 0, columns > 0 else {
            throw GSLError(code: Int(GSL_EINVAL), operation: "gsl_matrix_calloc", detail: "size \(rows)×\(columns) must be positive")
        }
        guard let p = gsl_matrix_calloc(rows, columns) else {
            throw GSLError(code: Int(GSL_ENOMEM), operation: "gsl_matrix_calloc", detail: "size \(rows)×\(columns)")
        }
        raw = p
        self.rows = rows
        self.columns = columns
    }

    subscript(i: Int, j: Int) -> Double {
        get { precondition(i >= 0 && i < rows && j >= 0 && j < columns); return snaplab_matrix_at(raw, i, j) }
        nonmutating set { precondition(i >= 0 && i < rows && j >= 0 && j < columns); snaplab_matrix_set(raw, i, j, newValue) }
    }

    deinit { gsl_matrix_free(raw) }
}
