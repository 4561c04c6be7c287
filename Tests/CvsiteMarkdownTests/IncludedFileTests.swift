import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Testing

/// Files a page includes: pymdownx.snippets' `--8<--`, mdx_include's `{! !}` and
/// markdown-include-variants' `{* *}` lines in MkDocs projects, MDX partials
/// (`import Part from './_part.mdx'` and `<Part />`) anywhere.
@Suite struct IncludedFileTests {
  /// Files by the path a page writes.
  struct Files: IncludedFileSource {
    var files: [String: String]
    func file(_ written: String, from page: String, as kind: IncludeKind) -> Result<IncludedFile, IncludeProblem> {
      guard let text = files[written] else {
        return .failure(IncludeProblem("no file `\(written)` to include", isMissing: true))
      }
      return .success(IncludedFile(bytes: Array(text.utf8), path: written))
    }
  }

  static let files = Files(files: [
    "intro.md": "Intro *line*.\n",
    "lines.md": "one\ntwo\nthree\nfour\n",
    "outer.md": "Outer.\n\n--8<-- \"intro.md\"\n",
    "loop-a.md": "--8<-- \"loop-b.md\"\n",
    "loop-b.md": "--8<-- \"loop-a.md\"\n",
    "sections.md": "--8<-- [start:x]\nKept.\n--8<-- [end:x]\n",
    "./_part.mdx": "---\ntitle: Part\n---\n<Aside>\nFrom a partial.\n</Aside>\n",
    "app.py": "import a\n\ndef f():\n    return 1\n\nx = 2\ny = 3\n",
    "ticks.md": "```\ncode\n```\n",
    "marked.py": "a = 1\n# --8<-- [start:part]\nb = 2\n# --8<-- [end:part]\nc = 3\n",
    "@/snippets/setup.ts":
      "import x\n\n// #region setup\nfunction setup() {\n  // #region inner\n  go()\n  // #endregion inner\n}\n// #endregion setup\n",
    "./local.js": "let a = 1\n",
  ])

  func render(_ text: String, dialect: MarkdownDialect = .mkdocs) -> (page: ParsedPage, html: String) {
    var options = MarkdownOptions()
    options.dialect = dialect
    options.includes = Self.files
    let page = parse(text, schema: PythonMarkdownBlockTests.schema, options: options)
    return (page, renderHTML(page.body))
  }

  @Test(arguments: [
    ("Before.\n\n--8<-- \"intro.md\"\n\nAfter.\n", "Before.\n\nIntro *line*.\n\nAfter.\n"),
    ("--8<-- 'lines.md:2:3'\n", "two\nthree\n"),
    ("--8<-- \"lines.md:3\"\n", "three\nfour\n"),
    ("--8<-- \"lines.md::2\"\n", "one\ntwo\n"),
    ("--8<-- \"outer.md\"\n", "Outer.\n\nIntro *line*.\n"),
    ("--8<-- \"sections.md\"\n", "Kept.\n"),
    // A section the file marks, by its name.
    ("```py\n--8<-- \"marked.py:part\"\n```\n", "```py\nb = 2\n```\n"),
    // Indented with the line that includes it: inside an admonition's body.
    ("!!! note\n    --8<-- \"intro.md\"\n", ":::note\nIntro *line*.\n:::\n"),
    // mdx_include: the file's text, `[ln:…]` for some lines; `>`, `+`, `-` and an
    // encoding change nothing here.
    ("{! intro.md !}\n", "Intro *line*.\n"),
    ("{!> lines.md [ln:2-3] | utf-8 !}\n", "two\nthree\n"),
    ("!!! note\n    {!+ intro.md !}\n", ":::note\nIntro *line*.\n:::\n"),
    // A code block of the file, in the language of its extension, the marked lines kept.
    ("{* app.py *}\n", "```py\nimport a\n\ndef f():\n    return 1\n\nx = 2\ny = 3\n```\n"),
    (
      "{* app.py hl[3,6:7] title[\"app.py\"] *}\n",
      "```py hl_lines=\"3 6-7\" title=\"app.py\"\nimport a\n\ndef f():\n    return 1\n\nx = 2\ny = 3\n```\n"
    ),
    // Lines taken by `ln`, what is left out said, the marks renumbered as shown.
    (
      "{* app.py ln[3:4,6] hl[4,6] *}\n",
      "```py hl_lines=\"4 8\"\n# Code above omitted 👆\n\ndef f():\n    return 1\n\n# Code here omitted 👈\n\nx = 2\n\n# Code below omitted 👇\n```\n"
    ),
    // A fence longer than the file's own.
    ("{* ticks.md *}\n", "````md\n```\ncode\n```\n````\n"),
    (
      "import Part from './_part.mdx';\n\nText.\n\n<Part />\n",
      "\n\nText.\n\n:::note\nFrom a partial.\n:::\n"
    ),
  ])
  func includes(written: String, expected: String) {
    let included = render(written)
    #expect(included.page.diagnostics.isEmpty, "\(included.page.diagnostics)")
    #expect(included.html == render(expected).html)
  }

  @Test(
    "VitePress' code imports: the file in its extension's language, a region, marked lines, a language, a title",
    arguments: [
      (
        "<<< @/snippets/setup.ts\n",
        "```ts\nimport x\n\n// #region setup\nfunction setup() {\n  // #region inner\n  go()\n  // #endregion inner\n}\n// #endregion setup\n```\n"
      ),
      (
        "<<< @/snippets/setup.ts#setup{2 js:line-numbers} [setup.ts]\n",
        "```js hl_lines=\"2\" title=\"setup.ts\"\nfunction setup() {\n  go()\n}\n```\n"
      ),
      ("Text.\n\n<<< ./local.js\n", "Text.\n\n```js\nlet a = 1\n```\n"),
      ("<<< local.js{1}\n", "```js hl_lines=\"1\"\nlet a = 1\n```\n"),
    ])
  func vitePressCodeImports(written: String, expected: String) {
    let included = render(written, dialect: .cvsite)
    #expect(included.page.diagnostics.isEmpty, "\(included.page.diagnostics)")
    #expect(included.html == render(expected, dialect: .cvsite).html, "\(included.html)")
  }

  @Test func aVitePressImportInCodeIsCode() {
    let (page, html) = render(
      "````md\n<<< ./local.js\n```\n<<< ./local.js\n```\n````\n\n~~~\n<<< @/nowhere.js\n~~~\n", dialect: .cvsite)
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics.map(\.message))")
    #expect(!html.contains("let a = 1"), "\(html)")
    #expect(
      html.components(separatedBy: "&lt;&lt;&lt; ./local.js").count == 3 && html.contains("&lt;&lt;&lt; @/nowhere.js"))
  }

  @Test func aVitePressRegionThatIsNotThereIsAWarning() {
    let (page, html) = render("<<< @/snippets/setup.ts#gone\n", dialect: .cvsite)
    #expect(page.diagnostics.map(\.severity) == [.warning])
    #expect(page.diagnostics.first?.message.contains("has no region `gone`") == true)
    #expect(html.contains("import x"), "the whole file is shown")
  }

  @Test func snippetsAreMkDocsSyntax() {
    let (page, html) = render("--8<-- \"intro.md\"\n", dialect: .cvsite)
    #expect(page.diagnostics.isEmpty)
    #expect(html.contains("--8&lt;--"))
  }

  @Test func problemsAreErrorsAtTheIncludingLine() {
    let (missing, _) = render("Text.\n\n  --8<-- \"nowhere.md\"\n")
    #expect(missing.diagnostics.map(\.message) == ["no file `nowhere.md` to include"])
    #expect(missing.diagnostics.first?.location == SourceLocation(path: "page.md", line: 3, column: 3))
    let (loop, _) = render("--8<-- \"loop-a.md\"\n")
    #expect(
      loop.diagnostics.map(\.message) == [
        "`loop-a.md` includes itself (page.md → loop-a.md → loop-b.md → loop-a.md): left out"
      ])
  }

  @Test func linesAfterAnIncludeKeepTheirNumbers() {
    let (page, _) = render("--8<-- \"lines.md\"\n\n:::nope\n:::\n")
    let error = page.diagnostics.first { $0.message.contains("unknown container `nope`") }
    #expect(error?.location == SourceLocation(path: "page.md", line: 3, column: 1))
    #expect(error?.sourceLine == ":::nope")
  }

  @Test func codeIncludesAreMkDocsSyntaxAndCheckTheirLines() {
    let (page, html) = render("{* app.py *}\n\n{! intro.md !}\n", dialect: .cvsite)
    #expect(page.diagnostics.isEmpty)
    #expect(html.contains("{* app.py *}") && html.contains("{! intro.md !}"))
    let (past, _) = render("{* app.py ln[20:30] *}\n")
    #expect(past.diagnostics.map(\.message) == ["lines 20–30 are past the end of the file (7 lines)"])
    #expect(past.diagnostics.first?.location == SourceLocation(path: "page.md", line: 1, column: 1))
    #expect(past.diagnostics.first?.severity == .warning)
    let (missing, _) = render("{* nowhere.py hl[2] *}\n")
    #expect(missing.diagnostics.map(\.message) == ["no file `nowhere.py` to include"])
  }

  @Test func inAProjectOfAnotherGeneratorAMissingFileIsAWarning() {
    var options = MarkdownOptions()
    options.dialect = .mkdocs
    options.includes = Self.files
    options.tolerant = true
    let page = parse(
      "--8<-- \"generated.md\"\n\n--8<-- \"marked.py:nope\"\n\n--8<-- \"loop-a.md\"\n",
      schema: PythonMarkdownBlockTests.schema, options: options)
    #expect(
      page.diagnostics.map(\.severity) == [.warning, .warning, .error], "\(page.diagnostics.map(\.message))")
    #expect(page.diagnostics.first?.message == "no file `generated.md` to include")
    #expect(page.diagnostics[1].message.contains("marks no section `nope`"))
    #expect(renderHTML(page.body).contains("--8&lt;-- &quot;generated.md&quot;"), "the line stays as written")
  }
}
