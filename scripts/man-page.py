#!/usr/bin/env python3
"""Writes route-cli's man page (roff, section 1) from its own help screens, so the page says what
the binary says: the root help (overview, exit status) and `route-cli help SUBCOMMAND` for each
subcommand the root help lists.

    python3 scripts/man-page.py path/to/route-cli > route-cli.1
"""
import re
import subprocess
import sys

cli = sys.argv[1]


def run(*args):
    return subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout


def escape(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def sections(help_text):
    """[(title, lines)] of a help screen: OVERVIEW, the discussion, USAGE, ARGUMENTS, OPTIONS, …"""
    out, title, lines = [], None, []
    for line in help_text.splitlines():
        m = re.match(r"^([A-Z][A-Z ]+):(?: (.*))?$", line)
        if m:
            if title is not None or lines:
                out.append((title, lines))
            title, lines = m.group(1), ([m.group(2)] if m.group(2) else [])
        else:
            lines.append(line)
    out.append((title, lines))
    return out


def rows(lines):
    """Label/description rows of an indented two-column list (labels at column 2)."""
    result = []
    for line in lines:
        if not line.strip():
            continue
        m = re.match(r"^  (\S.*?)(?:\s{2,}(\S.*))?$", line)
        if m and not line.startswith("   "):
            result.append([m.group(1), m.group(2) or ""])
        elif result:
            result[-1][1] += " " + line.strip()
    return result


def paragraph(lines):
    return " ".join(l.strip() for l in lines if l.strip())


version = run("--version").strip()
root = run("--help")
print(f'.TH ROUTE\\-CLI 1 "" "route-cli {escape(version)}" "User Commands"')
parts = dict(sections(root))
print(".SH NAME")
print("route\\-cli \\- " + escape(paragraph(parts["OVERVIEW"])))
print(".SH SYNOPSIS")
subcommands = [label for label, _ in rows(parts["SUBCOMMANDS"]) if re.fullmatch(r"[a-z][a-z-]*", label)]
for sub in subcommands:
    usage = dict(sections(run("help", sub))).get("USAGE", [""])
    print(".nf\n" + escape(paragraph(usage)) + "\n.fi")
print(".SH DESCRIPTION")
print(escape(paragraph(parts["OVERVIEW"])))
for sub in subcommands:
    print(f".SH \"{escape('route-cli ' + sub).upper()}\"")
    for title, lines in sections(run("help", sub)):
        if title == "OVERVIEW":
            print(escape(paragraph(lines)))
        elif title is None or title == "":
            if paragraph(lines):
                print(".PP\n" + escape(paragraph(lines)))
        elif title == "USAGE":
            continue
        elif title in ("ARGUMENTS", "OPTIONS"):
            print(f".SS {title.capitalize()}")
            for label, text in rows(lines):
                print(f".TP\n.B {escape(label)}\n{escape(text)}")
        else:
            print(f".SS {title.capitalize()}\n" + escape(paragraph(lines)))
print(".SH \"EXIT STATUS\"")
for label, text in rows(parts["EXIT STATUS"]):
    print(f".TP\n.B {escape(label)}\n{escape(text)}")
print(".SH \"SEE ALSO\"")
print("The documentation in docs/ of the ActivityRouter repository: the table format, the output")
print("format, the Apple rules (docs/semantics.md) and scale\\-out recipes.")
