import CvsiteCore
import Testing

@testable import CvsiteSite

@Suite("Where a link is written")
struct LinkLocatorTests {
  @Test("a destination written with <…>, an entity, a backslash or a percent escape is found where it is written")
  func escapedDestinations() {
    let source = """
      ---
      title: L
      ---
      See [a](<no where/>) and
      [b](/caf&eacute;/) then [b2](/caf&#xE9;/)
      [c](/a\\_b/) and [d](/x%20y/) ok [e](/f&amp;g/).
      [c](/a\\_b/) again.
      """
    var locator = LinkLocator(source: Array(source.utf8))
    let found = ["no%20where/", "/caf%C3%A9/", "/caf%C3%A9/", "/a_b/", "/x%20y/", "/f&amp;g/", "/a_b/"].map {
      let (line, column, _) = locator.locate($0, kind: "href")
      return "\(line):\(column)"
    }
    #expect(found == ["4:10", "5:5", "5:30", "6:5", "6:21", "6:37", "7:5"])
  }

  @Test("a link the parse placed is found on its line; a reference link at its definition")
  func placedLinks() {
    let source = """
      ---
      title: L
      ---
      Write `[x](/gone/)` to link, then [the link](/gone/).
      - item
        more [y](
        /gone/) here
      See [z][r] and
      [w](/caf&eacute;/)

      [r]: /gone/
      """
    var locator = LinkLocator(source: Array(source.utf8))
    // As libcmark places them: the link over two lines on its last line, at the column
    // where it starts on its first.
    let places = [
      SourcePlace(line: 4, column: 35), SourcePlace(line: 7, column: 8), SourcePlace(line: 8, column: 5),
      SourcePlace(line: 9, column: 1),
    ]
    let found = zip(["/gone/", "/gone/", "/gone/", "/caf%C3%A9/"], places).map { url, place in
      let (line, column, text) = locator.locate(url, kind: "href", near: place)
      return "\(line):\(column) \(String(decoding: text ?? [], as: UTF8.self))"
    }
    #expect(
      found == [
        "4:46 Write `[x](/gone/)` to link, then [the link](/gone/).", "7:3   /gone/) here", "11:6 [r]: /gone/",
        "9:5 [w](/caf&eacute;/)",
      ])
    // A URL spelled nowhere: where the link was placed.
    let (line, column, _) = locator.locate("/elsewhere/", kind: "src", near: SourcePlace(line: 5, column: 3))
    #expect((line, column) == (5, 3))
    // A column past its line's end (libcmark's, for a link over several lines): the
    // line's end, not the next line.
    let (endLine, endColumn, _) = locator.locate("/nowhere/", kind: "src", near: SourcePlace(line: 5, column: 40))
    #expect((endLine, endColumn) == (5, 7))
  }
}
