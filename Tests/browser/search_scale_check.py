#!/usr/bin/env python3
"""Search on an index of many shards, in headless Chromium: typos in a word's first letters.

Usage: search_scale_check.py --cvsite PATH_TO_BINARY

site-example's index fits in one shard, where every typo is found by comparing the query
with each term. On a larger site a word mistyped in its first letters sorts into another
shard than the word meant; search.js then looks for it by its end, in the backwards term
files (`search/r/`). This builds a site of 8,000 made-up words (several shards of each
kind), then checks in the browser:

1. the meta file lists several shards and several backwards files, and the mistyped words
   below sort into other shards than the word meant (else the check proves nothing);
2. a word found exactly fetches no backwards file;
3. a first letter changed, dropped, or swapped with the second still finds the page, with
   one or two backwards files fetched;
4. a made-up word near nothing finds nothing.

Ends with "N passed, M failed"; exits non-zero on any failure. A missing tool is a
failure, never a skip.
"""

import argparse
import json
import random
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

from check import serve
from checks import CHECKS, FAILURES, expect, fail, make_driver

WORDS_PER_PAGE = 200
PAGES = 40


def make_site(root):
    generator = random.Random(18)
    letters = "abcdefghijklmnoprstuvwy"
    words = set()
    while len(words) < WORDS_PER_PAGE * PAGES:
        words.add("".join(generator.choice(letters) for _ in range(generator.randint(6, 10))))
    # None of the made-up words may be the real ones, or a typo of them.
    words = sorted(w for w in words if w[1:] not in ("emplate", "ocumentation"))
    (root / "content").mkdir(parents=True)
    (root / "cvsite.yml").write_text("title: Scale\nbaseURL: https://example.com/\n")
    (root / "content" / "_index.md").write_text("---\ntitle: Home\n---\nMany words.\n")
    for number in range(PAGES):
        chunk = words[number * WORDS_PER_PAGE:(number + 1) * WORDS_PER_PAGE]
        (root / "content" / f"p{number}.md").write_text(f"---\ntitle: Page {number}\n---\n{' '.join(chunk)}\n")
    (root / "content" / "engine.md").write_text(
        "---\ntitle: Engine\n---\nThe template engine and its documentation.\n")


def shard_of(firsts, query):
    """The last entry whose first term is <= query, in JavaScript (UTF-16) order."""
    key = lambda text: text.encode("utf-16-be")
    found = 0
    for index, first in enumerate(firsts):
        if key(first) <= key(query):
            found = index
    return found


def search(driver, query):
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "performance.clearResourceTimings();"
        "window.cvsiteSearch.search(arguments[0]).then(result => done({"
        "  urls: result.pages.map(p => p.url),"
        "  tails: performance.getEntriesByType('resource').filter(e => e.name.includes('/search/r/')).length"
        "}), e => done({error: String(e)}));",
        query)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cvsite", required=True, help="the cvsite binary")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cvsite-search-scale-") as folder:
        root = Path(folder) / "site"
        output = Path(folder) / "public"
        make_site(root)
        built = subprocess.run([args.cvsite, "build", str(root), "--output", str(output), "--quiet"],
                               capture_output=True, text=True)
        if not expect(built.returncode == 0, f"the generated site builds ({built.stderr.strip()[:500]})"):
            return 1
        meta = json.loads((output / "search" / "meta.json").read_text())
        shards, tails = meta["shards"], meta.get("tails", [])
        expect(len(shards) > 3 and len(tails) > 3,
               f"the index has several shards ({len(shards)}) and backwards files ({len(tails)})")
        typos = {"bemplate": "template", "emplate": "template", "etmplate": "template",
                 "xocumentation": "documentation"}
        for typo, word in typos.items():
            expect(shard_of(shards, typo) != shard_of(shards, word),
                   f"`{typo}` sorts into another shard than `{word}`")
        with serve(output) as base:
            driver = make_driver()
            try:
                driver.get(f"{base}/engine/")
                exact = search(driver, "template")
                expect(exact.get("urls", [None])[:1] == ["/engine/"] and exact.get("tails") == 0,
                       f"`template` finds the page and fetches no backwards file ({exact})")
                for typo in typos:
                    # A fresh page each time: the script keeps every file it fetched.
                    driver.get(f"{base}/engine/")
                    result = search(driver, typo)
                    expect("/engine/" in result.get("urls", []) and result.get("tails") in (1, 2),
                           f"`{typo}` finds the page through one or two backwards files ({result})")
                driver.get(f"{base}/engine/")
                nothing = search(driver, "zzyzxqq")
                expect(nothing.get("urls") == [], f"a word near nothing finds nothing ({nothing})")
            except Exception:
                fail(f"search scale check crashed:\n{traceback.format_exc()}")
            finally:
                driver.quit()
    print(f"\n{len(CHECKS)} passed, {len(FAILURES)} failed.")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
