#!/usr/bin/env python3
"""Drive `route-cli route TABLE --json` as a coprocess: write one line, read its answer, repeat.

    python3 Examples/coprocess.py [--route-cli PATH] [--stateless] [TABLE]

TABLE defaults to Fixtures/Notes/Notes.routes.json; PATH to $ROUTE_CLI, else
.build/debug/route-cli, else `route-cli` on the PATH. Python 3 standard library only.

route-cli flushes its answers before it waits for more input, so a program that writes one line
and then reads gets that line's record at once: no pseudo-terminal, no unbuffer. Every request
carries an "id", which route-cli echoes in the record (also in the error record of a JSON event
it cannot read), so answers are matched to questions by id, not by position; a line that is not
JSON at all has no id to echo, and is matched by its line number instead. With --stateful (the
default here) each decision is applied before the next line: a window the first answer opened
is still open for the second.
"""

import json
import os
import shutil
import subprocess
import sys


class RouteCoprocess:
    """One long-running `route-cli route TABLE --json` process."""

    def __init__(self, route_cli, table, stateful=True):
        arguments = [route_cli, "route", table, "--json"] + (["--stateful"] if stateful else [])
        # Binary pipes, unbuffered on our side: every write goes out at once.
        self.process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.lines_written = 0
        self.next_id = 1

    def send_line(self, line):
        """Writes one raw input line and returns its record (a dict)."""
        if "\n" in line or "\r" in line:
            raise ValueError("one line at a time")
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.lines_written += 1
        answer = self.process.stdout.readline()  # one record per line, so this never waits for more
        if not answer:
            raise RuntimeError(f"route-cli exited with status {self.process.wait()} without answering")
        record = json.loads(answer)
        if record.get("line") != self.lines_written:
            raise RuntimeError(f"answer for line {record.get('line')}, expected {self.lines_written}")
        return record

    def ask(self, event):
        """Routes an event (a URL string or a JSON event dict) under a fresh id; returns (id, record)."""
        request_id = f"req-{self.next_id}"
        self.next_id += 1
        message = {"url": event} if isinstance(event, str) else dict(event)
        message["id"] = request_id
        record = self.send_line(json.dumps(message, separators=(",", ":")))
        if record.get("id") != request_id:
            raise RuntimeError(f"answer for id {record.get('id')!r}, expected {request_id!r}")
        return request_id, record

    def close(self):
        """Ends the input; returns route-cli's exit status (0 whenever the table loaded)."""
        self.process.stdin.close()
        rest = self.process.stdout.read()
        if rest:
            raise RuntimeError(f"unexpected output after the last answer: {rest!r}")
        self.process.stdout.close()
        return self.process.wait()


def describe(record):
    """One line for people."""
    outcome = record["outcome"]
    if outcome == "error":
        error = record["error"]
        reason = f"/{error['reason']}" if "reason" in error else ""
        return f"error [{error['code']}{reason}] column {error['column']}: {error['message']}"
    text = outcome
    if "scene" in record:
        text += f" '{record['scene']}'"
    if "session" in record:
        text += f" ({record['session']})"
    if "rule" in record:
        text += f" by route '{record['rule']}' {json.dumps(record['params'], separators=(',', ':'))}"
    if "reason" in record:
        text += f" ({record['reason']})"
    return text


def find_route_cli(explicit):
    for candidate in (explicit, os.environ.get("ROUTE_CLI"), ".build/debug/route-cli"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("route-cli")
    if not found:
        sys.exit("route-cli not found: build it with `swift build`, or pass --route-cli PATH")
    return found


def main(argv):
    route_cli, stateful, table = None, True, "Fixtures/Notes/Notes.routes.json"
    arguments = argv[1:]
    while arguments:
        argument = arguments.pop(0)
        if argument == "--route-cli" and arguments:
            route_cli = arguments.pop(0)
        elif argument == "--stateless":
            stateful = False
        elif argument in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        else:
            table = argument
    note = "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"
    router = RouteCoprocess(find_route_cli(route_cli), table, stateful=stateful)
    session = [
        f"notes://note/{note}",
        {"activity": {"activityType": "com.example.notes.edit", "userInfo": {"noteID": note.lower()}}},
        "notes://search?q=meeting%20notes",
        "https://notes.example.com\\evil.com/",  # refused: an error record, and the run goes on
        {"url": 5},  # not a valid event: an error record that still carries our id
        "notes://nowhere",
    ]
    for event in session:
        request_id, record = router.ask(event)
        print(f"{request_id}: {describe(record)}")
    # A line that is not JSON has no id to echo; its record is matched by line number.
    record = router.send_line('{"id": "req-7", "url": ')
    print(f"line {record['line']}: {describe(record)}")
    status = router.close()
    print(f"route-cli exited with status {status}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
