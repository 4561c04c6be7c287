import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Sites arranged to hurt: links that loop, base URLs that inject markup.
@Suite("Hostile sites")
struct HostileSiteTests {
  static let pages = [
    "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
    "content/a/_index.md": "---\ntitle: A\n---\nA.\n",
    "content/a/page.md": "---\ntitle: Page\n---\nPage.\n",
  ]

  func link(_ site: TemporarySite, _ path: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: site.root.appendingPathComponent(path).path, withDestinationPath: target)
  }

  /// Two links to `.`, one to `..`, one pair that points each at the other's folder:
  /// `build` used to run without end, and the link to `..` built the whole site again as
  /// pages. Each is now a warning naming the link, and only the real pages are built.
  @Test("links back into a folder they are in are not followed, and say so", .timeLimit(.minutes(1)))
  func loopingLinks() throws {
    let site = try TemporarySite(site: Self.pages)
    try FileManager.default.createDirectory(
      at: site.root.appendingPathComponent("content/b"), withIntermediateDirectories: true)
    try site.write("content/b/other.md", "# Other\n")
    try link(site, "content/here", to: ".")
    try link(site, "content/again", to: ".")
    try link(site, "content/up", to: "..")
    try link(site, "content/a/to-b", to: "../b")
    try link(site, "content/b/to-a", to: "../a")
    try link(site, "content/gone.md", to: "nowhere.md")
    try link(site, "content/self", to: "self")
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let warnings = outcome.result.diagnostics.filter { $0.severity == .warning }.map(\.message)
    for name in ["content/here", "content/again", "content/up"] {
      #expect(warnings.contains { $0.hasPrefix("\(name) is a link to") && $0.contains("inside of") }, "\(warnings)")
    }
    #expect(warnings.contains { $0 == "content/gone.md is a link to a file that does not exist; it is skipped" })
    #expect(warnings.contains { $0 == "content/self is a link that loops; it is skipped" }, "\(warnings)")
    // a/to-b/to-a leads back to a: followed once, not again.
    #expect(warnings.contains { $0.hasPrefix("content/a/to-b/to-a is a link") }, "\(warnings)")
    #expect(!site.exists("up/index.html") && !site.exists("here/index.html"))
    #expect(site.exists("a/to-b/other/index.html"))
    #expect(outcome.result.pageCount < 12, "\(outcome.result.pageCount) pages")
  }

  @Test("a base URL that would inject markup is a located error in cvsite.yml")
  func injectingBaseURLInConfig() throws {
    let site = try TemporarySite(
      site: Self.pages, config: "title: T\nbaseURL: 'https://e.com/\"><svg/onload=alert(1)>/'\n")
    let outcome = site.build()
    #expect(!outcome.result.succeeded)
    #expect(
      outcome.result.diagnostics.summaries.contains {
        $0.hasPrefix("cvsite.yml:2:10: error: 'baseURL': the base URL must not contain `\"`")
      }, "\(outcome.result.diagnostics.summaries)")
    #expect(!site.exists("index.html"))
  }

  @Test("a base URL given to the build is checked too, and a valid one is escaped where it is written")
  func baseURLOption() throws {
    let site = try TemporarySite(site: Self.pages)
    let bad = site.build { $0.baseURL = "javascript:alert(1)//" }
    #expect(bad.result.diagnostics.summaries.contains { $0.hasPrefix("error: --base-url: the base URL must be") })
    let good = site.build { $0.baseURL = "https://e.com/a&b/" }
    #expect(good.result.succeeded, "\(good.result.diagnostics.summaries)")
    #expect(site.read("index.html")?.contains("href=\"/a&amp;b/") == true)
    #expect(site.read("index.html")?.contains("href=\"/a&b/") == false)
  }
}

/// Two sources for one output file: an error at each source the author wrote.
@Suite("Output collisions")
struct OutputCollisionTests {
  @Test("a static file over a page, an alias, a generated file or a theme asset is an error naming both")
  func staticCollisions() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
      "content/docs/a.md": "---\ntitle: A\ndate: 2024-01-01\naliases: [/old/]\n---\nA.\n",
      "static/docs/a/index.html": "<p>static</p>",
      "static/old/index.html": "<p>old</p>",
      "static/sitemap.xml": "<urlset/>",
      "static/atom.xml": "<feed/>",
      "static/assets/cvsite.css": "body{}",
    ])
    let outcome = site.build()
    let errors = outcome.result.diagnostics.errors.summaries
    #expect(!outcome.result.succeeded)
    for expected in [
      "static/docs/a/index.html:1:1: error: static/docs/a/index.html and content/docs/a.md are both written to docs/a/index.html",
      "content/docs/a.md:1:1: error: content/docs/a.md and static/docs/a/index.html are both written to docs/a/index.html",
      "static/old/index.html:1:1: error: static/old/index.html and the alias /old/ of content/docs/a.md are both written to old/index.html",
      "static/sitemap.xml:1:1: error: static/sitemap.xml and the generated sitemap.xml are both written to sitemap.xml",
      "static/atom.xml:1:1: error: static/atom.xml and the generated atom.xml are both written to atom.xml",
    ] {
      #expect(errors.contains(expected), "\(errors)")
    }
    #expect(
      errors.contains {
        $0.hasPrefix("static/assets/cvsite.css:1:1: error: static/assets/cvsite.css and the theme's assets/cvsite.css")
          && $0.hasSuffix("(a theme override)")
      }, "\(errors)")
    #expect(!site.exists("index.html"), "nothing is published")
  }

  @Test("an alias where a file must be, and a content file over a page's output")
  func fileAndFolderCollisions() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\naliases: [/sitemap.xml/]\n---\nHome.\n",
      "content/docs/_index.md": "---\ntitle: Docs\n---\nDocs.\n",
      "content/docs/index.html": "<p>raw</p>",
    ])
    let errors = site.build().result.diagnostics.errors.summaries
    #expect(
      errors.contains(
        "content/_index.md:3:1: error: the alias /sitemap.xml/ of content/_index.md and the generated sitemap.xml are both written to sitemap.xml"
      ), "\(errors)")
    #expect(
      errors.contains(
        "content/docs/index.html:1:1: error: content/docs/index.html and content/docs/_index.md are both written to docs/index.html"
      ), "\(errors)")
  }

  @Test("taxonomy pages, a listing's later parts and the search index's files join the check")
  func generatedOutputs() throws {
    var files = [
      "content/_index.md": "---\ntitle: Home\naliases: [/tags/swift/]\n---\nHome.\n",
      "content/blog/_index.md": "---\ntitle: Blog\nlist: cards\npaginate: 2\n---\nBlog.\n",
      "content/blog/page/2.md": "---\ntitle: Second\n---\nA page where the listing's second part goes.\n",
      "static/search/t/0.bin": "x",
      "static/search/meta.json": "{}",
      "static/tags/index.html": "<p>tags</p>",
    ]
    for index in 1...4 { files["content/blog/p\(index).md"] = "---\ntitle: P\(index)\ntags: [swift]\n---\nPost.\n" }
    let site = try TemporarySite(site: files)
    let errors = site.build().result.diagnostics.errors.summaries
    for expected in [
      "content/_index.md:3:1: error: the alias /tags/swift/ of content/_index.md and the taxonomy page tags/swift/index.html are both written to tags/swift/index.html",
      "content/blog/page/2.md:1:1: error: content/blog/page/2.md and page 2 of the listing of content/blog/_index.md are both written to blog/page/2/index.html",
      "static/search/t/0.bin:1:1: error: static/search/t/0.bin and the generated search index (search/t/) are both written to search/t",
      "static/search/meta.json:1:1: error: static/search/meta.json and the generated search/meta.json are both written to search/meta.json",
      "static/tags/index.html:1:1: error: static/tags/index.html and the taxonomy page tags/index.html are both written to tags/index.html",
    ] {
      #expect(errors.contains(expected), "\(expected)\n\(errors.joined(separator: "\n"))")
    }
    #expect(errors.count == 5, "\(errors.joined(separator: "\n"))")
    // A page at a taxonomy's address is said once, in the URL check's words.
    let page = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\ntags: [swift]\n---\nHome.\n",
      "content/tags.md": "---\ntitle: Tags\n---\nA page where the tags' page goes.\n",
    ])
    let pageErrors = page.build().result.diagnostics.errors.summaries
    #expect(
      pageErrors == [
        "content/tags.md:1:1: error: /tags/ is also a page cvsite makes for a taxonomy (`taxonomies` in cvsite.yml); move the page or leave the taxonomy out"
      ], "\(pageErrors)")
  }

  @Test("a site without collisions builds as before")
  func noCollisions() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n", "static/robots.txt": "User-agent: *\n", "static/img/logo.svg": "<svg/>",
    ])
    #expect(site.build().result.succeeded)
  }
}

/// What a killed build leaves behind is cleared by the next one.
@Suite("Staging folders")
struct StagingFolderTests {
  /// A process id that no process has now: a child that has already exited.
  func deadProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test("a dead build's staging folder is removed; a live one's and a foreign folder are kept")
  func staleStagingIsRemoved() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n"])
    let dead = try deadProcessID()
    let stale = site.root.appendingPathComponent(".public.cvsite-staging-\(dead)")
    let live = site.root.appendingPathComponent(".public.cvsite-staging-1")  // init is alive
    let foreign = site.root.appendingPathComponent(".public.cvsite-staging-\(dead)0")
    for folder in [stale, live] { try writeFile(".cvsite-output", "cvsite\n", in: folder) }
    try writeFile("mine.txt", "not cvsite's\n", in: foreign)
    #expect(site.build().result.succeeded)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(FileManager.default.fileExists(atPath: live.path))
    #expect(FileManager.default.fileExists(atPath: foreign.path))
    #expect(site.exists("index.html"))
  }

  @Test("a build killed in the middle of the swap gets its previous output back")
  func retiredOutputIsRestored() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n"])
    let retired = site.root.appendingPathComponent(".public.cvsite-old-\(try deadProcessID())")
    try writeFile(".cvsite-output", "cvsite\n", in: retired)
    try writeFile("index.html", "previous", in: retired)
    try writeFile("content/_index.md", "broken :::\n:::nope\n", in: site.root)
    #expect(!site.build().result.succeeded)
    #expect(site.read("index.html") == "previous", "the previous output is back and untouched")
    #expect(!FileManager.default.fileExists(atPath: retired.path))
  }
}

/// Raw HTML is the author's own, but its URLs go through the same safety check.
@Suite("URLs in page bodies")
struct BodyURLTests {
  @Test("a script URL in raw HTML is left out, a warning at its attribute; safe links pass")
  func rawHTMLScriptURL() throws {
    let site = try TemporarySite(
      site: [
        "content/_index.md": """
        # Home

        <a href="https://example.com/">ok</a> <a href="mailto:a@b.c">mail</a>
        <a href=" JavaScript:alert(1)">bad</a>
        <img src="data:text/html,x" alt="x">
        <form action="vbscript:x"></form>
        """
      ], config: "title: T\nbaseURL: https://example.com/\nrawHTML: true\n")
    let result = site.build().result
    let diagnostics = result.diagnostics
    let warnings = diagnostics.summaries
    #expect(result.succeeded, "sanitised, nothing unsafe is published: \(warnings)")
    #expect(
      warnings.contains {
        $0.hasPrefix(
          "content/_index.md:4:4: warning: ` JavaScript:alert(1)` in href runs script or embeds data: left out")
      })
    #expect(
      warnings.contains {
        $0.hasPrefix("content/_index.md:5:6:") && $0.contains("`data:text/html,x` in src runs script")
      })
    let html = try #require(site.read("index.html"))
    #expect(!html.contains("JavaScript:alert") && !html.contains("data:text") && html.contains("mailto:a@b.c"))
    // A form is no element of raw HTML: it goes, with its action, said by a warning.
    #expect(diagnostics.contains { $0.severity == .warning && $0.message.hasPrefix("raw HTML: `<form>` left out") })
  }
}

/// A file name holds what a URL path cannot as it is: the page's URL is percent-encoded
/// wherever it is written, its file is where a server looks for that URL, and links to
/// it resolve however they encode it.
@Suite("File names that are not URLs as they are")
struct FileNameURLTests {
  @Test("space, ?, # and % in names: encoded URLs, files at their names, links that resolve")
  func encodedNames() throws {
    let site = try TemporarySite(site: [
      "content/_index.md":
        "---\ntitle: Home\n---\n[s](a%20b/) [t](<a b/>) [q](what%3F/) [h](a%23b/) [p](100%25/) [m](<a b.md>) ![i](img/my%20logo.png) [c](caf\u{E9}/)\n",
      "content/caf\u{E9}.md": "---\ntitle: Accent\n---\nAccent.\n",
      "content/a b.md": "---\ntitle: Spaced\ndate: 2024-01-01\n---\nSpaced.\n",
      "content/what?.md": "---\ntitle: Question\n---\nQuestion.\n",
      "content/a#b.md": "---\ntitle: Hash\n---\nHash.\n",
      "content/100%.md": "---\ntitle: Percent\n---\nPercent.\n",
      "content/img/my logo.png": "png",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    for file in ["a b/index.html", "what?/index.html", "a#b/index.html", "100%/index.html", "img/my logo.png"] {
      #expect(site.exists(file), "\(file)")
    }
    let sitemap = try #require(site.read("sitemap.xml"))
    for url in ["a%20b/", "what%3F/", "a%23b/", "100%25/"] {
      #expect(sitemap.contains("<loc>https://example.com/\(url)</loc>"), "\(url)")
    }
    #expect(site.read("atom.xml")?.contains("https://example.com/a%20b/") == true)
    let home = try #require(site.read("index.html"))
    #expect(home.contains(#"href="/a%20b/""#) && home.contains(#"src="/img/my%20logo.png""#))
  }

  @Test("a name with a control character is refused at the file")
  func controlCharacter() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n", "content/bell\u{7}.md": "Bell.\n"])
    let errors = site.build().result.diagnostics.errors.summaries
    #expect(
      errors == [
        "content/bell?.md:1:1: error: `bell?.md` is named with a control character (shown as `?`), which no URL can hold; rename it"
      ], "\(errors)")
  }
}
