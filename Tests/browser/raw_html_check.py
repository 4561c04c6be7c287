#!/usr/bin/env python3
"""Raw HTML with `rawHTML: true`, in headless Chromium: no payload runs.

Usage: raw_html_check.py --cvsite PATH_TO_BINARY

Builds a site whose pages hold every payload of Tests/Fixtures/xss-payloads.txt (event
handlers on every kind of element, script URLs spelt every way a browser reads one, parser
tricks), each as a block of its own and inside a paragraph, then opens each page with
`alert`, `confirm`, `prompt` and `print` replaced (before any of the page's script) by a
function that counts calls. It focuses, hovers and clicks every element of the article,
opens every `<details>`, and checks:

1. nothing called those functions;
2. the article holds no element that runs or embeds (script, iframe, object, embed, svg,
   math, style, form, base, meta, link) and no attribute starting with `on`, `style` or
   `srcdoc`;
3. no `href`, `src`, `action`, `formaction`, `poster`, `cite` or `srcset` URL in the
   article is a `javascript:`, `vbscript:` or `data:` URL, as the browser resolved it.

A second site with `rawHTML: trusted` must run a payload (else the check proves nothing).

Ends with "N passed, M failed"; exits non-zero on any failure. A missing tool is a
failure, never a skip.
"""

import argparse
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from check import serve
from checks import CHECKS, FAILURES, expect, fail, make_driver

REPOSITORY = Path(__file__).resolve().parent.parent.parent
PER_PAGE = 60

HOOK = """
window.__calls = 0;
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = function () { window.__calls += 1; };
}
"""

INSPECT = """
const article = document.querySelector('article') || document.body;
const found = [];
const banned = ['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'base', 'meta', 'link',
  'frame', 'frameset', 'applet', 'template', 'noscript'];
for (const element of article.querySelectorAll('*')) {
  const name = element.localName;
  if (banned.includes(name)) found.push('element ' + name);
  for (const attribute of element.attributes) {
    const key = attribute.name.toLowerCase();
    if (key.startsWith('on') || key === 'style' || key === 'srcdoc') found.push(name + ' ' + key);
  }
  for (const key of ['href', 'src', 'action', 'formAction', 'poster', 'cite']) {
    const value = element[key];
    if (typeof value === 'string' && /^\\s*(javascript|vbscript|data):/i.test(value)) found.push(name + ' ' + key + '=' + value);
  }
  const set = element.getAttribute('srcset');
  if (set && /(javascript|vbscript|data):/i.test(set.replace(/[\\s\\x00-\\x20]/g, ''))) found.push(name + ' srcset');
}
return found;
"""

POKE = """
const article = document.querySelector('article') || document.body;
for (const details of article.querySelectorAll('details')) details.open = true;
for (const element of article.querySelectorAll('*')) {
  for (const type of ['mouseover', 'mouseenter', 'pointerover', 'focusin', 'animationstart']) {
    element.dispatchEvent(new Event(type, {bubbles: true}));
  }
  if (element.focus) element.focus();
  // Links are followed by nothing here: a followed link would leave the page.
  if (!element.closest('a') && element.click) element.click();
}
"""


def make_site(root, payloads, raw_html):
    (root / "content").mkdir(parents=True)
    (root / "cvsite.yml").write_text(f"title: Payloads\nrawHTML: {raw_html}\nlinks: off\n")
    (root / "content" / "_index.md").write_text("# Home\n\nPayload pages.\n")
    pages = 0
    for start in range(0, len(payloads), PER_PAGE):
        chunk = payloads[start:start + PER_PAGE]
        # Each payload as a block of its own, then inside a paragraph.
        blocks = [payload for payload in chunk] + [f"Text {payload} text." for payload in chunk]
        (root / "content" / f"p{pages}.md").write_text(f"# Page {pages}\n\n" + "\n\n".join(blocks) + "\n")
        pages += 1
    return pages


def build(cvsite, root, output):
    built = subprocess.run([cvsite, "build", str(root), "--output", str(output), "--quiet"],
                           capture_output=True, text=True)
    return built.returncode, built.stderr


def visit(driver, url):
    """Calls counted once loaded, then once poked (nil if the page was left), and what
    the article still holds."""
    driver.get(url)
    time.sleep(0.3)
    loaded = driver.execute_script("return window.__calls")
    found = driver.execute_script(INSPECT)
    driver.execute_script(POKE)
    time.sleep(0.3)
    stayed = driver.current_url.split("#")[0] == url
    poked = driver.execute_script("return window.__calls") if stayed else None
    return loaded, poked, found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cvsite", required=True, help="the cvsite binary")
    args = parser.parse_args()
    payloads = [line for line in (REPOSITORY / "Tests/Fixtures/xss-payloads.txt").read_text().split("\n") if line]
    expect(len(payloads) >= 300, f"{len(payloads)} payloads read")
    with tempfile.TemporaryDirectory(prefix="cvsite-raw-html-") as folder:
        sanitised, trusted = Path(folder) / "sanitised", Path(folder) / "trusted"
        pages = make_site(sanitised / "site", payloads, "true")
        make_site(trusted / "site", payloads[:PER_PAGE], "trusted")
        for site in (sanitised, trusted):
            status, errors = build(args.cvsite, site / "site", site / "public")
            if not expect(status == 0, f"{site.name}: the site builds (exit {status}) {errors.strip()[:300]}"):
                return 1
        driver = make_driver()
        try:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
            with serve(sanitised / "public") as base:
                for number in range(pages):
                    loaded, poked, found = visit(driver, f"{base}/p{number}/")
                    expect(loaded == 0 and poked == 0,
                           f"page {number}: no payload called alert, confirm, prompt or print, nor left the page "
                           f"({loaded}, {poked})")
                    expect(not found, f"page {number}: nothing that runs or embeds is left ({found[:5]})")
            with serve(trusted / "public") as base:
                loaded, _, found = visit(driver, f"{base}/p0/")
                expect(loaded > 0 and found, f"rawHTML: trusted runs the payloads (so the check can see them: {loaded})")
        except Exception:
            fail(f"raw HTML check crashed:\n{traceback.format_exc()}")
        finally:
            driver.quit()
    print(f"\n{len(CHECKS)} passed, {len(FAILURES)} failed.")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
