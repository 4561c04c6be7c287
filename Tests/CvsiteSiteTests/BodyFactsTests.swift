import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A page whose body one walk writes takes its URLs and ids from that walk: they must be
/// what a scan of its finished body finds, on every kind of page and under a base path.
@Suite struct BodyFactsTests {
  @Test("the URLs and ids a page came with are those its body holds", arguments: ["/", "/manual/"])
  func factsAreTheBodysOwn(basePath: String) throws {
    let site = try TemporarySite(site: JunkSite.files(pages: 160, seed: 11))
    var config = SiteConfig()
    config.baseURL = "https://example.org" + basePath
    #expect(config.basePath == basePath)
    let themes = repositoryRoot.appendingPathComponent("themes")
    let theme = try #require(
      SiteThemeAdapter.load(name: "default", siteRoot: site.root, searchPaths: [themes]).0)
    let parser = LoadedTree(options: BuildOptions(siteRoot: site.root), config: config, theme: theme).parser()
    var (withFacts, scanned) = (0, 0)
    for path in try FileManager.default.subpathsOfDirectory(atPath: site.root.appendingPathComponent("content").path)
    where path.hasSuffix(".md") {
      let url = site.root.appendingPathComponent("content/" + path)
      let file = ContentFile(
        sitePath: "content/" + path, relativePath: path,
        kind: path.hasSuffix("_index.md") ? .sectionIndex : .page, url: url)
      let parsed = parser.parse(bytes: Array(try Data(contentsOf: url)), file: file)
      let (links, ids) = LinkAttributes.withIDs(of: parsed.page.bodyHTML)
      #expect(parsed.ids == ids, "\(path)")
      // A one-off build's parser keeps links only when the body came with them.
      guard let taken = parsed.links else {
        scanned += 1
        continue
      }
      withFacts += 1
      #expect(taken == links, "\(path)")
    }
    #expect(withFacts > 10)
    #expect(scanned > 10)
  }
}
