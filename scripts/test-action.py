#!/usr/bin/env python3
"""Runs the steps of action.yml locally, the way the GitHub runner runs a composite action, and
checks what they do in three jobs:

1. route-cli installed from a release archive (made here from the built route-cli with
   scripts/stage-release.sh, served as a file:// URL) with its SHA-256, on an app whose tables
   and fixtures pass: every step passes, the reports are written and would be uploaded.
2. The same archive with a wrong SHA-256: the install fails with an annotation, nothing else runs.
3. route-cli built from this checkout (build-configuration debug, so it reuses `swift build`),
   on a broken table and a failing fixture: `::error file=…,line=…,col=…::` annotations at the
   right places, the reports still uploaded, and the verdict fails the job.

    python3 scripts/test-action.py [ROUTE_CLI]

`run:` steps run in bash with the step's `env:`, `${{ }}` expressions evaluated (inputs, step
outputs, github.action_path, runner.*, always()), and GITHUB_OUTPUT / GITHUB_ENV / GITHUB_PATH
carried between steps as the runner does. `uses:` steps (actions/cache, actions/upload-artifact)
are not run; their evaluated `with:` is checked. Needs PyYAML.
"""
import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
ACTION = yaml.safe_load((ROOT / "action.yml").read_text())
problems = []


def expect(condition, text):
    if not condition:
        problems.append(text)
        print("FAIL: " + text)


class Job:
    """One run of the action's steps with some inputs, in a workspace."""

    def __init__(self, inputs, workspace):
        self.inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
        unknown = set(inputs) - set(self.inputs)
        assert not unknown, f"no such inputs: {unknown}"
        self.inputs.update(inputs)
        self.workspace = workspace
        self.temp = pathlib.Path(tempfile.mkdtemp(prefix="runner-temp."))
        self.env, self.path, self.outputs = {}, [], {}
        self.failed = False
        self.log = {}  # step id or name -> stdout + stderr
        self.ran, self.skipped, self.uses = [], [], {}

    def value(self, expression):
        """A ${{ }} expression: operands, ==, !=, &&, ||, !, (), always(), success(), failure()."""
        names = {"always()": "True", "success()": str(not self.failed), "failure()": str(self.failed)}

        def operand(match):
            token = match.group(0)
            if token in names:
                return names[token]
            if token.startswith("'"):
                return repr(token[1:-1].replace("''", "'"))
            parts = token.split(".")
            if parts[0] == "inputs":
                return repr(self.inputs[parts[1]])
            if parts[0] == "steps" and parts[2] == "outputs":
                return repr(self.outputs.get(parts[1], {}).get(parts[3], ""))
            if token == "github.action_path":
                return repr(str(ROOT))
            if token == "runner.os":
                return repr("Linux")
            if token == "runner.temp":
                return repr(str(self.temp))
            raise ValueError(f"unknown operand {token} in {expression}")

        python = re.sub(r"'(?:[^']|'')*'|[A-Za-z_][\w.-]*(?:\(\))?", operand, expression)
        python = python.replace("&&", " and ").replace("||", " or ").replace("!=", " != ")
        python = re.sub(r"!(?!=)", " not ", python)
        return eval(python, {"__builtins__": {}}, {})

    def substitute(self, text):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(self.value(m.group(1).strip())), str(text))

    def run(self):
        for step in ACTION["runs"]["steps"]:
            key = step.get("id", step["name"])
            condition = step.get("if") or "success()"
            if not re.search(r"\b(always|success|failure|cancelled)\(\)", condition):
                condition = f"success() && ({condition})"  # as GitHub adds it to a condition without one
            if not self.value(condition):
                self.skipped.append(key)
                continue
            self.ran.append(key)
            if "uses" in step:
                self.uses[step["uses"]] = {k: self.substitute(v) for k, v in step.get("with", {}).items()}
                continue
            files = {name: self.temp / f"{key}.{name}" for name in ("output", "env", "path")}
            for f in files.values():
                f.write_text("")
            env = dict(os.environ, **self.env)
            env.update({k: self.substitute(v) for k, v in step.get("env", {}).items()})
            env.update(GITHUB_OUTPUT=str(files["output"]), GITHUB_ENV=str(files["env"]),
                       GITHUB_PATH=str(files["path"]), GITHUB_ACTION_PATH=str(ROOT),
                       GITHUB_WORKSPACE=str(self.workspace), RUNNER_TEMP=str(self.temp))
            env["PATH"] = ":".join(self.path + [env["PATH"]])
            done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", self.substitute(step["run"])],
                                  cwd=self.workspace, env=env, capture_output=True, text=True)
            self.log[key] = done.stdout + done.stderr
            self.outputs[key] = dict(l.split("=", 1) for l in files["output"].read_text().splitlines() if "=" in l)
            self.env.update(dict(l.split("=", 1) for l in files["env"].read_text().splitlines() if "=" in l))
            self.path = files["path"].read_text().split() + self.path
            if done.returncode != 0:
                self.failed = True
        return self


def workspace(broken):
    """An app's repository: the plugin example's tables and fixtures, broken or not."""
    ws = pathlib.Path(tempfile.mkdtemp(prefix="workspace."))
    shutil.copytree(ROOT / "Examples/plugin-app/Routes", ws / "Routes")
    (ws / ".build/x").mkdir(parents=True)
    (ws / ".build/x/ignored.routes.json").write_text("not a table")  # a build folder is not searched
    if broken:
        (ws / "Routes/bad.routes.json").write_text(
            '{"app": "X", "platform": "iPadOS", "scenes": [{"id": "main"}],\n'
            ' "routes": [{"name": "a", "url": "x://a", "deliver": {"scene": "mian"}}]}\n')
        fixture = ws / "Routes/fixtures/windows.fixture.json"
        fixture.write_text(fixture.read_text().replace('"outcome": "open"', '"outcome": "drop"', 1))
    return ws


route_cli = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else subprocess.run(
    ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    + "/route-cli").resolve()
version = subprocess.run([route_cli, "--version"], capture_output=True, text=True).stdout.split()[0]
release = pathlib.Path(tempfile.mkdtemp(prefix="release."))
name = f"route-cli-{version}-linux-{os.uname().machine}"
subprocess.run([ROOT / "scripts/stage-release.sh", route_cli, release / name], check=True)
subprocess.run(["tar", "-C", release, "-czf", release / f"{name}.tar.gz", name], check=True)
archive = release / f"{name}.tar.gz"
digest = hashlib.sha256(archive.read_bytes()).hexdigest()

# 1. From the archive, everything passes.
ws = workspace(broken=False)
job = Job({"archive-url": archive.as_uri(), "sha256": f"{digest}  {name}.tar.gz"}, ws).run()
expect(not job.failed, f"job 1 failed: {job.log}")
expect(job.ran == ["install", "check", "test", "Upload the reports", "The verdict"], f"job 1 ran {job.ran}")
expect(job.env.get("ROUTE_CLI", "").endswith(f"{name}/bin/route-cli"), f"job 1 ROUTE_CLI {job.env}")
expect(job.outputs["install"].get("route-cli") == job.env.get("ROUTE_CLI"), "job 1: the route-cli output")
expect(f"{version}" in job.log.get("install", ""), f"job 1 install: {job.log.get('install')}")
expect("Routes/Mail.routes.json: 6 scenes, 10 routes; no problems" in job.log.get("check", ""), f"job 1 check: {job.log}")
expect("ignored.routes.json" not in job.log.get("check", ""), "job 1 searched .build")
expect("2 fixtures, 12 steps: 12 passed" in job.log.get("test", ""), f"job 1 test: {job.log.get('test')}")
expect((ws / "route-tests.xml").is_file() and (ws / "route-tests.html").is_file(), "job 1 wrote no reports")
upload = job.uses.get("actions/upload-artifact@v4", {})
expect(upload.get("name") == "route-tests" and upload.get("path", "").split() == ["route-tests.xml", "route-tests.html"],
       f"job 1 upload: {upload}")
print("ok: job 1, installed from the archive with its SHA-256: check and test pass, reports uploaded")

# 2. A wrong checksum stops the job at the install.
job = Job({"archive-url": archive.as_uri(), "sha256": "0" * 64}, workspace(broken=False)).run()
expect(job.failed and job.ran == ["install"], f"job 2 ran {job.ran}")
expect(f"::error title=route-cli archive::the SHA-256 of {archive.as_uri()} is {digest}" in job.log["install"],
       f"job 2 install: {job.log['install']}")
print("ok: job 2, a wrong SHA-256 fails the install and nothing runs after it")

# 3. Built from this checkout, on a broken table and a failing fixture.
ws = workspace(broken=True)
job = Job({"build-configuration": "debug", "min-coverage": "10"}, ws).run()
expect(job.failed, "job 3 passed")
expect(job.ran == ["key", "Restore the route-cli build", "build", "check", "test", "Upload the reports", "The verdict"],
       f"job 3 ran {job.ran}")
cache = job.uses.get("actions/cache@v4", {})
expect(cache.get("path") == f"{ROOT}/.build" and cache.get("key", "").startswith(cache.get("restore-keys", "?"))
       and cache.get("key") == job.outputs["key"]["key"], f"job 3 cache: {cache}")
expect(job.outputs["check"].get("status") == "1" and job.outputs["test"].get("status") == "1", f"job 3 {job.outputs}")
expect("::error file=Routes/bad.routes.json,line=2,col=64,title=unknown-scene::no scene declaration has id 'mian'"
       in job.log["check"], f"job 3 check: {job.log['check']}")
expect("Routes/Mail.routes.json: 6 scenes, 10 routes; no problems" in job.log["check"], "job 3 did not check every table")
expect(re.search(r"^::error file=Routes/fixtures/windows.fixture.json,line=7,col=5,title=.*step 1::step 1 .*"
                 r"%0A- outcome: \"drop\"%0A\+ outcome: \"open\"$", job.log["test"], re.M),
       f"job 3 test: {job.log['test']}")
expect("failed: route-cli check route-cli test" in job.log["The verdict"], f"job 3 verdict: {job.log['The verdict']}")
expect((ws / "route-tests.xml").is_file() and (ws / "route-tests.html").is_file(), "job 3 wrote no reports")
print("ok: job 3, built from source: annotations at file, line and column, reports uploaded, the job fails")

print(f"action: {3 - len({p.split()[1] for p in problems})} passed, {len({p.split()[1] for p in problems})} failed")
sys.exit(1 if problems else 0)
