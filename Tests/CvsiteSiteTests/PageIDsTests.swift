import Testing

@testable import CvsiteSite

@Suite("A page's ids")
struct PageIDsTests {
  @Test("each id once, found by the same equality a set uses, canonical equivalents included")
  func lookup() {
    let ids = PageIDs(["setup", "intro", "setup", "caf\u{E9}", "z", "a-1"])
    #expect(ids.count == 5)
    #expect(Array(ids) == ["a-1", "caf\u{E9}", "intro", "setup", "z"], "sorted, so read alike on every run")
    for id in ["setup", "intro", "z", "a-1", "cafe\u{301}"] { #expect(ids.contains(id), "\(id)") }
    for id in ["", "Setup", "setup ", "b", "zz"] { #expect(!ids.contains(id), "\(id)") }
    #expect(!PageIDs([]).contains("a") && PageIDs([]).isEmpty)
  }

  @Test("a union holds both pages' ids once")
  func union() {
    let first: PageIDs = ["b", "a"]
    let both = first.union(["c", "a"])
    #expect(Array(both) == ["a", "b", "c"])
    #expect(first.union([]) == first && PageIDs().union(first) == first)
  }

  @Test("a fragment that matches ids only ignoring case takes the same one on every run")
  func caseInsensitiveFix() {
    let checker = LinkChecker(basePath: "/")
    #expect(checker.fixedFragment("INTRO", in: ["intro", "Intro", "other"]) == "Intro")
    #expect(checker.fixedFragment("intro", in: ["intro"]) == nil, "an exact match needs nothing")
  }
}
