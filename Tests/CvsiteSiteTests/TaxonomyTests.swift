import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Tags and other taxonomies: a page per term listing its pages, a page of all terms
/// with their counts, term links on each page, sitemap entries, collisions refused.
@Suite("Taxonomies")
struct TaxonomyTests {
  static let files = [
    "content/_index.md": "# Home\n",
    "content/a.md": "---\ntitle: Alpha\ntags: [Swift, Linux]\ndate: 2024-05-01\n---\nA.\n",
    "content/b.md": "---\ntitle: Beta\ntags: [swift]\ndate: 2024-06-01\n---\nB.\n",
    "content/c.md": "---\ntitle: Gamma\ntopics: Testing\n---\nC.\n",
  ]

  @Test("a page per term, newest first; the terms with counts; links on each page; sitemap entries")
  func tags() throws {
    let site = try TemporarySite(site: Self.files)
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let swift = try #require(site.read("tags/swift/index.html"))
    // `Swift` and `swift` are one term, spelt as first met; newest first.
    #expect(swift.contains("<h1 class=\"cv-title\">Swift</h1>"))
    let main = try #require(swift.components(separatedBy: "<main").last)
    let beta = try #require(main.range(of: ">Beta</a>"))
    let alpha = try #require(main.range(of: ">Alpha</a>"))
    #expect(beta.lowerBound < alpha.lowerBound)
    #expect(swift.contains(#"<li><a href="/tags/">Tags</a></li>"#), "breadcrumbs lead back to the terms")
    let all = try #require(site.read("tags/index.html"))
    #expect(
      all.contains(#"<li><a href="/tags/linux/" rel="tag">Linux</a> <span class="cv-term-count">1 page</span></li>"#))
    #expect(
      all.contains(#"<li><a href="/tags/swift/" rel="tag">Swift</a> <span class="cv-term-count">2 pages</span></li>"#))
    let a = try #require(site.read("a/index.html"))
    #expect(
      a.contains(
        #"<span class="cv-term-name">Tags:</span> <a class="cv-term" href="/tags/swift/" rel="tag">Swift</a> <a class="cv-term" href="/tags/linux/" rel="tag">Linux</a>"#
      ))
    let sitemap = try #require(site.read("sitemap.xml"))
    #expect(
      sitemap.contains("<loc>https://example.com/tags/</loc>")
        && sitemap.contains("<loc>https://example.com/tags/swift/</loc>"))
    // `topics` is not a taxonomy here: a warning, no pages.
    #expect(built.result.diagnostics.contains { $0.message.contains("unknown front-matter key `topics`") })
    #expect(!site.exists("topics/index.html"))
    // A page may link to a term's page.
    try site.write("content/d.md", "---\ntitle: D\n---\nSee [Swift pages](/tags/swift/).\n")
    #expect(site.build().result.succeeded)
  }

  @Test("taxonomies in cvsite.yml: others than tags, or none")
  func configured() throws {
    let site = try TemporarySite(
      site: Self.files, config: "title: F\nbaseURL: https://example.com/\ntaxonomies: [tags, topics]\n")
    let built = site.build()
    #expect(built.result.succeeded && built.result.diagnostics.isEmpty, "\(built.result.diagnostics.summaries)")
    #expect(try #require(site.read("topics/testing/index.html")).contains(">Gamma</a>"))
    #expect(try #require(site.read("c/index.html")).contains(#"<span class="cv-term-name">Topics:</span>"#))

    let none = try TemporarySite(site: Self.files, config: "title: F\ntaxonomies: []\n")
    #expect(none.build().result.succeeded)
    #expect(!none.exists("tags/index.html"))
    #expect(try #require(none.read("a/index.html")).contains("cv-term") == false)
  }

  @Test(
    "terms that give one address, a term with no address, a page in the way: located errors",
    arguments: [
      (
        ["content/x.md": "---\ntitle: X\ntags: [C++]\n---\n", "content/y.md": "---\ntitle: Y\ntags: [c]\n---\n"],
        "the tags terms `C++` and `c` both give the address /tags/c/"
      ),
      (["content/x.md": "---\ntitle: X\ntags: [\"++\"]\n---\n"], "the tags term `++` has no letters or digits"),
      (
        ["content/x.md": "---\ntitle: X\ntags: [a]\n---\n", "content/tags/_index.md": "# Mine\n"],
        "/tags/ is also a page cvsite makes for a taxonomy"
      ),
    ] as [([String: String], String)])
  func collisions(files: [String: String], message: String) throws {
    let site = try TemporarySite(site: files.merging(["content/_index.md": "# Home\n"]) { $1 })
    let errors = site.build().result.diagnostics.errors
    let error = try #require(errors.first { $0.message.hasPrefix(message) }, "\(errors.map(\.message))")
    #expect(error.location?.path.hasPrefix("content/") == true)
  }

  @Test("a bad taxonomies setting is an error")
  func badSetting() throws {
    let site = try TemporarySite(site: Self.files, config: "title: F\ntaxonomies: Tags\n")
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.message.hasPrefix("'taxonomies' must be a list of distinct lowercase names"))
    #expect(error.location?.line == 2)
  }
}
