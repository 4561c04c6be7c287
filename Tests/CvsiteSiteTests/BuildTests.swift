import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

@Suite("Site builds")
struct BuildTests {
  static let pages: [String: String] = [
    "content/_index.md":
      "---\ntitle: Home\n---\nWelcome. See [the guide](/guide/install/) and [a heading](/guide/install/#set-up).\n",
    "content/guide/_index.md": "---\ntitle: Guide\n---\nThe guide.\n",
    "content/guide/install.md":
      "---\ntitle: Install\ndate: 2024-05-01\naliases: [/old-install/]\nweight: 1\n---\n## Set up\nSteps.\n",
    "content/guide/draft.md": "---\ntitle: Draft\ndraft: true\n---\nNot yet.\n",
    "content/guide/named.md": "---\ntitle: Named\nslug: custom-name\ndate: 2024-06-01\n---\nBody.\n",
    "content/guide/diagram.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    "static/robots.txt": "User-agent: *\n",
  ]

  @Test("pretty URLs, feeds, 404, aliases, static files and resources")
  func outputs() throws {
    let site = try TemporarySite(site: Self.pages)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(site.exists("index.html"))
    #expect(site.exists("guide/index.html"))
    #expect(site.read("guide/install/index.html")?.contains(#"id="set-up""#) == true)
    #expect(site.exists("guide/custom-name/index.html"))
    #expect(!site.exists("guide/named/index.html"))
    #expect(!site.exists("guide/draft/index.html"))
    #expect(site.read("old-install/index.html")?.contains("https://example.com/guide/install/") == true)
    #expect(site.exists("404.html"))
    #expect(site.read("robots.txt") == "User-agent: *\n")
    #expect(site.exists("guide/diagram.svg"))
    let sitemap = try #require(site.read("sitemap.xml"))
    #expect(sitemap.contains("<loc>https://example.com/guide/install/</loc><lastmod>2024-05-01</lastmod>"))
    #expect(!sitemap.contains("draft"))
    let feed = try #require(site.read("atom.xml"))
    let named = try #require(feed.range(of: "Named"))
    let install = try #require(feed.range(of: "Install"))
    #expect(named.lowerBound < install.lowerBound, "newest entry first")
    #expect(feed.contains("<updated>2024-06-01T00:00:00Z</updated>"))
  }

  @Test("drafts are built when asked")
  func drafts() throws {
    let site = try TemporarySite(site: Self.pages)
    let outcome = site.build { $0.drafts = true }
    #expect(outcome.result.succeeded)
    #expect(site.exists("guide/draft/index.html"))
  }

  @Test("broken internal links and anchors are errors at their line")
  func brokenLinks() throws {
    var files = Self.pages
    files["content/guide/links.md"] =
      "---\ntitle: Links\n---\nFine: [home](/).\n\nBroken: [x](/nowhere/) and [y](../install/#missing).\n"
    let site = try TemporarySite(site: files)
    let result = SiteBuilder.check(site.options)
    #expect(
      result.diagnostics.errors.summaries.sorted() == [
        "content/guide/links.md:6:13: error: broken link to `/nowhere/`: no page or file at /nowhere/",
        "content/guide/links.md:6:32: error: link to `../install/#missing`: no element with id `missing` on /guide/install/",
      ])
  }

  @Test("a misspelt fragment, page or image gets the nearest one of its page or folder as a did-you-mean")
  func brokenLinkSuggestions() throws {
    var files = Self.pages
    files["content/guide/links.md"] =
      "---\ntitle: Links\n---\n## Options\n\nSee [o](#optoins), [i](../instal/) and ![p](/img/logo.pgn).\n"
    files["static/img/logo.png"] = "png"
    let site = try TemporarySite(site: files)
    let errors = SiteBuilder.check(site.options).diagnostics.errors
    func suggestion(_ fragment: String) -> String?? { errors.first { $0.message.contains(fragment) }.map(\.suggestion) }
    #expect(suggestion("#optoins") == "#options")
    #expect(suggestion("../instal/") == "../install/")
    #expect(suggestion("/img/logo.pgn") == "/img/logo.png")
    #expect(errors.count == 3, "\(errors.summaries)")
  }

  @Test("under a base path, a broken link is placed where it is written, not at the top")
  func brokenLinksUnderBasePath() throws {
    var files = Self.pages
    files["content/guide/links.md"] =
      "---\ntitle: Links\n---\nFine: [home](/).\n\nBroken: [x](/nowhere/) and ![i](/gone.png).\n"
    let site = try TemporarySite(site: files, config: "title: T\nbaseURL: https://example.org/manual/\n")
    #expect(
      SiteBuilder.check(site.options).diagnostics.errors.summaries == [
        "content/guide/links.md:6:13: error: broken link to `/manual/nowhere/`: no page or file at /nowhere/",
        "content/guide/links.md:6:33: error: missing image or file `/manual/gone.png`: nothing at /gone.png",
      ])
  }

  @Test("a broken link written again is placed at each place it is written, the URL in text before it passed over")
  func repeatedBrokenLinks() throws {
    var files = Self.pages
    files["content/guide/links.md"] =
      "---\ntitle: Links\n---\n[x](/gone/)\n\nAgain: [x](/gone/)\n\n![i](/gone.png) then [x](/gone/)\n"
    let site = try TemporarySite(site: files)
    #expect(
      SiteBuilder.check(site.options).diagnostics.errors.summaries == [
        "content/guide/links.md:4:5: error: broken link to `/gone/`: no page or file at /gone/",
        "content/guide/links.md:6:12: error: broken link to `/gone/`: no page or file at /gone/",
        "content/guide/links.md:8:6: error: missing image or file `/gone.png`: nothing at /gone.png",
        "content/guide/links.md:8:26: error: broken link to `/gone/`: no page or file at /gone/",
      ])
  }

  @Test("a broken link is placed where its parse found it: past the same URL in code, in a list's wrapped line")
  func brokenLinksWhereParsed() throws {
    var files = Self.pages
    files["content/guide/links.md"] =
      "---\ntitle: Links\n---\nWrite `[x](/gone/)` or `[y](gone.md)`.\n\n- item\n  then [x](/gone/) and [y](gone.md)\n"
    let site = try TemporarySite(site: files)
    #expect(
      SiteBuilder.check(site.options).diagnostics.errors.summaries == [
        "content/guide/links.md:7:12: error: broken link to `/gone/`: no page or file at /gone/",
        "content/guide/links.md:7:28: error: broken link to `gone.md`: no page content/guide/gone.md",
      ])
  }

  @Test("a broken link written with <…> around a space, or with an accent, is placed where it is written")
  func brokenLinksAsWritten() throws {
    var files = Self.pages
    files["content/guide/links.md"] =
      "---\ntitle: Links\n---\nFirst [x](</no where/>).\n\nThen [y](/caf\u{E9}-gone/).\n"
    let site = try TemporarySite(site: files)
    #expect(
      SiteBuilder.check(site.options).diagnostics.errors.summaries == [
        "content/guide/links.md:4:12: error: broken link to `/no%20where/`: no page or file at /no%20where/",
        "content/guide/links.md:6:10: error: broken link to `/caf%C3%A9-gone/`: no page or file at /caf\u{E9}-gone/",
      ])
  }

  @Test("two pages at one URL are two errors at their own lines, and no anchor errors follow")
  func collisionWithoutFollowOnErrors() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n\n[a](/b/#only-in-a) [b](/b/#only-in-b)\n",
      "content/a.md": "---\ntitle: A\nslug: b\n---\n## Only in A\n",
      "content/b.md": "---\ntitle: B\n---\n## Only in B\n",
    ])
    let errors = SiteBuilder.check(site.options).diagnostics.errors.summaries
    #expect(
      errors == [
        "content/a.md:3:1: error: two pages map to /b/: content/a.md and content/b.md",
        "content/b.md:1:1: error: two pages map to /b/: content/b.md and content/a.md",
      ], "\(errors)")
  }

  @Test("two pages at one URL, a bad slug and bad metadata are errors")
  func collisionsAndMetadata() throws {
    let site = try TemporarySite(site: [
      "content/a.md": "---\ntitle: A\nslug: b\n---\nA\n",
      "content/b.md": "---\ntitle: B\n---\nB\n",
      "content/c.md": "---\ntitle: C\nslug: a/./etc\ndate: yesterday\nweight: heavy\n---\nC\n",
    ])
    let result = SiteBuilder.check(site.options)
    let errors = result.diagnostics.errors.summaries
    // At the line that gives the URL: `slug: b`.
    #expect(errors.contains { $0.hasPrefix("content/a.md:3:1: error: two pages map to /b/") })
    #expect(errors.contains { $0.hasPrefix("content/b.md:1:1: error: two pages map to /b/") })
    #expect(errors.contains { $0.hasPrefix("content/c.md:3:1: error: `slug` must be a path under the page's folder") })
    #expect(errors.contains { $0.hasPrefix("content/c.md:4:1: error: `date` yesterday is not written as a date") })
    #expect(errors.contains { $0.hasPrefix("content/c.md:5:1: error: `weight` must be a whole number") })
  }

  @Test("a build on one worker and on four gives the same files")
  func parallelIsDeterministic() throws {
    var files = Self.pages
    for index in 0..<40 {
      files["content/many/p\(index).md"] = "---\ntitle: P\(index)\n---\n## Part \(index)\nText \(index).\n"
    }
    let site = try TemporarySite(site: files)
    let serial = temporaryPath("cvsite-serial")
    let parallel = temporaryPath("cvsite-parallel")
    defer {
      try? FileManager.default.removeItem(at: serial)
      try? FileManager.default.removeItem(at: parallel)
    }
    #expect(
      site.build {
        $0.output = serial
        $0.jobs = 1
      }.result.succeeded)
    #expect(
      site.build {
        $0.output = parallel
        $0.jobs = 4
      }.result.succeeded)
    let paths = try FileManager.default.subpathsOfDirectory(atPath: serial.path).sorted()
    #expect(paths == (try FileManager.default.subpathsOfDirectory(atPath: parallel.path).sorted()))
    for path in paths where path.hasSuffix(".html") || path.hasSuffix(".xml") {
      #expect(site.read(path, in: serial) == site.read(path, in: parallel), "\(path)")
    }
  }

  @Test("a folder without cvsite.yml is not a site")
  func notASite() throws {
    let folder = temporaryPath("cvsite-empty")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = SiteBuilder.check(BuildOptions(siteRoot: folder))
    #expect(result.diagnostics.errors.first?.message.contains("no cvsite.yml") == true)
  }

  @Test("a link of a scheme that runs no script is a warning with the scheme it may mean")
  func unknownSchemes() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n\nSee rdar://12345, [the bug](rdar://12345), [a site](hhttps://example.org/).\n",
      "content/other.md": "# Other\n\n[Run](javascript:alert(1))\n",
    ])
    let result = site.build().result
    let warnings = result.diagnostics.filter { $0.message.contains("unknown scheme") }
    #expect(warnings.map(\.severity) == [.warning, .warning])
    #expect(
      warnings.first?.message == "`rdar://12345` in href has the unknown scheme `rdar:`: a browser cannot open it")
    #expect(warnings.last?.suggestion == "https:")
    #expect(warnings.last?.location?.path == "content/_index.md")
    #expect(warnings.last?.location?.line == 3)
    // The build goes on; Markdown's own script links are emptied by libcmark, never written.
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    #expect(!(try #require(site.read("other/index.html"))).contains("javascript:"))
  }

  @Test("a link outside the site is refused")
  func symlinkEscape() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n"])
    try FileManager.default.createSymbolicLink(
      at: site.root.appendingPathComponent("content/secret.md"),
      withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
    let result = SiteBuilder.check(site.options)
    #expect(
      result.diagnostics.errors.summaries.contains {
        $0.hasPrefix("content/secret.md:1:1: error: content/secret.md is a link to")
      })
  }

  @Test("the content scan follows links inside the site, refuses those leaving it, skips dangling ones with a warning")
  func contentScanLinks() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n", "content/docs/a.md": "# A\n", "content/docs/deep/b.md": "# B\n",
      "shared/c.md": "# C\n", "static/logo.svg": "<svg/>", "content/.draft.md": "# Hidden\n",
      "content/.git/x.md": "# Hidden\n", "content/docs/ü.md": "# Ü\n", "content/docs/Z.md": "# Z\n",
    ])
    let content = site.root.appendingPathComponent("content")
    let manager = FileManager.default
    try manager.createSymbolicLink(
      at: content.appendingPathComponent("linked.md"), withDestinationURL: content.appendingPathComponent("docs/a.md"))
    try manager.createSymbolicLink(
      at: content.appendingPathComponent("shared"), withDestinationURL: site.root.appendingPathComponent("shared"))
    try manager.createSymbolicLink(
      at: content.appendingPathComponent("docs/gone.md"),
      withDestinationURL: content.appendingPathComponent("nowhere.md"))
    try manager.createSymbolicLink(
      at: content.appendingPathComponent("etc"), withDestinationURL: URL(fileURLWithPath: "/etc"))
    let (files, diagnostics) = ContentScanner.scan("content", in: site.root, holdsPages: true)
    // Sorted by name as Swift compares strings, hidden files and folders left out.
    #expect(
      files.map(\.relativePath) == [
        "_index.md", "docs/Z.md", "docs/a.md", "docs/deep/b.md", "docs/ü.md", "linked.md", "shared/c.md",
      ])
    #expect(files.map(\.kind) == [.sectionIndex, .page, .page, .page, .page, .page, .page])
    #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) && $0.url.path == $0.path })
    // A dangling link is skipped with a warning naming it, the link out an error.
    #expect(
      diagnostics.map(\.message) == [
        "content/docs/gone.md is a link to a file that does not exist; it is skipped",
        "content/etc is a link to /etc, outside the site; it is not read",
      ])
    #expect(diagnostics.map(\.severity) == [.warning, .error])
    let (statics, none) = ContentScanner.scan("static", in: site.root, holdsPages: false)
    #expect(statics.map(\.sitePath) == ["static/logo.svg"] && statics.first?.kind == .resource && none.isEmpty)
  }
}
