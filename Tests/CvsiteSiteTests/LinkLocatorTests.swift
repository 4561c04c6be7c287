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
}
