import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A page whose body one walk writes takes its URLs and ids from that walk: they must be
/// what a scan of its finished body finds, on every kind of page and under a base path.
@Suite struct BodyFactsTests {
  @Test("the links kept for the check after every page is read keep their places")
  func placesOfLinksIntoTheSite() {
    var facts = BodyFacts()
    facts.addHref("https://example.org/", at: SourcePlace(line: 4, column: 1))
    facts.addHref("/a/", at: SourcePlace(line: 5, column: 2))
    facts.take(html: "<h2 id=\"h\"><a href=\"#h\">#</a></h2>")
    facts.addHref("/b/", at: SourcePlace(line: 7, column: 3))
    facts.addSource("//cdn.example.org/i.png", at: SourcePlace(line: 8, column: 1))
    facts.addSource("/i.png", at: SourcePlace(line: 9, column: 4))
    let (links, _) = LinkAttributes.withIDs(of: facts, basePath: "/")
    #expect(links.place(of: "href", at: 2) == nil)
    #expect(links.place(of: "src", at: 1) == SourcePlace(line: 9, column: 4))
    let kept = links.intoSite
    #expect(kept.hrefs == ["/a/", "#h", "/b/"])
    #expect(kept.sources == ["/i.png"])
    let places = kept.hrefs.indices.map { kept.place(of: "href", at: $0) }
    #expect(places == [SourcePlace(line: 5, column: 2), nil, SourcePlace(line: 7, column: 3)])
    #expect(kept.place(of: "src", at: 0) == SourcePlace(line: 9, column: 4))
    #expect(kept.place(of: "action", at: 0) == nil)
  }

  @Test(
    "the URLs and ids a page came with are those its body holds",
    arguments: [("/", "false"), ("/manual/", "false"), ("/", "true"), ("/manual/", "trusted")])
  func factsAreTheBodysOwn(basePath: String, rawHTML: String) throws {
    var files = JunkSite.files(pages: 160, seed: 11)
    // Raw HTML as authors write it: links, images, ids, single quotes, a value left open.
    let raw = [
      "<a href=\"/docs/\">docs</a> and <img src=\"/i.png\" alt=\"i\">",
      "<div id=\"box\" class='c'>\n<a href='/single/'>s</a>\n</div>",
      "Text <span id=\"s\">x</span> then [md](/md/).",
      "<div><a href=\"open>\n\nThen a \"quote\" and <a href=\"/after/\">after</a>.",
      "<div id=\"open>\n\n<p id=\"after\">x</p>",
      "<p>\n<a href=\"/a/\"\n   id=\"multi\">x</a>\n</p>\n\n## Heading <em id=\"e\">e</em>",
    ]
    for (index, body) in raw.enumerated() { files["content/raw-\(index).md"] = "---\ntitle: R\n---\n" + body + "\n" }
    let site = try TemporarySite(site: files)
    var config = SiteConfig()
    config.baseURL = "https://example.org" + basePath
    (config.rawHTML, config.trustsRawHTML) = (rawHTML != "false", rawHTML == "trusted")
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
      #expect([taken.hrefs, taken.sources, taken.actions] == [links.hrefs, links.sources, links.actions], "\(path)")
    }
    #expect(withFacts > 10)
    #expect(scanned > 10)
  }

  @Test(
    "a Markdown link is placed by its parse, and its URL found from there: front matter, lists, quotes, wrapped lines")
  func linkPlaces() throws {
    let page = """
      ---
      title: Places
      ---
      Text `[x](/code/)` then [a](/a/) and ![i](/i.png).

      - one
        more [b
        wrapped](/b/)

      > [c][ref] and <https://example.org/d>

      [ref]: /c/
      """
    let site = try TemporarySite(site: ["content/index.md": page])
    let themes = repositoryRoot.appendingPathComponent("themes")
    let theme = try #require(SiteThemeAdapter.load(name: "default", siteRoot: site.root, searchPaths: [themes]).0)
    let parser = LoadedTree(options: BuildOptions(siteRoot: site.root), config: SiteConfig(), theme: theme).parser()
    let url = site.root.appendingPathComponent("content/index.md")
    let file = ContentFile(sitePath: "content/index.md", relativePath: "index.md", kind: .page, url: url)
    let links = try #require(parser.parse(bytes: Array(page.utf8), file: file).links)
    #expect(links.hrefs == ["/a/", "/b/", "/c/", "https://example.org/d"])
    // Where libcmark places the link: its start, on one line, exactly.
    #expect(links.place(of: "href", at: 0) == SourcePlace(line: 4, column: 25))
    #expect(links.place(of: "href", at: 2) == SourcePlace(line: 10, column: 3))
    #expect(links.place(of: "src", at: 0) == SourcePlace(line: 4, column: 38))
    // A link over two lines libcmark places on its last line, and an autolink in a quote
    // two columns early: their URLs are found from there. A reference link's URL is at
    // its definition; the `[x](/code/)` in code is passed over.
    var locator = LinkLocator(source: Array(page.utf8))
    let found = links.hrefs.indices.map { index in
      let (line, column, _) = locator.locate(links.hrefs[index], kind: "href", near: links.place(of: "href", at: index))
      return "\(line):\(column)"
    }
    #expect(found == ["4:29", "8:12", "12:8", "10:17"])
    let (line, column, _) = locator.locate(links.sources[0], kind: "src", near: links.place(of: "src", at: 0))
    #expect((line, column) == (4, 43))
  }
}
