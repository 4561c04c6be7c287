import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Keeps what a rebuild writes, by path.
final class CapturingSink: OutputSink, @unchecked Sendable {
  private let lock = NSLock()
  private var files: [String: String] = [:]

  func write(_ data: Data, to relativePath: String) throws {
    lock.lock()
    files[relativePath] = String(decoding: data, as: UTF8.self)
    lock.unlock()
  }

  func remove(_ relativePath: String) throws {}

  subscript(path: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    return files[path]
  }
}

/// Rebuilds keep the site-wide parts of a render (navigation, sitemap, link targets)
/// between edits that change no page's navigation: what they write must match a fresh
/// session's full build of the same files.
@Suite("Site-wide data kept between rebuilds")
struct SiteWideCacheTests {
  func session() throws -> (TemporarySite, ServedSite) {
    let (site, session, _) = try servedSession()
    return (site, session)
  }

  /// A site as `serve` builds it and the files it serves: each rebuild writes only the files that
  /// changed into `served`.
  func servedSession() throws -> (TemporarySite, ServedSite, CapturingSink) {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
      "content/docs/_index.md": "---\ntitle: Docs\n---\nDocs.\n",
      "content/docs/p1.md": "---\ntitle: P1\ndate: 2024-01-01\n---\nPage 1.\n",
      "content/docs/p2.md": "---\ntitle: P2\ndate: 2024-01-02\n---\n## Old heading\n\nPage 2.\n",
    ])
    var session = ServedSite(options: site.options)
    let served = CapturingSink()
    let first = session.update(changed: ["cvsite.yml"], into: served)
    #expect(first.succeeded, "\(first.diagnostics.summaries)")
    return (site, session, served)
  }

  /// The error summaries of a fresh session's full build.
  func freshErrors(_ site: TemporarySite) -> [String] {
    SiteBuild.once(site.options, into: DiscardingSink()).diagnostics.errors.summaries
  }

  @Test("a link checks against the ids of a page edited before")
  func editedIDs() throws {
    var (site, session) = try session()
    try site.write("content/docs/p2.md", "---\ntitle: P2\ndate: 2024-01-02\n---\n## New heading\n\nPage 2.\n")
    #expect(session.update(changed: ["content/docs/p2.md"], into: RecordingSink()).succeeded)

    try site.write("content/docs/p1.md", "---\ntitle: P1\ndate: 2024-01-01\n---\n[to p2](/docs/p2/#new-heading)\n")
    let good = session.update(changed: ["content/docs/p1.md"], into: RecordingSink())
    #expect(good.succeeded, "\(good.diagnostics.summaries)")
    #expect(freshErrors(site).isEmpty)

    try site.write("content/docs/p1.md", "---\ntitle: P1\ndate: 2024-01-01\n---\n[to p2](/docs/p2/#old-heading)\n")
    let broken = session.update(changed: ["content/docs/p1.md"], into: RecordingSink())
    #expect(!broken.succeeded)
    #expect(broken.diagnostics.errors.summaries == freshErrors(site))
  }

  @Test("a link to a file added since is not broken")
  func addedFile() throws {
    var (site, session) = try session()
    try site.write("static/notes.txt", "notes\n")
    #expect(session.update(changed: ["static/notes.txt"], into: RecordingSink()).succeeded)
    try site.write("content/docs/p1.md", "---\ntitle: P1\ndate: 2024-01-01\n---\n[notes](/notes.txt)\n")
    let result = session.update(changed: ["content/docs/p1.md"], into: RecordingSink())
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
  }

  @Test("navigation, sitemap and feed follow title and date edits")
  func navigationEdits() throws {
    var (site, session, served) = try servedSession()
    try site.write("content/docs/p1.md", "---\ntitle: Renamed page\ndate: 2024-02-03\n---\nPage 1.\n")
    #expect(session.update(changed: ["content/docs/p1.md"], into: served).succeeded)
    // Then a body edit elsewhere, which reuses what the title edit rebuilt.
    try site.write("content/docs/p2.md", "---\ntitle: P2\ndate: 2024-01-02\n---\nOther body.\n")
    #expect(session.update(changed: ["content/docs/p2.md"], into: served).succeeded)

    let fresh = CapturingSink()
    #expect(SiteBuild.once(site.options, into: fresh).succeeded)
    for path in ["sitemap.xml", "atom.xml", "404.html", "docs/p2/index.html"] {
      #expect(served[path] != nil, "\(path) not written")
      #expect(served[path] == fresh[path], "\(path) differs from a full build")
    }
    #expect(fresh["sitemap.xml"]?.contains("2024-02-03") == true)
    #expect(fresh["docs/p2/index.html"]?.contains("Renamed page") == true)
  }

  @Test("tag edits reach the tag pages, the sitemap and the edited page's term links")
  func tagEdits() throws {
    var (site, session, served) = try servedSession()
    try site.write("content/docs/p1.md", "---\ntitle: P1\ndate: 2024-01-01\ntags: [swift]\n---\nPage 1.\n")
    #expect(session.update(changed: ["content/docs/p1.md"], into: served).succeeded)
    let fresh = CapturingSink()
    #expect(SiteBuild.once(site.options, into: fresh).succeeded)
    for path in ["sitemap.xml", "tags/index.html", "tags/swift/index.html", "docs/p1/index.html"] {
      #expect(served[path] != nil, "\(path) not written")
      #expect(served[path] == fresh[path], "\(path) differs from a full build")
    }
    #expect(fresh["docs/p1/index.html"]?.contains(#"href="/tags/swift/" rel="tag""#) == true)
  }
}
