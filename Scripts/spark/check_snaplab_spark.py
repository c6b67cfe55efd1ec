#!/usr/bin/env python3
"""The Spark job's test (run by SparkJobTests, or by hand): the merged table equals compare's.

    python3 Scripts/spark/check_snaplab_spark.py --snaplab BIN --csv TRACES.csv --work DIR [-- COMPARE OPTIONS]

With Spark in local[2] mode: writes TRACES.csv as Parquet (typed columns as Spark infers them,
three files partitioned by user), runs snaplab_spark on the Parquet and on the CSV, and checks that
each merged table equals `snaplab compare TRACES.csv OPTIONS` but for the `file:` lines (the job's
inputs are the partitions, read from standard input). Prints the tables and OK, or the difference
and exits 1.
"""
import argparse
import difflib
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import snaplab_spark  # noqa: E402


def without_file_lines(text):
    return "".join(l for l in text.splitlines(keepends=True) if not l.startswith("file: "))


def main():
    argv = sys.argv[1:]
    options = []
    if "--" in argv:
        at = argv.index("--")
        argv, options = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("--snaplab", required=True)
    ap.add_argument("--csv", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args(argv)
    compare_options, merge_options = snaplab_spark.split_options(options)

    direct = subprocess.run([args.snaplab, "compare", args.csv] + options, capture_output=True, text=True)
    if direct.returncode != 0:
        sys.exit(f"snaplab compare failed: {direct.stderr}")
    expected = without_file_lines(direct.stdout)

    from pyspark.sql import SparkSession
    started = time.time()
    spark = (SparkSession.builder.master("local[2]").appName("snaplab-spark-test")
             .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    failed = False
    try:
        parquet = os.path.join(args.work, "traces.parquet")
        df = spark.read.option("header", True).option("inferSchema", True).csv(args.csv)
        df.repartition(3, "user_id").write.mode("overwrite").parquet(parquet)
        files = sorted(f for f in os.listdir(parquet) if f.endswith(".parquet"))
        print(f"wrote {parquet}: {len(files)} Parquet files, columns {', '.join(f'{c}:{t}' for c, t in df.dtypes)}")
        for label, path, fmt in [("parquet", parquet, "parquet"), ("csv", args.csv, "csv")]:
            t0 = time.time()
            texts = snaplab_spark.summaries(spark, path, args.snaplab, compare_options, fmt, partitions=4)
            out, _ = snaplab_spark.merge(args.snaplab, texts, os.path.join(args.work, f"summaries-{label}"), merge_options)
            print(f"== {label}: {len(texts)} partition summaries, job {time.time() - t0:.1f} s")
            if without_file_lines(out) == expected:
                print(f"{label}: merged table equals compare's (but for the file lines)")
            else:
                failed = True
                print(f"{label}: DIFFERENT from compare's table:")
                sys.stdout.writelines(difflib.unified_diff(expected.splitlines(keepends=True),
                                                           without_file_lines(out).splitlines(keepends=True),
                                                           "compare", "spark merge"))
    finally:
        spark.stop()
    print(direct.stdout)
    print(f"spark session {time.time() - started:.1f} s")
    if failed:
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
