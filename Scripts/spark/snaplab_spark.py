#!/usr/bin/env python3
"""snaplab compare on a Spark cluster: per-user summaries on the executors, one merge on the driver.

    spark-submit Scripts/spark/snaplab_spark.py TRACES --snaplab BIN [--input-format parquet|csv]
        [--partitions N] [--summaries DIR] [--out FILE] [-- COMPARE OPTIONS...]

TRACES is any path Spark reads (a file, a directory of part files, hdfs://, s3a://, gs://, ...) of
traces in SnapLab's trace format (shared/spec/trace-format.md): sample-level (one row per touch
sample) or release-level (one row per swipe), as Parquet (columns named as the CSV header) or CSV
with a header row.

1. Reads TRACES and numbers the rows in input order.
2. Repartitions by user_id (by trace_id when there is no user_id column), so a trace never straddles
   two partitions and each user is in one, and sorts each partition by user, trace_id, t_ms (when
   present) and input order: each trace's rows together and in time order, rows at the same time in
   input order (so within one input file a trace's rows must keep their order, as the format says).
3. On each executor, per partition (mapPartitions): writes the partition's rows as CSV to the
   standard input of `snaplab compare - --emit-summary FILE COMPARE OPTIONS` and returns the
   summary's text (Docs/scale.md describes the format).
4. On the driver: writes the summaries to DIR and prints `snaplab merge DIR/part-*.jsonl` (with the
   COMPARE OPTIONS that shape the printout: --format, --by), which is exactly the table
   `snaplab compare` prints on all the traces, but for its `file:` lines (one `-` per partition).

CSV input is read as text and handed to snaplab unchanged; Parquet values are written back as
text: integers in decimal, floating-point numbers in Python's shortest round-trip form (the same
double snaplab would have parsed from the original text), nulls as empty cells.

The snaplab binary must run on every executor: give a path that exists there, or ship it with
`spark-submit --files /path/to/snaplab` and pass `--snaplab snaplab` (looked up with SparkFiles).
Docs/scale.md shows spark-submit on YARN and on Kubernetes.
"""
import argparse
import os
import subprocess
import sys
import tempfile

# compare options that only shape the printed table: passed to merge, not to compare.
PRINT_OPTIONS = {"--format", "--by"}


def split_options(options):
    """(options for compare on each partition, options for merge)."""
    compare, merge = [], []
    i = 0
    while i < len(options):
        opt = options[i]
        name, has_value = (opt.split("=", 1)[0], "=" in opt)
        target = merge if name in PRINT_OPTIONS else compare
        target.append(opt)
        if not has_value and name.startswith("--") and i + 1 < len(options) and not options[i + 1].startswith("--"):
            target.append(options[i + 1])
            i += 1
        i += 1
    if any(o.split("=", 1)[0] in ("--emit-summary", "--per-trace", "--meta", "--jobs") for o in compare):
        raise SystemExit("snaplab_spark: --emit-summary, --per-trace, --meta and --jobs are set by the job, not by its options")
    return compare, merge


def cell(value):
    """A Parquet/CSV value as the text of a CSV cell (RFC 4180 quoting when needed)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    text = str(value)
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def resolve_binary(path):
    """The snaplab binary on this machine: `path` if it exists, else the file shipped with --files."""
    if os.path.exists(path):
        return path
    from pyspark import SparkFiles
    shipped = SparkFiles.get(os.path.basename(path))
    if os.path.exists(shipped):
        os.chmod(shipped, 0o755)
        return shipped
    raise FileNotFoundError(f"snaplab binary {path!r} is neither on this executor nor shipped with spark-submit --files")


def summarize_partition(rows, columns, binary, options):
    """Runs snaplab compare on one partition's rows (CSV on standard input); yields its summary text."""
    rows = iter(rows)
    first = next(rows, None)
    if first is None:
        return
    exe = resolve_binary(binary)
    with tempfile.TemporaryDirectory(prefix="snaplab-part-") as tmp:
        summary = os.path.join(tmp, "summary.jsonl")
        cmd = [exe, "compare", "-", "--jobs", "1", "--emit-summary", summary, "--format", "csv"] + options
        with open(os.path.join(tmp, "stderr"), "w+b") as err:
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err)
            try:
                write = proc.stdin.write
                write((",".join(columns) + "\n").encode())
                batch = [",".join(cell(v) for v in first)]
                for row in rows:
                    batch.append(",".join(cell(v) for v in row))
                    if len(batch) == 4096:
                        write(("\n".join(batch) + "\n").encode())
                        batch = []
                if batch:
                    write(("\n".join(batch) + "\n").encode())
                proc.stdin.close()
            except BrokenPipeError:
                pass
            status = proc.wait()
            err.seek(0)
            message = err.read().decode(errors="replace")
        if status != 0:
            raise RuntimeError(f"snaplab compare failed on a partition (exit {status}): {message.strip()}")
        with open(summary, encoding="utf-8") as f:
            yield f.read()


def read_traces(spark, path, input_format):
    if input_format == "csv":
        # every column as text: the cells reach snaplab exactly as written
        return spark.read.option("header", True).option("inferSchema", False).csv(path)
    return spark.read.parquet(path)


def summaries(spark, path, binary, compare_options, input_format="parquet", partitions=None):
    """The summary texts of every non-empty partition of the traces at `path`."""
    from pyspark.sql import functions as F

    # the executors' Python workers import this module to run summarize_partition
    spark.sparkContext.addPyFile(os.path.abspath(__file__))
    df = read_traces(spark, path, input_format)
    columns = df.columns
    key = "user_id" if "user_id" in columns else "trace_id"
    if key not in columns:
        raise SystemExit(f"snaplab_spark: {path} has neither a user_id nor a trace_id column (columns: {', '.join(columns)})")
    n = partitions or spark.sparkContext.defaultParallelism
    numbered = df.withColumn("_snaplab_row", F.monotonically_increasing_id())
    # Each trace's rows together and in time order (ties in input order), whatever the files' order.
    # (t_ms as a number: CSV columns are read as text)
    order = [F.col(c) for c in (key, "trace_id") if c in columns]
    if "t_ms" in columns:
        order.append(F.col("t_ms").cast("double"))
    order.append(F.col("_snaplab_row"))
    ordered = numbered.repartition(n, key).sortWithinPartitions(*order).select(*columns)
    return ordered.rdd.mapPartitions(
        lambda rows: summarize_partition((tuple(r) for r in rows), columns, binary, compare_options)).collect()


def merge(binary, texts, directory, merge_options):
    """Writes `texts` to DIRECTORY/part-NNNNN.jsonl and runs snaplab merge on them: (stdout, stderr)."""
    os.makedirs(directory, exist_ok=True)
    paths = []
    for i, text in enumerate(texts):
        p = os.path.join(directory, f"part-{i:05d}.jsonl")
        with open(p, "w", encoding="utf-8") as f:
            f.write(text)
        paths.append(p)
    if not paths:
        raise SystemExit("snaplab_spark: no traces read (every partition was empty)")
    proc = subprocess.run([binary, "merge"] + paths + merge_options, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"snaplab merge failed (exit {proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout, proc.stderr


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    options = []
    if "--" in argv:
        at = argv.index("--")
        argv, options = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("traces", help="traces: any path Spark reads (Parquet or CSV)")
    ap.add_argument("--snaplab", required=True, help="the snaplab binary (a path on the executors, or a file shipped with --files)")
    ap.add_argument("--input-format", choices=["parquet", "csv"], default="parquet")
    ap.add_argument("--partitions", type=int, help="partitions (default: Spark's default parallelism)")
    ap.add_argument("--master", help="Spark master when not run by spark-submit (e.g. local[2])")
    ap.add_argument("--summaries", help="directory for the per-partition summaries (default: a temporary one)")
    ap.add_argument("--out", help="also write the merged table to this file")
    args = ap.parse_args(argv)
    compare_options, merge_options = split_options(options)

    from pyspark.sql import SparkSession
    builder = SparkSession.builder.appName("snaplab-compare")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    try:
        texts = summaries(spark, args.traces, args.snaplab, compare_options, args.input_format, args.partitions)
        local = resolve_binary(args.snaplab)  # the driver's copy, for the merge
    finally:
        spark.stop()
    with tempfile.TemporaryDirectory(prefix="snaplab-summaries-") as tmp:
        out, err = merge(local, texts, args.summaries or tmp, merge_options)
    sys.stderr.write(f"snaplab_spark: {len(texts)} partition summaries merged\n" + err)
    sys.stdout.write(out)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(out)


if __name__ == "__main__":
    main()
