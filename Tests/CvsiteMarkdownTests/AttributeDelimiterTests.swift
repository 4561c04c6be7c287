import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Testing

/// Heading attributes written between a project's own delimiters (VitePress'
/// `markdown.attrs`), read as `{…}`.
@Suite struct AttributeDelimiterTests {
  @Test func headingAttributesBetweenOtherDelimiters() throws {
    var options = MarkdownOptions()
    options.attributeDelimiters = try #require(AttributeDelimiters(open: "%{", close: "}%"))
    let page = parse("## 简介 %{#introduction}%\n\nText.\n\n```md\n## Kept %{#kept}%\n```\n", options: options)
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics.map(\.message))")
    #expect(page.headings.map(\.id) == ["introduction"])
    #expect(page.headings.map(\.text) == ["简介"])
    #expect(renderHTML(page.body).contains("## Kept %{#kept}%"), "code is left as written")
  }

  @Test func onlyDelimitersThatCanBeWrittenOverBraces() {
    #expect(AttributeDelimiters(open: "{", close: "}") == nil, "the usual ones")
    #expect(AttributeDelimiters(open: "[[", close: "]]") == nil)
    #expect(AttributeDelimiters(open: "{{", close: "}}") != nil)
  }
}
