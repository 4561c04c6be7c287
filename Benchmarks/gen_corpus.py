#!/usr/bin/env python3
"""Deterministic Markdown corpus for cvsite's benchmarks (Benchmarks/compare.sh, the
MarkdownBenchmark and PreviewBenchmark executables, and the commands in BENCHMARKS.md).

usage: Benchmarks/gen_corpus.py N OUTDIR [--flavor cvsite|hugo] [--seed S]

Every page has YAML front matter and ~4 KB of Markdown as docs are written: headings,
paragraphs with inline markup, lists, task lists, GFM pipe tables, fenced code in five
languages (Swift, shell, YAML, JSON, Python), block quotes, links.
Every third page also holds a card grid, a tab bar and a stepped list written
as generic directives (`:::cards`, `:::tabs`, `:::steps`) whose sections tag
themselves with `{badge=...}`, `{value=...}`, `{status=...}` attributes (the value
names the default theme's cards, tabs and steps read).
Pages go under OUTDIR/content/ in both flavors, byte for byte the same; the
cvsite flavor adds cvsite.yml, the hugo flavor hugo.toml and a minimal layout,
so both tools parse the same Markdown.
"""
import os
import random
import sys

WORDS = ("container value section card grid tab bar step form badge theme "
         "template render layout subview static site page markdown html "
         "build preview browser author default scope child parent key").split()


def sentence(r, n=None):
    n = n or r.randint(6, 16)
    w = [r.choice(WORDS) for _ in range(n)]
    i = r.randrange(n)
    w[i] = r.choice(["*%s*" % w[i], "**%s**" % w[i], "`%s`" % w[i],
                     "[%s](https://example.com/%s)" % (w[i], w[i])])
    return " ".join(w).capitalize() + "."


CODE = [
    ("swift", ["struct Card: View {", "    @Entry var badge: BadgeStyle = .none  // a container value",
               "    var body: some View { Text(\"Pro\").containerValue(\\.badge, .highlighted) }", "}"]),
    ("sh", ["# install and build", "apt-get install -y libcmark-dev && swift build -c release",
            "for f in content/*.md; do echo \"$f\"; done"]),
    ("yaml", ["title: bench  # the site", "baseURL: https://example.com/", "params: {cols: 3, sync: os}"]),
    ("json", ["{\"name\": \"card\", \"values\": [1, 2.5, true, null], \"badge\": \"pro\"}"]),
    ("python", ["def render(page, *, theme=None):", "    \"\"\"Render one page.\"\"\"",
                "    return [s.title for s in page.sections if s.badge != 'none']  # filter"]),
]


def table(r):
    rows = ["| Key | Type | Default |", "| :-- | :-: | --: |"]
    for _ in range(r.randint(3, 6)):
        rows.append("| `%s` | %s | **%d** |" % (r.choice(WORDS), r.choice(WORDS), r.randint(0, 99)))
    return rows + [""]


def paragraph(r):
    return " ".join(sentence(r) for _ in range(r.randint(3, 6)))


def containers(r):
    out = []
    out.append(":::cards{cols=3}")
    for name, badge in (("Free tier", "none"), ("Pro", "highlighted"), ("Trial", "muted")):
        out += ["## %s {badge=%s}" % (name, badge), "", paragraph(r), ""]
    out += [":::", ""]
    out.append(":::tabs{sync=os}")
    for label, cmd in (("macOS", "brew install cvsite"), ("Linux", "apt-get install cvsite"), ("Windows", "winget install cvsite")):
        out += ["## %s {value=%s}" % (label, label.lower()), "", "```sh", cmd, "```", "", sentence(r), ""]
    out += [":::", ""]
    out.append(":::steps")
    for title, status in (("Install", "done"), ("Configure", "current"), ("Deploy", "todo")):
        out += ["## %s {status=%s}" % (title, status), "", paragraph(r), ""]
    out += [":::", ""]
    return out


def page(r, i):
    lines = ["---", "title: \"Page %d\"" % i, "date: 2024-01-%02d" % (i % 28 + 1),
             "tags: [%s, %s]" % (r.choice(WORDS), r.choice(WORDS)), "---", "",
             "# Page %d" % i, "", paragraph(r), ""]
    for s in range(r.randint(3, 5)):
        lines += ["## Section %d.%d" % (i, s), "", paragraph(r), ""]
        kind = r.randrange(6)
        if kind == 0:
            lines += ["- " + sentence(r) for _ in range(r.randint(3, 6))] + [""]
        elif kind == 1:
            lang, code = r.choice(CODE)
            lines += ["```" + lang] + code + ["```", ""]
        elif kind == 2:
            lines += ["> " + paragraph(r), ""]
        elif kind == 3:
            lines += ["%d. %s" % (k + 1, sentence(r)) for k in range(r.randint(3, 5))] + [""]
        elif kind == 4:
            lines += table(r)
        else:
            lines += ["- [%s] %s" % (r.choice("x "), sentence(r, 5)) for _ in range(3)] + [""]
    if i % 3 == 0:
        lines += containers(r)
    return "\n".join(lines) + "\n"


HUGO_CONFIG = """baseURL = "https://example.com/"
title = "bench"
disableKinds = ["taxonomy", "term", "RSS", "sitemap"]
[markup.goldmark.renderer]
unsafe = false
"""
HUGO_SINGLE = "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n"


def main():
    args = sys.argv[1:]
    flavor, seed = "cvsite", 1
    if "--flavor" in args:
        k = args.index("--flavor"); flavor = args[k + 1]; del args[k:k + 2]
    if "--seed" in args:
        k = args.index("--seed"); seed = int(args[k + 1]); del args[k:k + 2]
    n, out = int(args[0]), args[1]
    r = random.Random(seed)
    pages = os.path.join(out, "content")
    for i in range(n):
        sub = os.path.join(pages, "s%02d" % (i % 20))
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, "p%05d.md" % i), "w") as f:
            f.write(page(r, i))
    if flavor == "cvsite":
        with open(os.path.join(out, "cvsite.yml"), "w") as f:
            f.write("title: bench\nbaseURL: https://example.com/\n")
    if flavor == "hugo":
        os.makedirs(os.path.join(out, "layouts", "_default"), exist_ok=True)
        with open(os.path.join(out, "hugo.toml"), "w") as f:
            f.write(HUGO_CONFIG)
        for name in ("single.html", "list.html"):
            with open(os.path.join(out, "layouts", "_default", name), "w") as f:
                f.write(HUGO_SINGLE)


if __name__ == "__main__":
    main()
