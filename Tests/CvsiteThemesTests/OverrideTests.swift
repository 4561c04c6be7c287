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
          assets[asset.outputPath] = try String(contentsOf: asset.source, encoding: .utf8)
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
}
