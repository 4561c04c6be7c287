import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// What a reader finds around a page's body: previous and next pages, breadcrumbs, the
/// edit link, the date of the last change, and the head's canonical, feed and preview tags.
@Suite("Page furniture")
struct PageFurnitureTests {
  static let files = [
    "content/_index.md": "---\ntitle: Home\n---\nWelcome.\n",
    "content/docs/_index.md": "---\ntitle: Docs\nweight: 1\n---\nAll docs.\n",
    "content/docs/b.md": "---\ntitle: Beta\nweight: 2\n---\nSecond.\n",
    "content/docs/a.md": "---\ntitle: Alpha\nweight: 1\nimage: shot.png\n---\nFirst.\n",
    "content/blog/_index.md": "---\ntitle: Blog\nweight: 2\n---\nNews.\n",
    "content/blog/post.md": "---\ntitle: Post\ndate: 2024-05-01\nnext: false\n---\nHello.\n",
  ]

  /// The `<nav class="cv-pagination">` of a page, or nil.
  private func pagination(_ html: String) -> String? {
    guard let start = html.range(of: "<nav class=\"cv-pagination\""),
      let end = html[start.upperBound...].range(of: "</nav>")
    else { return nil }
    return String(html[start.lowerBound..<end.upperBound])
  }

  @Test("previous and next follow the navigation across sections; prev/next: false and prevNext: false")
  func previousAndNext() throws {
    let site = try TemporarySite(site: Self.files)
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    // Reading order: Home, Docs, Alpha, Beta, Blog, Post.
    let betaPage = try #require(site.read("docs/b/index.html"))
    let beta = try #require(pagination(betaPage))
    #expect(beta.contains(#"<a class="cv-prev" href="/docs/a/" rel="prev">"#) && beta.contains(">Alpha</span>"))
    #expect(beta.contains(#"<a class="cv-next" href="/blog/" rel="next">"#) && beta.contains(">Blog</span>"))
    let homePage = try #require(site.read("index.html"))
    let home = try #require(pagination(homePage))
    #expect(!home.contains("cv-prev") && home.contains(#"href="/docs/" rel="next""#))
    // `next: false` on the last page's own front matter; it keeps its previous link.
    let postPage = try #require(site.read("blog/post/index.html"))
    let post = try #require(pagination(postPage))
    #expect(post.contains(#"href="/blog/" rel="prev""#) && !post.contains("cv-next"))

    let off = try TemporarySite(
      site: Self.files, config: "title: Fixture\nbaseURL: https://example.com/\nprevNext: false\n")
    #expect(off.build().result.succeeded)
    let offPage = try #require(off.read("docs/b/index.html"))
    #expect(pagination(offPage) == nil)
  }

  @Test("breadcrumbs below the top level, the current page marked")
  func breadcrumbs() throws {
    let site = try TemporarySite(site: Self.files)
    #expect(site.build().result.succeeded)
    let alpha = try #require(site.read("docs/a/index.html"))
    #expect(
      alpha.contains(
        """
        <nav class="cv-breadcrumbs" aria-label="Breadcrumbs">
        <ol>
        <li><a href="/">Home</a></li>
        <li><a href="/docs/">Docs</a></li>
        <li><a href="/docs/a/" aria-current="page">Alpha</a></li>
        """))
    #expect(try #require(site.read("docs/index.html")).contains("cv-breadcrumbs") == false)
    #expect(try #require(site.read("index.html")).contains("cv-breadcrumbs") == false)
  }

  @Test("edit links: the site's prefix and the page's path, a page's own URL, or none")
  func editLinks() throws {
    var files = Self.files
    files["content/docs/b.md"] = "---\ntitle: Beta\neditURL: false\n---\nSecond.\n"
    files["content/blog/post.md"] = "---\ntitle: Post\neditURL: https://elsewhere.example/post\n---\nHello.\n"
    let site = try TemporarySite(
      site: files,
      config: "title: F\nbaseURL: https://example.com/\neditURL: https://github.com/o/r/edit/main/content\n")
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(
      try #require(site.read("docs/a/index.html")).contains(
        #"<a class="cv-edit" href="https://github.com/o/r/edit/main/content/docs/a.md">Edit this page</a>"#))
    #expect(try #require(site.read("docs/b/index.html")).contains("cv-edit") == false)
    #expect(try #require(site.read("blog/post/index.html")).contains(#"href="https://elsewhere.example/post""#))
  }

  @Test("edit links encode what a URL path cannot hold")
  func editLinkEncoding() {
    #expect(percentEncodedPath("docs/My page é.md") == "docs/My%20page%20%C3%A9.md")
    #expect(percentEncodedPath("a/b-c_d.e~f.md") == "a/b-c_d.e~f.md")
  }

  @Test(
    "bad furniture settings are located errors",
    arguments: [
      ("editURL: ftp://x/\n", "'editURL': must be an absolute http(s) URL", nil),
      ("editURL: javascript:alert(1)\n", "'editURL': must be an absolute http(s) URL", nil),
      ("lastUpdated: gti\n", "'lastUpdated' must be `git`", "git"),
      ("prevNext: maybe\n", "'prevNext' must be true or false", nil),
      ("search: sometimes\n", "'search' must be true or false", nil),
      ("serach: false\n", "unknown setting 'serach'", "search"),
      ("editUrl: https://x/\n", "unknown setting 'editUrl'", "editURL"),
    ] as [(String, String, String?)])
  func badSettings(setting: String, message: String, suggestion: String?) throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n"], config: "title: T\n" + setting)
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.message.hasPrefix(message), "\(error.message)")
    #expect(error.suggestion == suggestion)
    #expect(error.location?.line == 2)
  }

  @Test("the head: canonical URL, feed, Open Graph and Twitter card tags")
  func head() throws {
    let site = try TemporarySite(
      site: Self.files, config: "title: Fixture\nbaseURL: https://example.com/\nimage: /card.png\n")
    #expect(site.build().result.succeeded)
    let alpha = try #require(site.read("docs/a/index.html"))
    #expect(alpha.contains(#"<link rel="canonical" href="https://example.com/docs/a/">"#))
    #expect(
      alpha.contains(
        #"<link rel="alternate" type="application/atom+xml" title="Fixture" href="https://example.com/atom.xml">"#))
    #expect(alpha.contains(#"<meta property="og:title" content="Alpha">"#))
    #expect(alpha.contains(#"<meta property="og:type" content="article">"#))
    #expect(alpha.contains(#"<meta property="og:description" content="First.">"#))
    // The page's own image sits beside its source; the site's is from the root.
    #expect(alpha.contains(#"<meta property="og:image" content="https://example.com/docs/shot.png">"#))
    #expect(alpha.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
    let beta = try #require(site.read("docs/b/index.html"))
    #expect(beta.contains(#"<meta property="og:image" content="https://example.com/card.png">"#))
    #expect(try #require(site.read("index.html")).contains(#"<meta property="og:type" content="website">"#))

    // No dated page, no feed to link; a relative base URL, no canonical link.
    let plain = try TemporarySite(site: ["content/_index.md": "# Home\n\nText.\n"], config: "title: P\n")
    #expect(plain.build().result.succeeded)
    let home = try #require(plain.read("index.html"))
    #expect(!home.contains("application/atom+xml") && !home.contains("rel=\"canonical\""))
    #expect(home.contains(#"<meta name="twitter:card" content="summary">"#))
  }

  @Test("a form without action is a warning at its opener; one with an action, or a missing page, is checked")
  func formsThatGoSomewhere() throws {
    let form = { (opener: String) in "# Home\n\n\(opener)\n## Step\n::field{name=n}\n:::\n" }
    let bare = try TemporarySite(site: ["content/_index.md": form(":::form")])
    let diagnostics = bare.build().result.diagnostics
    let warning = try #require(diagnostics.first { $0.severity == .warning }, "\(diagnostics.summaries)")
    #expect(warning.message.hasPrefix("`:::form` has no `action`: the browser would send the form back to this page"))
    #expect(warning.location?.line == 3 && warning.location?.column == 1)

    let mail = try TemporarySite(site: ["content/_index.md": form(":::form{action=mailto:a@example.org method=post}")])
    let sent = mail.build()
    #expect(sent.result.succeeded && sent.result.diagnostics.isEmpty, "\(sent.result.diagnostics.summaries)")
    #expect(try #require(mail.read("index.html")).contains(#"action="mailto:a@example.org""#))

    let nowhere = try TemporarySite(site: ["content/_index.md": form(":::form{action=/thanks/}")])
    let error = try #require(nowhere.build().result.diagnostics.errors.first)
    #expect(error.message.contains("/thanks/"), "\(error.message)")
  }

  @Test("git log output: the newest date of each path")
  func gitLogParsing() {
    let log = "\u{1}2024-06-02\ndocs/a.md\n\n\u{1}2024-05-01\ndocs/a.md\ndocs/b.md\n"
    #expect(GitDates.parse(Data(log.utf8)) == ["docs/a.md": "2024-06-02", "docs/b.md": "2024-05-01"])
  }

  @Test("lastUpdated: git dates each page by its last commit; lastmod wins; an uncommitted page has none")
  func gitDates() throws {
    var files = Self.files
    files["content/docs/b.md"] = "---\ntitle: Beta\nlastmod: 2030-01-02\n---\nSecond.\n"
    let site = try TemporarySite(
      site: files, config: "title: F\nbaseURL: https://example.com/\nlastUpdated: git\n")
    func git(_ arguments: [String], date: String = "2024-05-01T12:00:00+00:00") throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "-c", "user.name=T", "-c", "user.email=t@example.com"] + arguments
      process.currentDirectoryURL = site.root
      process.environment = ["GIT_COMMITTER_DATE": date, "GIT_AUTHOR_DATE": date, "PATH": "/usr/bin:/bin"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "git \(arguments)")
    }
    try git(["init", "-q"])
    try git(["add", "."])
    try git(["commit", "-q", "-m", "first"])
    try site.write("content/docs/a.md", "---\ntitle: Alpha\n---\nFirst, again.\n")
    try git(["commit", "-q", "-am", "second"], date: "2024-06-02T08:00:00+00:00")
    try site.write("content/docs/new.md", "---\ntitle: New\n---\nNot committed.\n")
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(try #require(site.read("docs/a/index.html")).contains(#"Last updated <time datetime="2024-06-02">"#))
    #expect(try #require(site.read("blog/index.html")).contains(#"<time datetime="2024-05-01">"#))
    #expect(try #require(site.read("docs/b/index.html")).contains(#"<time datetime="2030-01-02">"#))
    #expect(try #require(site.read("docs/new/index.html")).contains("Last updated") == false)
    let sitemap = try #require(site.read("sitemap.xml"))
    #expect(sitemap.contains("<loc>https://example.com/docs/a/</loc><lastmod>2024-06-02</lastmod>"))
    #expect(sitemap.contains("<loc>https://example.com/docs/new/</loc></url>"))
  }
}
