#!/usr/bin/env python3
"""Search on an API reference, in headless Chromium: a symbol's exact name finds it first.

Usage: symbol_search_check.py --cvsite PATH_TO_BINARY

Builds a site from a small symbol graph (a structure `Cart` with a method `add(_:)` and
a property `items`) and an article whose title, heading and text repeat `add` and `cart`:
by words alone the two would be level. Then checks in the browser:

1. `add` and `Cart`, whole, find the symbol's page first, the kind beside its title, and
   far above the article (by words alone they would be level);
2. `add(_:)`, the name as a link writes it, finds the method first too;
3. `ad`, a word still being typed, ranks the article first: only a whole name counts;
4. a word of the article alone (`wagon`) does not bring the reference up.

Ends with "N passed, M failed"; exits non-zero on any failure. A missing tool is a
failure, never a skip.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

from check import search_api, serve
from checks import CHECKS, FAILURES, expect, fail, make_driver


def symbol(identifier, kind, kind_name, path, doc):
    return {
        "kind": {"identifier": f"swift.{kind}", "displayName": kind_name},
        "identifier": {"precise": identifier, "interfaceLanguage": "swift"},
        "pathComponents": path, "names": {"title": path[-1]},
        "docComment": {"lines": [{"text": line} for line in doc]}, "accessLevel": "public",
    }


def make_site(root):
    graph = {
        "metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0}, "generator": "check"},
        "module": {"name": "Shop", "platform": {"operatingSystem": {"name": "linux"}}},
        "symbols": [
            symbol("s:Cart", "struct", "Structure", ["Cart"], ["A cart to add items to."]),
            symbol("s:Cart.add", "method", "Instance Method", ["Cart", "add(_:)"], ["Adds an item."]),
            symbol("s:Cart.items", "property", "Instance Property", ["Cart", "items"], ["What the cart holds."]),
        ],
        "relationships": [
            {"kind": "memberOf", "source": "s:Cart.add", "target": "s:Cart"},
            {"kind": "memberOf", "source": "s:Cart.items", "target": "s:Cart"},
        ],
    }
    (root / "graphs").mkdir(parents=True)
    (root / "graphs" / "Shop.symbols.json").write_text(json.dumps(graph))
    (root / "content").mkdir()
    (root / "cvsite.yml").write_text("title: Shop\nbaseURL: https://example.com/\nsymbolGraphs: graphs\n")
    (root / "content" / "_index.md").write_text("---\ntitle: Home\n---\nA shop.\n")
    (root / "content" / "guide.md").write_text(
        "---\ntitle: Add to the cart, add more\n---\n## Add to a cart\n\n"
        + "Add to the cart, add again, and the cart fills; a wagon too. " * 30 + "\n")


def search(driver, query):
    result = search_api(driver, query)
    if "error" in result:
        return result
    pages = result.get("pages", [])
    return {key: [page.get(field) for page in pages] for key, field in
            (("urls", "url"), ("titles", "title"), ("scores", "score"))}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cvsite", required=True, help="the cvsite binary")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cvsite-symbol-search-") as folder:
        root = Path(folder) / "site"
        output = Path(folder) / "public"
        make_site(root)
        built = subprocess.run([args.cvsite, "build", str(root), "--output", str(output), "--quiet"],
                               capture_output=True, text=True)
        if not expect(built.returncode == 0, f"the site with a symbol graph builds ({built.stderr.strip()[:500]})"):
            return 1
        with serve(output) as base:
            driver = make_driver()
            try:
                driver.get(f"{base}/guide/")
                for query, first, title in [
                    ("add", "/documentation/shop/cart/add(_:)/", "add(_:) · Instance Method"),
                    ("Cart", "/documentation/shop/cart/", "Cart · Structure"),
                    ("add(_:)", "/documentation/shop/cart/add(_:)/", "add(_:) · Instance Method"),
                ]:
                    result = search(driver, query)
                    urls = result.get("urls", [])
                    expect(urls[:1] == [first] and "/guide/" in urls,
                           f"`{query}` finds {first} first, the article after it ({result})")
                    expect(result.get("titles", [None])[:1] == [title], f"`{query}`: the first result's title ({result})")
                    # Not by a hair: a whole name outranks the most a page's words can score.
                    scores = dict(zip(urls, result.get("scores", [])))
                    expect(scores.get(first, 0) > 3 * scores.get("/guide/", 1),
                           f"`{query}`: the symbol far above the article ({scores})")
                typing = search(driver, "ad")
                expect(typing.get("urls", [])[:1] == ["/guide/"],
                       f"`ad`, a word being typed, ranks the article first ({typing})")
                wagon = search(driver, "wagon")
                expect(wagon.get("urls") == ["/guide/"], f"`wagon` finds the article alone ({wagon})")
            except Exception:
                fail(f"symbol search check crashed:\n{traceback.format_exc()}")
            finally:
                driver.quit()
    print(f"\n{len(CHECKS)} passed, {len(FAILURES)} failed.")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
