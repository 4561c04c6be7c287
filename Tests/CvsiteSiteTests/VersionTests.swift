import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

@Suite("Versions")
struct VersionTests {
  /// A site in git: `release/1.x` holds the first commit's pages, the working tree the
  /// newest, and `old/0.9/` a version kept as a folder.
  static func site(settings: String = "", extra: [String: String] = [:]) throws -> TemporarySite {
    let site = try TemporarySite(
      site: [
        "content/_index.md": "---\ntitle: Home\n---\nOne.\n",
        "content/docs/install.md": "---\ntitle: Install\n---\n## Old way\n\nVersion one. See [usage](usage.md).\n",
        "content/docs/usage.md": "---\ntitle: Usage\n---\nUse.\n",
      ])
    try site.git(["init", "-q"])
    try site.git(["add", "."])
    try site.git(["commit", "-qm", "one"], date: "2024-01-01T12:00:00Z")
    try site.git(["branch", "release/1.x"])
    try site.write("content/docs/install.md", "---\ntitle: Install\n---\n## New way\n\nVersion two.\n")
    try site.write("content/docs/new.md", "---\ntitle: New\n---\nOnly in two.\n")
    try site.write("old/0.9/_index.md", "---\ntitle: Home\n---\nZero nine.\n")
    try site.write("old/0.9/docs/legacy.md", "---\ntitle: Legacy\n---\nGone since.\n")
    for (path, text) in extra { try site.write(path, text) }
    try site.write(
      "cvsite.yml",
      """
      title: Fixture
      baseURL: https://example.com/
      versions:
        - name: "2.0"
        - name: "1.x"
          git: release/1.x
        - name: "0.9"
          content: old/0.9

      """ + settings)
    try site.git(["add", "."])
    try site.git(["commit", "-qm", "two"], date: "2024-03-01T12:00:00Z")
    return site
  }

  @Test("each version from a folder or a git ref, in one run, the newest at the root, nothing checked out")
  func versionsBuilt() throws {
    let site = try Self.site()
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(try #require(site.read("docs/install/index.html")).contains("Version two."))
    #expect(try #require(site.read("1.x/docs/install/index.html")).contains("Version one."))
    #expect(try #require(site.read("0.9/docs/legacy/index.html")).contains("Gone since."))
    #expect(!site.exists("1.x/docs/new/index.html"))
    // A link in an older version stays in it.
    #expect(try #require(site.read("1.x/docs/install/index.html")).contains(#"href="/1.x/docs/usage/""#))
    // Search per version.
    #expect(site.exists("1.x/search/meta.json") && site.exists("0.9/search/meta.json"))
    // Nothing was checked out: the working tree holds the newest pages still.
    #expect(
      try String(contentsOf: site.root.appendingPathComponent("content/docs/install.md"), encoding: .utf8)
        .contains("Version two."))
    let versions = try #require(site.read("versions.json"))
    #expect(versions.contains(#"{"name": "1.x", "url": "/1.x/", "newest": false}"#))
    #expect(versions.contains(#"{"name": "2.0", "url": "/", "newest": true}"#))
  }

  @Test("a switcher keeps the page; an older version says so, links the newest page and points its canonical there")
  func olderVersions() throws {
    let site = try Self.site()
    #expect(site.build().result.succeeded)
    let newest = try #require(site.read("docs/install/index.html"))
    #expect(newest.contains(#"<li><a href="/1.x/docs/install/">1.x</a></li>"#))
    #expect(newest.contains(#"<li><a href="/0.9/">0.9</a></li>"#))
    #expect(!newest.contains("cv-older-version"))
    let old = try #require(site.read("1.x/docs/install/index.html"))
    #expect(old.contains("You are reading the documentation of version 1.x, which is not the newest."))
    #expect(old.contains(#"<a href="/docs/install/">Read this page in the newest version</a>"#))
    #expect(old.contains(#"<link rel="canonical" href="https://example.com/docs/install/">"#))
    // A page the newest version lost keeps its own canonical, and its notice leads home.
    let legacy = try #require(site.read("0.9/docs/legacy/index.html"))
    #expect(legacy.contains(#"<link rel="canonical" href="https://example.com/0.9/docs/legacy/">"#))
    #expect(legacy.contains(#"<a href="/">Read this page in the newest version</a>"#))
    let sitemap = try #require(site.read("sitemap.xml"))
    #expect(sitemap.contains("<loc>https://example.com/0.9/docs/legacy/</loc>"))
    #expect(!sitemap.contains("<loc>https://example.com/1.x/docs/install/</loc>"))
  }

  @Test("a problem in a version read from git is located as git names the file")
  func locatedInRef() throws {
    let site = try Self.site()
    try site.git(["checkout", "-q", "release/1.x"])
    try site.write("content/docs/usage.md", "---\ntitle: Usage\n---\nSee [gone](gone.md).\n")
    try site.git(["commit", "-qam", "broken"])
    try site.git(["checkout", "-q", "-"])
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.location?.path == "release/1.x:content/docs/usage.md" && error.location?.line == 4)
    #expect(error.message.contains("gone.md"))
  }

  @Test("bad versions: a ref that does not exist, a missing folder, settings that cannot be")
  func badVersions() throws {
    let site = try Self.site()
    let text = try #require(site.read("cvsite.yml", in: site.root))
    try site.write("cvsite.yml", text.replacingOccurrences(of: "git: release/1.x", with: "git: release/1.y"))
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.message.contains("the git ref `release/1.y` cannot be read"))
    #expect(error.suggestion == "release/1.x" && error.location?.path == "cvsite.yml" && error.location?.line == 5)

    try site.write("cvsite.yml", text.replacingOccurrences(of: "content: old/0.9", with: "content: old/0.8"))
    let missing = try #require(site.build().result.diagnostics.errors.first)
    #expect(missing.message.contains("reads its pages from old/0.8/, which does not exist"))

    let cases: [(String, String)] = [
      ("versions: 2.0\n", "'versions' must be a list"),
      ("versions:\n  - name: a b\n", "one path segment"),
      ("versions:\n  - name: \"2\"\n  - name: \"1\"\n", "needs a `content` folder or a `git` ref"),
      ("versions:\n  - name: \"2\"\n  - name: \"1\"\n    git: x\n    content: y\n", "has both `content` and `git`"),
      ("versions:\n  - name: \"2\"\n  - name: \"2\"\n    git: x\n", "listed twice"),
      ("versions:\n  - name: \"2\"\n    tag: x\n", "unknown setting 'tag' of a version"),
      ("versions:\n  - name: \"2\"\n    path: /v2/\n", "the first version is the newest"),
    ]
    for (settings, message) in cases {
      let plain = try TemporarySite(site: ["content/a.md": "x\n"], config: "title: F\n" + settings)
      let found = try #require(plain.build().result.diagnostics.errors.first, "\(settings)")
      #expect(found.message.contains(message), "\(settings): \(found.message)")
      #expect(found.location?.path == "cvsite.yml", "\(settings)")
    }
  }

  @Test("languages and versions together: each version's translations, under /<version>/<language>/")
  func languagesAndVersions() throws {
    let site = try Self.site(
      settings: "languages:\n  - code: en\n  - code: fr\n",
      extra: ["content/docs/install.fr.md": "---\ntitle: Installer\n---\nVersion deux.\n"])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let french = try #require(site.read("fr/docs/install/index.html"))
    #expect(french.contains("Version deux.") && french.contains(#"<li><a href="/1.x/fr/docs/install/">1.x</a></li>"#))
    let oldFrench = try #require(site.read("1.x/fr/docs/install/index.html"))
    // 1.x had no French page: the original, with both notices, in French.
    #expect(oldFrench.contains("Version one.") && oldFrench.contains("version 1.x"))
    #expect(oldFrench.contains(#"<html lang="fr""#) && oldFrench.contains("pas encore traduite"))
    #expect(oldFrench.contains(#"<a href="/1.x/docs/install/" hreflang="en""#))
  }

  @Test("serve: an edit rebuilds the newest version only; a version from git does not follow the working tree")
  func serveRebuilds() throws {
    let site = try Self.site()
    #expect(SiteSettings.watched(in: site.root).folders.contains("old/0.9"), "a version's folder is watched")
    var session = ServedSite(options: site.options)
    #expect(session.update(changed: ["cvsite.yml"], into: RecordingSink()).succeeded)
    try site.write("content/docs/usage.md", "---\ntitle: Usage\n---\nUse it now.\n")
    let sink = RecordingSink()
    #expect(session.update(changed: ["content/docs/usage.md"], into: sink).succeeded)
    #expect(sink.writtenPages.contains("docs/usage/index.html"))
    #expect(sink.writtenPages.allSatisfy { !$0.hasPrefix("1.x/") && !$0.hasPrefix("0.9/") }, "\(sink.writtenPages)")

    try site.write("old/0.9/docs/legacy.md", "---\ntitle: Legacy\n---\nStill gone.\n")
    let old = RecordingSink()
    #expect(session.update(changed: ["old/0.9/docs/legacy.md"], into: old).succeeded)
    #expect(old.writtenPages.contains("0.9/docs/legacy/index.html"))
    #expect(!old.writtenPages.contains("docs/usage/index.html"))
  }
}
