#!/usr/bin/env bash
# The scale-out contract of docs/scale-out.md, checked with the built route-cli on a large input:
#
#   1. one run:         route-cli route TABLE --json < input
#   2. mapper shards:   the input cut at random line boundaries into shards of random sizes (as
#                       Hadoop Streaming splits or Spark partitions), each shard routed by its own
#                       process (xargs -P), the outputs concatenated in shard order;
#   3. GNU parallel:    parallel --pipe --keep-order ... route-cli route TABLE --json --no-line
#
# and asserts: every shard has one record per line, numbered from 1; the shards' records with
# the shard's offset added to "line" are the one-run records byte for byte; parallel's output is
# the one-run output without "line" byte for byte.
#
#   scripts/scale-out-test.sh [LINES] [SEED]     (defaults: 200000 lines, seed 1)
#
# route-cli: $ROUTE_CLI, else the one `swift build` made. GNU parallel must be installed
# (Debian: apt-get install parallel); .ci/run installs it.
set -euo pipefail
cd "$(dirname "$0")/.."

lines=${1:-200000}
seed=${2:-1}
table=Fixtures/Notes/Notes.routes.json
route_cli=${ROUTE_CLI:-$(swift build --show-bin-path)/route-cli}
jobs=$(nproc 2>/dev/null || echo 2)
command -v parallel >/dev/null || { echo "GNU parallel is not installed (apt-get install parallel)"; exit 1; }
[[ -x $route_cli ]] || { echo "no route-cli at $route_cli: run 'swift build' first"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/shards"

# A seeded corpus of every kind of line, and random shards of it.
python3 - "$lines" "$seed" "$work" <<'EOF'
import json, random, sys, uuid
count, seed, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
with open("Fixtures/Notes/events.txt", "rb") as f:
    fixture = [line.rstrip(b"\n") for line in f]
words = ["work", "café", "caf%C3%A9", "a b", "a%20b", "x&y", "Straße", "日本", "%", "", "q"]
def note():
    u = str(uuid.UUID(int=rng.getrandbits(128)))
    u = u.upper() if rng.random() < 0.5 else u
    return rng.choice(["notes://note/", "https://notes.example.com/n/"]) + u
def line(n):
    kind = rng.randrange(14)
    if kind == 0: return rng.choice(fixture)
    if kind == 1: return note().encode()
    if kind == 2: return (note() + "/close").encode()
    if kind == 3: return ("notes://tag/" + rng.choice(words)).encode()
    if kind == 4: return ("notes://search?q=" + rng.choice(words)).encode()
    if kind == 5: return ("https://notes.example.com/n/" + str(uuid.UUID(int=rng.getrandbits(128))) + "/attachments/" + "/".join(rng.choice(words) or "x" for _ in range(rng.randrange(1, 4)))).encode()
    if kind == 6: return json.dumps({"id": n, "url": note()}).encode()
    if kind == 7: return json.dumps({"id": f"a-{n}", "activity": {"activityType": "com.example.notes.edit", "userInfo": {"noteID": note()[-36:]}}}).encode()
    if kind == 8: return json.dumps({"id": n, "url": rng.randrange(100)}).encode()      # invalid event, keeps its id
    if kind == 9: return ('{"id": %d, "url": ' % n).encode()                            # broken JSON
    if kind == 10: return rng.choice([b"", b"not a url", b"https://notes.example.com\\evil.com/", b"notes://nowhere"])
    if kind == 11: return note().encode() + b"\r"                                        # CRLF
    if kind == 12: return b"notes://tag/\xff" + bytes([rng.randrange(0x80, 0x100)])    # not UTF-8
    return ("notes://new?title=" + rng.choice(words)).encode()
corpus = [line(n) for n in range(1, count + 1)]
with open(f"{work}/input.txt", "wb") as f:
    f.write(b"".join(l + b"\n" for l in corpus))
start, k = 0, 0
while start < count:
    size = rng.choice([1, 2, rng.randrange(1, 500), rng.randrange(1, 30000)])
    with open(f"{work}/shards/{k:05d}.txt", "wb") as f:
        f.write(b"".join(l + b"\n" for l in corpus[start:start + size]))
    start, k = start + size, k + 1
print(f"{count} lines ({sum(len(l) + 1 for l in corpus)} bytes), seed {seed}, cut into {k} shards")
EOF

echo "one run"
"$route_cli" route "$table" --json <"$work/input.txt" >"$work/single.ndjson"

echo "each shard on its own, $jobs at a time (xargs -P)"
find "$work/shards" -name '*.txt' -print0 |
  xargs -0 -P "$jobs" -I{} sh -c '"$1" route "$2" --json < "$3" > "${3%.txt}.ndjson"' sh "$route_cli" "$table" {}

echo "GNU parallel --pipe --keep-order --no-line"
parallel --will-cite --pipe --keep-order --block 256k -j "$jobs" \
  "$route_cli" route "$table" --json --no-line <"$work/input.txt" >"$work/parallel.ndjson"

python3 - "$work" <<'EOF'
import glob, re, sys
work = sys.argv[1]
single = open(f"{work}/single.ndjson", "rb").read().split(b"\n")[:-1]
numbered = re.compile(rb'^\{"line":(\d+),')
joined, offset, shards = [], 0, sorted(glob.glob(f"{work}/shards/*.txt"))
for shard in shards:
    count = open(shard, "rb").read().count(b"\n")
    records = open(shard[:-4] + ".ndjson", "rb").read().split(b"\n")[:-1]
    assert len(records) == count, f"{shard}: {count} lines but {len(records)} records"
    for index, record in enumerate(records):
        m = numbered.match(record)
        assert m and int(m.group(1)) == index + 1, f"{shard}: record {index + 1} is numbered {record[:30]!r}"
        joined.append(b'{"line":%d,' % (offset + index + 1) + record[m.end():])
    offset += count
assert len(joined) == len(single), (len(joined), len(single))
for a, b in zip(joined, single):
    assert a == b, f"a shard's record differs from the one-run record:\n  {a[:200]!r}\n  {b[:200]!r}"
print(f"ok: {len(shards)} shards, line numbers from 1 in each; with offsets added, the {len(single)} records equal one run's")
unnumbered = b"".join(b"{" + r[numbered.match(r).end():] + b"\n" for r in single)
assert open(f"{work}/parallel.ndjson", "rb").read() == unnumbered, "parallel's output differs from one run without line numbers"
print(f"ok: parallel --pipe --keep-order with --no-line equals one run without line numbers, byte for byte")
EOF
echo "scale-out: all checks passed"
