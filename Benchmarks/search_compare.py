#!/usr/bin/env python3
"""cvsite's built-in search against Pagefind on the same built site, in one run.

Usage:
  Benchmarks/search_compare.py --cvsite BINARY --site SITE_FOLDER
      [--queries q1,q2,...] [--out DIR] [--runs N] [--pagefind-runs N]
      [--browser-runs N] [--pagefind BINARY] [--json FILE]

What it measures, and how:

1. Indexing cost. The site is built twice into DIR (default: a fresh folder in /dev/shm,
   removed at the end; a given --out is kept): `on/` as it is (search on, the default) and
   `off/` from a copy of the site whose cvsite.yml has `search: false` appended. The two
   builds alternate, --runs times each (default 3); each build starts from an empty output
   folder (the `rm -rf` is not timed) and the best time of each counts. cvsite's indexing
   cost is the difference, also given as a percentage of the search-off build.
2. Pagefind's indexing: `pagefind --site off/` (the same HTML, without cvsite's index),
   best of --pagefind-runs (default 3), removing `off/pagefind/` before each run.
3. Index on disk: apparent size (the sum of file sizes) and file count of `on/search/` and
   `off/pagefind/` (which also holds Pagefind's UI bundles, not fetched by a search).
4. Per query, per engine, in a fresh headless Chromium (a new profile, so an empty HTTP
   cache; --browser-runs of them, default 3, after one unmeasured browser start): serve
   the output over HTTP (http.server in a thread, on a free port), load `/`, then in the
   page
     cvsite:   await window.cvsiteSearch.search(q, {pages: 5})
     Pagefind: const pf = await import("/pagefind/pagefind.js"); await pf.init();
               const r = await pf.search(q); await Promise.all(r.results.slice(0, 5)
                 .map(x => x.data()))
   and the same search a second time (warm). Times are performance.now() in the page,
   the median over the browser runs:
   "cold" from the call to results for the first search (for Pagefind including the import
   and init, shown apart as "load"; cvsite's search.js is already loaded by the page with
   `defer`), "warm" for the second, identical one.
   Requests and bytes (from the first browser run; every run must fetch the same files,
   else the table says so) are what the HTTP server sent for the search's files: for cvsite
   /assets/search.js and /search/* (meta, term shards, page records), for Pagefind
   /pagefind/* (pagefind.js, its worker, the wasm, entry, meta, index chunks, fragments).
   They come from the server's log rather than performance.getEntriesByType("resource")
   because Pagefind 1.x fetches from a Web Worker, whose requests the page's resource
   timeline does not list; the page's own count (its encodedBodySize) is kept as a check
   ("seen by page"). http.server does not compress, so two estimates of what a static host
   would send are added, computed with Python's gzip (level 6) on the same files:
   "gz text" compresses .js, .json, .css and .html only (the usual host default; other
   types go as they are, and Pagefind's .pf_* files and wasm are gzip already), "gz all"
   compresses every file that gets smaller (cvsite's binary .bin shards included).
   "top-5 with words" counts the top-5 pages whose visible text holds every query word
   (case-insensitive substring, so a prefix counts and a typo does not).
5. Prints Markdown tables and, with --json FILE, writes everything as JSON.
"""

import argparse
import gzip
import html
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "Tests" / "browser"))
from checks import make_driver  # noqa: E402

DEFAULT_QUERIES = ["badge", "libcmark", "winget install", "conf", "templte"]
TEXT_SUFFIXES = {".js", ".json", ".css", ".html"}
ENGINES = ("cvsite", "Pagefind")

CVSITE_JS = """
const q = arguments[0];
return (async () => {
  const t0 = performance.now();
  const first = await window.cvsiteSearch.search(q, {pages: 5});
  const t1 = performance.now();
  await window.cvsiteSearch.search(q, {pages: 5});
  const t2 = performance.now();
  return {total: first.total, urls: first.pages.map(p => p.url), load: 0, cold: t1 - t0, warm: t2 - t1};
})();
"""

PAGEFIND_JS = """
const q = arguments[0];
return (async () => {
  const top = async (pf) => {
    const r = await pf.search(q);
    return [r.results.length, await Promise.all(r.results.slice(0, 5).map(x => x.data()))];
  };
  const t0 = performance.now();
  const pf = await import("/pagefind/pagefind.js");
  await pf.init();
  const t1 = performance.now();
  const [total, data] = await top(pf);
  const t2 = performance.now();
  await top(pf);
  const t3 = performance.now();
  return {total: total, urls: data.map(d => d.url), load: t1 - t0, cold: t2 - t0, warm: t3 - t2};
})();
"""

PAGE_RESOURCES_JS = """
return performance.getEntriesByType("resource")
  .filter(e => arguments[0].some(p => new URL(e.name).pathname.startsWith(p)))
  .map(e => e.encodedBodySize);
"""


# ---- Building and indexing ----

def timed(command, env=None):
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def build_times(cvsite, sites, outputs, runs):
    """Best build time per site, alternating between them, each from an empty output folder."""
    env = dict(os.environ)
    env.setdefault("CVSITE_THEMES", str(REPO / "themes"))
    best = [float("inf")] * len(sites)
    for _ in range(runs):
        for i, (site, output) in enumerate(zip(sites, outputs)):
            shutil.rmtree(output, ignore_errors=True)
            best[i] = min(best[i], timed([cvsite, "build", str(site), "--quiet", "--output", str(output)], env))
    return best


def pagefind_binary():
    import pagefind_bin  # pip install pagefind-bin
    return str(Path(pagefind_bin.__file__).parent / "pagefind")


def pagefind_time(binary, site_dir, runs):
    best = float("inf")
    for _ in range(runs):
        shutil.rmtree(site_dir / "pagefind", ignore_errors=True)
        best = min(best, timed([binary, "--site", str(site_dir)]))
    return best


def folder_size(folder):
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


# ---- Serving, with a log of what was sent ----

class LoggingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder and appends (path, body bytes) of every file sent to server.sent."""

    def do_GET(self):
        body = self.send_head()
        if body:
            try:
                self.server.sent.append((self.path.split("?")[0], os.fstat(body.fileno()).st_size))
                self.copyfile(body, self.wfile)
            finally:
                body.close()

    def log_message(self, *args):
        pass


class Server:
    def __init__(self, root):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(LoggingHandler, directory=str(root)))
        self.httpd.sent = []
        self.root = root
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def file_kind(path):
    """A short name for what a fetched file is, for the breakdown by kind."""
    if path.endswith(".js"):
        return "js"
    for marker, kind in (("/search/t/", "shard"), ("/search/p/", "record"), ("/index/", "index"),
                         ("/fragment/", "fragment"), ("/filter/", "filter"), ("/wasm.", "wasm"),
                         ("-entry.json", "entry"), ("meta", "meta")):
        if marker in path:
            return kind
    return "other"


def wire_sizes(root, path):
    """(gzip if a host compresses text types, gzip if it compresses everything that shrinks)."""
    data = (root / path.lstrip("/")).read_bytes()
    packed = len(gzip.compress(data, compresslevel=6))
    text = packed if Path(path).suffix in TEXT_SUFFIXES else len(data)
    return text, min(len(data), packed)


def visible_text(root, url):
    page = (root / url.lstrip("/").split("#")[0]).joinpath("index.html")
    source = page.read_text(encoding="utf-8") if page.is_file() else ""
    source = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", source)
    return html.unescape(re.sub(r"<[^>]+>", " ", source)).lower()


# ---- One query in fresh browsers ----

def search_once(engine, server, query):
    """One cold and one warm search in a new headless Chromium: the page's results and
    times, the (path, bytes) the server sent for it, and the sizes the page itself saw."""
    script, prefixes = {"cvsite": (CVSITE_JS, ["/assets/search.js", "/search/"]),
                        "Pagefind": (PAGEFIND_JS, ["/pagefind/"])}[engine]
    driver = make_driver()
    driver.set_script_timeout(120)
    try:
        start = len(server.httpd.sent)
        driver.get(server.url)
        result = driver.execute_script(script, query)
        time.sleep(0.3)  # anything the search still sends after its promise resolved
        seen = driver.execute_script(PAGE_RESOURCES_JS, prefixes)
    finally:
        driver.quit()
    files = [(path, size) for path, size in server.httpd.sent[start:] if any(path.startswith(p) for p in prefixes)]
    return result, files, seen


def warm_up(url):
    """One unmeasured browser start and page load, so the first measured one is not slower
    for reading Chromium from disk."""
    driver = make_driver()
    try:
        driver.get(url)
    finally:
        driver.quit()


def run_query(engine, server, query, repeats):
    """Bytes and results of the first of `repeats` fresh-browser searches, median times."""
    runs = [search_once(engine, server, query) for _ in range(repeats)]
    result, files, seen = runs[0]
    wire = [wire_sizes(server.root, path) for path, _ in files]
    kinds = {}
    for path, size in files:
        count, total = kinds.get(file_kind(path), (0, 0))
        kinds[file_kind(path)] = (count + 1, total + size)
    words = query.lower().split()
    with_words = sum(all(w in visible_text(server.root, url) for w in words) for url in result["urls"])
    report = {
        "hits": result["total"], "top5": result["urls"], "top5_with_words": with_words,
        "requests": len(files), "bytes": sum(size for _, size in files),
        "same_files_every_run": all(sorted(f) == sorted(files) for _, f, _ in runs),
        "gzip_text": sum(t for t, _ in wire), "gzip_all": sum(a for _, a in wire),
        "page_requests": len(seen), "page_bytes": sum(seen),
        "kinds": kinds, "files": files,
    }
    for key in ("load", "cold", "warm"):
        report[f"{key}_ms_runs"] = [r[key] for r, _, _ in runs]
        report[f"{key}_ms"] = statistics.median(report[f"{key}_ms_runs"])
    return report


# ---- Report ----

def kb(n):
    return f"{n / 1024:.1f}"


def size_text(n):
    return f"{n / 1024:.1f} KiB" if n < 1 << 20 else f"{n / (1 << 20):.2f} MiB"


def tables(report):
    b, pf, index = report["builds"], report["pagefind"], report["index"]
    cost = b["on_s"] - b["off_s"]
    lines = [
        f"### Indexing: {report['site']} ({report['pages']['cvsite']} pages in cvsite's index)", "",
        "| measure | cvsite | Pagefind |", "|---|---|---|",
        f"| build, search off (best of {b['runs']}) | {b['off_s']:.3f} s | |",
        f"| build, search on (best of {b['runs']}) | {b['on_s']:.3f} s | |",
        f"| indexing time | {cost:.3f} s (+{100 * cost / b['off_s']:.0f} % of the search-off build) "
        f"| {pf['seconds']:.3f} s (Pagefind {pf['version']}, best of {pf['runs']}) |",
        f"| index on disk | {size_text(index['cvsite']['bytes'])} in {index['cvsite']['files']} files "
        f"| {size_text(index['Pagefind']['bytes'])} in {index['Pagefind']['files']} files |",
        f"| pages indexed | {report['pages']['cvsite']} | {report['pages']['Pagefind']} |",
        "",
        f"### Per query (fresh browser each; times: median of {report['browser_runs']}; KiB = 1024 bytes)", "",
        "| query | engine | hits | requests | raw KiB | gz text KiB | gz all KiB | seen by page "
        "| cold ms (load) | warm ms | top-5 with words |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for q in report["queries"]:
        for engine in ENGINES:
            r = q[engine]
            load = f" ({r['load_ms']:.0f})" if engine == "Pagefind" else ""
            requests = r["requests"] if r["same_files_every_run"] else f"{r['requests']} (varied)"
            lines.append(f"| `{q['query']}` | {engine} | {r['hits']} | {requests} | {kb(r['bytes'])} | {kb(r['gzip_text'])} "
                         f"| {kb(r['gzip_all'])} | {r['page_requests']} / {kb(r['page_bytes'])} | {r['cold_ms']:.0f}{load} "
                         f"| {r['warm_ms']:.1f} | {r['top5_with_words']}/{len(r['top5'])} |")
    lines += ["", "### Files fetched per query, by kind (requests × raw KiB)", "",
              "| query | cvsite | Pagefind |", "|---|---|---|"]
    for q in report["queries"]:
        cells = [", ".join(f"{kind} {n}×{kb(size)}" for kind, (n, size) in sorted(q[e]["kinds"].items())) for e in ENGINES]
        lines.append(f"| `{q['query']}` | {cells[0]} | {cells[1]} |")
    lines += ["", "### Top-5 results", "", "| query | cvsite | Pagefind |", "|---|---|---|"]
    for q in report["queries"]:
        cells = [" ".join(q[e]["top5"]) or "(none)" for e in ENGINES]
        lines.append(f"| `{q['query']}` | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


# ---- Main ----

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cvsite", required=True, help="the cvsite binary")
    parser.add_argument("--site", required=True, type=Path, help="the site folder (holds cvsite.yml)")
    parser.add_argument("--queries", default=",".join(DEFAULT_QUERIES), help="comma-separated queries")
    parser.add_argument("--out", type=Path, help="work folder, kept (default: a temporary folder in /dev/shm)")
    parser.add_argument("--runs", type=int, default=3, help="builds per configuration (best counts)")
    parser.add_argument("--pagefind-runs", type=int, default=3, help="Pagefind runs (best counts)")
    parser.add_argument("--browser-runs", type=int, default=3, help="fresh browsers per query and engine (median times)")
    parser.add_argument("--pagefind", help="the pagefind binary (default: from the pagefind-bin package)")
    parser.add_argument("--json", type=Path, help="also write the results as JSON here")
    args = parser.parse_args()

    work = args.out or Path(tempfile.mkdtemp(prefix="cvsite-search-compare-", dir="/dev/shm"))
    try:
        work.mkdir(parents=True, exist_ok=True)
        site, off_site, on, off = args.site.resolve(), work / "site-off", work / "on", work / "off"
        shutil.rmtree(off_site, ignore_errors=True)
        shutil.copytree(site, off_site, ignore=shutil.ignore_patterns("public"))
        with open(off_site / "cvsite.yml", "a", encoding="utf-8") as config:
            config.write("\nsearch: false\n")

        print(f"building {site} ({args.runs} × search on and off) ...", file=sys.stderr, flush=True)
        on_s, off_s = build_times(os.path.abspath(args.cvsite), [site, off_site], [on, off], args.runs)
        print(f"pagefind --site {off} ({args.pagefind_runs} runs) ...", file=sys.stderr, flush=True)
        pf_s = pagefind_time(args.pagefind or pagefind_binary(), off, args.pagefind_runs)
        entry = json.loads((off / "pagefind" / "pagefind-entry.json").read_text())
        report = {
            "site": str(site),
            "browser_runs": args.browser_runs,
            "builds": {"runs": args.runs, "on_s": on_s, "off_s": off_s},
            "pagefind": {"runs": args.pagefind_runs, "seconds": pf_s, "version": entry["version"]},
            "index": {e: dict(zip(("bytes", "files"), folder_size(folder)))
                      for e, folder in (("cvsite", on / "search"), ("Pagefind", off / "pagefind"))},
            "pages": {"cvsite": json.loads((on / "search" / "meta.json").read_text())["pages"],
                      "Pagefind": sum(lang["page_count"] for lang in entry["languages"].values())},
            "queries": [],
        }

        servers = {"cvsite": Server(on), "Pagefind": Server(off)}
        try:
            warm_up(servers["cvsite"].url)
            for query in [q.strip() for q in args.queries.split(",") if q.strip()]:
                print(f"query {query!r} ...", file=sys.stderr, flush=True)
                results = {e: run_query(e, servers[e], query, args.browser_runs) for e in ENGINES}
                report["queries"].append({"query": query, **results})
        finally:
            for server in servers.values():
                server.close()

        print(tables(report))
        if args.json:
            args.json.write_text(json.dumps(report, indent=2) + "\n")
    finally:
        if not args.out:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
