#!/usr/bin/env python3
"""End-to-end check of `cvsite serve`: live reload and the error overlay in a real browser.

Usage: serve_check.py --cvsite PATH_TO_BINARY

1. Makes a site with `cvsite new` in a temporary folder, starts `cvsite serve` on a free
   port, waits until it answers and checks it printed its address.
2. Over plain HTTP: a page is served as text/html, not cached, with the reload script;
   a missing path gets status 404 with the site's 404 page; `..` traversal, plain or
   percent-encoded, never returns a file from the disk.
3. Headless Chromium, the page loaded once: an edit to its Markdown shows up by itself
   (the page reloads itself; the test never calls refresh() or get() for it).
4. An error in the page shows the overlay with file, line, column, message and source
   line, without a reload; the last good content stays visible and is still served.
5. Fixing the error (saved through a temporary file and a rename, as editors do) hides
   the overlay and shows the fixed content.
6. A file written slowly (half, a pause, the rest) is not built half-way.
7. An edit landing right after a page load still reaches that page; a new page appears
   in the open home page's navigation, and goes when it is removed.
8. The site is served from memory: nothing is written under the temporary folder. Ctrl-C
   (SIGINT) stops the server while a browser is connected.
9. A site whose first build fails shows the overlay (over a bare 404 page), and fixing
   it loads the page.

Prints how long each file write took to reach the browser's DOM (from the moment the
file is closed or renamed into place to the first poll, every 25 ms, that sees it). Ends with
"N passed, M failed"; exits non-zero on any failure. A missing tool is a failure, never
a skip.
"""

import argparse
import glob
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from checks import CHECKS, FAILURES, expect, fail, make_driver, ok

LATENCIES = []


def require_tools(cvsite):
    missing = []
    for binary in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
        if not os.path.exists(binary):
            missing.append(f"{binary} (apt-get install chromium chromium-driver)")
    try:
        __import__("selenium")
    except ImportError:
        missing.append("python module selenium (pip install selenium)")
    if not (os.path.isfile(cvsite) and os.access(cvsite, os.X_OK)):
        missing.append(f"the cvsite binary at {cvsite} (swift build --product cvsite)")
    if missing:
        for tool in missing:
            fail(f"missing {tool}")
        print("The serve check cannot run. Run `bash scripts/install-test-deps.sh` first.", file=sys.stderr)
        sys.exit(2)


# ---------------------------------------------------------------- the server

def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`cvsite serve SITE --port P` as a subprocess, its output in a log file."""

    def __init__(self, cvsite, site, port, log_path):
        self.port = port
        self.log_path = log_path
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(
            [cvsite, "serve", str(site), "--port", str(port)],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def wait_until_ready(self, timeout=60, expected_status=200):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    pass
                status, _, _ = raw_get(self.port, "/")
                if status == expected_status:
                    return True
            except OSError:
                pass
            time.sleep(0.1)
        return False

    def output(self):
        if not self.log.closed:
            self.log.flush()
        return Path(self.log_path).read_text(errors="replace")

    def stop(self):
        """Always called: SIGINT (Ctrl-C), SIGKILL if that does not stop it, and the
        served folder removed if the server could not remove it itself."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        for folder in served_folders(self.process.pid):
            shutil.rmtree(folder, ignore_errors=True)
        self.log.close()


def served_folders(pid):
    """Folders a `cvsite serve` process would have made to serve from (it makes none)."""
    return glob.glob(os.path.join(tempfile.gettempdir(), f"cvsite-serve-{pid}-*"))


def raw_get(port, path, timeout=10):
    """GET `path` exactly as given (no normalisation of `..` or `%2e`)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def http_get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


# ---------------------------------------------------------------- HTTP checks

def check_http(server, site):
    status, headers, body = http_get(server.base + "/contact/")
    text = body.decode("utf-8", "replace")
    expect(status == 200, f"GET /contact/ is 200 (got {status})")
    expect(headers.get("content-type", "").startswith("text/html"),
           f"a page is text/html (got {headers.get('content-type')!r})")
    cache = headers.get("cache-control", "")
    expect("no-store" in cache or "no-cache" in cache, f"a page is not cached (Cache-Control: {cache!r})")
    expect('<script src="/_cvsite/live.js"></script>' in text or "/_cvsite/live.js" in text,
           "a page carries the reload script")
    expect("Contact" in text, "the page has its content")

    status, headers, body = http_get(server.base + "/_cvsite/live.js")
    expect(status == 200 and b"EventSource" in body, "the reload script is served")

    status, headers, body = http_get(server.base + "/no-such-page-" + uuid.uuid4().hex[:6] + "/")
    text = body.decode("utf-8", "replace")
    expect(status == 404, f"a missing path is 404 (got {status})")
    expect("cv-not-found" in text or "Page not found" in text, "a missing path gets the site's 404 page")
    expect(headers.get("content-type", "").startswith("text/html"), "the 404 page is text/html")

    # A file in the system temporary folder and one far outside it: neither may ever be
    # returned.
    canary_name = f"cvsite-canary-{uuid.uuid4().hex[:8]}.txt"
    canary = Path(tempfile.gettempdir()) / canary_name
    secret = f"CANARY-{uuid.uuid4().hex}"
    canary.write_text(secret)
    try:
        attempts = [
            "/../../etc/passwd",
            "/../../../../../../etc/passwd",
            "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
            "/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd",
            "/..%2f..%2f..%2f..%2fetc%2fpasswd",
            "/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "/guide/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
            "/.%2e/.%2e/.%2e/.%2e/etc/passwd",
            "/%252e%252e/%252e%252e/etc/passwd",
            "/..\\..\\..\\..\\etc\\passwd",
            "/%5c..%5c..%5c..%5cetc%5cpasswd",
            "//etc/passwd",
            "/%2fetc%2fpasswd",
            f"/../{canary_name}",
            f"/%2e%2e/{canary_name}",
            f"/%2e%2e%2f{canary_name}",
            f"/assets/%2e%2e/%2e%2e/{canary_name}",
        ]
        leaks = []
        for path in attempts:
            try:
                status, _, body = raw_get(server.port, path)
            except (OSError, http.client.HTTPException) as error:
                # A refused or dropped request returns nothing, which is fine.
                print(f"      ({path}: connection error {error!r})")
                continue
            if b"root:x:0:0" in body or secret.encode() in body or status == 200:
                leaks.append(f"{path} -> {status}")
        expect(not leaks, "no `..` traversal (plain or percent-encoded) returns a file"
               + (f": {leaks}" if leaks else f" ({len(attempts)} paths)"))
    finally:
        canary.unlink(missing_ok=True)
    expect(server.process.poll() is None, "the server is still running after the traversal attempts")


# ---------------------------------------------------------------- browser


def js(driver, script, *args):
    """Runs a script; None while the page is between documents (during a reload)."""
    from selenium.common.exceptions import WebDriverException

    try:
        return driver.execute_script(script, *args)
    except WebDriverException:
        return None


def page_text(driver):
    return js(driver, "return document.body ? document.body.innerText : ''") or ""


def overlay_text(driver):
    """The overlay's text when it is shown, else None."""
    return js(driver, """
        const box = document.getElementById('cvsite-overlay');
        if (!box) return null;
        const style = getComputedStyle(box);
        if (style.display === 'none' || style.visibility === 'hidden' || box.offsetWidth === 0) return null;
        return box.innerText;""")


def main_text(driver):
    """The page's text outside the overlay."""
    return js(driver, """
        const main = document.querySelector('main') || document.body;
        return main ? main.innerText : '';""") or ""


def wait_for(condition, timeout=10.0, interval=0.025):
    """Polls `condition` until it returns something truthy; (value, seconds) or (None, None)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        value = condition()
        if value:
            return value, time.monotonic() - start
        time.sleep(interval)
    return None, None


def set_marker(driver, value):
    js(driver, "window.__cvMarker = arguments[0]", value)


def marker(driver):
    return js(driver, "return window.__cvMarker === undefined ? null : window.__cvMarker")


def record(label, seconds):
    LATENCIES.append((label, seconds))
    print(f"info: write→DOM {label}: {seconds * 1000:.0f} ms", flush=True)


def write_file(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def write_by_rename(path, text):
    """Saves the way many editors do: a temporary file renamed over the original."""
    temporary = path.with_name(f".{path.name}.{uuid.uuid4().hex[:6]}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def check_browser(server, site, driver):
    page = site / "content" / "contact.md"
    url = server.base + "/contact/"
    original = page.read_text(encoding="utf-8")

    # The test loads the page once; every later change must arrive by itself.
    driver.get(url)
    ready, _ = wait_for(lambda: js(driver, "return document.readyState") == "complete")
    expect(ready, "the page loads in Chromium")
    expect(js(driver, "return !!document.querySelector('script[src=\"/_cvsite/live.js\"]')"),
           "the loaded page has the reload script")
    connected, _ = wait_for(lambda: js(driver, "return !!(window.cvsiteLive && window.cvsiteLive.connected)"), 5)
    expect(connected, "the page's event stream connects (window.cvsiteLive.connected)")
    set_marker(driver, 1)

    # 1. An edit shows up without the test reloading the page.
    word = "zebra" + uuid.uuid4().hex[:8]
    edited = original.rstrip("\n") + f"\n\nA new paragraph with {word} in it.\n"
    write_file(page, edited)
    shown, seconds = wait_for(lambda: word in page_text(driver))
    if expect(shown, "an edit to the Markdown shows up in the open page by itself"):
        record("edit (plain write)", seconds)
        expect(marker(driver) is None, "the page reloaded itself to show it (the marker is gone)")
    set_marker(driver, 2)

    # 2. An error: the overlay, with where and what; the page is not reloaded.
    error_line = len(edited.rstrip("\n").split("\n")) + 2
    hidden = "hidden" + uuid.uuid4().hex[:8]
    broken = edited.rstrip("\n") + f"\n\n:::nope\n{hidden} text inside an unknown container.\n:::\n"
    write_file(page, broken)
    text, seconds = wait_for(lambda: overlay_text(driver))
    if expect(text, "a broken page shows the error overlay"):
        record("error (overlay shown)", seconds)
        where = f"content/contact.md:{error_line}:1"
        expect(where in text, f"the overlay shows the file, line and column ({where}); it shows: {text!r}")
        expect("nope" in text and "error" in text.lower(), "the overlay shows the message")
        expect(":::nope" in text, "the overlay shows the source line")
        expect(marker(driver) == 2, "the page was not reloaded for the failed build")
        expect(word in main_text(driver) and hidden not in main_text(driver),
               "the last good content stays visible under the overlay")
    status, _, body = http_get(url)
    body = body.decode("utf-8", "replace")
    expect(status == 200 and word in body and hidden not in body, "the last good page is still served over HTTP")

    # 3. The fix, saved through a rename: the overlay goes, the fixed content shows.
    set_marker(driver, 3)
    fixed_word = "fixed" + uuid.uuid4().hex[:8]
    fixed = edited.rstrip("\n") + f"\n\n:::steps\n## First\n{fixed_word} inside a known container.\n:::\n"
    write_by_rename(page, fixed)
    shown, seconds = wait_for(lambda: overlay_text(driver) is None and fixed_word in page_text(driver))
    if expect(shown, "fixing the error hides the overlay and shows the fixed content"):
        record("fix (rename)", seconds)
        expect(marker(driver) is None, "the page reloaded itself for the fix")
    status, _, body = http_get(url)
    expect(status == 200 and fixed_word.encode() in body, "the fixed page is served over HTTP")

    # 4. A file still being written is not built half-way: the first half (an open
    # container, an error on its own) is written, then the rest after a pause.
    set_marker(driver, 4)
    half_word = "half" + uuid.uuid4().hex[:8]
    rest_word = "rest" + uuid.uuid4().hex[:8]
    with open(page, "w", encoding="utf-8") as handle:
        handle.write(fixed.rstrip("\n") + f"\n\n:::steps\n## Second\n{half_word} ")
        handle.flush()
        os.fsync(handle.fileno())
        time.sleep(0.6)
        midway = {"reloaded": marker(driver) != 4, "overlay": overlay_text(driver) is not None,
                  "half shown": half_word in page_text(driver)}
        handle.write(f"and {rest_word}.\n:::\n")
    expect(not any(midway.values()), f"a half-written file does not reach the browser ({midway})")
    shown, seconds = wait_for(lambda: overlay_text(driver) is None and rest_word in page_text(driver))
    if expect(shown, "the whole file shows once it is written"):
        record("slow write (after close)", seconds)

    # 5. An edit that lands right after a page load (before its event stream connects)
    # still reloads it. `get` here loads another page; nothing reloads it afterwards.
    other = site / "content" / "guide" / "setup.md"
    other_text = other.read_text(encoding="utf-8")
    quick_word = "quick" + uuid.uuid4().hex[:8]
    for attempt in range(3):
        driver.get(server.base + "/guide/setup/")
        quick_word = f"quick{attempt}" + uuid.uuid4().hex[:8]
        write_file(other, other_text.rstrip("\n") + f"\n\nA quick {quick_word} edit.\n")
        shown, seconds = wait_for(lambda: quick_word in page_text(driver))
        if not shown:
            break
    if expect(shown, "an edit right after a page load still reaches that page (3 times in a row)"):
        record("edit right after load", seconds)

    # 6. A new page, and removing it again: the browser on the home page follows.
    driver.get(server.base + "/")
    wait_for(lambda: js(driver, "return document.readyState") == "complete")
    time.sleep(0.3)
    new_page = site / "content" / "fresh.md"
    new_title = "Fresh" + uuid.uuid4().hex[:6]
    write_file(new_page, f"---\ntitle: {new_title}\n---\n\nA new page.\n")
    shown, seconds = wait_for(lambda: new_title in page_text(driver))
    if expect(shown, "a new page appears in the open home page's navigation"):
        record("new page (navigation)", seconds)
    status, _, _ = http_get(server.base + "/fresh/")
    expect(status == 200, "the new page is served")
    new_page.unlink()
    gone, seconds = wait_for(lambda: new_title not in page_text(driver))
    if expect(gone, "a removed page leaves the open home page's navigation"):
        record("removed page (navigation)", seconds)
    status, _, _ = http_get(server.base + "/fresh/")
    expect(status == 404, f"the removed page is no longer served (got {status})")


def check_failed_first_build(cvsite, work, driver):
    """A site whose first build fails: the overlay shows over the bare 404 page, and the
    fix loads the site without a manual reload."""
    site = work / "broken-site"
    subprocess.run([cvsite, "new", str(site)], capture_output=True, check=True)
    page = site / "content" / "contact.md"
    good = page.read_text(encoding="utf-8")
    error_line = len(good.rstrip("\n").split("\n")) + 2
    page.write_text(good.rstrip("\n") + "\n\n:::nope\nbroken\n:::\n", encoding="utf-8")
    server = Server(cvsite, site, free_port(), work / "serve-broken.log")
    try:
        if not expect(server.wait_until_ready(expected_status=404),
                      "with a failing first build, `cvsite serve` still starts and answers 404"):
            print(server.output()[-3000:])
            return
        driver.get(server.base + "/contact/")
        text, _ = wait_for(lambda: overlay_text(driver))
        expect(text and f"content/contact.md:{error_line}:1" in text,
               f"the overlay shows the first build's error over the 404 page ({text!r})")
        word = "repaired" + uuid.uuid4().hex[:8]
        write_by_rename(page, good.rstrip("\n") + f"\n\nNow {word}.\n")
        shown, seconds = wait_for(lambda: overlay_text(driver) is None and word in page_text(driver))
        if expect(shown, "fixing it loads the page by itself"):
            record("fix of a failed first build", seconds)
    finally:
        server.stop()
        if FAILURES:
            print("---- cvsite serve output (broken site) ----\n" + server.output()[-3000:])


def check_stop(server):
    """SIGINT, as Ctrl-C sends, while a browser holds the event stream."""
    pid = server.process.pid
    folders = served_folders(pid)
    expect(not folders, f"the site is served from memory: nothing written under the temporary folder ({folders})")
    server.process.send_signal(signal.SIGINT)
    try:
        server.process.wait(timeout=5)
        stopped = True
    except subprocess.TimeoutExpired:
        stopped = False
    expect(stopped, "Ctrl-C stops `cvsite serve` within 5 s while a browser is connected")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cvsite", required=True, help="path to the cvsite binary")
    args = parser.parse_args()
    cvsite = os.path.abspath(args.cvsite)
    require_tools(cvsite)

    work = Path(tempfile.mkdtemp(prefix="cvsite-serve-check-"))
    site = work / "site"
    server = None
    driver = None
    try:
        made = subprocess.run([cvsite, "new", str(site)], capture_output=True, text=True)
        if not expect(made.returncode == 0 and (site / "cvsite.yml").exists(), "`cvsite new` makes a site"):
            print(made.stdout + made.stderr)
            return
        server = Server(cvsite, site, free_port(), work / "serve.log")
        if not expect(server.wait_until_ready(), f"`cvsite serve` answers on port {server.port}"):
            return
        expect(f"http://127.0.0.1:{server.port}/" in server.output(),
               "`cvsite serve` prints its address as soon as it serves (stdout is flushed)")
        check_http(server, site)
        driver = make_driver()
        check_browser(server, site, driver)
        check_stop(server)
        check_failed_first_build(cvsite, work, driver)
    except Exception:
        fail("the check crashed:\n" + traceback.format_exc())
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception:
                pass
        if server is not None:
            server.stop()
            if FAILURES:
                print("---- cvsite serve output ----\n" + server.output()[-4000:] + "\n-----------------------------")
        shutil.rmtree(work, ignore_errors=True)

    if LATENCIES:
        summary = ", ".join(f"{label} {seconds * 1000:.0f} ms" for label, seconds in LATENCIES)
        print(f"info: write→DOM latencies: {summary}")


if __name__ == "__main__":
    try:
        main()
    finally:
        print(f"{len(CHECKS)} passed, {len(FAILURES)} failed", flush=True)
    sys.exit(1 if FAILURES else 0)
