#!/usr/bin/env bash
# Builds the examples and runs each against the bundled Notes fixture with a short scripted
# session, asserting on what they print (.ci/run runs this). From the repository root:
#
#   Examples/test-examples.sh            (needs the route-cli of `swift build`)
set -euo pipefail
cd "$(dirname "$0")/.."

table=Fixtures/Notes/Notes.routes.json
export ROUTE_CLI=${ROUTE_CLI:-$(swift build --show-bin-path)/route-cli}
work=$(mktemp -d)
server_pid=
cleanup() {
  if [[ -n $server_pid ]]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

expect_output() {  # expect_output NAME ACTUAL-FILE, expected text on stdin
  if ! diff -u - "$2" >"$work/diff"; then
    echo "FAIL: $1 printed something else (- expected, + actual):"
    cat "$work/diff"
    exit 1
  fi
  echo "ok: $1"
}

# --- coprocess.py: one line in, one record out, correlated by id --------------------------------
python3 Examples/coprocess.py "$table" >"$work/coprocess.py.out"
expect_output "Examples/coprocess.py" "$work/coprocess.py.out" <<'EOF'
req-1: open 'note-editor' (s2) by route 'note' {"id":"6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}
req-2: front 'note-editor' (s2) by route 'edit-handoff' {"id":"6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}
req-3: drop by route 'search' {"query":"meeting notes"} (wrong-scene)
req-4: error [ambiguous-url/backslash] column 34: a backslash in the authority: browsers read it as '/', Foundation refuses it
req-5: error [invalid-event] column 8: 'url' must be a string
req-6: drop (no-route)
line 7: error [json-syntax] column 24: expected a JSON value, found end of input
route-cli exited with status 0
EOF

# --- coprocess.sh: the same with bash's coproc ---------------------------------------------------
Examples/coprocess.sh "$table" >"$work/coprocess.sh.out"
expect_output "Examples/coprocess.sh" "$work/coprocess.sh.out" <<'EOF'
1: open by route 'tag'
2: open by route 'note'
3: drop
4: error [invalid-url]
route-cli exited with status 0
EOF

# --- link-resolver: build, serve, answer, stop ----------------------------------------------------
swift build --package-path Examples/link-resolver 2>&1 | grep -v '^\[' || true
resolver=$(swift build --package-path Examples/link-resolver --show-bin-path)/link-resolver
socket=$work/links.sock
"$resolver" --socket "$socket" --table "$table" --stateful --max-connections 4 2>"$work/resolver.log" &
server_pid=$!
for _ in $(seq 1 100); do grep -q listening "$work/resolver.log" 2>/dev/null && break; sleep 0.1; done
grep -q "listening on $socket (Notes: 8 routes, stateful per connection)" "$work/resolver.log" \
  || { echo "FAIL: link-resolver did not start:"; cat "$work/resolver.log"; exit 1; }

python3 Examples/link-resolver/resolve.py "$socket" \
  'notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11' \
  '{"id": "again", "url": "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}' \
  'https://notes.example.com\evil.com/' >"$work/resolve.out"
python3 - "$work/resolve.out" <<'EOF'
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
assert [r["line"] for r in records] == [1, 2, 3], records
assert (records[0]["outcome"], records[0]["scene"], records[0]["session"]) == ("open", "note-editor", "s2"), records[0]
# Stateful per connection: the window the first line opened is still open for the second.
assert (records[1]["id"], records[1]["outcome"], records[1]["session"]) == ("again", "front", "s2"), records[1]
assert records[2]["error"]["code"] == "ambiguous-url", records[2]
EOF
echo "ok: link-resolver answers a stateful conversation"

# Many connections at once (more than --max-connections): each its own conversation, each answer
# to its own question, in order.
python3 - "$socket" <<'EOF'
import json, socket, sys, threading
path, failures = sys.argv[1], []
def client(n):
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s, s.makefile("rb") as answers:
            s.connect(path)
            for k in range(1, 11):
                s.sendall(json.dumps({"id": f"{n}-{k}", "url": f"notes://tag/t{n}-{k}"}).encode() + b"\n")
                r = json.loads(answers.readline())
                expected = "open" if k == 1 else "deliver"  # the first tag opens 'main'; the rest reach it
                if (r["line"], r["id"], r["params"]["name"], r["outcome"]) != (k, f"{n}-{k}", f"t{n}-{k}", expected):
                    failures.append(r)
            s.shutdown(socket.SHUT_WR)
            if answers.read():
                failures.append(f"client {n}: more than one record per line")
    except Exception as error:
        failures.append(f"client {n}: {error!r}")
threads = [threading.Thread(target=client, args=(n,)) for n in range(24)]
for t in threads: t.start()
for t in threads: t.join()
assert not failures, failures[:3]
EOF
echo "ok: link-resolver serves 24 concurrent connections"

# A bad request line and a line over the limit.
python3 - "$socket" <<'EOF'
import json, socket, sys
with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
    s.connect(sys.argv[1])
    s.sendall(b'{"id": 1, "url": 5}\n' + b"x" * 70000)
    s.shutdown(socket.SHUT_WR)
    records = [json.loads(line) for line in s.makefile("rb")]
assert [(r.get("id"), r["error"]["code"]) for r in records] == [(1, "invalid-event"), (None, "line-too-long")], records
EOF
echo "ok: link-resolver answers bad lines with error records"

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
[[ $status == 0 && ! -e $socket ]] || { echo "FAIL: link-resolver exited with $status or left $socket"; exit 1; }
echo "ok: link-resolver stops on SIGTERM and removes its socket"

# A table with errors: diagnostics on stderr, status 1.
printf '%s\n' '{"app": "X", "platform": "iPadOS", "scenes": [{"id": "main"}],' \
  ' "routes": [{"name": "a", "url": "x://a", "deliver": {"scene": "mian"}}]}' >"$work/bad.routes.json"
status=0
"$resolver" --socket "$socket" --table "$work/bad.routes.json" 2>"$work/bad.log" || status=$?
[[ $status == 1 ]] && grep -q "error: no scene declaration has id 'mian'" "$work/bad.log" \
  || { echo "FAIL: a broken table gave status $status:"; cat "$work/bad.log"; exit 1; }
echo "ok: link-resolver refuses a broken table with its diagnostics"

# --- plugin-app: the command plugins from a package that depends on ActivityRouter ---------------
# The first run builds route-cli for the plugin in the example's own .build (about 155 s cold on
# 2 cores, docs/ci.md); later runs only link.
app=Examples/plugin-app
swift package --package-path "$app" route-check >"$work/route-check.out" 2>"$work/route-check.err" \
  || { echo "FAIL: route-check on plugin-app:"; cat "$work/route-check.out" "$work/route-check.err"; exit 1; }
expect_output "swift package route-check" "$work/route-check.out" <<EOF
$PWD/$app/Routes/Mail.routes.json: 6 scenes, 10 routes; no problems
EOF
swift package --package-path "$app" route-test -- --junit "$work/plugin-junit.xml" >"$work/route-test.out" 2>/dev/null \
  || { echo "FAIL: route-test on plugin-app:"; cat "$work/route-test.out"; exit 1; }
expect_output "swift package route-test" "$work/route-test.out" <<'EOF'
2 fixtures, 12 steps: 12 passed
EOF
grep -q '<testsuites name="route-cli test" tests="12" failures="0" errors="0"' "$work/plugin-junit.xml" \
  || { echo "FAIL: route-test --junit wrote:"; cat "$work/plugin-junit.xml"; exit 1; }
echo "ok: route-test passes options to route-cli (--junit)"
# A broken table and a failing step: compiler diagnostics at absolute paths, and the plugin fails.
sed -e 's/"outcome": "open"/"outcome": "drop"/' -e "s#\"../Mail.routes.json\"#\"$PWD/$app/Routes/Mail.routes.json\"#" \
  "$app/Routes/fixtures/windows.fixture.json" >"$work/failing.fixture.json"
status=0
swift package --package-path "$app" route-check "$work/bad.routes.json" >"$work/plugin-bad.out" 2>&1 || status=$?
[[ $status != 0 ]] && grep -q "^$work/bad.routes.json:2:64: error: no scene declaration has id 'mian'" "$work/plugin-bad.out" \
  || { echo "FAIL: route-check on a broken table gave status $status:"; cat "$work/plugin-bad.out"; exit 1; }
echo "ok: route-check reports a broken table as file:line:col: error: and fails"
status=0
swift package --package-path "$app" route-test "$work/failing.fixture.json" >"$work/plugin-fail.out" 2>&1 || status=$?
[[ $status != 0 ]] && grep -Eq "^$work/failing.fixture.json:7:5: error: step 1 " "$work/plugin-fail.out" \
  || { echo "FAIL: route-test on a failing fixture gave status $status:"; cat "$work/plugin-fail.out"; exit 1; }
echo "ok: route-test reports a failing step as file:line:col: error: and fails"
echo "examples: all 12 checks passed"
