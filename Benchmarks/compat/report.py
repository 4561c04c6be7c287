#!/usr/bin/env python3
"""Markdown tables from a run of run.sh: one row per project, totals, the constructs left
as text per generator with examples, the warning kinds, and each failing build's first
errors.

    report.py RESULTS.tsv [RESULTS.details] > tables.md

Python 3 standard library only.
"""

import csv
import json
import os
import sys
from collections import Counter, defaultdict

GENERATORS = ["mkdocs", "docusaurus", "vitepress", "starlight", "docc"]


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def code(text):
    text = str(text).replace("\n", " ")
    ticks = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return "%s%s%s%s%s" % (ticks, pad, text.replace("|", "\\|"), pad, ticks)


def main():
    results = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) > 2 else results[:-4] + ".details"
    with open(results, encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    details = {}
    for row in rows:
        path = os.path.join(folder, row["repository"].replace("/", "+") + ".json")
        with open(path, encoding="utf-8") as f:
            details[row["repository"]] = json.load(f)

    out = []
    w = out.append
    w("## Projects\n")
    w("| generator | repository | exit | s | source pages (all) | published | fragments measured on "
      "| fragments | extra | top constructs | languages declared → published | versions declared → published "
      "| errors | warnings (not shown) | files missing from the mirror |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        d = details[row["repository"]]
        top = "; ".join("%s ×%d" % (code(name), c["count"]) for name, c in list(d["constructs"].items())[:3])
        w("| %s | %s | %s | %s | %s (%s) | %s | %s | %s | %s | %s | %s → %s | %s → %s | %s | %s (%s) | %s |" % (
            row["generator"], row["repository"], row["exit"], row["seconds"], row["src_pages"],
            row["src_pages_all"], row["out_pages"], cell(row["measured_on"]), row["fragments"],
            row["extra_fragments"], top or "–", cell(row["langs_declared"]), cell(row["langs_published"]),
            cell(row["versions_declared"]), cell(row["versions_published"]), row["errors"],
            row["warnings"], row["not_shown"], row["missing_files"]))
    w("")

    w("## Totals\n")
    total = len(rows)
    ok = sum(1 for r in rows if r["exit"] == "0")
    measured = [r for r in rows if not r["measured_on"].startswith("none")]
    zero = sum(1 for r in measured if r["fragments"] == "0")
    zero_built = sum(1 for r in rows if r["exit"] == "0" and r["fragments"] == "0")
    w("- projects: %d; exit 0: **%d**; exit 1: %d; exit 2: %d; other: %d" % (
        total, ok, sum(r["exit"] == "1" for r in rows), sum(r["exit"] == "2" for r in rows),
        sum(r["exit"] not in ("0", "1", "2") for r in rows)))
    w("- built with 0 core fragments: **%d** of the %d that built; measured at all (build or "
      "render sample): %d, of which %d with 0 core fragments" % (zero_built, ok, len(measured), zero))
    for g in GENERATORS:
        rs = [r for r in rows if r["generator"] == g]
        w("- %s: %d projects, %d exit 0, %d built with 0 core fragments; %d pages published (every "
          "language and version) for %d source pages (main language, current version)" % (
              g, len(rs), sum(r["exit"] == "0" for r in rs),
              sum(r["exit"] == "0" and r["fragments"] == "0" for r in rs),
              sum(int(r["out_pages"]) for r in rs), sum(int(r["src_pages"]) for r in rs)))
    w("")

    w("## Constructs left as text, per generator\n")
    w("Counted over the published pages (or the render sample of a failed build); 'projects' "
      "is how many projects show the construct at least once.\n")
    for g in GENERATORS:
        counts, projects, examples = Counter(), Counter(), defaultdict(list)
        kinds = {}
        for row in rows:
            if row["generator"] != g:
                continue
            for name, c in details[row["repository"]]["constructs"].items():
                counts[name] += c["count"]
                projects[name] += 1
                kinds[name] = c["kind"]
                for ex in c["examples"][:2]:
                    if len(examples[name]) < 3 and all(e[0] != row["repository"] for e in examples[name][1:]):
                        examples[name].append((row["repository"], ex))
        w("### %s\n" % g)
        if not counts:
            w("No construct found.\n")
            continue
        w("| construct | kind | count | projects | examples (file:line: as written) |")
        w("|---|---|---|---|---|")
        for name, c in counts.most_common():
            shown = []
            for repo, ex in examples[name][:3]:
                src = ex.get("source")
                if src:
                    shown.append("%s `%s:%s`: %s" % (repo, src[0], src[1], code(src[2][:110])))
                else:
                    shown.append("%s (page %s): %s" % (repo, ex["page"], code(ex["text"][:110])))
            w("| %s | %s | %d | %d | %s |" % (code(name), kinds[name], c, projects[name], "<br>".join(shown)))
        w("")

    w("## Warning kinds, per generator\n")
    for g in GENERATORS:
        kinds, projects, example = Counter(), Counter(), {}
        for row in rows:
            if row["generator"] != g:
                continue
            d = details[row["repository"]]
            for k, c in d["warning_kinds"]:
                kinds[k] += c
                projects[k] += 1
                example.setdefault(k, d["kind_examples"].get(k, ""))
        w("### %s\n" % g)
        w("| count | projects | kind | first example |")
        w("|---|---|---|---|")
        for k, c in kinds.most_common(12):
            w("| %d | %d | %s | %s |" % (c, projects[k], cell(k[:200]), code(example[k][:220])))
        w("")

    w("## Failing builds: first errors\n")
    for row in rows:
        if row["exit"] == "0":
            continue
        d = details[row["repository"]]
        w("### %s (%s), exit %s\n" % (row["repository"], row["generator"], row["exit"]))
        if d["error_kinds"]:
            w("Error kinds: " + "; ".join("%s ×%d" % (cell(k[:160]), c) for k, c in d["error_kinds"][:6]) + "\n")
        for e in d["first_errors"][:5]:
            w("- " + code(e[:400]))
        w("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
