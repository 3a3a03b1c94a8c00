#!/usr/bin/env python3
"""Draws docs/images/performance.svg from measured benchmark data (no dependencies).

    python3 scripts/bench-chart.py [Benchmarks/results/latest.jsonl [MORE.jsonl ...]]

Several files are read as one list of rows, in order (for example latest.jsonl and the engine rows
of Benchmarks/results/engine.jsonl); of rows of the same kind, the last one is drawn.

The chart puts ActivityRouter's instructions per match (callgrind, from scripts/bench-all.sh)
beside the anchors of issue 6 (matchit, httprouter, RoutingKit: measured by the issue's author on
this machine type with the same route tables and URL sets), on a log scale, one group per table.
Only rows that are in the data file are drawn for ActivityRouter, its linear scan and split-only.
"""
import json
import math
import os
import sys

ANCHORS = {  # instructions per match, from the table (not measured by this script)
    "matchit (Rust)": {"github": 583, "synth10k": 677, "synth100k": 760},
    "httprouter (Go)": {"github": 1622, "synth10k": 1584, "synth100k": 6427},
    "RoutingKit (Swift)": {"github": 35834, "synth10k": 31254, "synth100k": 31688},
}
TABLES = [("github", "GitHub API (142 routes)"), ("synth10k", "10k synthetic"), ("synth100k", "100k synthetic")]
COLORS = {
    "ActivityRouter": "#1f6feb",
    "split only (ActivityRouter's reader)": "#8cb4f5",
    "matchit (Rust)": "#d9822b",
    "httprouter (Go)": "#9e9e9e",
    "RoutingKit (Swift)": "#c75b5b",
    "linear scan (Swift)": "#7a5195",
}


def main() -> None:
    paths = sys.argv[1:] or ["Benchmarks/results/latest.jsonl"]
    rows = [json.loads(line) for path in paths for line in open(path) if line.strip()]
    measured = {"ActivityRouter": {}, "split only (ActivityRouter's reader)": {}, "linear scan (Swift)": {}}
    names = {"trie": "ActivityRouter", "split": "split only (ActivityRouter's reader)", "linear": "linear scan (Swift)"}
    for r in rows:
        if r.get("bench") == "ir":
            measured[names[r["mode"]]][r["table"]] = r["ir_per_match"]
    series = [
        ("ActivityRouter", measured["ActivityRouter"]),
        ("split only (ActivityRouter's reader)", measured["split only (ActivityRouter's reader)"]),
        ("matchit (Rust)", ANCHORS["matchit (Rust)"]),
        ("httprouter (Go)", ANCHORS["httprouter (Go)"]),
        ("RoutingKit (Swift)", ANCHORS["RoutingKit (Swift)"]),
        ("linear scan (Swift)", measured["linear scan (Swift)"]),
    ]
    tables = [(key, label) for key, label in TABLES if key in measured["ActivityRouter"]]
    engine = engine_rows(rows)

    bar, gap, group_gap = 16, 3, 26
    left, right, top = 250, 40, 60
    width = 900
    plot = width - left - right
    lo, hi = 100, 10_000_000
    def x(v: float) -> float:
        return left + plot * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))

    parts = []
    y = top
    for key, label in tables:
        parts.append(f'<text x="10" y="{y + 12}" font-weight="bold">{label}</text>')
        y += 20
        for name, values in series:
            if key not in values:
                continue
            v = values[key]
            parts.append(f'<text x="{left - 8}" y="{y + bar - 4}" text-anchor="end">{name}</text>')
            parts.append(f'<rect x="{left}" y="{y}" width="{x(v) - left:.1f}" height="{bar}" fill="{COLORS[name]}"/>')
            parts.append(f'<text x="{x(v) + 5:.1f}" y="{y + bar - 4}">{v:,.0f}</text>')
            y += bar + gap
        y += group_gap
    if engine:
        # The engine around the matcher (scripts/bench-engine.sh), on the same scale, beside the
        # matcher's own figure on the GitHub table.
        parts.append(f'<text x="10" y="{y + 12}" font-weight="bold">Around the matcher: instructions per unit</text>')
        y += 20
        for name, v in engine:
            parts.append(f'<text x="{left - 8}" y="{y + bar - 4}" text-anchor="end">{name}</text>')
            color = COLORS["ActivityRouter"] if name.startswith("matcher") else "#2da44e"
            parts.append(f'<rect x="{left}" y="{y}" width="{max(x(v) - left, 1):.1f}" height="{bar}" fill="{color}"/>')
            parts.append(f'<text x="{x(v) + 5:.1f}" y="{y + bar - 4}">{v:,.0f}</text>')
            y += bar + gap
        y += group_gap
    height = y + 30
    axis = []
    for p in range(2, 8):
        v = 10 ** p
        axis.append(f'<line x1="{x(v):.1f}" y1="{top - 8}" x2="{x(v):.1f}" y2="{y - group_gap}" stroke="#ddd"/>')
        axis.append(f'<text x="{x(v):.1f}" y="{top - 14}" text-anchor="middle" fill="#555">{v:,}</text>')
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="20" font-size="15" font-weight="bold">Instructions per match (callgrind, log scale; fewer is better)</text>',
        *axis, *parts,
        f'<text x="10" y="{height - 10}" fill="#555">ActivityRouter, split-only, linear scan and the engine rows: measured by scripts/bench-all.sh; matchit, httprouter, RoutingKit: the anchors of issue 6.</text>',
        '</svg>',
    ]
    os.makedirs("docs/images", exist_ok=True)
    with open("docs/images/performance.svg", "w") as f:
        f.write("\n".join(svg) + "\n")
    print("wrote docs/images/performance.svg", file=sys.stderr)
    print(markdown(rows))


def engine_rows(rows: list) -> list:
    """The engine rows of scripts/bench-engine.sh that count instructions, as (label, Ir per unit),
    after the matcher's own figure on the GitHub table (the last row of each kind wins)."""
    labels = {
        "full-record": "full decision + NDJSON, a line",
        "planned-record": "planned record, a line",
        "stateful-record": "stateful decision + NDJSON, a line",
        "notes-matchRoute": "Notes URL, matchRoute",
        "notes-match": "Notes URL, match(url:)",
        "forge-matchRoute": "Forge URL, matchRoute",
        "forge-match": "Forge URL, match(url:)",
        "load": "loading, a URL pattern",
        "cli-json": "route-cli --json, a line",
        "cli-stateful": "route-cli --json --stateful, a line",
        "cli-notes-json": "route-cli --json, a Notes line",
    }
    found = {}
    for r in rows:
        if r.get("bench") == "ir" and r.get("mode") == "trie" and r.get("table") == "github":
            found["matcher"] = ("matcher, a GitHub URL", r["ir_per_match"])
        if r.get("bench") != "engine" or not r.get("ir"):
            continue
        if r["row"] == "decision":
            found[f"decision-{r['sessions']}"] = (f"decision, {r['sessions']:,} open sessions", r["ir"])
        elif r["row"] in labels:
            found[r["row"]] = (labels[r["row"]], r["ir"])
    order = ["matcher", *labels.keys()] + sorted((k for k in found if k.startswith("decision-")), key=lambda k: int(k.split("-")[1]))
    return [found[k] for k in order if k in found]


def markdown(rows: list) -> str:
    """The tables of docs/performance.md, from the same rows."""
    ir = {(r["table"], r["mode"]): r for r in rows if r.get("bench") == "ir"}
    tm = {(r["table"], r["mode"]): r for r in rows if r.get("bench") == "time"}
    out = ["| table | ActivityRouter | split only | linear scan | matchit (anchor) | goal |", "|---|---|---|---|---|---|"]
    goals = {"github": "500 Ir, 60 ns", "synth10k": "530 Ir, 100 ns", "synth100k": "550 Ir, 400 ns"}
    for key, label in TABLES:
        if (key, "trie") not in ir:
            continue
        def cell(mode):
            i = ir.get((key, mode))
            t = tm.get((key, mode))
            text = f"{i['ir_per_match']:,.0f} Ir" if i else "–"
            if t:
                text += f", {t['ns_per_match']:,.0f} ns"
            return text
        m = ANCHORS["matchit (Rust)"][key]
        out.append(f"| {label} | {cell('trie')} | {cell('split')} | {cell('linear')} | {m} Ir | {goals[key]} |")
    return "\n".join(out)


if __name__ == "__main__":
    main()
