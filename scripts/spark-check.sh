#!/usr/bin/env bash
# The Spark recipe of docs/scale-out.md, run as a user would on a local Spark, compared with one
# route-cli process byte for byte:
#
#   scripts/spark-check.sh [LINES] [SEED]      (defaults: 1,000,000 lines, seed 1)
#
# Generates a seeded log with bad lines mixed in (invalid UTF-8, a lone CR inside a line, CRLF line
# ends, NUL bytes, lines over route-cli's 16 MiB limit, broken JSON, refused URLs), runs
# scripts/spark-route.py with spark-submit --master local[N] from another working directory, and
# checks that the part files concatenated are `route-cli route TABLE --json --no-line` over the
# whole input, byte for byte, and that the merged --stats summary is the one-process summary.
#
# Needs: a JRE (Debian: apt-get install default-jre-headless) and PySpark (pip install pyspark).
# route-cli: $ROUTE_CLI, else the one `swift build` made. Not in .ci/run (it takes minutes and
# downloads PySpark); a documented manual check (docs/scale-out.md, "What is tested").
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

lines=${1:-1000000}
seed=${2:-1}
table=$repo/Fixtures/Notes/Notes.routes.json
route_cli=${ROUTE_CLI:-$(swift build --show-bin-path)/route-cli}
[[ -x $route_cli ]] || { echo "no route-cli at $route_cli: run 'swift build' first"; exit 1; }
command -v spark-submit >/dev/null || { echo "spark-submit is not on the PATH (pip install pyspark)"; exit 1; }
command -v java >/dev/null || { echo "no java (apt-get install default-jre-headless)"; exit 1; }
work=$(mktemp -d)
# A failed job: the causes Spark logged (a JVM stack trace alone does not say what failed), then its end.
spark_failed() {
  echo "FAIL: the Spark job failed; its causes ($1):"
  grep -E 'Caused by|Error|Traceback|Exception|FAIL|spark-route.py: ' "$1" | grep -v -e '^\s*at ' -e ' INFO ' | head -30
  tail -15 "$1"
}
trap 'rm -rf "$work"' EXIT

python3 - "$lines" "$seed" "$work/input" <<'EOF'
import json, os, random, sys, uuid
count, seed, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
os.makedirs(folder)
def note():
    u = str(uuid.UUID(int=rng.getrandbits(128)))
    return rng.choice(["notes://note/", "https://notes.example.com/n/"]) + (u.upper() if rng.random() < 0.5 else u)
words = ["work", "café", "caf%C3%A9", "a b", "x&y", "Straße", "日本", "%", "", "q"]
bad = {"invalid-utf8": 0, "lone-cr": 0, "nul": 0, "over-long": 0}
def line(n):
    kind = rng.randrange(16)
    if kind <= 3: return note().encode()
    if kind == 4: return ("notes://tag/" + rng.choice(words)).encode()
    if kind == 5: return ("notes://search?q=" + rng.choice(words)).encode()
    if kind == 6: return json.dumps({"id": n, "url": note()}).encode()
    if kind == 7: return json.dumps({"id": f"a-{n}", "activity": {"activityType": "com.example.notes.edit", "userInfo": {"noteID": note()[-36:]}}}).encode()
    if kind == 8: return ('{"id": %d, "url": ' % n).encode()                           # broken JSON
    if kind == 9: return rng.choice([b"", b"not a url", b"https://notes.example.com\\evil.com/", b"mailto:a@b.c", b"http://notes.example.com/n/x"])
    if kind == 10: return note().encode() + b"\r"                                       # CRLF
    if kind == 11:
        bad["invalid-utf8"] += 1
        return b"notes://tag/\xff" + bytes([rng.randrange(0x80, 0x100)])
    if kind == 12:
        bad["lone-cr"] += 1
        return note().encode() + b"\rnotes://tag/work"                                  # a CR inside a line
    if kind == 13:
        bad["nul"] += 1
        return b"notes://tag/a\x00b"
    return ("notes://new?title=" + rng.choice(words)).encode()
# Three files, so the job reads a folder of logs in order (binaryFiles sorted by name).
per_file = (count + 2) // 3
written = 0
for index in range(3):
    with open(f"{folder}/links-{index}.log", "wb") as f:
        for n in range(written + 1, min(count, written + per_file) + 1):
            if n in (count // 3 + 7, 2 * count // 3 + 11):                               # 17 MiB lines
                bad["over-long"] += 1
                f.write(b"notes://tag/" + b"x" * (17 << 20) + b"\n")
            else:
                f.write(line(n) + b"\n")
        written = min(count, written + per_file)
size = sum(os.path.getsize(f"{folder}/{name}") for name in os.listdir(folder))
print(f"{count} lines in 3 files ({size} bytes), seed {seed}; bad lines: " + ", ".join(f"{v} {k}" for k, v in bad.items()))
EOF

echo "one process"
start=$(date +%s.%N)
cat "$work"/input/links-*.log | "$route_cli" route "$table" --json --no-line >"$work/single.ndjson"
cat "$work"/input/links-*.log | "$route_cli" route "$table" --stats --json >"$work/single.stats.json"
printf 'one process: %.1f s (records and summary)\n' "$(echo "$(date +%s.%N) - $start" | bc)"

echo "Spark (local[${SPARK_CORES:-2}]), from another working directory"
mkdir "$work/job"
start=$(date +%s.%N)
(cd "$work/job" && spark-submit --master "local[${SPARK_CORES:-2}]" --driver-memory 2g \
  --conf spark.ui.enabled=false "$repo/scripts/spark-route.py" \
  --route-cli "$route_cli" --table "$table" --input "$work/input" --output "$work/job/decisions" \
  --stats "$work/job/summary.json" 2>"$work/spark.log") || { spark_failed "$work/spark.log"; exit 1; }
printf 'spark: %.1f s (records and summary)\n' "$(echo "$(date +%s.%N) - $start" | bc)"
parts=$(ls "$work/job/decisions" | grep -c '^part-')
cat "$work/job/decisions"/part-* >"$work/spark.ndjson"

cmp "$work/single.ndjson" "$work/spark.ndjson" \
  || { echo "FAIL: Spark's records differ from one process's"; exit 1; }
echo "ok: $parts part files, $(wc -l <"$work/spark.ndjson") records, byte for byte those of one process"
cmp "$work/single.stats.json" "$work/job/summary.json" \
  || { echo "FAIL: the merged summary differs:"; diff "$work/single.stats.json" "$work/job/summary.json" | head; exit 1; }
echo "ok: the partitions' --stats summaries merged by route-cli stats merge are one process's summary"
grep -c '"code":"invalid-utf8"' "$work/spark.ndjson" | sed 's/^/invalid-utf8 error records: /'
grep -c '"code":"line-too-long"' "$work/spark.ndjson" | sed 's/^/line-too-long error records: /'

# A route-cli killed half-way: the first two runs of `route` write part of their records and are
# killed (SIGKILL, as an executor's OOM killer does); the job runs those partitions again and the
# output is still one process's. PySpark's pipe(checkCode=False) would have kept the short output.
echo "Spark with a route-cli killed half-way in its first two runs"
head -n 50000 "$work/input/links-0.log" >"$work/retry-input.log"
mkdir "$work/retry-in" && mv "$work/retry-input.log" "$work/retry-in/links.log"
"$route_cli" route "$table" --json --no-line <"$work/retry-in/links.log" >"$work/retry-single.ndjson"
cat >"$work/flaky-route-cli" <<FLAKY
#!/usr/bin/env bash
if [[ \$1 == route ]]; then
  n=\$(flock "$work/flaky.lock" bash -c 'n=\$(cat "$work/flaky.count" 2>/dev/null || echo 0); echo \$((n + 1)) > "$work/flaky.count"; echo \$n')
  if (( n < 2 )); then "$route_cli" "\$@" | head -c 50000; kill -9 \$\$; fi
fi
exec "$route_cli" "\$@"
FLAKY
chmod +x "$work/flaky-route-cli"
mkdir "$work/retry-job"
(cd "$work/retry-job" && spark-submit --master "local[${SPARK_CORES:-2}]" --conf spark.ui.enabled=false \
  "$repo/scripts/spark-route.py" --route-cli "$work/flaky-route-cli" --table "$table" \
  --input "$work/retry-in" --output "$work/retry-job/decisions" --partitions 2 2>"$work/spark-retry.log") \
  || { spark_failed "$work/spark-retry.log"; exit 1; }
cat "$work/retry-job/decisions"/part-* | cmp - "$work/retry-single.ndjson" \
  || { echo "FAIL: after the retries, Spark's records differ from one process's"; exit 1; }
echo "ok: $(cat "$work/flaky.count") runs of route for $(ls "$work/retry-job/decisions" | grep -c "^part-") partitions (2 killed half-way, run again); the records are one process's"
echo "spark-check: all checks passed"
