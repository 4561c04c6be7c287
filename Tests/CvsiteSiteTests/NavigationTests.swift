import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Each page's navigation shows every top-level entry and opens the sections the page is
/// in; `navigation: full` opens every section on every page.
@Suite("Navigation")
struct NavigationTests {
  static let files = [
    "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
    "content/docs/_index.md": "---\ntitle: Docs\n---\nDocs.\n",
    "content/docs/install.md": "---\ntitle: Install\n---\nSteps.\n",
    "content/docs/more/deep.md": "---\ntitle: Deep\n---\nDeep.\n",
    "content/blog/_index.md": "---\ntitle: Blog\n---\nBlog.\n",
    "content/blog/post.md": "---\ntitle: Post\n---\nNews.\n",
    "content/about.md": "---\ntitle: About\n---\nUs.\n",
  ]

  /// The links of the page's `<nav class="cv-nav">`, in order.
  static func navLinks(_ html: String?) -> [String] {
    guard let html, let start = html.range(of: "<nav class=\"cv-nav\""),
      let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
    else { return [] }
    return html[start.upperBound..<end.lowerBound].components(separatedBy: "href=\"").dropFirst()
      .compactMap { $0.split(separator: "\"").first.map(String.init) }
  }

  @Test("sections open along the current page's path only")
  func pathOnly() throws {
    let site = try TemporarySite(site: Self.files)
    #expect(site.build().result.succeeded)
    #expect(Self.navLinks(site.read("index.html")) == ["/about/", "/blog/", "/docs/"])
    #expect(
      Self.navLinks(site.read("docs/install/index.html")) == [
        "/about/", "/blog/", "/docs/", "/docs/install/", "/docs/more/",
      ])
    #expect(
      Self.navLinks(site.read("docs/more/deep/index.html"))
        == ["/about/", "/blog/", "/docs/", "/docs/install/", "/docs/more/", "/docs/more/deep/"])
    #expect(Self.navLinks(site.read("blog/post/index.html")) == ["/about/", "/blog/", "/blog/post/", "/docs/"])
  }

  @Test("a closed section is marked so: its pages show only on them")
  func closedSections() throws {
    let site = try TemporarySite(site: Self.files)
    #expect(site.build().result.succeeded)
    let home = try #require(site.read("index.html"))
    #expect(home.contains(#"<li class="cv-nav-closed"><a href="/blog/">Blog</a>"#))
    #expect(home.contains(#"<li><a href="/about/">About</a></li>"#), "a page is no section")
    let install = try #require(site.read("docs/install/index.html"))
    #expect(install.contains(#"<li class="cv-nav-open"><a href="/docs/">Docs</a>"#))
    #expect(install.contains(#"<li class="cv-nav-closed"><a href="/docs/more/">"#))
    let full = try TemporarySite(site: Self.files, config: "title: T\nnavigation: full\n")
    #expect(full.build().result.succeeded)
    #expect(!(full.read("index.html") ?? "cv-nav-closed").contains("cv-nav-closed"), "nothing is closed")
  }

  @Test("`navigation: full` opens every section on every page")
  func full() throws {
    let site = try TemporarySite(
      site: Self.files, config: "title: Fixture\nbaseURL: https://example.com/\nnavigation: full\n")
    #expect(site.build().result.succeeded)
    #expect(
      Self.navLinks(site.read("index.html"))
        == ["/about/", "/blog/", "/blog/post/", "/docs/", "/docs/install/", "/docs/more/", "/docs/more/deep/"])
  }

  @Test("a section with more than 50 entries shows only the current one; its page lists them all")
  func largeSection() throws {
    var files = Self.files
    for number in 1...60 {
      files["content/blog/p\(number).md"] = "---\ntitle: P\(number)\nweight: \(number)\n---\nText.\n"
    }
    files["content/blog/_index.md"] = "---\ntitle: Blog\nlist: cards\n---\nBlog.\n"
    let site = try TemporarySite(site: files)
    #expect(site.build().result.succeeded)
    #expect(Self.navLinks(site.read("blog/p7/index.html")) == ["/about/", "/blog/", "/blog/p7/", "/docs/"])
    #expect(Self.navLinks(site.read("blog/index.html")) == ["/about/", "/blog/", "/docs/"])
    let listing = try #require(site.read("blog/index.html"))
    #expect((1...60).allSatisfy { listing.contains("href=\"/blog/p\($0)/\"") })
    let full = try TemporarySite(site: files, config: "title: Fixture\nnavigation: full\n")
    #expect(full.build().result.succeeded)
    #expect(
      Self.navLinks(full.read("index.html")).filter { $0.hasPrefix("/blog/p") && $0 != "/blog/post/" }.count == 60)
  }

  @Test("an unknown navigation style is an error with a suggestion")
  func badStyle() {
    let (config, diagnostics) = SiteConfig.parse("navigation: ful\n", path: "cvsite.yml")
    #expect(config.navigation == .path)
    #expect(
      diagnostics.map(\.description).first?.hasPrefix(
        "cvsite.yml:1:13: error: 'navigation' must be `path` or `full`, not `ful` (did you mean `full`?)") == true)
  }
}
