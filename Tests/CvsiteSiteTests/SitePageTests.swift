import CvsiteCore
import CvsiteMarkdown
import Testing

@testable import CvsiteSite

/// `SitePage` shares its storage between copies: it must still behave as a value.
@Suite("Site pages")
struct SitePageTests {
  static func page() -> SitePage {
    SitePage(
      sitePath: "content/docs/install.md", contentPath: "docs/install.md", isSectionIndex: false,
      metadata: PageMetadata(title: "Install"), url: "/docs/install/", bodyHTML: "<p>Body</p>\n", headings: [],
      summary: "Body", values: DeclaredValues(), headingTabs: ["a": "macOS"])
  }

  @Test("changing a copy leaves the original as it was, field by field")
  func copiesAreIndependent() {
    let original = Self.page()
    var copy = original
    copy.metadata.title = "Changed"
    copy.url = "/elsewhere/"
    copy.bodyHTML = "<p>Other</p>\n"
    copy.summary = "Other"
    copy.headingTabs["b"] = "Linux"
    #expect(original.metadata.title == "Install" && original.url == "/docs/install/")
    #expect(
      original.bodyHTML == "<p>Body</p>\n" && original.summary == "Body" && original.headingTabs == ["a": "macOS"])
    #expect(copy.metadata.title == "Changed" && copy.url == "/elsewhere/" && copy.bodyHTML == "<p>Other</p>\n")
    #expect(copy.summary == "Other" && copy.headingTabs == ["a": "macOS", "b": "Linux"])
    #expect(copy.sitePath == original.sitePath && copy.sectionPath == ["docs"] && original.sectionPath == ["docs"])
  }

  @Test("a page in an array changes in place, and a page taken from it stays as taken")
  func arraysKeepValueSemantics() {
    var pages = [Self.page(), Self.page()]
    let taken = pages[0]
    pages[0].metadata.draft = true
    pages[1].summary = "Second"
    #expect(pages[0].metadata.draft && !taken.metadata.draft && !pages[1].metadata.draft)
    #expect(pages[1].summary == "Second" && pages[0].summary == "Body" && taken.summary == "Body")
  }
}
