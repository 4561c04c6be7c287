import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A build reads every page's metadata first, then parses each body where the page is
/// rendered and drops it once its files are written; `serve` keeps bodies to render
/// again what an edit changes.
@Suite("Each body read once, and not kept by a build")
struct BodiesOnceTests {
  static let pages = [
    "content/_index.md":
      "---\ntitle: Home\n---\nSee [the CLI](docs/cli.md#Exit-Codes) and [guide](/docs/guide/#Setup).\n",
    "content/docs/_index.md": "---\ntitle: Docs\nlist: cards\n---\nThe docs.\n",
    "content/docs/cli.md": "# The CLI\n\nThe command line, first words.\n\n## Exit codes\n\nZero.\n",
    "content/docs/guide.md": "---\ntitle: Guide\n---\nA guide's opening words.\n\n## Setup\n",
    "content/docs/later.md": "---\ntitle: Later\ndraft: true\nweight: heavy\n---\nA draft.\n",
  ]

  @Test("a build keeps metadata, summaries and ids, not bodies; pages show what the bodies held")
  func buildDropsBodies() throws {
    let site = try TemporarySite(site: Self.pages)
    var session = BuiltSite()
    let sink = StoringSink()
    let result = SiteBuild.run(site.options, changed: .everything, state: &session, into: sink)
    // The draft is not built, yet its problems are found: the only ones.
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(!errors.isEmpty)
    #expect(errors.allSatisfy { $0.location?.path == "content/docs/later.md" }, "\(errors.summaries)")
    for (path, parsed) in session.pages {
      #expect(!parsed.needsBody, "\(path) read")
      #expect(parsed.page.bodyHTML.isEmpty, "\(path) keeps no body")
      #expect(parsed.page.headings.isEmpty, "\(path) keeps no table of contents")
    }
    #expect(session.pages["content/docs/cli.md"]?.page.metadata.title == "The CLI")
    #expect(session.pages["content/docs/cli.md"]?.ids.contains("exit-codes") == true)
    let home = String(decoding: try #require(sink.files["index.html"]), as: UTF8.self)
    // Both fragments are corrected with the ids of pages read after the home page.
    #expect(home.contains(#"href="/docs/cli/#exit-codes""#))
    #expect(home.contains(#"href="/docs/guide/#setup""#))
    let docs = String(decoding: try #require(sink.files["docs/index.html"]), as: UTF8.self)
    // The listing shows summaries taken from its pages' bodies.
    #expect(docs.contains("The command line, first words."))
    #expect(docs.contains("A guide"))
    #expect(sink.files["docs/later/index.html"] == nil)
  }

  @Test("serve keeps bodies; the state of a build that dropped them is built again whole by serve's rebuild")
  func serveKeepsBodies() throws {
    var files = Self.pages
    files["content/docs/later.md"] = nil
    let site = try TemporarySite(site: files)
    var served = ServedSite(options: site.options)
    #expect(served.update(changed: ["cvsite.yml"], into: StoringSink()).succeeded)
    #expect(served.pages["content/docs/guide.md"]?.page.bodyHTML.contains("opening words") == true)
    #expect(served.pages["content/docs/guide.md"]?.page.headings.map(\.id) == ["setup"])

    var built = BuiltSite()
    #expect(SiteBuild.run(site.options, changed: .everything, state: &built, into: StoringSink()).succeeded)
    try site.write("content/docs/guide.md", "---\ntitle: Guide, renamed\n---\nNew opening words.\n\n## Setup\n")
    let sink = StoringSink()
    let rebuilt = SiteBuild.run(
      served.options, changed: .paths(["content/docs/guide.md"]), state: &built, into: sink)
    #expect(rebuilt.succeeded)
    let cli = String(decoding: try #require(sink.files["docs/cli/index.html"]), as: UTF8.self)
    #expect(cli.contains("The command line, first words."), "unchanged pages keep their bodies")
    #expect(cli.contains("Guide, renamed"), "and show the new navigation")
  }
}

/// The search index's page bundles written while pages are read, in any order: the
/// bytes the index writes from whole records.
@Suite("Search bundles written as pages are read")
struct PassageSpoolTests {
  static func page(_ number: Int) -> (SitePage, SearchRecord) {
    let page = SitePage(
      sitePath: "content/p\(number).md", contentPath: "p\(number).md", isSectionIndex: false,
      metadata: PageMetadata(title: "Page \(number) \"quoted\""), url: "/p\(number)/", bodyHTML: "", headings: [],
      summary: "", values: DeclaredValues())
    let record = SearchRecord(
      passagesJSON: Array("[{\"a\":\"\",\"c\":[],\"x\":\"text \(number)\"}]".utf8), termBytes: [4] + Array("text".utf8),
      counts: [SearchRecord.Counts(title: false, heading: false, body: 1)], length: 1)
    return (page, record)
  }

  @Test("bundles equal the index's, whatever order pages come in; a page that never comes leaves no hashes")
  func sameBundles() throws {
    let count = 2_600  // two records per bundle
    let pages = (0..<count).map(Self.page)
    let written = StoringSink()
    let spool = PassageSpool(indexing: pages.map(\.0.sitePath), write: SearchIndex.writer(into: written))
    for (page, record) in pages.reversed() where page.sitePath != "content/p7.md" {
      #expect(spool.add(page, record: record, basePath: "/docs/"))
    }
    #expect(spool.finish().hashes == nil, "the bundle of page 7 is not written")
    let (last, lastRecord) = pages[7]
    #expect(spool.add(last, record: lastRecord, basePath: "/docs/"))
    let hashes = try #require(spool.finish().hashes)
    #expect(!spool.add(Self.page(count).0, record: Self.page(count).1, basePath: "/docs/"), "not numbered")

    let index = SearchIndex(
      pages: pages.map { SearchIndex.Page($0.0, record: $0.1, basePath: "/docs/") }, english: true)
    let whole = StoringSink()
    let made = index.write(SearchIndex.writer(into: whole))
    #expect(made.bundleHashes == hashes)
    let bundles = whole.files.keys.filter { $0.hasPrefix("search/p/") }
    #expect(bundles.count == count / 2)
    for path in bundles { #expect(written.files[path] == whole.files[path], "\(path)") }
  }
}
