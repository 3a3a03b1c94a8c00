#!/usr/bin/env python3
"""The URL set of tables/hosts.txt: N full URLs (90% hits over every route, 10% misses),
deterministic (seed 7). Usage: hosts.py N > generated/hosts.urls"""
import random, sys

n = int(sys.argv[1])
rng = random.Random(7)
word = lambda: "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9)))
num = lambda: str(rng.randint(1, 99999))
hits = [
    lambda: "myapp://settings", lambda: "myapp://settings/" + rng.choice(["profile", "privacy", "notifications"]),
    lambda: "myapp://" + word(), lambda: "myapp://" + word() + "/" + word(),
    lambda: "myapp://" + word() + "/" + num() + "/edit", lambda: "myapp://" + num() + "/detail",
    lambda: "chat://room/" + word(), lambda: "chat://room/" + word() + "/members",
    lambda: "chat://" + word() + "/" + word(), lambda: "chat://room-" + word() + "/" + num(),
    lambda: "feed://news.example.com/" + word() + "/" + word(),
    lambda: "feed://" + word() + ".blogs.example.com/" + word(),
    lambda: "feed://" + word() + ".org/" + word() + "/" + word() + "/" + word(),
    lambda: "https://example.com/", lambda: "https://example.com/about",
]
misses = [
    lambda: "myapp://" + word() + "/a/b/c", lambda: "chat://room/" + word() + "/x/y",
    lambda: "other://" + word() + "/x", lambda: "https://example.com/nowhere",
]
out = sys.stdout
for _ in range(n):
    out.write((rng.choice(misses) if rng.random() < 0.1 else rng.choice(hits))() + "\n")
