#!/usr/bin/env python3
"""Generates the Forge sample app: a code-hosting site's link structure (repositories, issues,
pull requests, commits, files, releases, users, organizations) as a route table with more than
200 URL routes, and a fixture suite that reaches every route once.

The link structure follows the public web URLs of a well-known code-hosting site (the page
kinds and their nesting); hosts are example domains. Run it after editing; the outputs are
committed:

    python3 scripts/generate-forge.py
    -> Fixtures/Forge/Forge.routes.json, Fixtures/Forge/fixtures/every-route.fixture.json
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
WEB = "https://forge.example.com"
APP = "forge://"

scenes = [
    {"id": "browser", "title": "Forge", "comment": "WindowGroup { BrowserView() }: lists, search, dashboards"},
    {"id": "repository", "title": "Repository", "presents": "RepositoryID",
     "matching": ["forge://repo/"], "comment": "WindowGroup(for: RepositoryID.self)"},
    {"id": "issue", "title": "Issue", "presents": "IssueID", "comment": "WindowGroup(for: IssueID.self)"},
    {"id": "pull-request", "title": "Pull Request", "presents": "PullRequestID"},
    {"id": "file", "title": "File", "presents": "FileRef"},
    {"id": "profile", "title": "Profile", "presents": "Handle"},
    {"id": "settings", "title": "Settings", "comment": "WindowGroup(\"Settings\", id: \"settings\")"},
]

routes = []
names = set()


def add(name, patterns, target, sample):
    assert name not in names, name
    names.add(name)
    route = {"name": name, "url": patterns if len(patterns) > 1 else patterns[0]}
    route.update(target)
    routes.append((route, sample))


def deliver(value=None):
    t = {"scene": "browser"}
    if value is not None:
        t["value"] = value
    return {"deliver": t}


def open_window(scene, value=None):
    t = {"id": scene}
    if value is not None:
        t["value"] = value
    return {"openWindow": t}


REPO = {"owner": "{owner}", "repo": "{repo}"}
# Site-wide pages.
for page in ["login", "logout", "join", "explore", "trending", "topics", "collections", "marketplace", "notifications",
             "pulls", "issues", "new", "features", "about", "pricing", "security", "sponsors", "codespaces", "stars",
             "dashboard", "watching", "organizations", "enterprise", "customer-stories", "readme", "events", "contact",
             "apps"]:
    add(f"site-{page}", [f"{WEB}/{page}"], deliver({"page": page}), f"{WEB}/{page}")
add("home", [f"{WEB}/", f"{APP}home"], deliver({"page": "home"}), f"{WEB}/")
for page, param in [("trending", "language"), ("topics", "topic"), ("collections", "collection"), ("marketplace", "app"),
                    ("features", "feature"), ("sponsors", "account"), ("readme", "story"), ("events", "event")]:
    add(f"site-{page}-item", [f"{WEB}/{page}/{{{param}}}"], deliver({"page": page, param: f"{{{param}}}"}),
        f"{WEB}/{page}/sample-{param}")
add("search", [f"{WEB}/search?q={{query}}&type={{type?}}", f"{APP}search?q={{query}}&type={{type?}}"],
    deliver({"search": "{query}", "type": "{type}"}), f"{WEB}/search?q=router&type=code")
add("notifications-subscriptions", [f"{WEB}/notifications/subscriptions"], deliver({"page": "subscriptions"}),
    f"{WEB}/notifications/subscriptions")
add("new-import", [f"{WEB}/new/import"], deliver({"page": "import"}), f"{WEB}/new/import")
add("new-organization", [f"{WEB}/organizations/new"], deliver({"page": "new-organization"}), f"{WEB}/organizations/new")
add("settings", [f"{WEB}/settings", f"{APP}settings"], open_window("settings"), f"{WEB}/settings")
for section in ["profile", "account", "appearance", "accessibility", "notifications", "billing", "emails", "security",
                "sessions", "keys", "organizations", "repositories", "packages", "pages", "applications", "developers",
                "tokens", "apps", "installations", "blocked_users", "interaction_limits", "code_review_limits",
                "codespaces", "copilot", "security_analysis", "reminders", "sponsors-log", "audit-log", "admin",
                "deleted_repositories"]:
    add(f"settings-{section}", [f"{WEB}/settings/{section}"], open_window("settings"), f"{WEB}/settings/{section}")

# Organizations.
for page in ["people", "teams", "projects", "packages", "repositories", "sponsoring", "insights", "discussions",
             "settings", "billing", "security", "audit-log"]:
    add(f"org-{page}", [f"{WEB}/orgs/{{org}}/{page}"], deliver({"org": "{org}", "page": page}), f"{WEB}/orgs/acme/{page}")
add("org-team", [f"{WEB}/orgs/{{org}}/teams/{{team}}"], deliver({"org": "{org}", "team": "{team}"}),
    f"{WEB}/orgs/acme/teams/core")
add("org-team-members", [f"{WEB}/orgs/{{org}}/teams/{{team}}/members"], deliver({"org": "{org}", "team": "{team}"}),
    f"{WEB}/orgs/acme/teams/core/members")

# Users.
add("profile", [f"{WEB}/{{handle}}", f"{APP}user/{{handle}}"], open_window("profile", "{handle}"), f"{WEB}/octocat")
for tab in ["repositories", "projects", "packages", "stars", "followers", "following", "sponsoring"]:
    add(f"profile-{tab}", [f"{WEB}/{{handle}}?tab={tab}"], open_window("profile", "{handle}"), f"{WEB}/octocat?tab={tab}")

# Repositories.
add("repository", [f"{WEB}/{{owner}}/{{repo}}", f"{APP}repo/{{owner}}/{{repo}}"], open_window("repository", REPO),
    f"{WEB}/octocat/hello-world")
for page in ["issues", "pulls", "actions", "projects", "wiki", "security", "pulse", "network", "forks", "stargazers",
             "watchers", "releases", "tags", "branches", "labels", "milestones", "discussions", "activity", "deployments",
             "packages", "settings", "community", "contributors", "graphs/contributors", "graphs/commit-activity",
             "graphs/code-frequency", "security/advisories", "security/policy", "security/dependabot",
             "security/code-scanning", "settings/access", "settings/branches", "settings/hooks", "settings/secrets",
             "settings/pages", "settings/actions", "settings/environments", "settings/keys", "settings/rules",
             "commits", "search", "compare", "issues/new", "pulls/new", "releases/new", "wiki/_pages", "actions/new",
             "discussions/new", "milestones/new", "labels/new", "codespaces", "attestations", "actions/caches",
             "actions/runners", "settings/collaborators", "settings/security_analysis", "insights"]:
    slug = page.replace("/", "-")
    add(f"repo-{slug}", [f"{WEB}/{{owner}}/{{repo}}/{page}"], open_window("repository", REPO),
        f"{WEB}/octocat/hello-world/{page}")
ISSUE = {"owner": "{owner}", "repo": "{repo}", "number": "{number}"}
add("issue", [f"{WEB}/{{owner}}/{{repo}}/issues/{{number:int}}", f"{APP}repo/{{owner}}/{{repo}}/issues/{{number:int}}"],
    open_window("issue", ISSUE), f"{WEB}/octocat/hello-world/issues/42")
add("issue-comment", [f"{WEB}/{{owner}}/{{repo}}/issues/{{number:int}}#{{comment}}"], open_window("issue", ISSUE),
    f"{WEB}/octocat/hello-world/issues/42#issuecomment-7")
add("issue-close", [f"{APP}repo/{{owner}}/{{repo}}/issues/{{number:int}}/close"],
    {"dismissWindow": {"id": "issue", "value": ISSUE}}, f"{APP}repo/octocat/hello-world/issues/42/close")
for label, page in [("pull", ""), ("pull-files", "/files"), ("pull-commits", "/commits"), ("pull-checks", "/checks"),
                    ("pull-conflicts", "/conflicts")]:
    patterns = [f"{WEB}/{{owner}}/{{repo}}/pull/{{number:int}}{page}"]
    if label == "pull":
        patterns.append(f"{APP}repo/{{owner}}/{{repo}}/pull/{{number:int}}")
    add(label, patterns, open_window("pull-request", ISSUE), f"{WEB}/octocat/hello-world/pull/7{page}")
add("pull-commit", [f"{WEB}/{{owner}}/{{repo}}/pull/{{number:int}}/commits/{{sha}}"], open_window("pull-request", ISSUE),
    f"{WEB}/octocat/hello-world/pull/7/commits/abc1234")
add("commit", [f"{WEB}/{{owner}}/{{repo}}/commit/{{sha}}"], open_window("repository", REPO),
    f"{WEB}/octocat/hello-world/commit/abc1234")
add("commits-ref", [f"{WEB}/{{owner}}/{{repo}}/commits/{{ref}}"], open_window("repository", REPO),
    f"{WEB}/octocat/hello-world/commits/main")
add("commits-path", [f"{WEB}/{{owner}}/{{repo}}/commits/{{ref}}/{{path*}}"], open_window("repository", REPO),
    f"{WEB}/octocat/hello-world/commits/main/src/app.swift")
FILE = {"owner": "{owner}", "repo": "{repo}", "ref": "{ref}", "path": "{path}"}
for kind in ["blob", "raw", "blame", "edit", "delete", "new", "tree", "find", "history"]:
    scene = "repository" if kind in ("tree", "find", "history") else "file"
    value = REPO if scene == "repository" else FILE
    if kind in ("tree", "find", "history"):
        add(f"{kind}-root", [f"{WEB}/{{owner}}/{{repo}}/{kind}/{{ref}}"], open_window(scene, REPO),
            f"{WEB}/octocat/hello-world/{kind}/main")
    add(kind, [f"{WEB}/{{owner}}/{{repo}}/{kind}/{{ref}}/{{path*}}"], open_window(scene, value),
        f"{WEB}/octocat/hello-world/{kind}/main/docs/readme.md")
add("file-app", [f"{APP}repo/{{owner}}/{{repo}}/file/{{ref}}/{{path*}}"], open_window("file", FILE),
    f"{APP}repo/octocat/hello-world/file/main/Package.swift")
for label, pattern, sample in [
    ("release-tag", "releases/tag/{tag}", "releases/tag/v1.0.0"),
    ("release-latest", "releases/latest", "releases/latest"),
    ("release-download", "releases/download/{tag}/{asset}", "releases/download/v1.0.0/app.zip"),
    ("archive", "archive/{file}", "archive/main.zip"),
    ("actions-run", "actions/runs/{run:int}", "actions/runs/99"),
    ("actions-run-job", "actions/runs/{run:int}/job/{job:int}", "actions/runs/99/job/5"),
    ("actions-workflow", "actions/workflows/{workflow}", "actions/workflows/ci.yml"),
    ("wiki-page", "wiki/{page}", "wiki/Home"),
    ("project", "projects/{number:int}", "projects/3"),
    ("advisory", "security/advisories/{ghsa}", "security/advisories/GHSA-xxxx"),
    ("compare-range", "compare/{range}", "compare/main...dev"),
    ("discussion", "discussions/{number:int}", "discussions/12"),
    ("discussion-category", "discussions/categories/{category}", "discussions/categories/ideas"),
    ("label", "labels/{label}", "labels/bug"),
    ("milestone", "milestone/{number:int}", "milestone/4"),
    ("branch-settings", "settings/branches/{branch}", "settings/branches/main"),
    ("hook", "settings/hooks/{hook:int}", "settings/hooks/8"),
    ("environment", "settings/environments/{environment:int}/edit", "settings/environments/2/edit"),
    ("deployment", "deployments/{environment}", "deployments/production"),
    ("package", "pkgs/{kind}/{package}", "pkgs/container/app"),
    ("code-scanning-alert", "security/code-scanning/{alert:int}", "security/code-scanning/11"),
    ("dependabot-alert", "security/dependabot/{alert:int}", "security/dependabot/3"),
    ("network-dependencies", "network/dependencies", "network/dependencies"),
    ("network-dependents", "network/dependents", "network/dependents"),
    ("search-code", "search?q={query}&type=code", "search?q=router&type=code"),
]:
    add(label, [f"{WEB}/{{owner}}/{{repo}}/{pattern}"], open_window("repository", REPO), f"{WEB}/octocat/hello-world/{sample}")
# Gists and the custom scheme's own pages.
add("gist", [f"https://gist.forge.example.com/{{handle}}/{{gist}}", f"{APP}gist/{{gist}}"],
    deliver({"gist": "{gist}"}), "https://gist.forge.example.com/octocat/abc123")
add("gist-raw", ["https://gist.forge.example.com/{handle}/{gist}/raw/{file*}"], deliver({"gist": "{gist}"}),
    "https://gist.forge.example.com/octocat/abc123/raw/notes.txt")
add("any-subdomain-pages", ["https://*.pages.forge.example.com/{path*}"], deliver({"pages": "{path}"}),
    "https://octocat.pages.forge.example.com/index.html")

table = {
    "$schema": "../../Schemas/route-table.schema.json",
    "comment": "Generated by scripts/generate-forge.py: a code-hosting site's link structure, for coverage and as the benchmark's real-world table.",
    "app": "Forge",
    "platform": "iPadOS",
    "multipleScenes": True,
    "scenes": scenes,
    "routes": [r for r, _ in routes],
}
activity = {"name": "handoff-issue", "activity": "com.example.forge.issue",
            "userInfo": {"owner": "{owner}", "repo": "{repo}", "number": "{number:int}"},
            "openWindow": {"id": "issue", "value": ISSUE}}
table["routes"].append(activity)
url_routes = len(routes)
assert url_routes >= 200, url_routes
out = ROOT / "Fixtures" / "Forge"
(out / "Forge.routes.json").write_text(json.dumps(table, indent=2, ensure_ascii=False) + "\n")

steps = [{"event": sample, "expect": {"rule": route["name"]}} for route, sample in routes if sample]
steps.append({"event": {"activity": {"activityType": "com.example.forge.issue",
                                     "userInfo": {"owner": "octocat", "repo": "hello-world", "number": 42}}},
              "expect": {"rule": "handoff-issue", "scene": "issue"}})
fixture = {
    "$schema": "../../../Schemas/fixture.schema.json",
    "name": "Forge: every route is reached by a URL built from its own pattern",
    "comment": "Generated by scripts/generate-forge.py. Each URL is built from one route's pattern with sample values; precedence must send it back to that route.",
    "table": "../Forge.routes.json",
    "steps": steps,
}
(out / "fixtures" / "every-route.fixture.json").write_text(json.dumps(fixture, indent=2, ensure_ascii=False) + "\n")
print(f"{url_routes} URL routes, {len(steps)} steps")
