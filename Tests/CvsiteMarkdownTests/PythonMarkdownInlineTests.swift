import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Testing

/// Python-Markdown's and pymdownx's syntax beyond blocks, in MkDocs pages: inline marks,
/// keys, abbreviations, definition lists, attribute lists and Markdown in HTML.
@Suite struct PythonMarkdownInlineTests {
  func mkdocs(_ text: String, rawHTML: Bool = true) -> (page: ParsedPage, html: String) {
    var options = MarkdownOptions(allowRawHTML: rawHTML)
    options.dialect = .mkdocs
    let page = parse(text, schema: PythonMarkdownBlockTests.schema, options: options)
    return (page, renderHTML(page.body))
  }

  @Test(arguments: [
    ("==marked==", "<p><mark>marked</mark></p>"),
    ("^^inserted^^", "<p><ins>inserted</ins></p>"),
    ("H~2~O and x^2^", "<p>H<sub>2</sub>O and x<sup>2</sup></p>"),
    ("~~gone~~", "<p><del>gone</del></p>"),
    // A single caret or tilde holds a word: with a space, the text stays.
    ("~a b~ and ^c d^", "<p>~a b~ and ^c d^</p>"),
    ("a == b", "<p>a == b</p>"),
    (
      "++ctrl+alt+del++",
      "<p><span class=\"keys\"><kbd class=\"key-control\">Ctrl</kbd><span>+</span>"
        + "<kbd class=\"key-alt\">Alt</kbd><span>+</span><kbd class=\"key-delete\">Del</kbd></span></p>"
    ),
    (
      "++\"Fn Lock\"+f5++",
      "<p><span class=\"keys\"><kbd>Fn Lock</kbd><span>+</span><kbd class=\"key-f5\">F5</kbd></span></p>"
    ),
    ("a ++ b", "<p>a ++ b</p>"),
  ])
  func inlineMarks(_ written: String, _ expected: String) {
    let result = mkdocs(written + "\n")
    #expect(result.html.trimmingCharacters(in: .newlines) == expected)
    #expect(result.page.diagnostics.isEmpty)
  }

  @Test("outside MkDocs pages, the marks stay text and one tilde strikes, as on GitHub")
  func cvsitePagesUnchanged() {
    #expect(html(parse("==a== ^^b^^ ~c~ ++x++\n")) == "<p>==a== ^^b^^ <del>c</del> ++x++</p>\n")
  }

  @Test("abbreviations: the definition leaves the page, each word is marked, code is not")
  func abbreviations() {
    let result = mkdocs("The HTML and W3C, not HTMLX or `HTML`.\n\n*[HTML]: Hyper <Text>\n*[W3C]: World Wide Web\n")
    #expect(
      result.html
        == "<p>The <abbr title=\"Hyper &lt;Text&gt;\">HTML</abbr> and <abbr title=\"World Wide Web\">W3C</abbr>, "
        + "not HTMLX or <code>HTML</code>.</p>\n")
    #expect(result.page.diagnostics.isEmpty)
  }

  @Test("definition lists: terms, tight and loose definitions, several in one list")
  func definitionLists() {
    let result = mkdocs(
      "Apple\n:   Pomaceous fruit.\n:   A company.\n\nOrange\n\n:   Citrus.\n\n    More.\n\nAfter.\n\n- a list\n")
    let expected = """
      <dl>
      <dt>
      Apple
      </dt>
      <dd>
      Pomaceous fruit.
      </dd>
      <dd>
      A company.
      </dd>
      <dt>
      Orange
      </dt>
      <dd>
      <p>Citrus.</p>
      <p>More.</p>
      </dd>
      </dl>
      <p>After.</p>
      <ul>
      <li>a list</li>
      </ul>

      """
    #expect(result.html == expected)
    // A colon line with no term before it is a paragraph.
    #expect(mkdocs("# Title\n:   not a definition\n").html.contains("<p>:   not a definition</p>"))
    #expect(!mkdocs("# Title\n\n: not a definition\n").html.contains("<dl>"))
  }

  @Test("attribute lists on links and images: classes and attributes set, script attributes refused")
  func attributeLists() {
    let result = mkdocs(
      "[Go](a.md){ .md-button .md-button--primary } ![Logo](l.png){ width=\"100\" align=left } [x](b.md){: #here }\n")
    #expect(
      result.html
        == "<p><a class=\"md-button md-button--primary\" href=\"a.md\">Go</a> "
        + "<img width=\"100\" align=\"left\" src=\"l.png\" alt=\"Logo\" /> <a id=\"here\" href=\"b.md\">x</a></p>\n")
    let refused = mkdocs("[Go](a.md){ onclick=\"alert(1)\" }\n")
    #expect(!refused.html.contains("onclick"))
    #expect(refused.page.diagnostics.map(\.severity) == [.warning])
  }

  @Test("Markdown inside HTML marked `markdown` is read as Markdown")
  func markdownInHTML() {
    let result = mkdocs("<div class=\"grid cards\" markdown>\n-   __Fast__\n\n    It is fast.\n</div>\n")
    #expect(
      result.html
        == "<div class=\"grid cards\">\n<ul>\n<li>\n<p><strong>Fast</strong></p>\n<p>It is fast.</p>\n</li>\n</ul>\n</div>\n"
    )
  }

  @Test("heading attributes: other keys are HTML attributes, data-toc-label names it in the contents")
  func headingAttributes() {
    let result = mkdocs(
      "## Install it { #install data-search=\"no\" data-toc-label=\"Install\" }\n\n## Again { #install }\n")
    #expect(result.html.contains("<h2 id=\"install\" data-search=\"no\">Install it</h2>"))
    #expect(result.page.headings.map(\.text) == ["Install", "Again"])
    #expect(result.page.headings.map(\.id) == ["install", "install-2"])
    #expect(result.page.diagnostics.map(\.severity) == [.warning])
  }

  @Test("an unclosed fence in a tab ends with the tab")
  func unclosedFence() {
    let result = mkdocs("=== \"A\"\n\n    ```\n    code\n\n=== \"B\"\n\n    Text.\n")
    #expect(!result.page.hasErrors, "\(result.page.diagnostics)")
    #expect(result.html.contains("Text."))
    #expect(!result.html.contains("=== "))
  }

  @Test("an `import … from` line of prose is text, not an MDX import")
  func importProse() {
    let prose = parse("import data from a CSV file.\n")
    #expect(prose.diagnostics.isEmpty)
    #expect(html(prose) == "<p>import data from a CSV file.</p>\n")
  }
}
