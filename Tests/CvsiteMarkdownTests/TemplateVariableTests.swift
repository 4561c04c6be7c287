import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Testing

/// `{{ name }}` of a macros plugin in MkDocs pages: the values of `extra:` in place, other
/// Jinja said and kept.
@Suite struct TemplateVariableTests {
  static let values = ["version": "2.1", "links.chat": "https://chat.example/", "name": "Widgets"]

  func render(_ text: String, values: [String: String]? = Self.values) -> (page: ParsedPage, html: String) {
    var options = MarkdownOptions()
    options.dialect = .mkdocs
    options.templateValues = values
    let page = parse(text, schema: PythonMarkdownBlockTests.schema, options: options)
    return (page, renderHTML(page.body))
  }

  @Test(arguments: [
    ("Version {{ version }} of {{name}}.\n", "Version 2.1 of Widgets.\n"),
    ("[Chat]({{ links.chat }}) and {{ config.extra.version }}\n", "[Chat](https://chat.example/) and 2.1\n"),
    // As the plugin renders them, code blocks too; `raw` keeps its text and loses its tags.
    ("```\npip install w=={{ version }}\n```\n", "```\npip install w==2.1\n```\n"),
    ("{% raw %}{{ version }}{% endraw %} is {{ version }}\n", "{{ version }} is 2.1\n"),
    ("```\n{%- raw %}\n{{ version }}\n{% endraw -%}\n```\n", "```\n\n{{ version }}\n\n```\n"),
  ])
  func valuesInPlace(written: String, expected: String) {
    let read = render(written)
    #expect(read.page.diagnostics.isEmpty, "\(read.page.diagnostics)")
    #expect(read.html == render(expected, values: nil).html)
  }

  @Test func otherJinjaIsSaidOnceAndKept() {
    let text =
      "{% for user in people %}\n{{ user.url }} {{ user.url }}\n{% endfor %}\n{% for x in y %}\n{{ vershun }}\n"
    let (page, html) = render(text)
    #expect(html.contains("{% for user in people %}") && html.contains("{{ user.url }}"))
    let messages = page.diagnostics.map(\.message)
    #expect(
      messages == [
        "the Jinja statement `{% for %}` is not run by cvsite: its text stays as written",
        "`{{ user.url }}` names no value of `extra:` in the project's settings: its text stays as written",
        "the Jinja statement `{% endfor %}` is not run by cvsite: its text stays as written",
        "`{{ vershun }}` names no value of `extra:` in the project's settings: its text stays as written",
      ])
    #expect(page.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(page.diagnostics[1].location == SourceLocation(path: "page.md", line: 2, column: 1))
    #expect(page.diagnostics.last?.suggestion == "version")
  }

  @Test func withoutAMacrosPluginBracesAreText() {
    let (page, html) = render("Version {{ version }}.\n", values: nil)
    #expect(page.diagnostics.isEmpty)
    #expect(html.contains("{{ version }}"))
  }
}
