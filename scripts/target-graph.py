#!/usr/bin/env python3
"""Draws the package's target graph from Package.swift (through `swift package dump-package`),
so that the picture in docs/architecture.md cannot go stale:

    python3 scripts/target-graph.py           # writes docs/images/targets.svg and the text graph in docs/architecture.md
    python3 scripts/target-graph.py --check   # fails when either differs from Package.swift (CI runs this)

The library's stages (the chain from RouterSupport to ActivityRouter) form the left column, in
the order of the data flow; the other targets stand to the right, on the row of the stage they
depend on; the test targets are in the text graph only. An arrow goes from a target to a target
it depends on.
"""
import html
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SVG = ROOT / "docs" / "images" / "targets.svg"
DOC = ROOT / "docs" / "architecture.md"
BEGIN, END = "<!-- target-graph:begin (scripts/target-graph.py) -->", "<!-- target-graph:end -->"


def targets():
    dump = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    result = {}
    for t in json.loads(dump)["targets"]:
        deps = []
        for d in t["dependencies"]:
            (kind, value), = d.items()
            deps.append(value[0])
        result[t["name"]] = (t["type"], deps)
    return result


def chain(graph):
    """The stages: the longest chain of library targets, each depending on the one before."""
    library = {n for n, (kind, _) in graph.items() if kind == "regular" and not n.endswith("TestSupport")}
    memo = {}

    def longest(name):
        if name not in memo:
            below = [longest(d) for d in graph[name][1] if d in library]
            memo[name] = max(below, key=len, default=[]) + [name]
        return memo[name]

    return max((longest(n) for n in library), key=len)


def text_graph(graph, stages):
    lines = []
    for i, name in enumerate(stages):
        deps = graph[name][1]
        lines.append(("    ↓\n" if i else "") + f"  {name}" + (f"    (depends on {', '.join(deps)})" if deps else ""))
    others = [n for n in graph if n not in stages]
    lines.append("")
    for name in others:
        kind, deps = graph[name]
        lines.append(f"  {name} [{kind}] → {', '.join(deps)}")
    return "```\n" + "\n".join(lines) + "\n```"


def svg(graph, stages):
    box_w, box_h, gap = 190, 34, 26
    # Beside the stages: the other non-test targets, one column each (so that no arrow runs
    # behind another box), on the row of the deepest stage they depend on (the last row for one
    # that depends on the product). Test targets are in the text graph only.
    side = [n for n in graph if n not in stages and graph[n][0] != "test" and not n.endswith("TestSupport")]
    pos = {}
    for i, name in enumerate(stages):
        pos[name] = (40, 30 + i * (box_h + gap))
    for column, name in enumerate(side, start=1):
        rows = [stages.index(d) for d in graph[name][1] if d in stages]
        row = max(rows) if rows else len(stages) - 1
        pos[name] = (40 + column * (box_w + 40), 30 + row * (box_h + gap))
    width = max(x for x, _ in pos.values()) + box_w + 40
    height = max(y for _, y in pos.values()) + box_h + 30
    colours = {"regular": "#eef4ff", "executable": "#fff3e0", "test": "#f1f8e9"}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="Helvetica, Arial, sans-serif" font-size="13">',
        '<defs><marker id="a" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]

    def anchor(name, towards):
        x, y = pos[name]
        tx, ty = pos[towards]
        cx, cy = x + box_w / 2, y + box_h / 2
        if abs(ty - y) < box_h:  # same row: left or right edge
            return (x + box_w if tx > x else x, cy)
        return (cx, y if ty < y else y + box_h)

    for name, (kind, deps) in graph.items():
        for dep in deps:
            if name not in pos or dep not in pos:
                continue
            x1, y1 = anchor(name, dep)
            x2, y2 = anchor(dep, name)
            out.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#555" '
                'stroke-width="1.2" marker-end="url(#a)"/>'
            )
    for name, (x, y) in pos.items():
        kind = graph[name][0]
        fill = colours.get(kind, "#eef4ff")
        stroke = "#2f5fb3" if name in stages else "#777"
        out.append(
            f'<rect x="{x}" y="{y}" width="{box_w}" height="{box_h}" rx="6" fill="{fill}" stroke="{stroke}"/>'
        )
        label = html.escape(name) + ("" if kind == "regular" else f" ({kind})")
        out.append(f'<text x="{x + box_w / 2:.0f}" y="{y + 22}" text-anchor="middle">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    check = "--check" in sys.argv[1:]
    graph = targets()
    stages = chain(graph)
    picture = svg(graph, stages)
    doc = DOC.read_text()
    if BEGIN not in doc or END not in doc:
        sys.exit(f"error: {DOC} has no {BEGIN} … {END} section")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new_doc = head + BEGIN + "\n" + text_graph(graph, stages) + "\n" + END + tail
    if check:
        stale = [str(p) for p, new in [(SVG, picture), (DOC, new_doc)] if not p.exists() or p.read_text() != new]
        if stale:
            sys.exit("error: the target graph is stale in " + ", ".join(stale) + "; run python3 scripts/target-graph.py")
        print("target graph: up to date")
        return
    SVG.parent.mkdir(parents=True, exist_ok=True)
    SVG.write_text(picture)
    DOC.write_text(new_doc)
    print(f"wrote {SVG.relative_to(ROOT)} and the graph in {DOC.relative_to(ROOT)}")


main()
