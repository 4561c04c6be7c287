#!/usr/bin/env python3
"""Makes a corpus of several languages or versions from one made by gen_corpus.py.

    variants_corpus.py languages SOURCE TARGET [CODES]   every page translated by suffix
                                                         (page.de.md…), CODES default de,es,fr,ja
    variants_corpus.py versions SOURCE TARGET [COUNT]    a git repository whose branches v1…
                                                         hold older pages; COUNT versions (3)

The translations are the originals with their titles marked; each older version differs
from the next in the titles of some pages. Deterministic: the same SOURCE gives the same
TARGET (commit dates are fixed).
"""
import os
import re
import shutil
import subprocess
import sys


def languages(source, target, codes):
    shutil.copytree(source, target)
    for root, _, files in os.walk(os.path.join(target, "content")):
        for name in sorted(files):
            if not name.endswith(".md"):
                continue
            text = open(os.path.join(root, name), encoding="utf-8").read()
            for code in codes:
                marked = re.sub(r'^title: "?(.*?)"?$', lambda m: f'title: "{code} {m.group(1)}"', text, count=1, flags=re.M)
                with open(os.path.join(root, f"{name[:-3]}.{code}.md"), "w", encoding="utf-8") as out:
                    out.write(marked)
    with open(os.path.join(target, "cvsite.yml"), "a", encoding="utf-8") as settings:
        settings.write("languages:\n  - code: en\n" + "".join(f"  - code: {code}\n" for code in codes))


def versions(source, target, count):
    shutil.copytree(source, target)
    environment = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_COMMITTER_NAME="bench",
                       GIT_AUTHOR_EMAIL="bench@example.com", GIT_COMMITTER_EMAIL="bench@example.com",
                       GIT_AUTHOR_DATE="2026-01-01T00:00:00Z", GIT_COMMITTER_DATE="2026-01-01T00:00:00Z")
    git = lambda *args: subprocess.run(["git", *args], cwd=target, env=environment, check=True, capture_output=True)
    git("init", "-q")
    pages = sorted(os.path.join(root, name) for root, _, files in os.walk(os.path.join(target, "content"))
                   for name in files if name.endswith(".md"))
    for number in range(1, count):
        if number > 1:
            for path in pages[: 200 * (number - 1)]:
                text = open(path, encoding="utf-8").read()
                open(path, "w", encoding="utf-8").write(re.sub(r"^title: ", f"title: v{number} ", text, count=1, flags=re.M))
        git("add", "-A")
        git("commit", "-qm", f"v{number}")
        git("branch", f"v{number}")
    with open(os.path.join(target, "cvsite.yml"), "a", encoding="utf-8") as settings:
        settings.write(f'versions:\n  - name: "{count}"\n')
        for number in range(count - 1, 0, -1):
            settings.write(f'  - name: "{number}"\n    git: v{number}\n')
    git("add", "-A")
    git("commit", "-qm", f"v{count}")


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("languages", "versions"):
        sys.exit(__doc__)
    kind, source, target = sys.argv[1:4]
    if kind == "languages":
        languages(source, target, (sys.argv[4] if len(sys.argv) > 4 else "de,es,fr,ja").split(","))
    else:
        versions(source, target, int(sys.argv[4]) if len(sys.argv) > 4 else 3)
