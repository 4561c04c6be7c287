#!/usr/bin/env python3
"""Times cvsite on the families of hostile project files at two sizes, n and 4n.

    python3 Benchmarks/hostile_inputs.py CVSITE [N] [WORK]

Each family is a small project whose one file grows: a reader that is linear in it
takes about 4x as long at 4n (less, as the fixed cost of a build dominates small
inputs); a quadratic one about 16x. Prints one row per family: seconds at n and at 4n,
their ratio, and the output's bytes per page where the family is about output size.
A build that exits 2 or is killed by the time limit counts as a failure (its seconds are
shown with a `!`).
"""
import os
import shutil
import subprocess
import sys
import time


def write(root, files):
    shutil.rmtree(root, ignore_errors=True)
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)


def zensical_lines(n):
    keys = "".join(f'extra.k{i} = "v"\n' for i in range(n))
    return {"zensical.toml": '[project]\nsite_name = "Docs"\n' + keys, "docs/index.md": "# Home\n"}


def zensical_one_line(n):
    table = ", ".join(f'k{i} = "é"' for i in range(n))
    return {"zensical.toml": '[project]\nsite_name = "Docs"\nextra = {' + table + "}\n", "docs/index.md": "# Home\n"}


def mkdocs_nav_one_line(n):
    entries = ", ".join(f"{{P{i}: p{i}.md}}" for i in range(n))
    return {"mkdocs.yml": f"site_name: Docs\nnav: [{entries}]\n", "docs/index.md": "# Home\n"}


def sidebars_minified(n):
    ids = ",".join(f"'p{i}'" for i in range(n))
    return {
        "docusaurus.config.js": "module.exports = { title: 'W' };\n",
        "sidebars.js": "module.exports={docs:[" + ids + "]};",
        "docs/intro.md": "# Intro\n",
    }


def written_navigation(n):
    """n pages in sections of 20, all named in mkdocs.yml's nav: the output per page."""
    files = {}
    nav = []
    for section in range(n // 20):
        entries = []
        for page in range(20):
            name = f"s{section}/p{page}.md"
            files["docs/" + name] = f"# Page {section}.{page}\n\nText.\n"
            entries.append(f"      - {name}")
        nav.append(f"  - Section {section}:\n" + "\n".join(entries))
    files["mkdocs.yml"] = "site_name: Docs\nnav:\n" + "\n".join(nav) + "\n"
    return files


def docc_code_diff(n):
    previous = "\n".join(f"let line{i} = {i}" for i in range(n)) + "\n"
    current = previous.replace("let line10 = 10", "let line10 = 11") + "let added = 0\n"
    tutorial = (
        "@Tutorial(time: 5) {\n    @Intro(title: \"Big\") {\n        Big.\n    }\n\n"
        "    @Section(title: \"S\") {\n        @ContentAndMedia {\n            S.\n        }\n\n"
        "        @Steps {\n            @Step {\n                One.\n\n"
        "                @Code(name: \"A.swift\", file: \"a-2.swift\", previousFile: \"a-1.swift\")\n"
        "            }\n        }\n    }\n}\n"
    )
    return {
        "Big.docc/Big.md": "# Big\n\n@Metadata {\n  @TechnologyRoot\n}\n\nBig.\n",
        "Big.docc/Tutorials/Big.tutorial": tutorial,
        "Big.docc/Resources/a-1.swift": previous,
        "Big.docc/Resources/a-2.swift": current,
    }


FAMILIES = [
    ("zensical.toml, one key a line", zensical_lines, 1),
    ("zensical.toml, one inline table on one line", zensical_one_line, 1),
    ("mkdocs.yml, a nav on one line", mkdocs_nav_one_line, 1),
    ("sidebars.js, minified on one line", sidebars_minified, 1),
    ("a written nav of pages in sections of 20", written_navigation, 0.1),
    ("DocC @Code diff of two files of n lines", docc_code_diff, 0.25),
]


def run(cvsite, root, output, limit):
    shutil.rmtree(output, ignore_errors=True)
    start = time.monotonic()
    try:
        done = subprocess.run(
            [cvsite, "build", root, "--output", output, "--quiet"], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, timeout=limit)
        failed = done.returncode == 2
    except subprocess.TimeoutExpired:
        failed = True
    return time.monotonic() - start, failed


def output_bytes_per_page(output):
    pages, total = 0, 0
    for folder, _, names in os.walk(output):
        for name in names:
            if name == "index.html":
                pages += 1
                total += os.path.getsize(os.path.join(folder, name))
    return total // max(1, pages)


def main():
    cvsite = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 4000
    work = sys.argv[3] if len(sys.argv) > 3 else "/dev/shm/cvsite-hostile"
    limit = 120
    print(f"| family | n | seconds at n | seconds at 4n | ratio | bytes a page at 4n |")
    print("|---|---|---|---|---|---|")
    for name, make, scale in FAMILIES:
        size = max(20, int(n * scale))
        times = []
        per_page = ""
        for factor in (1, 4):
            root = os.path.join(work, "site")
            output = os.path.join(work, "out")
            write(root, make(size * factor))
            seconds, failed = run(cvsite, root, output, limit)
            times.append(f"{seconds:.2f}" + ("!" if failed else ""))
            if make is written_navigation and factor == 4:
                per_page = str(output_bytes_per_page(output))
        ratio = float(times[1].rstrip("!")) / max(0.001, float(times[0].rstrip("!")))
        print(f"| {name} | {size} | {times[0]} | {times[1]} | {ratio:.1f} | {per_page} |")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
