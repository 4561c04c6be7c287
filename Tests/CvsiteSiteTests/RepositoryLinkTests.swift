import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Documentation written for GitHub and DocC builds as written: links to `.md` files,
/// `<doc:>` links, GitHub heading ids, anchors in raw HTML, titles from `#` headings,
/// images next to their page.
@Suite("Links as repositories write them")
struct RepositoryLinkTests {
  static let pages = [
    "content/_index.md": "# Home\n\nSee [install](docs/install.md) and [the CLI](./docs/cli.md#Exit-Codes).\n",
    "content/docs/install.md": "# Installing cvsite\n\n## On Linux\n\nRead [the CLI](cli.md#exit-codes).\n",
    "content/docs/cli.md":
      "---\ntitle: The CLI\n---\n# Command line\n\n## Exit codes\n\nBack to <doc:Install> or <doc:install#on-linux>.\n",
  ]

  @Test("a relative link to a Markdown file is that page's URL, fragment kept and fixed in case")
  func markdownFileLinks() throws {
    let site = try TemporarySite(site: Self.pages)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let home = try #require(site.read("index.html"))
    #expect(home.contains(#"<a href="/docs/install/">install</a>"#))
    #expect(home.contains(#"<a href="/docs/cli/#exit-codes">the CLI</a>"#), "case-insensitive fragment rewritten")
    let install = try #require(site.read("docs/install/index.html"))
    #expect(install.contains(#"<a href="/docs/cli/#exit-codes">the CLI</a>"#))
  }

  @Test(
    "a link's target ends in a Markdown extension (.md, .markdown…) in any case, and in nothing else",
    arguments: [
      ("install.md", true), ("INSTALL.MD", true), ("a/b.Md", true), ("a.markdown", true), ("a/b.MDOWN", true),
      ("a.mkd", true), (".md", false), ("md", false), ("a.md/", false), ("a.txt", false),
      ("install.mdx", true), ("install.m", false), ("install\u{E9}md", false), ("x.md\u{301}", false),
      ("x\u{0E}md", false), ("", false),
    ])
  func markdownExtension(target: String, expected: Bool) {
    #expect(LinkChecker.endsInMarkdownExtension(target[...]) == expected)
  }

  @Test("<doc:Name> links to Name.md anywhere, with its title as text")
  func doccLinks() throws {
    let site = try TemporarySite(site: Self.pages)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let cli = try #require(site.read("docs/cli/index.html"))
    #expect(cli.contains(#"<a href="/docs/install/">Installing cvsite</a>"#))
    #expect(cli.contains(#"<a href="/docs/install/#on-linux">Installing cvsite</a>"#))
  }

  @Test("a page without a title takes its # heading, which leaves the body; with a title both stay")
  func titlesFromHeadings() throws {
    let site = try TemporarySite(site: Self.pages)
    #expect(site.build().result.succeeded)
    let install = try #require(site.read("docs/install/index.html"))
    #expect(install.contains("<title>Installing cvsite"))
    #expect(occurrences("Installing cvsite</h1>", in: install) == 1, "the heading is not repeated")
    let cli = try #require(site.read("docs/cli/index.html"))
    #expect(cli.contains("<title>The CLI"))
    #expect(cli.contains(">Command line"), "a page with a title keeps its own # heading")
  }

  @Test("broken .md and <doc:> links are errors with a did-you-mean")
  func brokenLinks() throws {
    var files = Self.pages
    files["content/docs/broken.md"] = "# Broken\n\n[x](instal.md) and <doc:Instal>.\n"
    let site = try TemporarySite(site: files)
    let errors = SiteBuilder.check(site.options).diagnostics.errors
    let byMessage = Dictionary(errors.map { ($0.message, $0) }, uniquingKeysWith: { a, _ in a })
    let markdown = try #require(byMessage["broken link to `instal.md`: no page content/docs/instal.md"])
    #expect(markdown.suggestion == "install.md")
    #expect(markdown.location?.line == 3)
    #expect(markdown.location?.column == 5)
    let docc = try #require(byMessage["`<doc:Instal>` links to no page: no Instal.md in content/"])
    #expect(docc.suggestion == "<doc:install>")
    #expect(errors.count == 2, "\(errors.summaries)")
  }

  @Test("links: warn publishes with warnings, links: off says nothing, and check still lists them")
  func linkPolicy() throws {
    for policy in ["warn", "off"] {
      let site = try TemporarySite(
        site: ["content/_index.md": "# Home\n\n[gone](/gone/) and [old](old.md)\n"],
        config: "title: T\nlinks: \(policy)\n")
      let built = site.build()
      #expect(built.result.succeeded)
      #expect(site.exists("index.html"))
      let warnings = built.result.diagnostics.filter { $0.severity == .warning }.count
      #expect(warnings == (policy == "warn" ? 2 : 0))
      let checked = SiteBuilder.check(site.options).diagnostics
      #expect(checked.filter { $0.message.contains("broken link") }.count == 2)
    }
    // A URL that runs script is an error whatever `links:` says.
    for policy in ["warn", "off"] {
      let site = try TemporarySite(
        site: ["content/_index.md": "# Home\n\n[run](javascript:alert(1))\n"],
        config: "title: T\nrawHTML: true\nlinks: \(policy)\n")
      let built = site.build()
      #expect(!built.result.succeeded)
      #expect(built.result.diagnostics.errors.contains { $0.message.contains("javascript") })
    }
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n"], config: "title: T\nlinks: wran\n")
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.message == "'links' must be `error`, `warn` or `off`, not `wran`")
    #expect(error.suggestion == "warn")
  }

  @Test("anchors in raw HTML are link targets with raw HTML off; heading ids follow GitHub")
  func anchorsAndGitHubIDs() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": """
      # Home

      ## <a name="intro"></a>Introduction

      ## C++ & Swift: v1.2

      ## Repeat

      ## Repeat

      ## cv-main

      [a](#intro) [b](#c--swift-v12) [c](#repeat-1) [d](#cv-main-1)
      """
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let home = try #require(site.read("index.html"))
    #expect(home.contains(#"<a id="intro"></a>Introduction"#))
    #expect(home.contains(#"<h2 id="c--swift-v12">"#))
    #expect(home.contains(#"<h2 id="repeat">"#) && home.contains(#"<h2 id="repeat-1">"#))
    #expect(home.contains(#"<h2 id="cv-main-1">"#), "the layout's own id=\"cv-main\" is never a heading's")
    #expect(occurrences(#"id="cv-main""#, in: home) == 1)
  }

  @Test("images resolve next to their page; a missing one is an error, one without alt text a warning")
  func images() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n",
      "content/docs/guide.md": "# Guide\n\n![Diagram](images/flow.svg)\n\n![](images/missing.png)\n",
      "content/docs/images/flow.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    ])
    let result = SiteBuilder.check(site.options)
    #expect(
      result.diagnostics.summaries.sorted() == [
        "content/docs/guide.md:5:1: warning: image `images/missing.png` has no alt text: describe it for readers who cannot see it",
        "content/docs/guide.md:5:5: error: missing image or file `images/missing.png`: nothing at /docs/guide/images/missing.png",
      ])
    var files = ["content/_index.md": "# Home\n", "content/docs/images/flow.svg": "<svg/>"]
    files["content/docs/guide.md"] = "# Guide\n\n![Diagram](images/flow.svg)\n"
    let good = try TemporarySite(site: files)
    #expect(good.build().result.succeeded)
    #expect(good.read("docs/guide/index.html")?.contains(#"<img src="/docs/images/flow.svg" alt="Diagram" />"#) == true)
  }
}
