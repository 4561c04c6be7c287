import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

@Suite("Thousands of problems on one line")
struct BoundedCostTests {
  @Test("each broken link of a long line is reported at its own column, with the line cut around it")
  func brokenLinksInOneLine() throws {
    let count = 3_000
    let links = (0..<count).map { "[x](/nope\($0)/)" }.joined(separator: " ")
    let site = try TemporarySite(site: ["content/a.md": "---\ntitle: A\n---\n" + links + "\n"])
    let errors = site.build().result.diagnostics.errors
    // What a build returns is capped per file; `check` keeps the same first ones.
    let first = try #require(errors.first)
    #expect(first.location?.line == 4 && first.location?.column == 5 && first.message.contains("/nope0/"))
    for error in errors {
      #expect((error.sourceLine?.utf8.count ?? .max) <= Diagnostic.maximumSourceLineLength)
    }
    var checker = LinkChecker(basePath: "/")
    checker.addPage(url: "/a/", html: "")
    let page = SitePage(
      sitePath: "content/a.md", contentPath: "a.md", isSectionIndex: false, metadata: PageMetadata(title: "A"),
      url: "/a/", bodyHTML: "", headings: [], summary: "", values: DeclaredValues())
    let body = (0..<count).map { "<a href=\"/nope\($0)/\">x</a>" }.joined(separator: " ")
    let all = checker.check(bodyHTML: body, page: page, siteRoot: site.root)
    #expect(all.count == count)
    let last = try #require(all.last)
    let before = (0..<(count - 1)).reduce(0) { $0 + "[x](/nope\($1)/) ".utf8.count }
    #expect(last.location?.column == before + 5 && last.sourceLine?.contains("/nope2999/") == true)
  }
}
