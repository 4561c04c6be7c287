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

@Suite("Incremental rebuilds")
struct IncrementalTests {
  func session() throws -> (TemporarySite, SiteSession) {
    var files = [
      "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
      "content/docs/_index.md": "---\ntitle: Docs\n---\nDocs.\n",
      "content/blog/_index.md": "---\ntitle: Blog\n---\nBlog.\n",
    ]
    for index in 0..<5 { files["content/docs/p\(index).md"] = "---\ntitle: P\(index)\n---\nPage \(index).\n" }
    let site = try TemporarySite(site: files)
    let session = SiteSession(options: site.options)
    let first = session.update(changed: ["cvsite.yml"], into: RecordingSink())
    #expect(first.succeeded, "\(first.diagnostics.summaries)")
    return (site, session)
  }

  @Test("editing a page's body rewrites that page and its section's page only")
  func bodyEdit() throws {
    let (site, session) = try session()
    try site.write("content/docs/p1.md", "---\ntitle: P1\n---\nChanged body.\n")
    let sink = RecordingSink()
    let result = session.update(changed: ["content/docs/p1.md"], into: sink)
    #expect(result.succeeded)
    #expect(sink.writtenPages == ["docs/p1/index.html", "docs/index.html"])
  }

  @Test("an edit past the summary leaves the section's page alone")
  func editPastSummary() throws {
    let (site, session) = try session()
    let long = "---\ntitle: P2\n---\n" + String(repeating: "Opening words of the page. ", count: 20) + "\n\nEnd.\n"
    try site.write("content/docs/p2.md", long)
    #expect(session.update(changed: ["content/docs/p2.md"], into: RecordingSink()).succeeded)
    try site.write("content/docs/p2.md", long.replacingOccurrences(of: "End.", with: "A new ending."))
    let sink = RecordingSink()
    #expect(session.update(changed: ["content/docs/p2.md"], into: sink).succeeded)
    #expect(sink.writtenPages == ["docs/p2/index.html"])
  }

  @Test("changing a title rewrites every page (the navigation shows it)")
  func titleEdit() throws {
    let (site, session) = try session()
    try site.write("content/docs/p1.md", "---\ntitle: Renamed\n---\nPage 1.\n")
    let sink = RecordingSink()
    #expect(session.update(changed: ["content/docs/p1.md"], into: sink).succeeded)
    #expect(sink.writtenPages.count == 8)
  }

  @Test("a failed rebuild writes nothing; the fix writes what was pending")
  func failedRebuild() throws {
    let (site, session) = try session()
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

  @Test("a removed page's output is removed")
  func removal() throws {
    let (site, session) = try session()
    try site.remove("content/docs/p4.md")
    let sink = RecordingSink()
    #expect(session.update(changed: ["content/docs/p4.md"], into: sink).succeeded)
    #expect(sink.removed.contains("docs/p4/index.html"))
    #expect(!sink.writtenPages.contains("docs/p4/index.html"))
  }
}
