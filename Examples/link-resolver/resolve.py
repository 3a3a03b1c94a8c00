#!/usr/bin/env python3
"""A client for link-resolver: sends request lines over its Unix domain socket, prints answers.

    python3 Examples/link-resolver/resolve.py /tmp/links.sock notes://tag/work '{"id": 1, "url": "notes://nowhere"}'

Each argument is one request line (without arguments, the lines of standard input). All lines
go over one connection, one at a time: write a line, read its record, then write the next, so
with a server started with --stateful the later lines see the windows the earlier ones opened.
Python 3 standard library only.
"""

import socket
import sys
import time


def connect(path, attempts=50):
    """Connects to the server, retrying briefly while it starts."""
    for attempt in range(attempts):
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            client.connect(path)
            return client
        except (FileNotFoundError, ConnectionRefusedError):
            client.close()
            if attempt == attempts - 1:
                raise
            time.sleep(0.1)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 64
    lines = argv[2:] or [line.rstrip("\r\n") for line in sys.stdin]
    with connect(argv[1]) as client, client.makefile("rb") as answers:
        for line in lines:
            client.sendall(line.encode("utf-8") + b"\n")
            answer = answers.readline()
            if not answer:
                print("link-resolver closed the connection", file=sys.stderr)
                return 1
            sys.stdout.write(answer.decode("utf-8"))
            sys.stdout.flush()
        client.shutdown(socket.SHUT_WR)
        if answers.read():
            print("link-resolver sent more than one record per line", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
