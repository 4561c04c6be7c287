import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteThemes

/// A site shadows single theme files: `layouts/…` first, then `themes/<name>/…`, then
/// the built-in theme.
@Suite struct OverrideTests {
  static let manifest = """
    name: base
    cvsite: ">=0.1"
    values:
      tone: [calm, loud]
    containers:
      box:
        reads: [tone]

    """

  /// The theme loaded for a site made of `site`'s files, with the text of each of its
  /// assets by output path (read before the folders are removed).
  static func setUp(site: [String: String]) throws -> (Theme?, [Diagnostic], assets: [String: String]) {
    let builtIn = [
      "base/theme.yml": manifest, "base/layouts/page.mustache": "theme page {{{content}}}",
      "base/layouts/containers/box.mustache": "theme box", "base/assets/site.css": "theme css",
      "base/assets/extra.js": "theme js",
    ]
    return try withThemeFolder(builtIn) { builtIn in
      try withThemeFolder(site.merging(["cvsite.yml": "theme: base\n"]) { a, _ in a }) { siteRoot in
        let (theme, diagnostics) = Theme.load(named: "base", siteRoot: siteRoot, searchPaths: [builtIn])
        var assets: [String: String] = [:]
        for asset in theme?.assets ?? [] {
          assets[asset.outputPath] = String(decoding: try #require(asset.contents()), as: UTF8.self)
        }
        return (theme, diagnostics, assets)
      }
    }
  }

  static let box = instance("box", id: "b", children: [])

  @Test func theBuiltInThemeAloneRendersItsOwnFiles() throws {
    let theme = try #require(Self.setUp(site: [:]).0)
    #expect(theme.renderer.render(Self.box) == "theme box")
    #expect(theme.renderPage(PageContext(title: "T", bodyHTML: "x", siteTitle: "S")) == "theme page x")
  }

  @Test func aSiteThemesFolderShadowsOneFile() throws {
    let theme = try #require(Self.setUp(site: ["themes/base/layouts/containers/box.mustache": "site box"]).0)
    #expect(theme.renderer.render(Self.box) == "site box")
    #expect(theme.renderPage(PageContext(title: "T", bodyHTML: "x", siteTitle: "S")) == "theme page x")
  }

  @Test func theSiteLayoutsFolderWinsOverEverything() throws {
    let theme = try #require(
      Self.setUp(site: [
        "themes/base/layouts/containers/box.mustache": "site box", "layouts/containers/box.mustache": "layouts box",
        "layouts/page.mustache": "layouts page {{{content}}}",
      ]).0)
    #expect(theme.renderer.render(Self.box) == "layouts box")
    #expect(theme.renderPage(PageContext(title: "T", bodyHTML: "x", siteTitle: "S")) == "layouts page x")
  }

  @Test func assetsAndTheManifestCanBeShadowedToo() throws {
    let (loaded, diagnostics, assets) = try Self.setUp(site: [
      "themes/base/assets/site.css": "site css",
      "themes/base/theme.yml": Self.manifest.replacingOccurrences(of: "[calm, loud]", with: "[calm, loud, quiet]"),
    ])
    let theme = try #require(loaded, "\(diagnostics)")
    #expect(assets["assets/site.css"] == "site css")
    #expect(assets["assets/extra.js"] == "theme js")
    #expect(theme.assets.map(\.outputPath) == ["assets/extra.js", "assets/site.css"])
    #expect(theme.schema.values["tone"]?.type == .enumeration(["calm", "loud", "quiet"]))
  }

  @Test func aBrokenOverrideIsReportedAtTheSitePath() throws {
    let (theme, diagnostics, _) = try Self.setUp(site: ["layouts/containers/box.mustache": "{{#open}}\n"])
    #expect(theme == nil)
    #expect(
      diagnostics.map(\.description).contains {
        $0.hasPrefix("layouts/containers/box.mustache:1:1: error: Mustache: `open` is never closed")
      })
  }

  /// The theme's files as the executable carries them: in memory, not in a folder.
  static var compiledIn: FileTree {
    .memory(
      [
        "theme.yml": Array(manifest.utf8), "layouts/page.mustache": Array("memory page {{{content}}}".utf8),
        "layouts/containers/box.mustache": Array("memory box".utf8), "assets/site.css": Array("memory css".utf8),
      ],
      label: "built-in theme `base`")
  }

  @Test func aThemeCompiledInRendersAndIsOverriddenFileByFile() throws {
    let alone = try #require(
      Theme.load(named: "base", siteRoot: nil, searchPaths: [], builtIn: ["base": Self.compiledIn]).0)
    #expect(alone.renderer.render(Self.box) == "memory box")
    #expect(alone.assets.map(\.outputPath) == ["assets/site.css"])
    #expect(alone.assets.first?.contents() == Array("memory css".utf8))
    #expect(alone.assets.first?.displayPath == "built-in theme `base`/assets/site.css")
    // A folder of themes (`--themes`, `CVSITE_THEMES`) and then the site's own themes/
    // each replace single files; the rest still comes from the executable.
    let folder = ["base/layouts/containers/box.mustache": "folder box", "base/assets/site.css": "folder css"]
    try withThemeFolder(folder) { themes in
      try withThemeFolder(["themes/base/layouts/page.mustache": "site page {{{content}}}"]) { site in
        let (loaded, diagnostics) = Theme.load(
          named: "base", siteRoot: site, searchPaths: [themes], builtIn: ["base": Self.compiledIn])
        let theme = try #require(loaded, "\(diagnostics)")
        #expect(theme.renderer.render(Self.box) == "folder box")
        #expect(theme.renderPage(PageContext(title: "T", bodyHTML: "x", siteTitle: "S")) == "site page x")
        #expect(theme.assets.first?.contents() == Array("folder css".utf8))
        #expect(theme.trees.count == 3)
      }
    }
    #expect(Theme.names(siteRoot: nil, searchPaths: [], builtIn: ["base": Self.compiledIn]) == ["base"])
  }

  @Test func aBrokenFileOfACompiledInThemeIsNamedByItsLabel() throws {
    var files = [String: [UInt8]]()
    for path in Self.compiledIn.relativePaths() { files[path] = Self.compiledIn.contents(path) }
    files["layouts/containers/box.mustache"] = Array("{{#open}}\n".utf8)
    let (theme, diagnostics) = Theme.load(
      named: "base", siteRoot: nil, searchPaths: [], builtIn: ["base": .memory(files, label: "built-in theme `base`")])
    #expect(theme == nil)
    #expect(
      diagnostics.map(\.description).contains {
        $0.hasPrefix(
          "built-in theme `base`/layouts/containers/box.mustache:1:1: error: Mustache: `open` is never closed")
      }, "\(diagnostics)")
  }

  @Test func anUnknownThemeNamesWhereItLookedAndWhatIsBuiltIn() throws {
    let (theme, diagnostics) = Theme.load(
      named: "bsae", siteRoot: nil, searchPaths: [], builtIn: ["base": Self.compiledIn])
    #expect(theme == nil)
    let problem = try #require(diagnostics.first)
    #expect(problem.message == "theme `bsae` not found (looked in the site's themes/; built in: `base`)")
    #expect(problem.suggestion == "base")
  }
}
