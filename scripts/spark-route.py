#!/usr/bin/env python3
"""Routes a link log with route-cli on Spark, and writes what one process writes (docs/scale-out.md).

    spark-submit [--master ...] scripts/spark-route.py \
        --route-cli .build/release/route-cli --table Routes/Notes.routes.json \
        --input /logs/links/2026-11-28 --output /logs/decisions/2026-11-28 \
        [--stats summary.json] [--partitions N] [--retries N]

What it does, and why (each is a way the plain `textFile(...).pipe(...)` recipe differs from one
route-cli process):

- Lines are raw bytes, split at LF only. `textFile` (Hadoop's line reader) also ends a line at a
  lone CR, and decodes each line, replacing invalid UTF-8 with U+FFFD, before the command sees it;
  route-cli reports both kinds of line itself (a CR is part of its line; invalid UTF-8 is an
  `invalid-utf8` error record). So the input is read with `binaryFiles` and cut here, at b"\\n".
- Bytes go to route-cli and come back as bytes (a subprocess per partition, no text pipe, so no
  locale: a Scala `pipe` under LANG=C cannot write UTF-8).
- The binary and a self-contained bundle of the table (`route-cli bundle`: the Info.plist and AASA
  files the table names, embedded) are shipped with `addFile` and found with `SparkFiles.get`,
  whatever the task's working directory.
- Every route-cli exit status is checked and the count of records is held to the count of lines
  (route-cli writes one record a line); a partition whose run fails or comes back short is run
  again (--retries times, then the task fails and Spark's own task retries apply; the job fails
  rather than finish with lines missing).
- The output is in input order: the chunks of lines carry their position, the partitions are
  ranges of positions, and each partition is sorted. It is route-cli's `--json --no-line` output
  over the whole input, byte for byte (a line's number is its position; see docs/scale-out.md).
- With --stats, each partition's `--stats --json` summary is added up by `route-cli stats merge`
  into the summary one process gives.

Limits: `binaryFiles` reads each input file whole into one task's memory before it is cut (cut very
large files first, or give many files: a day's log in hourly files). A UTF-8 byte-order mark at the
start of a chunk is dropped by route-cli (docs/scale-out.md, "The exception").
"""

import argparse
import os
import subprocess
import sys
import tempfile

# Lines a chunk: the unit of order, and what one partition is made of (many chunks).
CHUNK_LINES = 20000


def split_lines(data):
    """The lines of `data`, each with its LF, cut at LF only (a last line without LF is kept)."""
    lines = data.split(b"\n")
    last = lines.pop()
    out = [line + b"\n" for line in lines]
    if last:
        out.append(last + b"\n")
    return out


def chunks_of_file(indexed):
    """(file index, (path, bytes)) -> ((file index, chunk index), (line count, bytes)) in order."""
    file_index, (_path, data) = indexed
    lines = split_lines(bytes(data))
    for start in range(0, len(lines), CHUNK_LINES):
        part = lines[start:start + CHUNK_LINES]
        yield (file_index, start // CHUNK_LINES), (len(part), b"".join(part))


def run_route_cli(args, data, expect_lines, retries, label):
    """route-cli with `data` on stdin; its stdout, checked; run again on failure."""
    from pyspark import SparkFiles

    tool = SparkFiles.get(os.path.basename(args.route_cli))
    bundle = SparkFiles.get(os.path.basename(args.bundle_name))
    command = [tool, "route", bundle, "--json", "--no-line"] + label
    problem = None
    for _attempt in range(retries + 1):
        run = subprocess.run(command, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if run.returncode != 0:
            problem = "route-cli exited with status %d: %s" % (run.returncode, run.stderr.decode("utf-8", "replace")[-2000:])
            continue
        if expect_lines is not None and run.stdout.count(b"\n") != expect_lines:
            problem = "route-cli wrote %d records for %d lines" % (run.stdout.count(b"\n"), expect_lines)
            continue
        return run.stdout
    raise RuntimeError("%s (after %d attempts)" % (problem, retries + 1))


def main(argv):
    parser = argparse.ArgumentParser(description="Route a link log with route-cli on Spark.")
    parser.add_argument("--route-cli", required=True, help="the route-cli binary to ship (release, --static-swift-stdlib)")
    parser.add_argument("--table", required=True, help="the route table (bundled here with `route-cli bundle`)")
    parser.add_argument("--input", required=True, help="a file, folder or glob of link logs")
    parser.add_argument("--output", required=True, help="the folder for the records (Spark part files, in order)")
    parser.add_argument("--stats", help="also write the merged --stats --json summary to this file")
    parser.add_argument("--partitions", type=int, default=0, help="partitions (default: Spark's default parallelism)")
    parser.add_argument("--retries", type=int, default=2, help="runs again of a failed partition before the task fails")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("route-links").getOrCreate()
    sc = spark.sparkContext

    # The bundle: the table and the files it references, one file that loads from any folder.
    work = tempfile.mkdtemp(prefix="spark-route-")
    args.bundle_name = os.path.join(work, "table.bundle.json")
    subprocess.run([args.route_cli, "bundle", args.table, "-o", args.bundle_name], check=True)
    sc.addFile(os.path.abspath(args.route_cli))
    sc.addFile(args.bundle_name)

    files = sc.binaryFiles(args.input).sortByKey().zipWithIndex().map(lambda pair: (pair[1], pair[0]))
    chunks = files.flatMap(chunks_of_file).cache()
    keys = sorted(chunks.keys().collect())
    if not keys:
        raise SystemExit("error: no input lines in %s" % args.input)
    rank = {key: i for i, key in enumerate(keys)}
    parts = args.partitions or sc.defaultParallelism
    parts = max(1, min(parts, len(keys)))
    total = len(keys)
    ranged = chunks.repartitionAndSortWithinPartitions(
        numPartitions=parts, partitionFunc=lambda key: rank[key] * parts // total)

    def route(partition):
        items = list(partition)
        data = b"".join(chunk for _key, (_count, chunk) in items)
        count = sum(n for _key, (n, _chunk) in items)
        if not items:
            return
        out = run_route_cli(args, data, count, args.retries, [])
        # Yielded in pieces of CHUNK_LINES records: one element of a whole partition's records
        # (hundreds of MB, twice that as a JVM string) does not fit a task's memory.
        lines = out.split(b"\n")
        lines.pop()
        for start in range(0, len(lines), CHUNK_LINES):
            yield b"\n".join(lines[start:start + CHUNK_LINES]) + b"\n"

    def summarize(partition):
        items = list(partition)
        if not items:
            return
        data = b"".join(chunk for _key, (_count, chunk) in items)
        yield run_route_cli(args, data, None, args.retries, ["--stats"])

    # Pieces of a partition's records, in order; the part files are written in order.
    # saveAsTextFile adds a newline to each element, so each piece's last one is taken off here.
    records = ranged.mapPartitions(route).map(lambda out: out[:-1].decode("utf-8"))
    records.saveAsTextFile(args.output)

    if args.stats:
        summaries = ranged.mapPartitions(summarize).collect()
        merge = subprocess.run([args.route_cli, "stats", "merge", args.bundle_name, "--json", "-"],
                               input=b"".join(summaries), stdout=subprocess.PIPE)
        if merge.returncode != 0:
            raise SystemExit("error: route-cli stats merge exited with status %d" % merge.returncode)
        with open(args.stats, "wb") as f:
            f.write(merge.stdout)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
