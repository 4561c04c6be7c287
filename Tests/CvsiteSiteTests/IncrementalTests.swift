import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Records what a rebuild writes.
final class RecordingSink: OutputSink, @unchecked Sendable {
  private let lock = NSLock()
  private(set) var written: [String] = []
  private(set) var removed: [String] = []
  let folder: OutputFolder?

  init(folder: OutputFolder? = nil) { self.folder = folder }

  func write(_ data: Data, to relativePath: String) throws {
    lock.lock()
    written.append(relativePath)
    lock.unlock()
  }

  func remove(_ relativePath: String) throws {
    lock.lock()
    removed.append(relativePath)
    lock.unlock()
  }

  var writtenPages: Set<String> { Set(written.filter { $0.hasSuffix("index.html") }) }
}

/// An output that keeps what is written to it, by path.
final class KeepingSink: OutputSink, @unchecked Sendable {
  private let lock = NSLock()
  private var files: [String: Data] = [:]

  func write(_ data: Data, to relativePath: String) throws {
    lock.withLock { files[relativePath] = data }
  }

  func remove(_ relativePath: String) throws {
    _ = lock.withLock { files.removeValue(forKey: relativePath) }
  }

  /// The paths of the files held.
  var paths: Set<String> { lock.withLock { Set(files.keys) } }

  /// The text last written to `path`.
  func text(_ path: String) -> String? {
    lock.withLock { files[path].map { String(decoding: $0, as: UTF8.self) } }
  }
}

@Suite("Incremental rebuilds")
struct IncrementalTests {
  func session() throws -> (TemporarySite, ServedSite) {
    var files = [
      "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
      "content/docs/_index.md": "---\ntitle: Docs\n---\nDocs.\n",
      "content/blog/_index.md": "---\ntitle: Blog\n---\nBlog.\n",
    ]
    for index in 0..<5 { files["content/docs/p\(index).md"] = "---\ntitle: P\(index)\n---\nPage \(index).\n" }
    let site = try TemporarySite(site: files)
    var session = ServedSite(options: site.options)
    let first = session.update(changed: ["cvsite.yml"], into: RecordingSink())
    #expect(first.succeeded, "\(first.diagnostics.summaries)")
    return (site, session)
  }

  @Test("editing a page's body rewrites that page and its section's page only")
  func bodyEdit() throws {
    var (site, session) = try session()
    try site.write("content/docs/p1.md", "---\ntitle: P1\n---\nChanged body.\n")
    let sink = RecordingSink()
    let result = session.update(changed: ["content/docs/p1.md"], into: sink)
    #expect(result.succeeded)
    #expect(sink.writtenPages == ["docs/p1/index.html", "docs/index.html"])
  }

  @Test("after a failed first build, the edit that fixes it writes every page, not only the edited one")
  func fixAfterFailure() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
      "content/docs/a.md": "---\ntitle: A\n---\nSee [b](/nowhere/).\n",
      "content/docs/b.md": "---\ntitle: B\n---\nB.\n",
    ])
    var session = ServedSite(options: site.options)
    #expect(!session.update(changed: ["cvsite.yml"], into: RecordingSink()).succeeded)
    try site.write("content/docs/a.md", "---\ntitle: A\n---\nSee [b](/docs/b/).\n")
    let sink = RecordingSink()
    #expect(session.update(changed: ["content/docs/a.md"], into: sink).succeeded)
    #expect(sink.writtenPages.isSuperset(of: ["index.html", "docs/a/index.html", "docs/b/index.html"]))
  }

  @Test("an edit past the summary leaves the section's page alone")
  func editPastSummary() throws {
    var (site, session) = try session()
    let long = "---\ntitle: P2\n---\n" + String(repeating: "Opening words of the page. ", count: 20) + "\n\nEnd.\n"
    try site.write("content/docs/p2.md", long)
    #expect(session.update(changed: ["content/docs/p2.md"], into: RecordingSink()).succeeded)
    try site.write("content/docs/p2.md", long.replacingOccurrences(of: "End.", with: "A new ending."))
    let sink = RecordingSink()
    #expect(session.update(changed: ["content/docs/p2.md"], into: sink).succeeded)
    #expect(sink.writtenPages == ["docs/p2/index.html"])
  }

  @Test("changing a title rewrites the pages whose navigation shows it, and no other")
  func titleEdit() throws {
    var (site, session) = try session()
    try site.write("content/docs/p1.md", "---\ntitle: Renamed\n---\nPage 1.\n")
    let sink = RecordingSink()
    let result = session.update(changed: ["content/docs/p1.md"], into: sink)
    #expect(result.succeeded)
    // The home and blog pages show the docs section closed: their files stay.
    #expect(
      sink.writtenPages == [
        "docs/index.html", "docs/p0/index.html", "docs/p1/index.html", "docs/p2/index.html", "docs/p3/index.html",
        "docs/p4/index.html",
      ])
    #expect(result.fileCount == sink.written.count)
  }

  @Test("after every kind of edit, the served files are those a full build makes, byte for byte")
  func sameAsFullBuild() throws {
    var files = [
      "content/_index.md": "---\ntitle: Home\n---\nHome, see [p2](docs/p2.md#usage).\n",
      "content/docs/_index.md": "---\ntitle: Docs\n---\nDocs.\n",
      "content/blog/_index.md": "---\ntitle: Blog\nlist: cards\npaginate: 2\n---\nBlog.\n",
    ]
    for index in 0..<4 {
      files["content/docs/p\(index).md"] = "---\ntitle: P\(index)\ntags: [one]\n---\nPage \(index).\n\n## Usage\n"
      files["content/blog/b\(index).md"] = "---\ntitle: B\(index)\ndate: 2026-01-0\(index + 1)\n---\nPost \(index).\n"
    }
    let site = try TemporarySite(site: files)
    var session = ServedSite(options: site.options)
    let served = StoringSink()
    #expect(session.update(changed: ["cvsite.yml"], into: served).succeeded)
    let edits: [(String, (TemporarySite) throws -> Void)] = [
      ("body", { try $0.write("content/docs/p1.md", "---\ntitle: P1\ntags: [one]\n---\nNew words.\n\n## Usage\n") }),
      ("title that reorders", { try $0.write("content/docs/p0.md", "---\ntitle: Z0\ntags: [one]\n---\nPage 0.\n") }),
      ("weight", { try $0.write("content/docs/p3.md", "---\ntitle: P3\nweight: -1\n---\nPage 3.\n") }),
      (
        "new tag",
        { try $0.write("content/docs/p2.md", "---\ntitle: P2\ntags: [one, two]\n---\nPage 2.\n\n## Usage\n") }
      ),
      ("new page", { try $0.write("content/docs/p9.md", "---\ntitle: P9\n---\nNew.\n") }),
      ("removed page", { try $0.remove("content/docs/p1.md") }),
      ("post date", { try $0.write("content/blog/b0.md", "---\ntitle: B0\ndate: 2026-02-01\n---\nPost 0.\n") }),
      (
        "summary in a listing",
        { try $0.write("content/blog/b2.md", "---\ntitle: B2\ndate: 2026-01-03\n---\nNew summary.\n") }
      ),
      (
        "heading a link points to", { try $0.write("content/docs/p2.md", "---\ntitle: P2\n---\nPage 2.\n\n## USAGE\n") }
      ),
      // A page added with an error: nothing is written; the fix writes it and renumbers
      // the search records as the failed rebuild would have.
      ("new page with an error", { try $0.write("content/about.md", "---\ntitle: About\n---\n[broken](/nowhere/)\n") }),
      ("the error fixed", { try $0.write("content/about.md", "---\ntitle: About\n---\nFixed.\n") }),
      ("static file", { try $0.write("static/logo.txt", "logo") }),
    ]
    for (name, edit) in edits {
      try edit(site)
      let changed = [
        "content/docs/p0.md", "content/docs/p1.md", "content/docs/p2.md", "content/docs/p3.md", "content/about.md",
        "content/docs/p9.md", "content/blog/b0.md", "content/blog/b2.md", "static/logo.txt",
      ]
      let result = session.update(
        changed: changed.filter { name != "static file" || $0.hasPrefix("static/") }, into: served)
      if name.hasSuffix("with an error") {
        #expect(!result.succeeded, "\(name)")
        continue
      }
      #expect(result.succeeded, "\(name): \(result.diagnostics.summaries)")
      let full = StoringSink()
      #expect(SiteBuild.once(site.options, into: full).succeeded)
      #expect(served.files.keys.sorted() == full.files.keys.sorted(), "\(name)")
      for (path, data) in full.files where served.files[path] != data {
        Issue.record("\(name): \(path) differs from a full build")
      }
    }
  }

  @Test("an edited partial changes the pages that include it, and is no page itself")
  func partialEdited() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n",
      "content/docs/_shared.mdx": "Shared words.\n",
      "content/docs/uses.mdx": "# Uses\n\nimport Shared from './_shared.mdx';\n\n<Shared />\n",
    ])
    var session = ServedSite(options: site.options)
    let served = StoringSink()
    #expect(session.update(changed: ["cvsite.yml"], into: served).succeeded)
    try site.write("content/docs/_shared.mdx", "Other words.\n")
    let result = session.update(changed: ["content/docs/_shared.mdx"], into: served)
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    let page = try #require(served.files["docs/uses/index.html"])
    #expect(String(decoding: page, as: UTF8.self).contains("<p>Other words.</p>"))
    let full = StoringSink()
    #expect(SiteBuild.once(site.options, into: full).succeeded)
    #expect(served.files.keys.sorted() == full.files.keys.sorted())
    for (path, data) in full.files where served.files[path] != data {
      Issue.record("\(path) differs from a full build")
    }
  }

  @Test("a failed rebuild writes nothing; the fix writes what was pending")
  func failedRebuild() throws {
    var (site, session) = try session()
    try site.write("content/docs/p2.md", "---\ntitle: P2\n---\n:::nope\nx\n:::\n")
    let failing = RecordingSink()
    let failed = session.update(changed: ["content/docs/p2.md"], into: failing)
    #expect(!failed.succeeded)
    #expect(failed.diagnostics.errors.first?.location?.path == "content/docs/p2.md")
    #expect(failing.written.isEmpty)
    try site.write("content/docs/p3.md", "---\ntitle: P3\n---\nEdited while p2 was broken.\n")
    #expect(!session.update(changed: ["content/docs/p3.md"], into: failing).succeeded)
    try site.write("content/docs/p2.md", "---\ntitle: P2\n---\nFixed.\n")
    let fixing = RecordingSink()
    #expect(session.update(changed: ["content/docs/p2.md"], into: fixing).succeeded)
    #expect(fixing.writtenPages.isSuperset(of: ["docs/p2/index.html", "docs/p3/index.html"]))
  }

  @Test("after a rebuild of the whole site failed, the edit that fixes it builds the whole site again")
  func wholeRebuildAfterFailedWholeRebuild() throws {
    var files = ["content/_index.md": "---\ntitle: Home\n---\nHome.\n"]
    for index in 0..<3 { files["content/docs/p\(index).md"] = "---\ntitle: P\(index)\n---\nPage \(index).\n" }
    let site = try TemporarySite(site: files)
    var session = ServedSite(options: site.options)
    let served = KeepingSink()
    #expect(session.update(changed: ["cvsite.yml"], into: served).succeeded)
    #expect(served.text("docs/p1/index.html")?.contains("Fixture") == true)
    // The settings change, while a page is broken: nothing of the new title is written.
    try site.write("content/docs/p2.md", "---\ntitle: P2\n---\n:::nope\nx\n:::\n")
    #expect(!session.update(changed: ["content/docs/p2.md"], into: served).succeeded)
    try site.write("cvsite.yml", "title: Renamed Site\nbaseURL: https://example.com/\n")
    #expect(!session.update(changed: ["cvsite.yml"], into: served).succeeded)
    #expect(served.text("docs/p1/index.html")?.contains("Renamed Site") == false)
    // Fixing the page alone brings every page up to the new settings.
    try site.write("content/docs/p2.md", "---\ntitle: P2\n---\nFixed.\n")
    #expect(session.update(changed: ["content/docs/p2.md"], into: served).succeeded)
    #expect(served.text("docs/p1/index.html")?.contains("Renamed Site") == true)
    let full = KeepingSink()
    #expect(SiteBuild.once(site.options, into: full).succeeded)
    #expect(served.paths == full.paths)
    for path in full.paths where served.text(path) != full.text(path) {
      Issue.record("\(path) differs from a full build")
    }
  }

  @Test("a removed page's output is removed")
  func removal() throws {
    var (site, session) = try session()
    try site.remove("content/docs/p4.md")
    let sink = RecordingSink()
    #expect(session.update(changed: ["content/docs/p4.md"], into: sink).succeeded)
    #expect(sink.removed.contains("docs/p4/index.html"))
    #expect(!sink.writtenPages.contains("docs/p4/index.html"))
  }
}
