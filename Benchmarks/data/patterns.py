#!/usr/bin/env python3
"""The URL set of tables/patterns.txt: N paths (90% hits over every route, 10% misses),
deterministic (seed 7). Usage: patterns.py N > generated/patterns.urls"""
import random, sys

n = int(sys.argv[1])
rng = random.Random(7)
word = lambda: "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9)))
num = lambda: str(rng.randint(1, 99999))
hits = [
    lambda: "/", lambda: "/about",
    lambda: "/mail/" + rng.choice(["inbox", "sent", "archive", "drafts", "spam"]),
    lambda: "/mail/" + rng.choice(["inbox", "sent", "archive"]) + "/" + num(),
    lambda: "/mail/labels/" + word(), lambda: "/u/@" + word(),
    lambda: "/u/@" + word() + "/" + rng.choice(["posts", "media", "likes"]), lambda: "/u/" + word(),
    lambda: "/files/" + word() + ".json", lambda: "/files/" + word() + "." + word(), lambda: "/files/index.json",
    lambda: "/files/" + word(), lambda: "/i/item-" + num(), lambda: "/i/item-" + word(),
    lambda: "/p/" + word() + "-" + word() + "-" + num(), lambda: "/p/" + word(),
    lambda: "/api/v" + num() + "." + num() + "/" + word(), lambda: "/api/v1.2",
    lambda: "/docs", lambda: "/docs/" + word() + "/" + word(),
    lambda: "/en/products/" + num(), lambda: "/products/" + num(), lambda: "/en/products/" + num() + "/reviews",
    lambda: "/shop/sale/" + num(), lambda: "/shop/" + num(), lambda: "/shop/" + word(),
    lambda: "/repos/" + word() + "/" + word(), lambda: "/repos/" + word() + "/" + word() + "/issues/" + num(),
    lambda: "/repos/" + word() + "/" + word() + "/" + rng.choice(["pulls", "commits"]), lambda: "/search",
    lambda: "/settings/" + rng.choice(["profile", "account", "security", "billing"]),
    lambda: "/avatars/" + word() + "-" + num() + ".png", lambda: "/feeds/" + word() + "." + rng.choice(["rss", "atom"]),
]
misses = [
    lambda: "/mail/trash/x/y", lambda: "/api/v1/x", lambda: "/nowhere/" + word(), lambda: "/feeds/" + word() + ".json",
]
out = sys.stdout
for _ in range(n):
    out.write((rng.choice(misses) if rng.random() < 0.1 else rng.choice(hits))() + "\n")
