import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Testing

/// pymdownx.blocks' `///` blocks in MkDocs pages read as the directives they stand for,
/// and the readers of each dialect reading only their own pages.
@Suite struct PymdownBlockTests {
  func mkdocs(_ text: String) -> (page: ParsedPage, html: String) {
    var options = MarkdownOptions()
    options.dialect = .mkdocs
    let page = parse(text, schema: PythonMarkdownBlockTests.schema, options: options)
    return (page, renderHTML(page.body))
  }

  func cvsite(_ text: String) -> String {
    renderHTML(parse(text, schema: PythonMarkdownBlockTests.schema).body)
  }

  /// Each pymdownx form renders exactly as the cvsite directives it stands for.
  @Test(arguments: [
    ("/// tip\nA tip.\n///\n\nAfter.\n", ":::tip\nA tip.\n:::\n\nAfter.\n"),
    ("/// warning | Mind the gap\nBody *text*.\n///\n", ":::warning[Mind the gap]\nBody *text*.\n:::\n"),
    // The options under the header leave the page; `type` names the callout.
    (
      "/// admonition | Custom\n    type: danger\n    attrs: {class: wide, id: custom}\n\nBody.\n///\n",
      ":::danger[Custom]{.wide #custom}\nBody.\n:::\n"
    ),
    ("/// details | Summary\n    open: True\nHidden.\n///\n", ":::note[Summary]{collapsible open}\nHidden.\n:::\n"),
    ("/// details-tip\nHidden.\n///\n", ":::tip{collapsible}\nHidden.\n:::\n"),
    // Code inside a block: a `///` in a fence is code.
    ("/// note\n```\n///\n```\n///\n", ":::note\n```\n///\n```\n:::\n"),
    // Tabs in a row are one bar; `select` opens one; `new: true` starts another bar.
    (
      "/// tab | Linux\napt\n///\n\n/// tab | macOS\n    select: true\nbrew\n///\n\nAfter.\n",
      "::::tabs{sync=tabs}\n:::tab[Linux]\napt\n:::\n\n:::tab[macOS]{default}\nbrew\n:::\n::::\n\nAfter.\n"
    ),
    (
      "/// tab | A\na\n///\n/// tab | B\n    new: true\nb\n///\n",
      "::::tabs{sync=tabs}\n:::tab[A]\na\n:::\n::::\n::::tabs{sync=tabs}\n:::tab[B]\nb\n:::\n::::\n"
    ),
    // A block holding another opens with more slashes, and closes with as many.
    (
      "//// tab | Python 3.10+\n\n/// info\nInner.\n///\n\n////\n//// tab | Python 3.8+\nB\n////\n",
      "::::::tabs{sync=tabs}\n:::::tab[Python 3.10+]\n:::note[Info]\nInner.\n:::\n:::::\n:::::tab[Python 3.8+]\nB\n:::::\n::::::\n"
    ),
    // Text that only looks like a header stays text, and so does an indented code block.
    ("/// Returns the value.\n", "/// Returns the value.\n"),
    ("Code:\n\n    ///\n    /// tip\n    fn f() {}\n", "Code:\n\n    ///\n    /// tip\n    fn f() {}\n"),
  ])
  func rendersAsItsDirectives(written: String, directives: String) {
    let read = mkdocs(written)
    #expect(read.page.diagnostics.isEmpty, "\(read.page.diagnostics)")
    #expect(read.html == cvsite(directives))
  }

  @Test func whatIsNotReadIsSaidAndItsTextKept() {
    let (page, html) = mkdocs(
      "/// html | div.grid\nKept.\n///\n\n/// html | span\nAgain.\n///\n\n/// note\n    colour: red\nBody.\n///\n\n///\n"
    )
    #expect(html.contains("<p>Kept.</p>") && html.contains("<p>Again.</p>"))
    let messages = page.diagnostics.map(\.message)
    // Once per kind of block, the option named at its line, the stray closing as text.
    #expect(messages.filter { $0.contains("`html` block") }.count == 1)
    let option = page.diagnostics.first { $0.message.contains("`colour`") }
    #expect(option?.location == SourceLocation(path: "page.md", line: 10, column: 5))
    #expect(option?.severity == .warning)
    #expect(messages.contains("`///` closes no block: left as written"))
    #expect(html.contains("<p>///</p>"))
  }

  @Test func aBlockNeverClosedRunsToTheEnd() {
    let (page, html) = mkdocs("Before.\n\n/// note\nLast words.\n")
    #expect(html == cvsite("Before.\n\n:::note\nLast words.\n:::\n"))
    #expect(page.diagnostics.map(\.severity) == [.warning])
    #expect(page.diagnostics.first?.location == SourceLocation(path: "page.md", line: 3, column: 1))
  }

  @Test func diagnosticsInsideShowTheLineAsWritten() {
    let page = mkdocs("/// note\n    type: tip\n\n:::nope\n:::\n///\n").page
    let error = page.diagnostics.first { $0.message.contains("unknown container `nope`") }
    #expect(error?.location == SourceLocation(path: "page.md", line: 4, column: 1))
    #expect(error?.sourceLine == ":::nope")
  }

  /// A page is read by the readers of its dialect only: each line below means something
  /// to one generator, and is text to the others.
  @Test func eachDialectReadsItsOwnSyntax() {
    func read(_ text: String, _ dialect: MarkdownDialect) -> (page: ParsedPage, html: String) {
      var options = MarkdownOptions()
      options.dialect = dialect
      let page = parse(text, schema: PythonMarkdownBlockTests.schema, options: options)
      return (page, renderHTML(page.body))
    }
    let block = "/// tip\nBody.\n///\n"
    #expect(read(block, .mkdocs).html.contains("cv-callout"))
    #expect(!read(block, .cvsite).html.contains("cv-callout"))
    #expect(!read(block, .docc).html.contains("cv-callout"))
    let abbreviation = "HTML here.\n\n*[HTML]: Hypertext Markup Language\n"
    #expect(read(abbreviation, .mkdocs).html.contains("<abbr"))
    #expect(read(abbreviation, .cvsite).html.contains("*[HTML]"))
    let row = "@Row {\n   @Column {\n      Left.\n   }\n}\n"
    #expect(read(row, .docc).html.contains("Left.") && !read(row, .docc).html.contains("@Row"))
    #expect(read(row, .cvsite).html.contains("@Row"))
    // What every dialect reads: MkDocs' indented blocks and MDX components.
    for dialect in [MarkdownDialect.cvsite, .mkdocs, .docc] {
      #expect(read("!!! tip\n    Body.\n", dialect).html.contains("cv-callout"), "\(dialect)")
      #expect(read("<Aside type=\"tip\">\nBody.\n</Aside>\n", dialect).html.contains("cv-callout"), "\(dialect)")
    }
  }
}
