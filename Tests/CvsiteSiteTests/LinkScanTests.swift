import CvsiteCore
import CvsiteTestSupport
import Testing

@testable import CvsiteSite

/// The byte scan behind link checking (memchr to each `=`, then a compare) finds exactly
/// what a plain substring search finds, on generated HTML with near-misses, quotes,
/// non-ASCII neighbours and markers at both ends.
@Suite struct LinkScanTests {
  @Test func theByteScanFindsWhatASubstringSearchFinds() {
    let pieces = [
      " href=\"/a/\"", " href=\"#x\"", "href=\"/no-space/\"", " hre=\"/near/\"", " href='/single/'", "=", "\"",
      " ", "<a", ">", "text", "é", " href=\"/é/\"", "\u{301}", " id=\"top\"", " href=\"", "x=\"y\"", "\n",
    ]
    var generator = PieceGenerator(pieces: pieces, seed: 0xC0FFEE)
    var withLinks = 0
    for _ in 0..<2000 {
      let html = generator.string(fewerThan: 12, atLeast: 1)
      let scanned = AttributeValues.of("href", in: html)
      #expect(scanned == AttributeValues.searching("href", in: html), "\(html.debugDescription)")
      if !scanned.isEmpty { withLinks += 1 }
    }
    #expect(withLinks > 500)
    #expect(AttributeValues.of("href", in: "<a href=\"/a/\">x</a><a href=\"/b/#c\">") == ["/a/", "/b/#c"])
  }

  /// One pass for several names finds, for each, what its own substring search finds:
  /// also where one name's marker sits inside another's value or ends at its quote.
  @Test func oneScanForSeveralNamesFindsWhatEachSearchFinds() {
    let pieces = [
      " href=\"/a/\"", " src=\"/s.png\"", " action=\"/f/\"", " id=\"top\"", " src=\"x href=\"",
      " href=\"y src=\"", " action=\"", " src=\"é\"", "é", "=", "\"", " ", "<img", ">", "src", " href=\"",
    ]
    var generator = PieceGenerator(pieces: pieces, seed: 0xF00D)
    let names = ["href", "src", "action", "id"]
    var found = [0, 0, 0, 0]
    for _ in 0..<3000 {
      let html = generator.string(fewerThan: 12, atLeast: 1)
      let scanned = AttributeValues.of(names, in: html)
      for (index, name) in names.enumerated() {
        #expect(
          scanned[index] == AttributeValues.searching(name, in: html), "\(name) in \(html.debugDescription)")
        if !scanned[index].isEmpty { found[index] += 1 }
      }
    }
    #expect(found.allSatisfy { $0 > 300 }, "\(found)")
    let links = LinkAttributes(of: "<a href=\"/a/\"><img src=\"/i.png\"></a><form action=\"/send/\"><a href=\"#b\">")
    #expect(links.hrefs == ["/a/", "#b"] && links.sources == ["/i.png"] && links.actions == ["/send/"])
  }

  /// The shortcut for paths that are already normal returns what resolving the segments
  /// returns, on generated paths of slashes, dots and names.
  @Test func normalPathsSkipTheSegmentWalkWithTheSameResult() {
    let pieces = ["/", "a", "b", ".", "..", "./", "../", ".hidden", "é", "x.y", "//"]
    var generator = PieceGenerator(pieces: pieces, seed: 0xBEEF)
    var shortcuts = 0
    for _ in 0..<3000 {
      let path = generator.string(fewerThan: 8)
      #expect(LinkChecker.normalize(path) == LinkChecker.normalizeSegments(path), "\(path.debugDescription)")
      if LinkChecker.isNormal(path) { shortcuts += 1 }
    }
    #expect(shortcuts > 50)
    #expect(LinkChecker.isNormal("/docs/install/"))
    for path in ["docs/", "/a//b", "/a/./b", "/a/../b", "/.well-known/x", ""] { #expect(!LinkChecker.isNormal(path)) }
  }
}
