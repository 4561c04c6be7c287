import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// `INHERIT`, `not_in_nav` and `draft_docs` of an MkDocs project's settings.
@Suite("MkDocs settings: inheritance, pages out of the navigation, drafts")
struct MkDocsInheritanceTests {
  static func read(_ files: [String: String], file: String = "mkdocs.yml") -> (SiteConfig, [Diagnostic]) {
    MkDocsSettings.read(files[file] ?? "", path: file, environment: [:], files: { files[$0] })
  }

  @Test("INHERIT reads the parent first; the file's own keys replace the parent's")
  func inherits() {
    let (config, problems) = Self.read([
      "mkdocs.yml": "INHERIT: config/base.yml\nsite_name: Child\n",
      "config/base.yml": "INHERIT: ../shared.yml\nsite_name: Base\nsite_url: https://base.example/\n",
      "shared.yml": "site_author: Ada\nsite_url: https://shared.example/\ncolour: red\n",
    ])
    #expect(config.title == "Child")
    #expect(config.baseURL == "https://base.example/")
    #expect(config.author == "Ada")
    let unknown = problems.first { $0.message.contains("colour") }
    #expect(unknown?.location == SourceLocation(path: "shared.yml", line: 3, column: 1), "located in its own file")
    #expect(unknown?.sourceLine == "colour: red")
  }

  @Test("the parents are the settings' inputs: serve watches them and reads the settings again")
  func parentsAreWatched() throws {
    let site = try TemporarySite(files: [
      "mkdocs.yml": "INHERIT: config/base.yml\nsite_name: Child\n",
      "config/base.yml": "INHERIT: ../shared.yml\nsite_author: Ada\n",
      "shared.yml": "site_url: https://shared.example/\n",
      "docs/index.md": "# Home\n",
    ])
    let (config, _) = SiteSettings.read(
      "INHERIT: config/base.yml\nsite_name: Child\n", file: "mkdocs.yml", root: site.root)
    #expect(config.settingsInputs == ["config/base.yml", "shared.yml"])
    let watched = SiteSettings.watched(in: site.root)
    #expect(watched.files.contains("shared.yml") && watched.folders.contains("config"))
  }

  @Test("a missing parent is a located warning (a script may write it), a loop a located error")
  func brokenInheritance() {
    let (config, missing) = Self.read(["mkdocs.yml": "site_name: A\nINHERIT: base.yml\n"])
    #expect(
      missing.map(\.message) == [
        "'INHERIT': cannot read base.yml (a path relative to mkdocs.yml, inside the project or its repository): "
          + "the site is built without its settings; if a script writes it, run the script first"
      ])
    #expect(missing.map(\.severity) == [.warning])
    #expect(missing.first?.location?.line == 2)
    #expect(config.title == "A", "the file's own settings are read")
    let (_, loop) = Self.read([
      "mkdocs.yml": "site_name: A\nINHERIT: a.yml\n", "a.yml": "INHERIT: mkdocs.yml\n",
    ])
    #expect(loop.map(\.severity) == [.error])
    #expect(loop.first?.message.contains("mkdocs.yml → a.yml → mkdocs.yml") == true)
    #expect(loop.first?.location?.path == "a.yml")
  }

  @Test("not_in_nav leaves pages out of the navigation made from the folders; draft_docs makes drafts")
  func pagesOutOfNavigationAndDrafts() throws {
    let site = try TemporarySite(files: [
      "mkdocs.yml": "site_name: S\nnot_in_nav: |\n  /hidden.md\n  extra/\ndraft_docs: |\n  wip-*.md\n",
      "docs/index.md": "# Home\n",
      "docs/shown.md": "# Shown\n",
      "docs/hidden.md": "# Hidden\n",
      "docs/extra/more.md": "# More\n",
      "docs/wip-plan.md": "# Plan\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(outcome.result.diagnostics.allSatisfy { !$0.message.contains("not_in_nav") })
    let output = site.root.appendingPathComponent("site")
    let page = try #require(site.read("shown/index.html", in: output))
    let nav = try #require(page.firstRange(of: "<nav class=\"cv-nav\"").map { String(page[$0.lowerBound...]) })
    #expect(nav.contains(">Shown<"))
    #expect(!nav.contains(">Hidden<") && !nav.contains(">More<"))
    #expect(site.exists("hidden/index.html", in: output) && site.exists("extra/more/index.html", in: output))
    #expect(!site.exists("wip-plan/index.html", in: output), "a draft is not built")
    let drafts = site.build { $0.drafts = true }
    #expect(drafts.result.succeeded)
    #expect(site.exists("wip-plan/index.html", in: output), "but is with drafts")
  }
}
