#!/usr/bin/env python3
"""Measure one build of a project of another documentation generator.

Called by run.sh once per project, after `cvsite build`. It appends one row to the
results TSV and writes a details file (JSON) beside it with every construct's examples,
the first errors and the warning kinds.

What it measures:

- pages in the source: the Markdown files the project's configuration points at
  (see SOURCES below: best effort, read with regular expressions, not by running the
  project's configuration), against pages published: index.html files of the output
  minus 404 pages and redirect pages (a <meta http-equiv="refresh">).
- fragments: the source generator's syntax left as text in the published pages. Only
  the text inside <main> (the whole <body> when a page has none) is read, outside <pre>,
  <code>, <script>, <style>, <svg>, <template> and <textarea>. Each construct of
  CONSTRUCTS is a regular expression over that text, one line per block element. "core"
  constructs are the ones the corpus tracks; "extra" ones are further checks, counted
  apart.
- languages declared by the configuration against distinct <html lang> values published.
- versions declared (Docusaurus versions.json, MkDocs' mike) against published (the
  versions.json cvsite writes at the output's root).
- diagnostics by kind: each message with its backticked text replaced by X (and numbers
  by N, a trailing " on /page/" dropped), counted.

Python 3 standard library only.
"""

import argparse
import fnmatch
import html
import html.parser
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict

# --------------------------------------------------------------------------------------
# Constructs: (dialects, name, kind, pattern). Patterns run with re.MULTILINE over the
# text of a page, one line per block element, entities decoded (so an escaped `&lt;Tabs`
# is matched as `<Tabs`).

MKDOCS, DOCUSAURUS, VITEPRESS, STARLIGHT, DOCC = (
    "mkdocs", "docusaurus", "vitepress", "starlight", "docc")
MDX = (DOCUSAURUS, STARLIGHT)
JS = (DOCUSAURUS, VITEPRESS, STARLIGHT)

STARLIGHT_COMPONENTS = ["Tabs", "TabItem", "Card", "CardGrid", "LinkCard", "FileTree",
                        "Steps", "LinkButton", "Icon", "Badge", "Aside", "Code"]
DOCC_NAMED = [("@Metadata", "Metadata"), ("@Row", "Row"), ("@Column", "Column"),
              ("@TabNavigator", "TabNavigator"), ("@Links", "Links"),
              ("@Tutorial", "Tutorials?")]

CONSTRUCTS = [
    # MkDocs (Python-Markdown, pymdownx, MkDocs plugins)
    ((MKDOCS,), "!!! admonition", "core", r"^[ \t]*!!!\+?[ \t]*[\w-]+.*$"),
    ((MKDOCS,), "??? collapsible", "core", r"^[ \t]*\?\?\?\+?[ \t]*[\w-]+.*$"),
    ((MKDOCS,), '=== "tab"', "core", r'^[ \t]*===\+?[ \t]+".*$'),
    ((MKDOCS,), "/// block", "core", r"^[ \t]*/{3,}[ \t]*[\w-]*.*$"),
    ((MKDOCS,), "{* include *}", "core", r"\{\*.*?\*\}"),
    ((MKDOCS,), "{! include !}", "core", r"\{!.*?!\}"),
    ((MKDOCS,), "--8<-- snippet", "core", r"-{1,2}8<-{1,2}.*$"),
    ((MKDOCS,), "{{ jinja }}", "core", r"\{\{.*?\}\}"),
    ((MKDOCS,), "{% jinja %}", "core", r"\{%.*?%\}"),
    ((MKDOCS,), "::: identifier (mkdocstrings)", "core", r"^[ \t]*:::[ \t]+[\w.]+.*$"),
    ((MKDOCS,), "{ attr_list }", "extra", r"\{:?[ \t]*[.#][\w-]+[^}\n]*\}"),
    ((MKDOCS,), ":icon-shortcode:", "extra",
     r":(?:material|octicons|fontawesome|simple|lucide)-[\w-]+:"),
    ((MKDOCS,), "++keys++", "extra", r"\+\+[\w-]+(?:\+[\w-]+)*\+\+"),
    ((MKDOCS,), "==mark==", "extra", r"(?<![=\w])==[^=\s][^=\n]*?[^=\s]==(?!=)"),
    ((MKDOCS,), "^^insert^^", "extra", r"\^\^[^\^\s][^\^\n]*?\^\^"),
    ((MKDOCS,), "*[ABBR]: definition", "extra", r"^\*\[[^\]\n]+\]:.*$"),
    ((MKDOCS,), "[TOC]", "extra", r"^\[TOC\]$"),

    # Docusaurus / MDX
    ((DOCUSAURUS,), ":::admonition", "core", r"^[ \t]*:::[ \t]*[A-Za-z][\w-]*.*$"),
    ((DOCUSAURUS, VITEPRESS, STARLIGHT), "::: closer", "core", r"^[ \t]*:::[ \t]*$"),
    ((DOCUSAURUS,), "<Tabs", "core", r"<Tabs\b[^\n]*"),
    ((DOCUSAURUS,), "<TabItem", "core", r"<TabItem\b[^\n]*"),
    ((DOCUSAURUS,), "import X from", "core", r"^[ \t]*import[ \t]+.+?[ \t]+from[ \t]+['\"].*$"),
    ((DOCUSAURUS,), "export const", "core",
     r"^[ \t]*export[ \t]+(?:const|default|function|let|var)\b.*$"),
    ((DOCUSAURUS,), "<Component> as text", "core", r"</?(?!Tabs\b|TabItem\b)[A-Z][\w.]*[^\n]{0,60}"),
    (MDX, "{/* comment */}", "core", r"\{/\*.*?\*/\}"),
    (JS, "{#heading-id}", "extra", r"\{#[\w-]+\}"),
    (JS, "<html-tag> as text", "extra",
     r"</?(?:div|span|p|a|img|br|details|summary|table|tr|td|th|ul|li|ol|iframe|video|"
     r"script|style|kbd|sup|sub|figure|figcaption|picture|source|section|h[1-6]|b|i|em|"
     r"strong|code|pre|button|input|template|center|small|hr)\b[^\n]{0,60}"),

    # VitePress
    ((VITEPRESS,), "::: container", "core", r"^[ \t]*:::[ \t]*[A-Za-z][\w-]*.*$"),
    ((VITEPRESS,), "[[toc]]", "core", r"\[\[toc\]\]"),
    ((VITEPRESS,), "<<< @/ snippet", "core", r"<<<[ \t]*@/.*$"),
    ((VITEPRESS,), "<<< ./ snippet", "extra", r"^[ \t]*<<<[ \t]*(?!@/)\S.*$"),
    ((VITEPRESS,), "{{ $frontmatter }}", "core", r"\{\{[ \t]*\$frontmatter.*?\}\}"),
    ((VITEPRESS,), "{{ vue interpolation }}", "extra", r"\{\{(?![ \t]*\$frontmatter).*?\}\}"),
    ((VITEPRESS,), "<!--@include-->", "extra", r"<!--[ \t]*@include.*?-->"),
    ((VITEPRESS,), "<Component> as text", "extra", r"</?[A-Z][\w.-]*[^\n]{0,60}"),

    # Starlight
    ((STARLIGHT,), ":::aside", "core", r"^[ \t]*:::[ \t]*(?:note|tip|caution|danger)\b.*$"),
    ((STARLIGHT,), "::: other directive", "extra",
     r"^[ \t]*:::[ \t]*(?!(?:note|tip|caution|danger)\b)[A-Za-z][\w-]*.*$"),
] + [
    ((STARLIGHT,), "<" + name, "core", r"</?" + name + r"\b[^\n]{0,60}")
    for name in STARLIGHT_COMPONENTS
] + [
    ((STARLIGHT,), "import from starlight components", "core",
     r"import\b[^\n]*?from[ \t]*['\"]@astrojs/starlight/components.*$"),
    ((STARLIGHT,), "import X from (other)", "core",
     r"^[ \t]*import[ \t]+(?![^\n]*@astrojs/starlight/components)[^\n]+?[ \t]+from[ \t]+['\"].*$"),
    ((STARLIGHT,), "export const", "extra",
     r"^[ \t]*export[ \t]+(?:const|default|function|let|var)\b.*$"),
    ((STARLIGHT,), "<Component> as text", "extra",
     r"</?(?!(?:" + "|".join(STARLIGHT_COMPONENTS) + r")\b)[A-Z][\w.]*[^\n]{0,60}"),

    # DocC
] + [
    ((DOCC,), shown, "core", r"@" + name + r"\b[^\n]{0,60}")
    for shown, name in DOCC_NAMED
] + [
    ((DOCC,), "@Image(", "core", r"@Image\([^\n]{0,60}"),
    ((DOCC,), "``Symbol`` as text", "core", r"``[^`\n]+``"),
    ((DOCC,), "<doc:", "core", r"<doc:[^\n]{0,60}"),
    ((DOCC,), "@Directive (other)", "extra",
     r"@(?!(?:" + "|".join(n for _, n in DOCC_NAMED) + r")\b|Image\()[A-Z]\w+[ \t]*[({][^\n]{0,60}"),
]

# ``Symbol`` links published as plain code (no symbol graph, or not found): a source-side
# estimate, DocC only, counted as an extra construct (see docc_symbol_links).
UNLINKED_SYMBOL = "``Symbol`` published unlinked"

# --------------------------------------------------------------------------------------
# Published HTML to text.

SKIPPED = {"pre", "code", "script", "style", "svg", "template", "textarea"}
BLOCKS = {"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5",
          "h6", "td", "th", "tr", "table", "thead", "tbody", "br", "hr", "section",
          "article", "aside", "blockquote", "details", "summary", "figure", "figcaption",
          "nav", "header", "footer", "main", "body", "form", "fieldset", "legend"}


class TextOfMain(html.parser.HTMLParser):
    """The text of <main> (or of the whole page when it has none), outside SKIPPED."""

    def __init__(self, whole_page):
        super().__init__(convert_charrefs=True)
        self.reading = whole_page
        self.skip = 0
        self.parts = []
        self.lang = None

    def handle_starttag(self, tag, attrs):
        if tag == "html" and self.lang is None:
            self.lang = dict(attrs).get("lang")
        if tag == "main":
            self.reading = True
        if tag in SKIPPED:
            self.skip += 1
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_startendtag(self, tag, attrs):
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in SKIPPED and self.skip:
            self.skip -= 1
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag == "main":
            self.reading = False

    def handle_data(self, data):
        if self.reading and not self.skip:
            self.parts.append(data)

    def text(self):
        return "".join(self.parts)


def read_page(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        page = f.read()
    return page


def is_redirect(page):
    return re.search(r"<meta[^>]+http-equiv=[\"']?refresh", page[:3000], re.I) is not None


def published_pages(out):
    """index.html files of the output, without 404 and redirect pages: (relpath, html)."""
    pages = []
    if not os.path.isdir(out):
        return pages
    for root, dirs, files in os.walk(out):
        dirs.sort()
        for name in sorted(files):
            if name != "index.html":
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, out)
            if rel.split(os.sep)[0] == "404":
                continue
            page = read_page(path)
            if is_redirect(page):
                continue
            pages.append((rel, page))
    return pages


# --------------------------------------------------------------------------------------
# Source pages, languages and versions, per generator (best effort).

PAGE_EXTS = (".md", ".mdx", ".markdown", ".mdoc", ".tutorial")
LANG_CODE = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$")


def walk_pages(folder, exts=PAGE_EXTS, skip_underscore=False, exclude=()):
    """Page files under folder (relative paths), without node_modules and hidden folders."""
    found = []
    if not os.path.isdir(folder):
        return found
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "node_modules" and not d.startswith(".")
                         and not (skip_underscore and d.startswith("_")))
        for name in sorted(files):
            if not name.lower().endswith(exts):
                continue
            if skip_underscore and name.startswith("_"):
                continue
            rel = os.path.relpath(os.path.join(root, name), folder)
            if any(fnmatch.fnmatch(rel, pattern) for pattern in exclude):
                continue
            found.append(rel)
    return found


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def first_file(folder, names):
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return None


def folder_named(parent, name):
    """The folder of parent called name, case aside (Astro lowercases its slugs, so a
    locale `zh-cn` is the folder `zh-CN`), or None."""
    if os.path.isdir(parent):
        for entry in os.listdir(parent):
            if entry.lower() == name.lower() and os.path.isdir(os.path.join(parent, entry)):
                return entry
    return None


def quoted(text):
    return re.findall(r"['\"]([^'\"]+)['\"]", text)


class Source:
    """What the project's configuration says: its page folders, languages, versions."""

    def __init__(self):
        self.folders = []          # (folder, exts, skip_underscore, exclude) of main pages
        self.extra_folders = []    # translations, older versions
        self.languages = []
        self.languages_note = ""
        self.versions = []
        self.versions_note = ""
        self.method = ""

    def pages(self):
        files = []
        for folder, exts, skip, exclude in self.folders:
            files += [os.path.join(folder, f) for f in walk_pages(folder, exts, skip, exclude)]
        return files

    def all_pages(self):
        files = self.pages()
        for folder, exts, skip, exclude in self.extra_folders:
            files += [os.path.join(folder, f) for f in walk_pages(folder, exts, skip, exclude)]
        return sorted(set(files))


def mkdocs_config(site):
    """The mkdocs.yml text with its INHERIT chain (parents first)."""
    path = first_file(site, ["mkdocs.yml", "mkdocs.yaml"])
    texts = []
    seen = set()
    while path and path not in seen and os.path.isfile(path):
        seen.add(path)
        text = read_text(path)
        texts.insert(0, text)
        m = re.search(r"^INHERIT:\s*['\"]?([^'\"\n#]+?)['\"]?\s*$", text, re.M)
        path = os.path.normpath(os.path.join(os.path.dirname(path), m.group(1))) if m else None
    return "\n".join(texts)


def source_mkdocs(site):
    s = Source()
    text = mkdocs_config(site)
    toml = read_text(os.path.join(site, "zensical.toml"))
    m = re.findall(r"^docs_dir:\s*['\"]?([^'\"\n#]+?)['\"]?\s*$", text, re.M) or \
        re.findall(r"^\s*docs_dir\s*=\s*['\"]([^'\"]+)['\"]", toml, re.M)
    docs = m[-1] if m else "docs"
    s.method = "*.md under docs_dir (%s) of mkdocs.yml and its INHERIT chain" % docs
    s.folders.append((os.path.join(site, docs), (".md", ".markdown"), False, ()))
    if not text and not toml:
        s.method += "; no mkdocs.yml or zensical.toml in the folder"
    langs = []
    m = re.search(r"^\s*language:\s*['\"]?([\w-]+)", text, re.M)
    primary = m.group(1) if m else "en"
    langs.append(primary)
    # mkdocs-static-i18n: `- locale: xx` items (v1) or `languages: {xx: …}` (v0)
    i18n = re.search(r"^\s*-\s*i18n:\s*\n((?:[ \t]+.*\n|\s*\n)+)", text, re.M)
    if i18n:
        block = i18n.group(1)
        langs += re.findall(r"locale:\s*['\"]?([\w-]+)", block)
        v0 = re.search(r"languages:\s*\n((?:[ \t]+.*\n)+)", block)
        if v0 and not re.search(r"locale:", block):
            langs += re.findall(r"^[ \t]+([a-z]{2,3}(?:[-_][A-Za-z]+)?):\s*$", v0.group(1), re.M)
        s.languages_note = "i18n plugin"
    # FastAPI's layout: docs/<lang>/ (docs/ and maybe mkdocs.yml) beside this one
    parent = os.path.dirname(os.path.abspath(site))
    if os.path.basename(os.path.abspath(site)) and LANG_CODE.match(os.path.basename(os.path.abspath(site))):
        siblings = [d for d in sorted(os.listdir(parent))
                    if LANG_CODE.match(d) and (os.path.isfile(os.path.join(parent, d, "mkdocs.yml"))
                                               or os.path.isdir(os.path.join(parent, d, "docs")))]
        if len(siblings) > 1:
            langs += siblings
            s.languages_note = "sibling <lang>/docs trees"
            for d in siblings:
                if os.path.abspath(os.path.join(parent, d)) != os.path.abspath(site):
                    s.extra_folders.append((os.path.join(parent, d, "docs"), (".md",), False, ()))
    s.languages = unique(langs)
    if re.search(r"^\s*-\s*mike\b", text, re.M) or re.search(r"provider:\s*mike", text):
        s.versions_note = "mike (versions live in the gh-pages branch, not in the tree)"
    return s


def js_config(site, names):
    path = first_file(site, names)
    return read_text(path) if path else ""


def source_docusaurus(site):
    s = Source()
    text = js_config(site, ["docusaurus.config.ts", "docusaurus.config.mts", "docusaurus.config.js",
                            "docusaurus.config.mjs", "docusaurus.config.cjs"])
    docs_paths = []
    for m in re.finditer(r"\bpath:\s*['\"]([^'\"]+)['\"]", text):
        p = m.group(1)
        if os.path.isdir(os.path.join(site, p)) and not p.startswith("/"):
            docs_paths.append(p)
    for default in ("docs", "blog", os.path.join("src", "pages")):
        if os.path.isdir(os.path.join(site, default)):
            docs_paths.append(default)
    docs_paths = unique(os.path.normpath(p) for p in docs_paths)
    for p in docs_paths:
        s.folders.append((os.path.join(site, p), (".md", ".mdx"), True, ()))
    s.method = ("*.md/*.mdx (no _-prefixed files or folders) under the config's path: values "
                "that are folders, plus docs/, blog/, src/pages/ (%s)" % ", ".join(docs_paths))
    m = re.search(r"locales:\s*\[([^\]]*)\]", text)
    d = re.search(r"defaultLocale:\s*['\"]([^'\"]+)", text)
    s.languages = unique(([d.group(1)] if d else []) + (quoted(m.group(1)) if m else []))
    if not s.languages:
        s.languages = ["en"]
        s.languages_note = "no i18n.locales (en assumed)"
    i18n = os.path.join(site, "i18n")
    if os.path.isdir(i18n):
        for lang in sorted(os.listdir(i18n)):
            s.extra_folders.append((os.path.join(i18n, lang), (".md", ".mdx"), True, ()))
    versions = []
    for name in sorted(os.listdir(site)) if os.path.isdir(site) else []:
        if name == "versions.json" or name.endswith("_versions.json"):
            try:
                with open(os.path.join(site, name)) as f:
                    versions += [("" if name == "versions.json" else name[:-14] + ":") + v
                                 for v in json.load(f)]
            except (OSError, ValueError):
                pass
        if name == "versioned_docs" or name.endswith("_versioned_docs"):
            s.extra_folders.append((os.path.join(site, name), (".md", ".mdx"), True, ()))
    if versions:
        s.versions = unique(["current"] + versions)
        s.versions_note = "versions.json"
    return s


def locale_keys(text):
    """Locale entries anywhere in the text: `key: { label: …, lang: … }` with a key that
    looks like a language code or is `root` (Starlight and VitePress write them so, in the
    config, in a file it imports, or in JSON): (key, lang or None, links elsewhere)."""
    keys = []
    entry = re.compile(r"(['\"]?)([A-Za-z]{2,3}(?:[-_][A-Za-z]{2,4})?|root)\1\s*:\s*\{([^{}]*)\}")
    for m in entry.finditer(text):
        inner = m.group(3)
        if not re.search(r"['\"]?label['\"]?\s*:", inner):
            continue
        lang = re.search(r"['\"]?lang['\"]?\s*:\s*['\"]([^'\"]+)", inner)
        link = re.search(r"['\"]?link['\"]?\s*:\s*['\"]https?:", inner)
        keys.append((m.group(2), lang.group(1) if lang else None, bool(link)))
    return unique(keys)


def config_texts(folder, pattern):
    texts = []
    if os.path.isdir(folder):
        for name in sorted(os.listdir(folder)):
            if fnmatch.fnmatch(name, pattern):
                texts.append(read_text(os.path.join(folder, name)))
    return "\n".join(texts)


def source_vitepress(site):
    s = Source()
    vp = os.path.join(site, ".vitepress")
    text = config_texts(vp, "config.*") + "\n" + config_texts(os.path.join(vp, "config"), "*")
    m = re.search(r"^[ \t]{0,2}srcDir:\s*['\"]([^'\"]+)['\"]", text, re.M)
    src = os.path.normpath(os.path.join(site, m.group(1))) if m else site
    exclude = []
    e = re.search(r"srcExclude:\s*\[([^\]]*)\]", text)
    if e:
        exclude = [p.replace("**/", "*") for p in quoted(e.group(1))]
    s.folders.append((src, (".md",), False, tuple(exclude)))
    s.method = "*.md under srcDir (%s), without node_modules and srcExclude" % (
        os.path.relpath(src, site))
    top = re.search(r"^\s{0,4}lang:\s*['\"]([^'\"]+)", text, re.M)
    langs, external = [], 0
    for key, lang, ext in locale_keys(text):
        if ext:
            external += 1
        elif key == "root" or folder_named(src, key):
            langs.append(lang or (key if key != "root" else "en-US"))
    if not langs:
        langs = [top.group(1) if top else "en-US"]
    s.languages = unique(langs)
    if external:
        s.languages_note = "+%d locales linking to other sites, not counted" % external
    return s


def source_starlight(site):
    s = Source()
    text = js_config(site, ["astro.config.mjs", "astro.config.ts", "astro.config.js",
                            "astro.config.mts"])
    imported = re.findall(r"import\s+(?:\{[^}]*\}|\w+)\s+from\s+['\"](\./[^'\"]+)['\"]", text)
    for rel in imported:   # locales kept in another file (withastro/docs, tauri-docs)
        for ext in ("", ".ts", ".mjs", ".js", ".json"):
            path = os.path.join(site, rel + ext)
            if os.path.isfile(path) and re.search(r"locale", rel + read_text(path)[:2000], re.I):
                text += "\n" + read_text(path)
                break
    content = os.path.join(site, "src", "content", "docs")
    keys = locale_keys(text)
    langs = []
    for key, lang, ext in keys:
        if key == "root" or folder_named(content, key):
            langs.append(lang or (key if key != "root" else "en"))
    if not keys and re.search(r"['\"]?locales['\"]?\s*:", text):
        # locales as JSON ({"fr": {...}}) or built in code: the folders that look like codes
        for d in sorted(os.listdir(content)) if os.path.isdir(content) else []:
            if LANG_CODE.match(d) and re.search(r"['\"]%s['\"]" % re.escape(d), text):
                keys.append((d, d, False))
                langs.append(d)
        s.languages_note = "locales read from folder names named in the config"
    d = re.search(r"defaultLocale:\s*['\"]([^'\"]+)", text)
    if not any(k == "root" for k, _, _ in keys):
        langs.insert(0, d.group(1) if d else "en")
    s.languages = unique(langs)
    locale_dirs = [folder_named(content, k) for k, _, _ in keys if k != "root"]
    locale_dirs = [k for k in locale_dirs if k]
    exclude = tuple(k + "/*" for k in locale_dirs if not (d and k == d.group(1)))
    s.folders.append((content, (".md", ".mdx", ".mdoc"), False, exclude))
    s.extra_folders.append((content, (".md", ".mdx", ".mdoc"), False, ()))
    s.method = "*.md/*.mdx/*.mdoc under src/content/docs, without the locale folders"
    return s


def source_docc(site):
    s = Source()
    catalog = site
    if not site.rstrip("/").endswith(".docc"):
        found = [d for d in sorted(os.listdir(site)) if d.endswith(".docc")]
        catalog = os.path.join(site, found[0]) if found else site
    s.folders.append((catalog, (".md", ".tutorial"), False, ()))
    s.method = "*.md and *.tutorial in the catalog"
    s.languages = ["en"]
    s.languages_note = "DocC declares none (en assumed)"
    return s


SOURCES = {MKDOCS: source_mkdocs, DOCUSAURUS: source_docusaurus, VITEPRESS: source_vitepress,
           STARLIGHT: source_starlight, DOCC: source_docc}


def unique(items):
    seen, out = set(), []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


# --------------------------------------------------------------------------------------
# Diagnostics.

def read_diagnostics(path):
    """(severity, file, line, message, raw) from cvsite's JSON lines or text lines."""
    diags = []
    text_line = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+)(?::\d+)?: (?P<sev>error|warning): (?P<msg>.*)$")
    bare = re.compile(r"^(?P<sev>error|warning): (?P<msg>.*)$")
    for raw in read_text(path).splitlines():
        raw = raw.rstrip()
        if not raw:
            continue
        if raw.startswith("{"):
            try:
                d = json.loads(raw)
                where = "%s:%s: " % (d["file"], d.get("line", 0)) if d.get("file") else ""
                shown = "%s%s: %s" % (where, d.get("severity", "?"), d.get("message", ""))
                if d.get("source"):
                    shown += "  ⟨" + d["source"].strip() + "⟩"
                diags.append((d.get("severity", "?"), d.get("file", ""), d.get("line", 0),
                              d.get("message", ""), shown))
                continue
            except ValueError:
                pass
        m = text_line.match(raw) or bare.match(raw)
        if m:
            diags.append((m.group("sev"), m.groupdict().get("file") or "",
                          int(m.groupdict().get("line") or 0), m.group("msg"), raw))
        elif diags and diags[-1][0] == "other":
            continue
        else:
            diags.append(("other", "", 0, raw, raw))
    return diags


def kind(message):
    """A message's kind: backticked text as X, paths as P, (names) as (X), numbers as N."""
    k = re.sub(r"``[^`]+``|`[^`]*`", "X", message)
    k = re.sub(r"(?<![\w`])\.{0,2}/[^\s:,;]*|[^\s:,;]+\.(?:mdx?|ya?ml|json|tutorial)\b", "P", k)
    k = re.sub(r"\([^()]*\)", "(X)", k)
    k = re.sub(r"\b\d+(\.\d+)?\b", "N", k)
    k = re.sub(r"X(?:, X)+", "X, …", k)
    return k


# --------------------------------------------------------------------------------------
# Finding an example in the source.

class SourceLines:
    """Every line of the source pages, to find where a fragment was written."""

    def __init__(self, site, main_files, other_files):
        self.site = site
        self.lines = []
        main = set(main_files)
        for path in list(main_files) + [f for f in other_files if f not in main]:
            stem = re.sub(r"(/(index|readme|_index))?\.[a-z]+$", "",
                          os.path.relpath(path, site).lower())
            for number, line in enumerate(read_text(path).splitlines(), 1):
                self.lines.append((path, stem, path in main, number, line))

    def find(self, needle, page):
        """(file, line, text) of the best line holding the fragment: one of the page's own
        source (its path ends as the page's URL does) first, then one where it is not in
        `inline code`, then one of the main language and version; a line that is the
        fragment and nothing else before all."""
        slug = os.path.dirname(page).lower() or "index"
        needle = needle.strip()
        for probe in (needle[:60], needle[:30], needle[:12]):
            if len(probe) < 3:
                continue
            best = None
            for path, stem, main, number, line in self.lines:
                at = line.find(probe)
                if at < 0:
                    continue
                score = (8 if line.strip() == needle else 0) + (4 if stem.endswith(slug) else 0) + (
                    2 if line.count("`", 0, at) % 2 == 0 else 0) + (1 if main else 0)
                if best is None or score > best[0]:
                    best = (score, path, number, line)
                    if score == 15:
                        break
            if best:
                return os.path.relpath(best[1], self.site), best[2], best[3].strip()[:200]
        return None


def docc_symbol_links(source_files, pages):
    """``Symbol`` links of the source whose name no published <a><code>…</code></a> shows."""
    linked = set()
    for _, page in pages:
        for m in re.finditer(r"<a\b[^>]*>\s*<code[^>]*>(.*?)</code>\s*</a>", page, re.S):
            linked.add(html.unescape(re.sub(r"<[^>]+>", "", m.group(1))).strip())
    hits = []
    for path in source_files:
        fence = False
        for number, line in enumerate(read_text(path).splitlines(), 1):
            if re.match(r"^\s*(```|~~~)", line):
                fence = not fence
                continue
            if fence or line.lstrip().startswith("# "):
                continue
            for m in re.finditer(r"``([^`\n]+)``", line):
                name = m.group(1)
                shown = {name, name.split("/")[-1], re.sub(r"-\w+$", "", name.split("/")[-1])}
                if not shown & linked:
                    hits.append((path, number, line.strip()))
    return hits


# --------------------------------------------------------------------------------------

def measure(args):
    generator = args.generator
    source = SOURCES[generator](args.site)
    source_files = source.pages()
    all_source_files = source.all_pages()
    pages = published_pages(args.output)
    constructs = [(name, k, re.compile(p, re.M)) for dialects, name, k, p in CONSTRUCTS
                  if generator in dialects]
    measured, measured_on, measured_sources = pages, "build", source_files
    if not pages and args.render_sample and str(args.exit) == "1" and source_files:
        if render_reads_dialect(args, constructs):
            rendered = render_sample(args, source_files)
            measured = [(page, body) for page, body, _ in rendered]
            measured_sources = [path for _, _, path in rendered]
            measured_on = "render %d of %d" % (len(measured), len(source_files))
        else:
            measured_on = "none (render does not read the dialect here)"
    elif not pages:
        measured_on = "none"
    counts = Counter()
    examples = defaultdict(list)
    langs = Counter()
    for rel, page in measured:
        parser = TextOfMain(whole_page="<main" not in page)
        parser.feed(page)
        parser.close()
        if parser.lang and measured is pages:
            langs[parser.lang] += 1
        text = parser.text()
        for name, k, pattern in constructs:
            for m in pattern.finditer(text):
                counts[name] += 1
                shown = m.group(0).strip()[:160]
                if len(examples[name]) < 3 and all(e["text"] != shown for e in examples[name]):
                    examples[name].append({"page": rel, "text": shown})

    if generator == DOCC and measured:
        hits = docc_symbol_links(measured_sources, measured)
        if hits:
            counts[UNLINKED_SYMBOL] = len(hits)
            examples[UNLINKED_SYMBOL] = [
                {"page": "", "text": line[:160], "source": [os.path.relpath(p, args.site), n, line[:200]]}
                for p, n, line in hits[:3]]

    kinds = {name: k for _, name, k, _ in CONSTRUCTS}
    kinds[UNLINKED_SYMBOL] = "extra"
    core = sum(v for n, v in counts.items() if kinds[n] == "core")
    extra = sum(v for n, v in counts.items() if kinds[n] == "extra")

    lines = SourceLines(args.site, source_files, all_source_files)
    for name, items in examples.items():
        for item in items:
            if "source" not in item:
                found = lines.find(item["text"], item["page"])
                item["source"] = list(found) if found else None

    diags = read_diagnostics(args.diagnostics) if args.diagnostics else []
    severities = Counter(d[0] for d in diags)
    not_shown = sum(int(m.group(1)) for d in diags
                    for m in [re.match(r"(\d+) more problems not shown", d[3])] if m)
    warning_kinds = Counter(kind(d[3]) for d in diags if d[0] == "warning")
    error_kinds = Counter(kind(d[3]) for d in diags if d[0] in ("error", "other"))
    first_errors = [d[4][:600] for d in diags if d[0] in ("error", "other")][:10]
    kind_examples = {}
    for d in diags:
        kind_examples.setdefault(kind(d[3]), d[4][:400])

    published_versions = []
    vfile = os.path.join(args.output, "versions.json")
    if os.path.isfile(vfile):
        try:
            with open(vfile) as f:
                published_versions = [v.get("name", "?") for v in json.load(f)]
        except (OSError, ValueError, AttributeError):
            published_versions = ["?"]

    def top(counter, n, with_examples=False):
        out = []
        for name, count in counter.most_common(n):
            if with_examples and examples.get(name):
                ex = examples[name][0]
                where = ex["source"][0] + ":" + str(ex["source"][1]) if ex.get("source") else ex["page"]
                out.append("%s=%d «%s» @%s" % (name, count, clean(ex["text"])[:70], where))
            else:
                out.append("%s=%d" % (clean(name)[:110], count))
        return " | ".join(out)

    row = {
        "generator": generator,
        "repository": args.repository,
        "exit": args.exit,
        "seconds": args.seconds,
        "src_pages": len(source_files),
        "src_pages_all": len(all_source_files),
        "out_pages": len(pages),
        "measured_on": measured_on,
        "fragments": core,
        "extra_fragments": extra,
        "top_constructs": top(counts, 3, True) or "-",
        "langs_declared": ",".join(source.languages) or "-",
        "langs_published": ",".join(sorted(langs)) or "-",
        "versions_declared": ",".join(source.versions) if source.versions else (
            source.versions_note or "-"),
        "versions_published": ",".join(published_versions) or "-",
        "errors": severities.get("error", 0) + severities.get("other", 0),
        "warnings": severities.get("warning", 0),
        "not_shown": not_shown,
        "top_warnings": top(warning_kinds, 3) or "-",
        "missing_files": len(read_text(args.missing).split()) if args.missing else 0,
        "src_method": source.method,
    }
    details = dict(row)
    details.update({
        "commit": args.commit,
        "folder": args.folder,
        "constructs": {name: {"kind": kinds[name], "count": c, "examples": examples[name]}
                       for name, c in counts.most_common()},
        "languages_note": source.languages_note,
        "languages_published_pages": dict(langs),
        "versions_note": source.versions_note,
        "warning_kinds": warning_kinds.most_common(),
        "kind_examples": kind_examples,
        "error_kinds": error_kinds.most_common(),
        "first_errors": first_errors,
    })
    return row, details


# A page of each dialect's own syntax: if `cvsite render` leaves a fragment of it as text
# in the site's folder, render does not read that dialect there, and no sample is taken.
PROBES = {
    MKDOCS: '!!! note "Probe"\n    Text.\n',
    DOCUSAURUS: '<Tabs>\n<TabItem value="a" label="A">\n\nText.\n\n</TabItem>\n</Tabs>\n',
    VITEPRESS: "::: code-group\n\n```sh [npm]\nnpm install\n```\n\n```sh [pnpm]\npnpm install\n```\n\n:::\n",
    STARLIGHT: "<Steps>\n\n1. Text.\n\n</Steps>\n",
    DOCC: "# Probe\n\n@Row {\n    @Column {\n        Text.\n    }\n}\n",
}


def render_reads_dialect(args, constructs):
    try:
        done = subprocess.run([args.cvsite, "render", "-"], cwd=args.site, capture_output=True,
                              input=PROBES[args.generator].encode(), timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return False
    parser = TextOfMain(whole_page=True)
    parser.feed(done.stdout.decode("utf-8", "replace"))
    text = parser.text()
    return bool(text.strip()) and not any(pattern.search(text) for _, _, pattern in constructs)


def render_sample(args, source_files):
    """When the build failed, `cvsite render` of up to N source pages (evenly spaced in
    their sorted list), run in the site's folder so that its dialect applies; each body is
    wrapped in <main> and measured as a published page would be."""
    n = args.render_sample
    step = max(1.0, len(source_files) / n)
    chosen = sorted({source_files[int(i * step)] for i in range(n) if int(i * step) < len(source_files)})
    rendered = []
    for path in chosen:
        rel = os.path.relpath(path, args.site)
        try:
            done = subprocess.run([args.cvsite, "render", rel, "--format", "json"], cwd=args.site,
                                  capture_output=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired):
            continue
        body = done.stdout.decode("utf-8", "replace")
        if body.strip():
            page = os.path.join(os.path.splitext(rel)[0], "index.html")
            rendered.append((page, "<html><body><main>" + body + "</main></body></html>", path))
    return rendered


def clean(text):
    return re.sub(r"\s+", " ", str(text)).replace("\t", " ").strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--generator", required=True, choices=sorted(SOURCES))
    ap.add_argument("--repository", required=True)
    ap.add_argument("--commit", default="")
    ap.add_argument("--folder", default=".")
    ap.add_argument("--site", required=True, help="the built folder of the extracted tree")
    ap.add_argument("--output", required=True, help="cvsite's output folder")
    ap.add_argument("--diagnostics", help="cvsite's stderr (JSON lines or text)")
    ap.add_argument("--exit", default="")
    ap.add_argument("--seconds", default="")
    ap.add_argument("--cvsite", default="cvsite", help="the executable, for --render-sample")
    ap.add_argument("--render-sample", type=int, default=0, metavar="N",
                    help="when the build failed, measure `cvsite render` of N source pages")
    ap.add_argument("--missing", help="a file listing the tree's files the mirror lacked")
    ap.add_argument("--results", required=True, help="the TSV a row is appended to")
    ap.add_argument("--details", help="folder for the details JSON (default: RESULTS.details)")
    args = ap.parse_args()

    row, details = measure(args)
    new = not os.path.isfile(args.results) or os.path.getsize(args.results) == 0
    with open(args.results, "a", encoding="utf-8") as f:
        if new:
            f.write("\t".join(row) + "\n")
        f.write("\t".join(clean(v) for v in row.values()) + "\n")
    folder = args.details or re.sub(r"\.tsv$", "", args.results) + ".details"
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, args.repository.replace("/", "+") + ".json"), "w",
              encoding="utf-8") as f:
        json.dump(details, f, indent=1, ensure_ascii=False)
    print("%s %s: exit %s, %s/%s pages, %s fragments (+%s extra), %s errors, %s warnings" % (
        row["generator"], row["repository"], row["exit"], row["out_pages"], row["src_pages"],
        row["fragments"], row["extra_fragments"], row["errors"], row["warnings"]))


if __name__ == "__main__":
    sys.exit(main())
