#!/usr/bin/env python3
"""Validates the reports route-cli writes for CI systems against the schemas those systems use,
and opens the HTML report in a real browser.

    python3 scripts/validate-reports.py [ROUTE_CLI]

- JUnit XML (`route-cli test --junit`): against the JUnit XSD of Jenkins' xUnit plugin
  (scripts/report-schemas/junit-10.xsd, the file Jenkins validates JUnit reports with), with the
  two attributes GitLab reads on a test case, `file` and `line`, added to `<testcase>` (the
  XSD declares `file` on `<testsuite>` only); the same document with those two attributes
  removed is validated against the XSD as shipped. Checks that every case has `time` and
  `file`, each failing step its `line`, and that a fixture that cannot be loaded is an
  `<error>`, not a `<failure>`.
- SARIF (`route-cli check --format sarif`): against the OASIS SARIF 2.1.0 JSON Schema
  (scripts/report-schemas/sarif-schema-2.1.0.json), and each result against `check --json`:
  the same codes as rule ids, lines, and columns in code points.
- HTML (`route-cli test --html`): no external resource; loaded in headless Chromium, the page's
  script runs to the end (it marks the body `data-ready`), no console message, and the failing
  step with its diff is in the rendered page.

Needs the `xmlschema` and `jsonschema` packages (PyPI) and `chromium` (Debian), tooling only.
ROUTE_CLI defaults to the debug build (`swift build --show-bin-path`).
"""
import copy
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import xmlschema
from jsonschema import Draft4Validator

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "scripts" / "report-schemas"
problems = []


def problem(text):
    problems.append(text)
    print("FAIL: " + text)


def route_cli():
    if len(sys.argv) > 1:
        return str(pathlib.Path(sys.argv[1]).resolve())
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    return bin_path + "/route-cli"


CLI = route_cli()
work = pathlib.Path(tempfile.mkdtemp(prefix="route-reports."))
notes = (ROOT / "Fixtures/Notes/Notes.routes.json").resolve()
note = "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"
(work / "fixtures").mkdir()
(work / "fixtures/failing.fixture.json").write_text(f"""{{
  "name": "a tag link <&> is delivered",
  "table": "{notes}",
  "steps": [
    {{ "event": "{note}", "expect": {{ "outcome": "open", "scene": "note-editor" }} }},
    {{ "name": "the tag step", "event": "notes://tag/work",
      "expect": {{ "outcome": "deliver", "receiver": {{ "scene": "note-editor" }} }} }}
  ]
}}
""")
(work / "fixtures/unloadable.fixture.json").write_text('{ "table": "missing.routes.json", "steps": [] }\n')


def run(*args):
    return subprocess.run([CLI, *args], cwd=work, capture_output=True, text=True)


# --- JUnit ---------------------------------------------------------------------------------
test = run("test", str(ROOT / "Fixtures"), "fixtures", "--junit", "junit.xml", "--html", "report.html")
if test.returncode != 1:
    problem(f"route-cli test exited {test.returncode}, expected 1 (a failing step): {test.stderr}")
shipped = xmlschema.XMLSchema10(str(SCHEMAS / "junit-10.xsd"))
tree = ET.parse(work / "junit.xml")
xsd = ET.parse(SCHEMAS / "junit-10.xsd")
XS = "{http://www.w3.org/2001/XMLSchema}"
testcase = next(e for e in xsd.iter(XS + "element") if e.get("name") == "testcase")
attributes = testcase.find(XS + "complexType")
for name, kind in (("file", "xs:string"), ("line", "xs:positiveInteger")):
    ET.SubElement(attributes, XS + "attribute", {"name": name, "type": kind})
extended = xmlschema.XMLSchema10(ET.tostring(xsd.getroot(), encoding="unicode"))
for error in extended.iter_errors(str(work / "junit.xml")):
    problem(f"junit.xml against junit-10.xsd with testcase file/line: {error.reason} at {error.path}")
bare = copy.deepcopy(tree.getroot())
for case in bare.iter("testcase"):
    case.attrib.pop("file", None)
    case.attrib.pop("line", None)
for error in shipped.iter_errors(ET.tostring(bare, encoding="unicode")):
    problem(f"junit.xml without testcase file/line against junit-10.xsd as shipped: {error.reason}")
root = tree.getroot()
cases = list(root.iter("testcase"))
if not all(c.get("time") and c.get("file") for c in cases):
    problem("a testcase has no time or file")
failures = [c for c in cases if c.find("failure") is not None]
errors = [c for c in cases if c.find("error") is not None]
if [c.get("line") for c in failures] != ["6"] or failures[0].get("file") != "fixtures/failing.fixture.json":
    problem(f"the failing step is not fixtures/failing.fixture.json line 6: {[c.attrib for c in failures]}")
if len(errors) != 1 or errors[0].get("file") != "fixtures/unloadable.fixture.json":
    problem(f"the unloadable fixture is not one <error>: {[c.attrib for c in errors]}")
if (root.get("failures"), root.get("errors"), root.get("tests")) != ("1", "1", str(len(cases))):
    problem(f"root counts: {root.attrib}, {len(cases)} cases")
print(f"JUnit: {len(cases)} test cases, 1 failure, 1 error; valid against junit-10.xsd "
      f"({'with' if not problems else 'NOT with'} testcase file/line)")

# --- SARIF ---------------------------------------------------------------------------------
sarif_schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text())
Draft4Validator.check_schema(sarif_schema)
validator = Draft4Validator(sarif_schema)
table = notes.read_text()
first = table.index("\n") + 1
(work / "bad table.routes.json").write_text(table[:first] + '  "ünknown": 1, "alsö": 2,\n' + table[first:])
checked = 0
for table_path in ("bad table.routes.json", str(notes)):
    sarif = run("check", table_path, "--format", "sarif")
    log = json.loads(sarif.stdout)
    for error in validator.iter_errors(log):
        problem(f"check --format sarif {table_path}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    expected = json.loads(run("check", table_path, "--json").stdout)["diagnostics"]
    results = log["runs"][0]["results"]
    # Warnings (the Notes table's lost links) do not fail a check; errors do.
    if sarif.returncode != (1 if any(d["severity"] == "error" for d in expected) else 0):
        problem(f"check --format sarif {table_path} exited {sarif.returncode}")
    if [r["ruleId"] for r in results] != [d["code"] for d in expected]:
        problem(f"SARIF rule ids {[r['ruleId'] for r in results]} are not the codes {[d['code'] for d in expected]}")
    text = (work / table_path).read_text() if not table_path.startswith("/") else table
    for result, d in zip(results, expected):
        region = result["locations"][0]["physicalLocation"]["region"]
        line = text.split("\n")[d["location"]["line"] - 1]
        points = len(line.encode()[: d["location"]["column"] - 1].decode()) + 1
        if (region["startLine"], region["startColumn"]) != (d["location"]["line"], points):
            problem(f"SARIF region {region} is not line {d['location']['line']} column {points} (code points)")
    checked += len(results)
print(f"SARIF: {checked} results from 2 tables, valid against the SARIF 2.1.0 schema, rule ids and positions as check --json")

# --- HTML ----------------------------------------------------------------------------------
html = (work / "report.html").read_text()
external = re.findall(r'(?:src|href)\s*=\s*"(?!#)[^"]*"|<link\b|@import|url\(', html)
if external:
    problem(f"the HTML report loads external resources: {external[:3]}")
chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
if not chromium:
    problem("no chromium to open the HTML report with (apt-get install chromium)")
else:
    browser = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
         f"--user-data-dir={work}/chromium", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=2000",
         "--dump-dom", (work / "report.html").as_uri()],
        capture_output=True, text=True, timeout=120)
    dom = browser.stdout
    console = [l for l in browser.stderr.splitlines() if "CONSOLE" in l or "Uncaught" in l]
    if console:
        problem(f"the browser's console: {console}")
    if 'data-ready="true"' not in dom:
        problem("the page's script did not run to its end (no data-ready on the body)")
    failing = re.findall(r'<tr class="step failed" id="([^"]+)">(.*?)</tr>', dom, re.S)
    if len(failing) != 1 or "the tag step" not in failing[0][1] or "notes://tag/work" not in failing[0][1] \
            or '- outcome: "deliver"' not in failing[0][1].replace("&quot;", '"') \
            or '+ outcome: "drop"' not in failing[0][1].replace("&quot;", '"'):
        problem(f"the rendered page does not show the failing step with its diff: {failing}")
    if "unloadable.fixture.json" not in dom or "Apple rules" not in dom:
        problem("the rendered page lacks the load failure or the coverage")
    print(f"HTML: {len(html)} bytes, no external resource; in {pathlib.Path(chromium).name}: "
          f"no console message, the failing step {failing[0][0] if failing else '?'} shown with its diff")

shutil.rmtree(work, ignore_errors=True)
print(f"{3 - len({p.split(':')[0] for p in problems})} passed, {len(problems)} failed" if problems else "reports: 3 passed, 0 failed")
sys.exit(1 if problems else 0)
