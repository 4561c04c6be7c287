import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Testing

/// MkDocs' indented blocks (`!!!`, `???`, `===`) read as the directives they stand for.
@Suite struct PythonMarkdownBlockTests {
  static let schema: Schema = {
    var schema = CalloutTests.schema
    schema.containers["tab"] = ContainerDeclaration(name: "tab", reads: [], keepsContentWhole: true)
    schema.containers["callout"]?.attributes.append(
      ValueDeclaration(name: "open", type: .bool, defaultValue: .bool(false)))
    return schema
  }()

  func render(_ text: String) -> (page: ParsedPage, html: String) {
    let page = parse(text, schema: Self.schema)
    return (page, renderHTML(page.body))
  }

  /// Each MkDocs form renders exactly as the cvsite directives it stands for.
  @Test(arguments: [
    (
      "!!! warning \"Mind the gap\"\n    Body *text*.\n\n    Second.\n\nAfter.\n",
      ":::warning[Mind the gap]\nBody *text*.\n\nSecond.\n:::\n\nAfter.\n"
    ),
    ("!!! note\n    Body.\n", ":::note\nBody.\n:::\n"),
    ("??? tip \"Closed\"\n    Hidden.\n", ":::tip[Closed]{collapsible}\nHidden.\n:::\n"),
    ("???+ danger\n    Shown.\n", ":::danger{collapsible open}\nShown.\n:::\n"),
    ("!!! note \"\"\n    No title.\n", ":::note[]{.cv-callout-untitled}\nNo title.\n:::\n"),
    // Material's types without a callout of their own: the nearest kind, titled by type.
    ("!!! abstract\n    Short.\n", ":::note[Abstract]\nShort.\n:::\n"),
    ("!!! failure inline end\n    Broke.\n", ":::danger[Failure]\nBroke.\n:::\n"),
    // Fences inside a block, and an opener inside a fence, which is code.
    (
      "!!! note\n    ```python\n    !!! not an opener\n    ```\n\ntext\n",
      ":::note\n```python\n!!! not an opener\n```\n:::\n\ntext\n"
    ),
    ("```\n!!! note\n    code\n```\n", "```\n!!! note\n    code\n```\n"),
    // Indented four columns at the top, an opener is an indented code block.
    ("Para.\n\n    !!! note\n        x\n", "Para.\n\n    !!! note\n        x\n"),
    // Blocks inside blocks.
    (
      "!!! note\n    Outer.\n\n    !!! tip\n        Inner.\n\n    Outer again.\n\nOut.\n",
      "::::note\nOuter.\n\n:::tip\nInner.\n:::\n\nOuter again.\n::::\n\nOut.\n"
    ),
    // Consecutive tabs are one group; `===!` starts another; `===+` is selected.
    (
      "=== \"Linux\"\n\n    apt\n\n===+ \"macOS\"\n\n    brew\n\nAfter.\n",
      "::::tabs{sync=tabs}\n:::tab[Linux]\napt\n:::\n:::tab[macOS]{default}\nbrew\n:::\n::::\n\nAfter.\n"
    ),
    (
      "=== \"A\"\n    a\n===! \"B\"\n    b\n",
      "::::tabs{sync=tabs}\n:::tab[A]\na\n:::\n::::\n::::tabs{sync=tabs}\n:::tab[B]\nb\n:::\n::::\n"
    ),
    // Text right after a block, without a blank line, is after the block.
    ("!!! note\n    body\ntext\n", ":::note\nbody\n:::\ntext\n"),
    // In a list item, four columns in.
    (
      "- item\n\n    !!! note\n        In the item.\n\n    More item.\n",
      "- item\n\n  :::note\n  In the item.\n  :::\n\n  More item.\n"
    ),
  ])
  func rendersAsItsDirectives(written: String, directives: String) {
    let mkdocs = render(written)
    let cvsite = render(directives)
    #expect(mkdocs.page.diagnostics.isEmpty, "\(mkdocs.page.diagnostics)")
    #expect(cvsite.page.diagnostics.isEmpty, "\(cvsite.page.diagnostics)")
    #expect(mkdocs.html == cvsite.html)
  }

  @Test func whatTheThemeLacksIsLeftOut() {
    // The tests' callout has no `open`: `???+` is then a collapsible callout, no error.
    let page = parse("???+ tip\n    x\n", schema: CalloutTests.schema)
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics)")
    #expect(renderHTML(page.body).contains("data-collapsible=\"true\""))
  }

  @Test func anUnknownTypeIsANoteWithAWarning() {
    let (page, html) = render("!!! tip\n    !!! notte \"Custom\"\n        Body.\n")
    let warning = page.diagnostics.first
    #expect(page.diagnostics.count == 1)
    #expect(warning?.severity == .warning)
    #expect(warning?.message == "unknown admonition type `notte`: shown as a note")
    #expect(warning?.suggestion == "note")
    #expect(warning?.location == SourceLocation(path: "page.md", line: 2, column: 5))
    #expect(warning?.sourceLine == "    !!! notte \"Custom\"")
    #expect(html == render("::::tip\n:::note[Custom]\nBody.\n:::\n::::\n").html)
  }

  @Test func pluginInsertionsAreLeftOutInMkDocsProjects() {
    var options = MarkdownOptions()
    options.dialect = .mkdocs
    let text = "Before.\n\n::: pkg.module.Thing\n    options:\n      show_source: false\n\nAfter.\n"
    let page = parse(text, schema: Self.schema, options: options)
    #expect(renderHTML(page.body) == "<p>Before.</p>\n<p>After.</p>\n")
    #expect(page.diagnostics.map(\.severity) == [.warning])
    #expect(page.diagnostics.first?.location == SourceLocation(path: "page.md", line: 3, column: 1))
    #expect(page.diagnostics.first?.message.contains("`::: pkg.module.Thing`") == true)
    // Elsewhere `::: note` is a VitePress container.
    #expect(render("::: tip\nBody.\n:::\n").html.contains("data-kind=\"tip\""))
  }

  @Test func diagnosticsShowTheLineAsWrittenAtItsColumn() {
    let page = render("!!! note\n    :::nope\n    x\n    :::\n").page
    let error = page.diagnostics.first { $0.message.contains("unknown container `nope`") }
    #expect(error?.location == SourceLocation(path: "page.md", line: 2, column: 5))
    #expect(error?.sourceLine == "    :::nope")
  }

  @Test func linesAfterAnAddedClosingKeepTheirNumbers() {
    // The block is closed on a line of its own before `text`: later lines keep theirs.
    let page = render("!!! note\n    body\ntext\n\n:::nope\n:::\n").page
    let error = page.diagnostics.first { $0.message.contains("unknown container `nope`") }
    #expect(error?.location == SourceLocation(path: "page.md", line: 5, column: 1))
    #expect(error?.sourceLine == ":::nope")
  }

  @Test func columnsCountEveryBlockAround() {
    let page = render("!!! note\n    === \"A\"\n        :::nope\n        :::\n").page
    let error = page.diagnostics.first { $0.message.contains("unknown container `nope`") }
    #expect(error?.location == SourceLocation(path: "page.md", line: 3, column: 9))
    #expect(error?.sourceLine == "        :::nope")
  }

  @Test func theFileEndingClosesEveryBlock() {
    let (page, html) = render("!!! note\n    !!! tip\n        !!! danger\n            deep")
    #expect(page.diagnostics.isEmpty)
    #expect(html.components(separatedBy: "class=\"cv-callout").count == 4)
    #expect(html.contains("deep"))
  }

  @Test func deepNestingStaysBounded() {
    var text = ""
    for depth in 0..<120 { text += String(repeating: "    ", count: depth) + "!!! note\n" }
    text += String(repeating: "    ", count: 120) + "bottom\n"
    let (_, html) = render(text)
    // Blocks nest up to the limit; deeper openers are left as written text or code.
    let opened = html.components(separatedBy: "class=\"cv-callout").count - 1
    #expect(opened <= 100 && opened >= 40)
    #expect(html.contains("bottom"))
  }

  @Test func aLineThatOnlyLooksLikeAnOpenerIsText() {
    for text in [
      "!!!\n", "!!! \n", "  !!! note\n      indented two: text, as Python-Markdown has it\n", "=== Tab\n    x\n",
      "!!! note \"unclosed\n    x\n", "===\n", "???? tip\n",
    ] {
      let mkdocs = render(text)
      #expect(!mkdocs.html.contains("cv-callout") && !mkdocs.html.contains("cv-tabs"), "\(text)")
    }
  }
}
