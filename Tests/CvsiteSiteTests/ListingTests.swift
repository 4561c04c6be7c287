import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A section page lists its pages unless it says otherwise: dated pages newest first,
/// long listings split over `page/2/` and on.
@Suite("Section listings")
struct ListingTests {
  static func blog(_ index: String, posts: Int = 5) -> [String: String] {
    var files = ["content/_index.md": "# Home\n\nWelcome.\n", "content/blog/_index.md": index]
    for number in 1...posts {
      files["content/blog/post-\(number).md"] =
        "---\ntitle: Post \(number)\ndate: 2024-05-0\(number)\n---\nText \(number).\n"
    }
    return files
  }

  /// The titles of the cards in the listing of `html`, in order.
  func listed(_ html: String) -> [String] {
    html.components(separatedBy: "class=\"cv-card-link\"").dropFirst().compactMap { part in
      guard let start = part.firstIndex(of: ">"), let end = part.range(of: "</a>") else { return nil }
      return String(part[part.index(after: start)..<end.lowerBound])
    }
  }

  @Test("a section lists its pages by default, dated ones newest first with their dates; list: false lists nothing")
  func defaults() throws {
    let site = try TemporarySite(site: Self.blog("---\ntitle: News\n---\nNewest first.\n", posts: 3))
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let news = try #require(site.read("blog/index.html"))
    #expect(listed(news) == ["Post 3", "Post 2", "Post 1"])
    #expect(news.contains(#"<p class="cv-meta"><time datetime="2024-05-03">May 3, 2024</time></p>"#))
    // The home page lists nothing unless it asks.
    #expect(listed(try #require(site.read("index.html"))).isEmpty)

    let quiet = try TemporarySite(site: Self.blog("---\ntitle: News\nlist: false\n---\nNothing listed.\n", posts: 2))
    #expect(quiet.build().result.succeeded)
    #expect(listed(try #require(quiet.read("blog/index.html"))).isEmpty)
  }

  @Test("paginate: the first part at the section's URL, the rest at page/N/, linked both ways")
  func pagination() throws {
    let site = try TemporarySite(site: Self.blog("---\ntitle: News\npaginate: 2\n---\nNewest first.\n"))
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let first = try #require(site.read("blog/index.html"))
    let second = try #require(site.read("blog/page/2/index.html"))
    let third = try #require(site.read("blog/page/3/index.html"))
    #expect(!site.exists("blog/page/1/index.html"))
    #expect(!site.exists("blog/page/4/index.html"))
    #expect(listed(first) == ["Post 5", "Post 4"])
    #expect(listed(second) == ["Post 3", "Post 2"])
    #expect(listed(third) == ["Post 1"])
    // The introduction only on the first part; each part names itself.
    #expect(first.contains("<p>Newest first.</p>") && !second.contains("<p>Newest first.</p>"))
    #expect(second.contains("<title>News · page 2 · Fixture</title>"))
    #expect(first.contains(#"<link rel="next" href="/blog/page/2/">"#) && !first.contains(#"<link rel="prev""#))
    #expect(
      second.contains(#"<link rel="prev" href="/blog/">"#)
        && second.contains(#"<link rel="next" href="/blog/page/3/">"#))
    #expect(second.contains(#"<li><a href="/blog/page/2/" aria-current="page">2</a></li>"#))
    #expect(second.contains(#"<link rel="canonical" href="https://example.com/blog/page/2/">"#))
    #expect(
      third.contains(#"<a class="cv-pager-step" href="/blog/page/2/" rel="prev">"#) && !third.contains(#"rel="next""#))
  }

  @Test("a listing that fits on one page has no pager")
  func noPagerWhenItFits() throws {
    let site = try TemporarySite(site: Self.blog("---\ntitle: News\npaginate: 10\n---\nAll.\n"))
    #expect(site.build().result.succeeded)
    #expect(try #require(site.read("blog/index.html")).contains("cv-pager") == false)
    #expect(!site.exists("blog/page/2/index.html"))
  }

  @Test("paginate must be a whole number of at least 1")
  func badPaginate() throws {
    let site = try TemporarySite(site: Self.blog("---\ntitle: News\npaginate: 0\n---\nAll.\n"))
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.message.hasPrefix("`paginate` must be a whole number"))
    #expect(error.location?.line == 3)
  }
}
