import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Two sources whose names differ only by case or Unicode normalisation are an error at
/// each, naming the other: on a case-insensitive or normalising file system one page's
/// text would vanish.
@Suite("Names that differ only by case or normalisation")
struct LookalikeNameTests {
  /// `café.md` with `é` as one character, and as `e` and a combining accent: Swift takes
  /// the two strings for equal, so they are written one at a time.
  static let composed = "content/caf\u{E9}.md"
  static let decomposed = "content/cafe\u{301}.md"

  static let tail =
    "differ only by case or Unicode normalisation: on a case-insensitive or normalising file system or "
    + "server one replaces the other; rename one"

  @Test("pages and static files: an error at each, naming the other")
  func build() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHi.\n",
      "content/Guide.md": "---\ntitle: Guide\n---\nOne.\n",
      "content/guide.md": "---\ntitle: guide\n---\nTwo.\n",
      "static/Logo.svg": "<svg/>", "static/logo.svg": "<svg/>",
      "content/notes.md": "---\ntitle: Notes\n---\nFine.\n",
    ])
    try site.write(Self.composed, "---\ntitle: One\n---\nThree.\n")
    try site.write(Self.decomposed, "---\ntitle: Two\n---\nFour.\n")
    #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(Self.decomposed).path))
    let outcome = site.build()
    #expect(!outcome.result.succeeded)
    let errors = outcome.result.diagnostics.errors.summaries
    for (path, other) in [
      ("content/Guide.md", "content/guide.md"), ("content/guide.md", "content/Guide.md"),
      ("static/Logo.svg", "static/logo.svg"), ("static/logo.svg", "static/Logo.svg"),
    ] {
      #expect(errors.contains("\(path):1:1: error: `\(path)` and `\(other)` \(Self.tail)"), "\(path): \(errors)")
    }
    // The two forms of `café.md`, each at its own bytes.
    let cafe = errors.filter { $0.contains("caf") }
    #expect(cafe.count == 2, "\(errors)")
    #expect(Set(cafe.map { Array($0.utf8.prefix(20)) }).count == 2, "both forms are named")
    #expect(!errors.contains { $0.contains("notes.md") })
    #expect(errors.count == 6, "\(errors)")
  }

  @Test("in serve, a page added beside its lookalike fails the rebuild and does not replace it")
  func serve() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHi.\n", "content/Guide.md": "---\ntitle: Guide\n---\nOne.\n",
    ])
    try site.write(Self.composed, "---\ntitle: Composed\n---\nThree.\n")
    var session = ServedSite(options: site.options)
    #expect(session.update(changed: ["cvsite.yml"], into: RecordingSink()).succeeded)
    try site.write("content/guide.md", "---\ntitle: guide\n---\nTwo.\n")
    let added = session.update(changed: ["content/guide.md"], into: RecordingSink())
    #expect(!added.succeeded)
    #expect(
      added.diagnostics.errors.summaries.contains(
        "content/guide.md:1:1: error: `content/guide.md` and `content/Guide.md` \(Self.tail)"),
      "\(added.diagnostics.errors.summaries)")
    #expect(session.pages["content/Guide.md"]?.page.metadata.title == "Guide")
    try site.write(Self.decomposed, "---\ntitle: Decomposed\n---\nFour.\n")
    let decomposed = session.update(changed: [Self.decomposed], into: RecordingSink())
    #expect(!decomposed.succeeded)
    #expect(session.pages[Self.composed]?.page.metadata.title == "Composed", "the other page was read over")
  }
}
