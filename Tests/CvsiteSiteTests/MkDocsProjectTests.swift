import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A folder with `mkdocs.yml` and no `cvsite.yml` builds as the MkDocs project it is.
@Suite("MkDocs projects")
struct MkDocsProjectTests {
  static let settings = """
    site_name: Widgets
    site_url: https://example.org/widgets/
    docs_dir: documentation
    repo_url: https://github.com/acme/widgets
    extra_css:
      - css/extra.css
    extra_javascript:
      - path: js/extra.js
        type: module
    markdown_extensions:
      - admonition
      - pymdownx.superfences:
          custom_fences:
            - name: mermaid
              format: !!python/name:pymdownx.superfences.fence_code_format
      - toc:
          permalink: true
      - pymdownx.arithmatex
    plugins:
      - search
      - social
    exclude_docs: |
      drafts/
      *.tmp.md
      !drafts/keep.md
    nav:
      - Home: index.md
      - Getting started: start.md
      - Guide:
          - guide/index.md
          - Installing: guide/install.md
          - guide/usage.md
      - Reference:
          - api.md
          - GitHub: https://github.com/acme/widgets
      - Gone: missing.md
    colour: red

    """

  static let files = [
    "mkdocs.yml": settings,
    "documentation/index.md": "# Welcome\n\nHello.\n",
    "documentation/start.md": "# Start here\n\nSee [installing](guide/install.md) and [the file](files/sheet.txt).\n",
    "documentation/files/sheet.txt": "sheet\n",
    "documentation/guide/index.md": "# The guide\n\nAll about it.\n",
    "documentation/guide/install.md": "# Install\n\n!!! tip\n    Use pip.\n\n## Linux\n\nText.\n",
    "documentation/guide/usage.md":
      "# Usage\n\n::: widgets.api.Widget\n    options:\n      show_source: false\n\nAfter.\n",
    "documentation/api.md": "# API\n\nThe API.\n",
    "documentation/orphan.md": "# Orphan\n\nNot in the nav.\n",
    "documentation/drafts/wip.md": "# Work in progress\n",
    "documentation/drafts/keep.md": "# Kept\n",
    "documentation/notes.tmp.md": "# Temporary\n",
    "documentation/css/extra.css": "body {}\n",
    "documentation/js/extra.js": "console.log(1)\n",
  ]

  func built() throws -> (TemporarySite, SiteBuilder.Outcome) {
    let site = try TemporarySite(files: Self.files)
    return (site, site.build())
  }

  @Test("builds into site/ with the settings of mkdocs.yml")
  func builds() throws {
    let (site, outcome) = try built()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent("site")
    let install = try #require(site.read("guide/install/index.html", in: output))
    #expect(install.contains("<title>Install · Widgets</title>"))
    #expect(install.contains(#"<link rel="canonical" href="https://example.org/widgets/guide/install/">"#))
    #expect(install.contains(#"href="https://github.com/acme/widgets/edit/master/documentation/guide/install.md""#))
    #expect(install.contains(#"<link rel="stylesheet" href="/widgets/css/extra.css">"#))
    #expect(install.contains(#"<script src="/widgets/js/extra.js"></script>"#))
    #expect(install.contains("cv-callout-tip"), "admonitions are callouts")
    #expect(install.contains(##"<a class="cv-anchor" href="#linux""##), "toc permalinks")
    let start = try #require(site.read("start/index.html", in: output))
    #expect(start.contains(#"<a href="/widgets/guide/install/">installing</a>"#))
    #expect(start.contains(#"<a href="/widgets/files/sheet.txt">the file</a>"#), "a file relative to the source")
  }

  @Test("a script link is left out with a warning, its text kept; trusted raw HTML is published as written")
  func scriptLinks() throws {
    let site = try TemporarySite(files: [
      "mkdocs.yml": "site_name: Docs\n",
      "docs/index.md":
        "# Home\n\n[Demo][demo] and ![pixel](data:image/png;base64,AAAA) stay text.\n\n"
        + "[demo]: javascript:alert$.next(\"Demo\")\n\n<img src=\"data:image/png;base64,BBBB\" alt=\"raw\">\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let page = try #require(site.read("index.html", in: site.root.appendingPathComponent("site")))
    #expect(!page.contains("javascript:") && page.contains("<p>Demo and pixel stay text.</p>"))
    #expect(page.contains(#"src="data:image/png;base64,BBBB""#), "the project's raw HTML, trusted as MkDocs does")
    let warnings = outcome.result.diagnostics.filter { $0.message.contains("runs script or embeds data") }
    #expect(warnings.count == 3 && warnings.allSatisfy { $0.severity == .warning }, "\(warnings.map(\.message))")
    #expect(warnings.contains { $0.message.hasPrefix("`javascript:alert$.next(\"Demo\")` in a link") })
  }

  @Test("the nav is the navigation: its order, titles, sections, section pages and links")
  func navigation() throws {
    let (site, _) = try built()
    let output = site.root.appendingPathComponent("site")
    let page = try #require(site.read("guide/install/index.html", in: output))
    let nav = try #require(page.firstRange(of: "<nav class=\"cv-nav\"").map { String(page[$0.lowerBound...]) })
    let titles = ["Home", "Getting started", "Guide", "Installing", "Usage", "Reference"]
    var cursor = nav.startIndex
    for title in titles {
      let found = try #require(nav[cursor...].range(of: ">\(title)<"), "\(title) in the navigation, in order")
      cursor = found.upperBound
    }
    #expect(nav.contains(#"<a href="/widgets/guide/">Guide</a>"#), "a section whose first page is its folder's")
    #expect(
      nav.contains(#"<li class="cv-nav-closed"><a href="/widgets/api/">Reference</a>"#) && !nav.contains(">API<"),
      "a section without a page, off the page's way: closed, a link to its first page")
    let api = try #require(site.read("api/index.html", in: output))
    let apiNav = try #require(api.firstRange(of: "<nav class=\"cv-nav\"").map { String(api[$0.lowerBound...]) })
    #expect(apiNav.contains(#"<span class="cv-nav-heading">Reference</span>"#), "open on its pages")
    #expect(apiNav.contains(">API<") && apiNav.contains(#"<a href="https://github.com/acme/widgets">GitHub</a>"#))
    #expect(!nav.contains("Orphan"), "a page the nav leaves out is not in it")
    #expect(site.exists("orphan/index.html", in: output), "but it is built")
    #expect(page.contains(#"<span class="cv-pagination-title">Usage</span>"#), "next page in nav order")
  }

  @Test("exclude_docs leaves files out, as .gitignore patterns do")
  func excluded() throws {
    let (site, _) = try built()
    let output = site.root.appendingPathComponent("site")
    #expect(!site.exists("drafts/wip/index.html", in: output))
    #expect(!site.exists("notes.tmp/index.html", in: output))
    #expect(site.exists("drafts/keep/index.html", in: output))
  }

  @Test("what cvsite does not read is a located warning, and never fails the build")
  func warnings() throws {
    let (_, outcome) = try built()
    let diagnostics = outcome.result.diagnostics
    func warning(_ text: String) -> Diagnostic? { diagnostics.first { $0.message.contains(text) } }
    let unknown = try #require(warning("unknown setting 'colour'"))
    #expect(unknown.severity == .warning)
    #expect(unknown.location?.path == "mkdocs.yml")
    #expect(unknown.sourceLine == "colour: red")
    #expect(warning("markdown extension `pymdownx.arithmatex`")?.location?.line == 18)
    #expect(warning("markdown extension `admonition`") == nil)
    #expect(warning("plugin `social`") != nil)
    #expect(warning("plugin `search`") == nil)
    #expect(warning("`missing.md`, which is not in documentation/")?.location?.line == 36)
    let insertion = try #require(warning("`::: widgets.api.Widget`"))
    #expect(insertion.location == SourceLocation(path: "documentation/guide/usage.md", line: 3, column: 1))
    #expect(diagnostics.allSatisfy { $0.severity != .error }, "\(diagnostics.summaries)")
  }

  @Test("Material's pages as written: C and C++ tabs, blog dates, a status the theme reads otherwise")
  func materialPages() throws {
    let site = try TemporarySite(files: [
      "mkdocs.yml": "site_name: Tabs\n",
      "docs/index.md": "# Tabs\n\n=== \"C\"\n\n    One.\n\n=== \"C++\"\n\n    Two.\n",
      "docs/post.md": "---\ndate:\n  created: 2024-01-31\n  updated: 2024-02-01\nstatus: deprecated\n---\n# Post\n",
    ])
    let outcome = site.build()
    let diagnostics = outcome.result.diagnostics
    #expect(diagnostics.allSatisfy { $0.severity != .error }, "\(diagnostics.summaries)")
    #expect(diagnostics.contains { $0.message.contains("deprecated") && $0.severity == .warning })
    let page = try #require(site.read("index.html", in: site.root.appendingPathComponent("site")))
    #expect(page.contains("One.") && page.contains("Two."))
    let post = try #require(site.read("post/index.html", in: site.root.appendingPathComponent("site")))
    #expect(post.contains("2024-01-31"))
  }

  @Test("!ENV reads an environment variable, the last item of a list being the default")
  func environmentTags() {
    let text = "site_name: !ENV NAME\nsite_url: !ENV [URL_ONE, URL_TWO, 'https://fallback.example/']\n"
    let (set, _) = MkDocsSettings.read(
      text, path: "mkdocs.yml", environment: ["NAME": "From env", "URL_TWO": "https://two.example/"])
    #expect(set.title == "From env")
    #expect(set.baseURL == "https://two.example/")
    let (unset, problems) = MkDocsSettings.read(text, path: "mkdocs.yml", environment: [:])
    #expect(unset.baseURL == "https://fallback.example/")
    #expect(problems.contains { $0.message.contains("no 'site_name'") })
    let (_, other) = MkDocsSettings.read("site_name: !Secret x\n", path: "mkdocs.yml", environment: [:])
    #expect(other.first?.message == "'site_name': the YAML tag !Secret is not read by cvsite")
    #expect(other.first?.location?.line == 1)
  }

  @Test("listing plugins without search turns search off, as in MkDocs")
  func searchFollowsPlugins() {
    #expect(
      MkDocsSettings.read("site_name: A\nplugins: [blog]\n", path: "mkdocs.yml", environment: [:]).0.search == false)
    #expect(MkDocsSettings.read("site_name: A\n", path: "mkdocs.yml", environment: [:]).0.search)
  }

  @Test("snippets come from the project's folder, never from outside it")
  func snippets() throws {
    let site = try TemporarySite(files: [
      "mkdocs.yml": "site_name: S\nmarkdown_extensions:\n  - pymdownx.snippets\n",
      "CONTRIBUTING.md": "## How to help\n\nSend a patch.\n",
      "docs/index.md": "# Home\n\n--8<-- \"CONTRIBUTING.md\"\n\n--8<-- \"../secret.txt\"\n",
    ])
    try writeFile("secret.txt", "secret\n", in: site.root.deletingLastPathComponent())
    let outcome = site.build()
    let errors = outcome.result.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.message) == ["`../secret.txt` is outside the site: only files in it are included"])
    #expect(errors.first?.location == SourceLocation(path: "docs/index.md", line: 5, column: 1))
    #expect(outcome.result.diagnostics.allSatisfy { !$0.message.contains("pymdownx.snippets") })
  }

  @Test("a project in a repository includes the repository's files beside it, never past it")
  func includesFromTheRepository() throws {
    // FastAPI's layout: the MkDocs project in docs/en, the code it shows in docs_src/.
    let repository = try TemporarySite(files: [
      ".git/HEAD": "ref: refs/heads/main\n",
      "docs_src/app.py": "import a\n\ndef f():\n    return 1\n",
      "docs/en/mkdocs.yml": "site_name: S\nmarkdown_extensions:\n  - pymdownx.blocks.admonition\n  - mdx_include\n",
      "docs/en/docs/index.md":
        "# Home\n\n/// tip | Run it\n{* ../../docs_src/app.py hl[3] *}\n///\n\n{! ../../docs_src/app.py !}\n",
    ])
    var options = BuildOptions(siteRoot: repository.root.appendingPathComponent("docs/en"))
    options.jobs = 2
    let outcome = SiteBuilder.build(options)
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let page = try #require(repository.read("docs/en/site/index.html", in: repository.root))
    #expect(page.contains("cv-callout-tip") && page.contains("Run it"))
    #expect(page.contains(#"<code class="language-py">"#) && page.contains("cv-mark"))
    #expect(!page.contains("{*") && !page.contains("{!") && !page.contains("///"))
    // Past the repository's folder nothing is read.
    try repository.write("docs/en/docs/index.md", "# Home\n\n{! ../../../outside.md !}\n")
    let refused = SiteBuilder.build(options).result.diagnostics.filter { $0.severity == .error }
    #expect(
      refused.map(\.message) == [
        "`../../../outside.md` is outside the site's repository: only files in it are included"
      ])
  }

  @Test("a macros plugin's {{ name }} is a value of extra:, in either form of the settings")
  func macros() throws {
    for settings in [
      "site_name: S\nplugins:\n  - search\n  - macros\nextra:\n  version: '2.1'\n  links: {chat: https://chat.example/}\n",
      "site_name: S\nmarkdown_extensions:\n  zensical.extensions.macros: null\n  toc:\n    permalink: true\n"
        + "extra:\n  version: '2.1'\n  links: {chat: https://chat.example/}\n",
    ] {
      let site = try TemporarySite(files: [
        "mkdocs.yml": settings, "docs/index.md": "# Home\n\nVersion {{ version }}, [chat]({{ links.chat }}).\n",
      ])
      let outcome = site.build()
      #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
      #expect(outcome.result.diagnostics.isEmpty, "\(outcome.result.diagnostics.summaries)")
      let page = try #require(site.read("index.html", in: site.root.appendingPathComponent("site")))
      #expect(page.contains(#"Version 2.1, <a href="https://chat.example/">chat</a>."#))
    }
  }

  @Test("cvsite.yml wins over mkdocs.yml")
  func cvsiteSettingsFirst() throws {
    let site = try TemporarySite(
      files: ["cvsite.yml": "title: Mine\n", "mkdocs.yml": "site_name: Theirs\n", "content/index.md": "# Home\n"])
    #expect(SiteSettings.file(in: site.root) == "cvsite.yml")
    #expect(site.build().result.succeeded)
    #expect(site.read("index.html")?.contains("Mine") == true)
  }

  @Test(
    "exclude_docs patterns",
    arguments: [
      ("drafts/", "drafts/a.md", true), ("drafts/", "x/drafts/a.md", true), ("drafts/", "drafts.md", false),
      ("/drafts/", "x/drafts/a.md", false), ("*.tmp", "a/b.tmp", true), ("a/*.md", "a/b.md", true),
      ("a/*.md", "x/a/b.md", false), ("**/notes.md", "x/y/notes.md", true), ("**/notes.md", "notes.md", true),
      ("private.md\n!private.md", "private.md", false), ("# comment\n\n", "a.md", false), ("a?.md", "ab.md", true),
    ])
  func excludePatterns(patterns: String, path: String, excluded: Bool) {
    #expect(ExcludedPages(patterns).excludes(path) == excluded)
  }
}
