import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// `index.md` and `README.md` are a folder's own page, as `_index.md` is: the names other
/// generators (MkDocs, Docusaurus, VitePress, Starlight) and code hosts give it.
@Suite("Folder pages named index.md and README.md")
struct FolderIndexTests {
  static let files = [
    "content/index.md": "---\ntitle: Home\n---\nRead [the guide](guide/README.md) and [the API](api/index.md#calls).\n",
    "content/guide/README.md": "---\ntitle: Guide\n---\nStart here.\n",
    "content/guide/setup.md": "---\ntitle: Setup\n---\nSteps.\n",
    "content/api/index.md": "---\ntitle: API\n---\n## Calls\nThe calls.\n",
    "content/api/calls.md": "---\ntitle: Calls\n---\nEach call.\n",
  ]

  @Test("they build to the folder's URL, list the folder's pages and take links written to them")
  func build() throws {
    let site = try TemporarySite(site: Self.files)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let home = try #require(site.read("index.html"))
    #expect(home.contains("<title>Home"))
    #expect(home.contains(#"href="/guide/""#) && home.contains(#"href="/api/#calls""#))
    let guide = try #require(site.read("guide/index.html"))
    #expect(guide.contains("<title>Guide") && guide.contains("Start here."))
    // The folder's page lists its pages, as an `_index.md` does.
    #expect(try #require(guide.components(separatedBy: "<article").last).contains(#"href="/guide/setup/""#))
    #expect(site.read("api/index.html")?.contains("<title>API") == true)
    for stray in ["index/index.html", "guide/README/index.html", "api/index/index.html"] {
      #expect(!site.exists(stray), "\(stray) was written")
    }
    #expect(site.read("sitemap.xml")?.contains("https://example.com/guide/</loc>") == true)
  }

  @Test("two of them in one folder are an error at each, naming both")
  func twoInOneFolder() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHi.\n",
      "content/docs/_index.md": "---\ntitle: Docs\n---\nOne.\n",
      "content/docs/README.md": "---\ntitle: Read me\n---\nTwo.\n",
    ])
    let outcome = site.build()
    #expect(!outcome.result.succeeded)
    let errors = outcome.result.diagnostics.errors.summaries
    #expect(
      errors.contains(
        "content/docs/README.md:1:1: error: two pages map to /docs/: content/docs/README.md and content/docs/_index.md"),
      "\(errors)")
    #expect(
      errors.contains(
        "content/docs/_index.md:1:1: error: two pages map to /docs/: content/docs/_index.md and content/docs/README.md"),
      "\(errors)")
  }

  @Test("in serve, an index.md written into a folder replaces its made-up section page")
  func serve() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHi.\n", "content/docs/a.md": "---\ntitle: A\n---\nText.\n",
    ])
    var session = ServedSite(options: site.options)
    #expect(session.update(changed: ["cvsite.yml"], into: RecordingSink()).succeeded)
    #expect(session.pages["content/docs/_index.md"]?.isImplicit == true)
    try site.write("content/docs/index.md", "---\ntitle: The docs\n---\nAll of them.\n")
    let sink = RecordingSink()
    let result = session.update(changed: ["content/docs/index.md"], into: sink)
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    #expect(session.pages["content/docs/_index.md"] == nil)
    #expect(session.pages["content/docs/index.md"]?.page.url == "/docs/")
    #expect(sink.writtenPages.contains("docs/index.html"))
    #expect(!sink.writtenPages.contains("docs/index/index.html"))

    // Removed again, the made-up section page comes back at the same URL, and its output
    // is not removed after it was written.
    try site.remove("content/docs/index.md")
    let after = RecordingSink()
    #expect(session.update(changed: ["content/docs/index.md"], into: after).succeeded)
    #expect(session.pages["content/docs/_index.md"]?.isImplicit == true)
    #expect(after.writtenPages.contains("docs/index.html"))
    #expect(!after.removed.contains("docs/index.html"), "\(after.removed)")
  }

  @Test(
    "pages written as .markdown, .mdown or .MD are pages, their links resolve, and an index.markdown is its folder's page; none is copied as a file"
  )
  func otherExtensions() throws {
    let site = try TemporarySite(site: [
      "content/_index.md":
        "---\ntitle: Home\n---\nSee [notes](notes.markdown), [old](old.mdown) and [loud](LOUD.MD).\n",
      "content/notes.markdown": "---\ntitle: Notes\n---\nNotes.\n",
      "content/old.mdown": "# Old page\n\nOld.\n",
      "content/LOUD.MD": "Loud.\n",
      "content/guide/index.markdown": "---\ntitle: Guide\n---\nGuide.\n",
      "content/guide/step.mkd": "---\ntitle: Step\n---\nStep.\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let home = try #require(site.read("index.html"))
    #expect(home.contains(#"href="/notes/""#) && home.contains(#"href="/old/""#) && home.contains(#"href="/LOUD/""#))
    #expect(site.read("old/index.html")?.contains("<title>Old page") == true)
    #expect(site.read("LOUD/index.html")?.contains("<title>LOUD") == true)
    #expect(site.read("guide/index.html")?.contains("<title>Guide") == true)
    #expect(site.exists("guide/step/index.html"))
    for copied in ["notes.markdown", "old.mdown", "LOUD.MD", "guide/index.markdown", "guide/step.mkd"] {
      #expect(!site.exists(copied), "\(copied) copied as a file")
    }
  }
}
