import CvsiteCore
import Testing

@testable import CvsiteSite

@Suite("Fields kept out of line")
struct OutOfLineTests {
  @Test("a value out of line reads as its default until set, and copies do not share changes")
  func valueSemantics() {
    var first = OutOfLine<RarePageFields>()
    #expect(first.value == RarePageFields())
    var copy = first
    first.value.slug = "intro"
    #expect(first.value.slug == "intro")
    #expect(copy.value.slug == nil, "a copy keeps its value")
    copy.value.layout = "wide"
    #expect(first.value.layout == nil && copy.value.layout == "wide")
  }

  @Test("equality and hashing go by the contents, a field set back to its default included")
  func equality() {
    var set = OutOfLine<RarePageFields>()
    set.value.color = "blue"
    set.value.color = nil
    #expect(set == OutOfLine<RarePageFields>())
    #expect(set.hashValue == OutOfLine<RarePageFields>().hashValue)
    var blue = OutOfLine<RarePageFields>()
    blue.value.color = "blue"
    var alsoBlue = OutOfLine<RarePageFields>()
    alsoBlue.value.color = "blue"
    #expect(blue == alsoBlue && blue.hashValue == alsoBlue.hashValue)
    #expect(blue != set)
  }

  @Test("page metadata reads and writes its seldom-set fields by their names")
  func metadataFields() {
    var metadata = PageMetadata(title: "Install")
    #expect(metadata.slug == nil && metadata.aliases.isEmpty && metadata.editURL == .site)
    metadata.slug = "setup"
    metadata.aliases.append("/old/")
    metadata.paginate = 5
    metadata.callToAction = CallToAction(url: "/go/", label: "Go")
    #expect(metadata.slug == "setup" && metadata.aliases == ["/old/"] && metadata.paginate == 5)
    #expect(metadata.callToAction?.label == "Go")
    var same = PageMetadata(title: "Install")
    same.callToAction = CallToAction(url: "/go/", label: "Go")
    same.paginate = 5
    same.aliases = ["/old/"]
    same.slug = "setup"
    #expect(metadata == same && metadata.hashValue == same.hashValue)
    same.slug = nil
    #expect(metadata != same)
  }

  @Test("a parsed page keeps its details through changes to one of them")
  func parsedPageDetails() {
    let page = SitePage(
      sitePath: "content/a.md", contentPath: "a.md", isSectionIndex: false, metadata: PageMetadata(title: "A"),
      url: "/a/", bodyHTML: "", headings: [], summary: "", values: DeclaredValues())
    var parsed = ParsedSitePage(page: page, diagnostics: [], ids: ["top"])
    #expect(parsed.search == nil && parsed.links == nil && !parsed.needsBody && parsed.sourceSize == 0)
    parsed.sourceSize = 120
    parsed.includes = ["snippets/a.md"]
    var copy = parsed
    copy.sourceSize = 5
    #expect(parsed.sourceSize == 120 && parsed.includes == ["snippets/a.md"])
    #expect(copy.sourceSize == 5 && copy.includes == ["snippets/a.md"] && copy.ids == ["top"])
  }
}

@Suite("Reading order of a build's pages")
struct ReadingOrderJobsTests {
  @Test("only a sequence holding each position once reorders the pages")
  func permutation() {
    #expect(LoadedTree.isPermutation([2, 0, 1], of: 3))
    #expect(LoadedTree.isPermutation([], of: 0))
    #expect(!LoadedTree.isPermutation([0, 0, 1], of: 3), "a page twice, one missing")
    #expect(!LoadedTree.isPermutation([0, 1], of: 3))
    #expect(!LoadedTree.isPermutation([0, 1, 3], of: 3), "out of range")
    #expect(!LoadedTree.isPermutation([0, -1, 1], of: 3))
  }
}
