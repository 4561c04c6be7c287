import Testing

@testable import CvsiteCodeBlocks

@Suite("Info strings: title, marked lines, line numbers")
struct CodeBlockOptionsTests {
  @Test("values are read")
  func values() {
    let (options, problems) = CodeBlockOptions.parse(
      "swift title=\"Package.swift\" {1,3-4} ins=5 del=6 startLine=40 wrap", lineCount: 6)
    #expect(problems.isEmpty)
    #expect(options.language == "swift")
    #expect(options.title == "Package.swift")
    #expect(options.marked == [1, 3, 4])
    #expect(options.inserted == [5])
    #expect(options.deleted == [6])
    #expect(options.startLine == 40)
    #expect(options.showLineNumbers)
    #expect(options.wrap)
  }

  @Test("`[label]` after the language is the title, as VitePress names a code group's tabs")
  func bracketedTitle() {
    let (options, problems) = CodeBlockOptions.parse("sh [npm] {1}", lineCount: 1)
    #expect(problems.isEmpty)
    #expect(options.language == "sh" && options.title == "npm" && options.marked == [1])
    #expect(CodeBlockOptions.parse("sh [a] title=\"b\"", lineCount: 1).0.title == "b")
  }
  @Test func expressiveCodeSpellings() {
    let (options, problems) = CodeBlockOptions.parse(
      "js title=\"a.js\" frame=\"terminal\" {\"A\":1-2} ins={3} 'text' /pat tern/ del=\"word\" startLineNumber=5 lang=\"ts\"",
      lineCount: 4)
    #expect(options.title == "a.js")
    #expect(options.marked == [1, 2] && options.inserted == [3])
    #expect(options.startLine == 5 && options.showLineNumbers)
    #expect(problems.allSatisfy { $0.isWarning })
    #expect(
      problems.map(\.message) == [
        "marks on text within lines (`'text'`) are not read: the block is shown without them",
        "marks on text within lines (`/pat tern/`) are not read: the block is shown without them",
        "marks on text within lines (`del=\"word\"`) are not read: the block is shown without them",
      ])
  }

  @Test func mkdocsMaterialSpellings() {
    let (options, problems) = CodeBlockOptions.parse(
      "py title=\"app.py\" linenums=\"40\" hl_lines=\"2 4-5\"", lineCount: 6)
    #expect(problems.isEmpty)
    #expect(options.title == "app.py")
    #expect(options.showLineNumbers && options.startLine == 40)
    #expect(options.marked == [2, 4, 5])
    let (_, bad) = CodeBlockOptions.parse("py hl_lines=\"9\" linenums=x", lineCount: 3)
    #expect(
      bad.map(\.message) == [
        "line 9 is outside the block, which has 3 lines",
        "`linenums` is the first line's number, like `linenums=\"1\"`",
      ])
  }

  @Test("a bare language, and a language with lines right after it")
  func bareLanguage() {
    let (bare, bareProblems) = CodeBlockOptions.parse("Swift", lineCount: 2)
    #expect(bareProblems.isEmpty)
    #expect(bare == CodeBlockOptions(language: "Swift"))
    #expect(CodeBlockOptions.parse("", lineCount: 1).0 == CodeBlockOptions())
    let (lines, problems) = CodeBlockOptions.parse("swift{2}", lineCount: 2)
    #expect(problems.isEmpty)
    #expect(lines.language == "swift")
    #expect(lines.marked == [2])
    #expect(CodeBlockOptions.parse("swift=1", lineCount: 1).0.language == "swift")
  }

  @Test(
    "bad values are located problems",
    arguments: [
      ("swift =x", "a value needs a name before `=`", 6, nil),
      ("swift {9}", "line 9 is outside the block, which has 3 lines", 6, nil),
      ("swift mark=2-1", "`2-1` is not a line or a range of lines like `3` or `5-7`", 6, nil),
      ("swift wrap=maybe", "`wrap` is `true` or `false`, not `maybe`", 6, nil),
      ("swift title=\"open", "the value of `title` is not closed", 12, nil),
    ] as [(String, String, Int, String?)])
  func problems(info: String, message: String, offset: Int, suggestion: String?) throws {
    let problem = try #require(CodeBlockOptions.parse(info, lineCount: 3).1.first)
    #expect(problem.message.hasPrefix(message))
    #expect(problem.offset == offset)
    #expect(problem.suggestion == suggestion)
  }

  @Test("values that are not the block's own are kept, in order, for its subview")
  func otherValues() {
    let (options, problems) = CodeBlockOptions.parse("sh title=\"npm\" default label='Node' titel=x", lineCount: 1)
    #expect(problems.isEmpty)
    #expect(options.title == "npm")
    #expect(
      options.otherValues == [
        .init(name: "default", value: nil, offset: 15), .init(name: "label", value: "Node", offset: 23),
        .init(name: "titel", value: "x", offset: 36),
      ])
  }

  @Test("marked, inserted and deleted lines and line numbers reach the HTML")
  func html() {
    let html = sharedLanguages.render(code: "a\nb\nc\n", info: "text {1} ins=2 del=3 startLine=10").html
    #expect(html.contains("<span class=\"line cv-mark\">a</span>"))
    #expect(html.contains("<span class=\"line cv-ins\">b</span>"))
    #expect(html.contains("<span class=\"line cv-del\">c</span>"))
    #expect(html.contains("class=\"language-text cv-numbered\" style=\"counter-reset: cv-line 9\""))
  }

  @Test(
    "a block with nothing between its fences has no line, as cmark writes it; one with an empty line has that line",
    arguments: ["", "swift"])
  func emptyBlocks(info: String) {
    let language = info.isEmpty ? "" : #" class="language-swift""#
    #expect(sharedLanguages.render(code: "", info: info).html.contains("<code\(language)></code>"))
    let blank = sharedLanguages.render(code: "\n", info: info).html
    #expect(blank.contains("<code\(language)><span class=\"line\"></span>\n</code>"), "\(blank)")
  }
}

@Suite("Info strings as pymdownx.superfences writes them")
struct SuperfencesInfoStringTests {
  @Test("the braced form: the first class is the language, pairs are read, other classes set aside")
  func bracedForm() {
    let (options, problems) = CodeBlockOptions.parse(
      "{ .sh .no-copy #install title=\"Install\" hl_lines=\"1 3\" linenums=\"5\" }", lineCount: 3)
    #expect(problems.isEmpty)
    #expect(options.language == "sh" && options.title == "Install")
    #expect(options.marked == [1, 3] && options.startLine == 5 && options.showLineNumbers)
    let tight = CodeBlockOptions.parse("{.py}", lineCount: 1)
    #expect(tight.0.language == "py" && tight.1.isEmpty)
  }

  @Test("a first word followed by `=` is a name, not the language")
  func noLanguage() {
    let (options, problems) = CodeBlockOptions.parse("title=\".gitignore\"", lineCount: 1)
    #expect(problems.isEmpty)
    #expect(options.language == nil && options.title == ".gitignore")
    #expect(CodeBlockOptions.parse("hl_lines=\"2\"", lineCount: 2).0.marked == [2])
  }

  @Test("line ranges in braces stay line ranges")
  func rangesStay() {
    let (options, problems) = CodeBlockOptions.parse("{3,5-6}", lineCount: 6)
    #expect(problems.isEmpty && options.language == nil && options.marked == [3, 5, 6])
  }
}

@Suite("Info strings as VitePress writes them")
struct VitePressInfoStringTests {
  @Test("`:line-numbers` after the language, with a first number, and `:no-line-numbers`")
  func lineNumbers() {
    let (numbered, problems) = CodeBlockOptions.parse("ts:line-numbers=2 {1}", lineCount: 2)
    #expect(problems.isEmpty)
    #expect(numbered.language == "ts" && numbered.showLineNumbers && numbered.startLine == 2 && numbered.marked == [1])
    #expect(CodeBlockOptions.parse("md:line-numbers", lineCount: 1).0.showLineNumbers)
    let off = CodeBlockOptions.parse("js:no-line-numbers", lineCount: 1).0
    #expect(off.language == "js" && !off.showLineNumbers)
    #expect(CodeBlockOptions.parse("ts:line-numbers=x", lineCount: 1).1.count == 1)
  }
}
