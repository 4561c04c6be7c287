"""Compares cvsite's reading of MkDocs blocks with Python-Markdown's.

With a second argument `inline`, compares the inline extensions, definition lists,
abbreviations, attribute lists and Markdown in HTML instead, as elements and text.

Reads a JSON list of {"markdown": ..., "cvsite": ...} (cvsite's HTML from the plain
container renderer), renders each Markdown with Python-Markdown and the pymdownx
extensions MkDocs Material uses, and compares the two as outlines: callouts with their
titles and whether they fold, tab groups with their labels, paragraphs, list items and
code with their text. Styling and ids are not compared. Prints a JSON report.
"""

import json
import sys
from html.parser import HTMLParser

import markdown

EXTENSIONS = ["admonition", "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed"]
CONFIG = {"pymdownx.tabbed": {"alternate_style": True}}
TEXT_ELEMENTS = {"p", "li", "pre"}
VOID_ELEMENTS = {"input", "br", "hr", "img"}


class Outline(HTMLParser):
    """Turns HTML into a flat list of events; `dialect` says whose HTML it is."""

    def __init__(self, dialect):
        super().__init__(convert_charrefs=True)
        self.dialect = dialect
        self.events = []
        self.stack = []  # (tag, role)
        self.text = None  # [role, parts] while inside a text element or a title
        self.pending_title = None

    def role(self, tag, attrs):
        classes = (attrs.get("class") or "").split()
        if self.dialect == "python":
            if tag == "div" and "admonition" in classes:
                return "callout"
            if tag == "details":
                return "callout"
            if tag == "p" and "admonition-title" in classes:
                return "title"
            if tag == "summary":
                return "title"
            if tag == "div" and "tabbed-set" in classes:
                return "tabs"
            if tag == "div" and "tabbed-labels" in classes:
                return "skip"
            if tag == "div" and "tabbed-block" in classes:
                return "tab"
        else:
            if tag == "div" and "cv-callout" in classes:
                return "callout"
            if tag == "p" and "cv-label" in classes:
                return "title"
            if tag == "div" and "cv-tabs" in classes:
                return "tabs"
            if tag == "div" and "cv-tab" in classes:
                return "tab"
            if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
                return "skip"
        if tag in TEXT_ELEMENTS:
            return tag
        return None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in VOID_ELEMENTS:
            return
        role = self.role(tag, attrs)
        if self.stack and self.stack[-1][1] == "skip" or any(r == "skip" for _, r in self.stack):
            self.stack.append((tag, "skip"))
            return
        self.stack.append((tag, role))
        # A title is the first element of its callout.
        if role != "title":
            self.pending_title = None
        if role == "callout":
            classes = (attrs.get("class") or "").split()
            if self.dialect == "python":
                fold = "closed" if tag == "details" and "open" not in attrs else ("open" if tag == "details" else "no")
                # Python-Markdown writes the title it shows.
                default = ""
            else:
                collapsible = attrs.get("data-collapsible") == "true"
                fold = ("open" if attrs.get("data-open") == "true" else "closed") if collapsible else "no"
                # Without a label, the theme titles a callout by its kind, unless untitled.
                kind = attrs.get("data-kind", "")
                default = "" if "cv-callout-untitled" in classes else kind.capitalize()
            self.events.append(["callout", fold, default])
            self.pending_title = len(self.events) - 1
        elif role in ("tabs", "tab"):
            self.events.append([role])
            self.pending_title = None
        elif role in ("title", "p", "li", "pre"):
            self.text = [role, []]

    def handle_endtag(self, tag):
        if not self.stack or tag in VOID_ELEMENTS:
            return
        open_tag, role = self.stack.pop()
        if role == "skip":
            return
        if role in ("title", "p", "li", "pre") and self.text is not None and self.text[0] == role:
            words = " ".join("".join(self.text[1]).split())
            if role == "title":
                if self.pending_title is not None:
                    self.events[self.pending_title][2] = words
            elif words:
                self.events.append([role, words])
            self.text = None
        elif role in ("callout", "tabs", "tab"):
            self.events.append(["end", role])

    def handle_data(self, data):
        if self.text is not None and not any(r == "skip" for _, r in self.stack):
            self.text[1].append(data)


INLINE_EXTENSIONS = [
    "def_list", "abbr", "attr_list", "md_in_html",
    "pymdownx.mark", "pymdownx.caret", "pymdownx.tilde", "pymdownx.keys",
]
INLINE_ELEMENTS = {
    "p", "dl", "dt", "dd", "ul", "li", "div", "mark", "ins", "del", "sub", "sup", "kbd", "abbr", "a", "em", "strong",
}


class InlineOutline(HTMLParser):
    """Turns HTML into its elements of INLINE_ELEMENTS (an abbreviation with its title, a
    link and a key with their classes) and the text between them, whitespace collapsed."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.events = []
        self.text = []

    def flush(self):
        words = " ".join("".join(self.text).split())
        if words:
            self.events.append(["text", words])
        self.text = []

    def handle_starttag(self, tag, attrs):
        if tag not in INLINE_ELEMENTS:
            return
        self.flush()
        attrs = dict(attrs)
        detail = attrs.get("title", "") if tag == "abbr" else attrs.get("class", "") if tag in ("a", "kbd") else ""
        self.events.append(["<" + tag, detail])

    def handle_endtag(self, tag):
        if tag in INLINE_ELEMENTS:
            self.flush()
            self.events.append(["/" + tag])

    def handle_data(self, data):
        self.text.append(data)


def inline_outline(html):
    parser = InlineOutline()
    parser.feed(html)
    parser.close()
    parser.flush()
    return parser.events


def outline(html, dialect):
    parser = Outline(dialect)
    parser.feed(html)
    parser.close()
    return parser.events


def main():
    cases = json.load(open(sys.argv[1], encoding="utf-8"))
    inline = len(sys.argv) > 2 and sys.argv[2] == "inline"
    mismatches = []
    for number, case in enumerate(cases):
        if inline:
            expected = inline_outline(markdown.markdown(case["markdown"], extensions=INLINE_EXTENSIONS))
            actual = inline_outline(case["cvsite"])
        else:
            theirs = markdown.markdown(case["markdown"], extensions=EXTENSIONS, extension_configs=CONFIG)
            expected = outline(theirs, "python")
            actual = outline(case["cvsite"], "cvsite")
        if expected != actual:
            mismatches.append({"case": number, "markdown": case["markdown"], "python": expected, "cvsite": actual})
    json.dump({"compared": len(cases), "mismatches": mismatches[:5], "mismatchCount": len(mismatches)}, sys.stdout)


if __name__ == "__main__":
    main()
