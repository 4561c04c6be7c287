import CvsiteCore
import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Builds that go through the default theme: layouts, section listings, the table of
/// contents and theme assets.
@Suite("Themed builds")
struct ThemedBuildTests {
  @Test("a section page lists its pages as cards; front-matter values reach the cards")
  func sectionListing() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHello.\n",
      "content/plans/_index.md": "---\ntitle: Plans\nlist: cards\n---\nOur plans.\n",
      "content/plans/free.md": "---\ntitle: Free\nweight: 1\ndescription: Costs nothing.\n---\nBody.\n",
      "content/plans/pro.md": "---\ntitle: Pro\nweight: 2\nbadge: highlighted\n---\nFor teams.\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let html = try #require(site.read("plans/index.html"))
    #expect(html.contains(#"<ul class="cv-cards cv-cols-2" data-count="2""#))
    // The page URL is the card's `href`: the whole card links, the title is text.
    #expect(html.contains(#"<a class="cv-card-link" href="/plans/free/">Free</a>"#))
    #expect(html.contains("<p>Costs nothing.</p>"))
    // Pro's badge comes from its front matter; Free keeps the default.
    #expect(html.contains(#"cv-card-highlighted cv-card-linked" id="page-pro""#))
    #expect(html.contains(#"cv-card-none cv-card-linked" id="page-free""#))
    #expect(html.range(of: "page-free")!.lowerBound < html.range(of: "page-pro")!.lowerBound, "by weight")
    #expect(site.exists("assets/cvsite.css"))
    #expect(html.contains(#"<link rel="stylesheet" href="/assets/cvsite.css">"#))
  }

  @Test("a listing container or a layout the theme lacks is an error with a suggestion")
  func unknownListAndLayout() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\nlist: crads\n---\nHello.\n",
      "content/a.md": "---\ntitle: A\nlayout: pgae\n---\nBody.\n",
    ])
    let outcome = site.build()
    let errors = outcome.result.diagnostics.errors
    #expect(
      errors.summaries.contains(
        "content/_index.md:3:1: error: `list` names `crads`, which is not a container of the theme"))
    #expect(errors.first { $0.message.contains("crads") }?.suggestion == "cards")
    #expect(errors.first { $0.message.contains("pgae") }?.suggestion == "page")
    #expect(errors.first { $0.message.contains("pgae") }?.location?.line == 3)
    #expect(!site.exists("index.html"), "a failed build writes nothing")
  }

  @Test("the table of contents says which tab a heading sits in")
  func tableOfContentsKnowsTabs() throws {
    let page = """
      ---
      title: Install
      ---
      ## Systems

      :::tabs
      ### Debian
      Use apt.
      #### Debian notes
      Fine print.
      ### Fedora {label="Fedora Linux"}
      #### Fedora notes
      More print.
      :::
      """
    let site = try TemporarySite(site: ["content/_index.md": "---\ntitle: Home\n---\n", "content/install.md": page])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let html = try #require(site.read("install/index.html"))
    let toc = try #require(html.range(of: #"<aside class="cv-toc">"#).map { String(html[$0.lowerBound...]) })
    #expect(toc.contains(##"<a href="#debian-notes">Debian notes</a> <span class="cv-toc-tab">Debian</span>"##))
    #expect(toc.contains(##"<a href="#fedora-notes">Fedora notes</a> <span class="cv-toc-tab">Fedora Linux</span>"##))
    #expect(toc.contains(##"<a href="#systems">Systems</a></li>"##), "a heading outside the tabs has no tab")
  }
}

@Suite("Base path")
struct BasePathTests {
  @Test(
    "site-absolute links get the base path; others are left alone",
    arguments: [
      (#"<a href="/docs/">x</a>"#, #"<a href="/manual/docs/">x</a>"#),
      (#"<img src="/a.png" alt="">"#, #"<img src="/manual/a.png" alt="">"#),
      (#"<form action="/send/">"#, #"<form action="/manual/send/">"#),
      (#"<a href="//cdn.example/x">"#, #"<a href="//cdn.example/x">"#),
      (#"<a href="https://e.org/">"#, #"<a href="https://e.org/">"#),
      (##"<a href="#top">"##, ##"<a href="#top">"##),
      (#"<p>href="/not-an-attribute"</p>"#, #"<p>href="/not-an-attribute"</p>"#),
      (#"<a href="/">home</a> <a href="/b/">b</a>"#, #"<a href="/manual/">home</a> <a href="/manual/b/">b</a>"#),
    ])
  func prefixes(_ html: String, _ expected: String) {
    #expect(prefixingSiteLinks(html, basePath: "/manual/") == expected)
    #expect(prefixingSiteLinks(html, basePath: "/") == html)
  }

  @Test("a site under a path links pages, cards, navigation and assets under it, and its links check")
  func siteUnderAPath() throws {
    let site = try TemporarySite(
      site: [
        "content/_index.md":
          "---\ntitle: Home\n---\n:::cards\n:::card[Guide]{href=/guide/}\nRead it.\n:::\n:::\n\nSee [the guide](/guide/#start).\n",
        "content/guide.md": "---\ntitle: Guide\n---\n## Start\nGo.\n",
      ], config: "title: Fixture\nbaseURL: https://example.com/manual/\n")
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let html = try #require(site.read("index.html"))
    #expect(html.contains(#"<a class="cv-card-link" href="/manual/guide/">Guide</a>"#))
    #expect(html.contains(##"<a href="/manual/guide/#start">the guide</a>"##))
    #expect(html.contains(#"<a href="/manual/guide/">Guide</a>"#), "navigation")
    #expect(html.contains(#"href="/manual/assets/cvsite.css""#))
    #expect(!html.contains(#"href="/guide/"#))
  }
}
