import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A folder with pages but no `_index.md` is a section all the same: it gets a page that
/// lists its pages, and the navigation shows it.
@Suite("Sections without _index.md")
struct ImplicitSectionTests {
  static let files = [
    "content/_index.md": "---\ntitle: Home\n---\nSee [the guides](/user-guides/).\n",
    "content/user-guides/install.md": "---\ntitle: Install\n---\nSteps.\n",
    "content/user-guides/advanced/tuning.md": "---\ntitle: Tuning\n---\nKnobs.\n",
    "content/notes/later.md": "---\ntitle: Later\ndraft: true\n---\nNot yet.\n",
  ]

  @Test("folders get a section page titled after them, listed in the navigation; draft-only folders do not")
  func build() throws {
    let site = try TemporarySite(site: Self.files)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let guides = try #require(site.read("user-guides/index.html"))
    #expect(guides.contains("<title>User guides"))
    // Its page lists what it holds as cards (in the body, not only in the navigation).
    let body = try #require(guides.components(separatedBy: "<article").last)
    #expect(body.contains("cv-cards"))
    #expect(body.contains(#"href="/user-guides/install/""#))
    #expect(body.contains(#"href="/user-guides/advanced/""#))
    let advanced = try #require(site.read("user-guides/advanced/index.html"))
    #expect(advanced.contains(#"href="/user-guides/advanced/tuning/""#))
    let home = try #require(site.read("index.html"))
    #expect(home.contains(#"href="/user-guides/""#) && home.contains("User guides"))
    #expect(!site.exists("notes/index.html"))
    #expect(site.read("sitemap.xml")?.contains("https://example.com/user-guides/advanced/") == true)
    let drafts = site.build { $0.drafts = true }
    #expect(drafts.result.succeeded)
    #expect(site.exists("notes/index.html"))
  }

  @Test("a site without content/_index.md still gets a home page")
  func home() throws {
    let site = try TemporarySite(site: ["content/a.md": "---\ntitle: A\n---\nText.\n"])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(site.read("index.html")?.contains(#"href="/a/""#) == true)
  }

  @Test("in serve, writing an _index.md replaces the made-up section; removing a folder's last page removes it")
  func serve() throws {
    let site = try TemporarySite(site: Self.files)
    var session = ServedSite(options: site.options)
    #expect(session.update(changed: ["cvsite.yml"], into: RecordingSink()).succeeded)
    #expect(session.pages["content/user-guides/_index.md"]?.isImplicit == true)

    try site.write("content/user-guides/_index.md", "---\ntitle: Guides for users\n---\nAll of them.\n")
    var sink = RecordingSink()
    #expect(session.update(changed: ["content/user-guides/_index.md"], into: sink).succeeded)
    #expect(session.pages["content/user-guides/_index.md"]?.isImplicit == false)
    #expect(session.pages["content/user-guides/_index.md"]?.page.metadata.title == "Guides for users")
    #expect(sink.writtenPages.contains("index.html"), "the navigation changed: every page is rewritten")

    try site.remove("content/user-guides/_index.md")
    sink = RecordingSink()
    #expect(session.update(changed: ["content/user-guides/_index.md"], into: sink).succeeded)
    #expect(session.pages["content/user-guides/_index.md"]?.isImplicit == true)
    #expect(sink.writtenPages.contains("user-guides/index.html"))
    #expect(!sink.removed.contains("user-guides/index.html"))

    try site.remove("content/user-guides/advanced/tuning.md")
    sink = RecordingSink()
    #expect(session.update(changed: ["content/user-guides/advanced/tuning.md"], into: sink).succeeded)
    #expect(session.pages["content/user-guides/advanced/_index.md"] == nil)
    #expect(sink.removed.contains("user-guides/advanced/index.html"))
    #expect(session.pages["content/user-guides/_index.md"]?.isImplicit == true)
  }

  static let draftSection = [
    "content/_index.md": "---\ntitle: Home\n---\nHi.\n",
    "content/guides/_index.md": "---\ntitle: Secret guides\ndraft: true\n---\nNot yet.\n",
    "content/guides/install.md": "---\ntitle: Install\n---\nSteps.\n",
  ]

  @Test("a draft _index.md leaves its folder a made-up section, until a build with drafts")
  func draftSectionPage() throws {
    let site = try TemporarySite(site: Self.draftSection)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let guides = try #require(site.read("guides/index.html"))
    #expect(guides.contains("<title>Guides") && !guides.contains("Secret guides"))
    #expect(guides.contains(#"href="/guides/install/""#))
    #expect(site.read("index.html")?.contains(#"href="/guides/""#) == true)
    let drafts = site.build { $0.drafts = true }
    #expect(drafts.result.succeeded, "\(drafts.result.diagnostics.summaries)")
    #expect(site.read("guides/index.html")?.contains("<title>Secret guides") == true)
  }

  @Test("in serve, a section page turning draft gives way to a made-up one, and back")
  func draftSectionPageInServe() throws {
    let site = try TemporarySite(site: Self.draftSection)
    var session = ServedSite(options: site.options)
    #expect(session.update(changed: ["cvsite.yml"], into: RecordingSink()).succeeded)
    #expect(session.pages["content/guides/_index.md"]?.isImplicit == true)

    try site.write("content/guides/_index.md", "---\ntitle: Guides now\n---\nReady.\n")
    var sink = RecordingSink()
    #expect(session.update(changed: ["content/guides/_index.md"], into: sink).succeeded)
    #expect(session.pages["content/guides/_index.md"]?.isImplicit == false)
    #expect(sink.writtenPages.contains("guides/index.html"))

    try site.write("content/guides/_index.md", "---\ntitle: Guides now\ndraft: true\n---\nReady.\n")
    sink = RecordingSink()
    #expect(session.update(changed: ["content/guides/_index.md"], into: sink).succeeded)
    #expect(session.pages["content/guides/_index.md"]?.isImplicit == true)
    #expect(sink.writtenPages.contains("guides/index.html") && !sink.removed.contains("guides/index.html"))
  }
}
