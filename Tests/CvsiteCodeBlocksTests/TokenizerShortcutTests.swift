import CvsiteBuiltInFiles
import CvsiteTestSupport
import Dispatch
import Testing

@testable import CvsiteCodeBlocks

/// The tokenizer's shortcuts (narrowed alternations tried anchored, plans without the
/// alternatives that may not match on a line, a match's groups reused from the search)
/// are only speed-ups: random code in many languages must come out with exactly the
/// runs of the plain search, which tries every alternative and matches each group again.
@Suite("Tokenizer shortcuts")
struct TokenizerShortcutTests {
  /// Pieces of code from many languages, with the places grammars treat specially: line
  /// starts, once-only and first-line contexts (a shell command's name, a shebang, a
  /// YAML document start), heredocs, nested strings and comments, non-ASCII text.
  static let pieces = [
    "if ", "then", " fi", "for x in a b; do echo \"$x\"; done", "apt-get install -y", " && ", " | ",
    "#!/bin/sh", "# comment", "// note", "/* block */", "\"str\\\"ing\"", "'single'", "`tick`", "$(date)",
    "${HOME}", "<<EOF", "EOF", "---", "key: value", "- item", "{\"a\": [1, 2.5e3, true, null]}", "func f()",
    "let x = 0x1F", "@Entry", "#if DEBUG", "#expect(x)", "\"\"\"", "#\"raw\"#", "\\(x)", "<div class=\"a\">",
    "</div>", "<style>a{color:red}</style>", "SELECT * FROM t WHERE a = 'b'", "def g(*, a=None):",
    "fn main() {}", "r#\"x\"#", "é", "日本", " ", "  ", "\t", "\n", "\n", "\n", "(", ")", "[", "]", "{", "}",
    ";", ":", "=", "-", "+", "*", "/", "\\", "$", "@", "!", "?", "<", ">", "&", "|", "%", "^", "~", ",", ".",
    "0", "42", "word", "Word", "_id",
  ]

  static let languages = [
    "sh", "console", "swift", "json", "yaml", "toml", "python", "js", "typescript", "html", "css", "c", "cpp",
    "objc", "go", "rust", "java", "kotlin", "ruby", "sql", "diff", "markdown", "dockerfile", "makefile",
    "mustache", "xml",
  ]

  @Test("random code: the same runs with and without the shortcuts", arguments: languages)
  func sameRunsOnRandomCode(language: String) throws {
    let id = try #require(sharedLanguages.languageID(for: language), "\(language)")
    let root = try #require(sharedLanguages.grammar(id), "\(id)")
    var plain = Tokenizer(root: root, cache: sharedLanguages.cache)
    plain.takesShortcuts = false
    let fast = Tokenizer(root: root, cache: sharedLanguages.cache)
    var generator = PieceGenerator(pieces: Self.pieces, seed: UInt64(language.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
    for sample in 0..<150 {
      let code = Array(generator.string(fewerThan: 40, atLeast: 1).utf8)
      let expected = plain.tokenize(code)
      let actual = fast.tokenize(code)
      #expect(actual.stoppedAtLine == expected.stoppedAtLine, "\(language) sample \(sample)")
      let differing = zip(actual.runsByLine, expected.runsByLine).enumerated().first { $0.element.0 != $0.element.1 }?
        .offset
      #expect(
        differing == nil,
        "\(language) sample \(sample), line \(differing.map { $0 + 1 } ?? 0): \(String(decoding: code, as: UTF8.self))")
      #expect(actual.lineEnds == expected.lineEnds)
    }
  }

  /// A plan of three alternatives: a keyword, a string and a line-start comment.
  private func plan() throws -> SearchPlan {
    let texts = [#"\bif\b"#, #""[^"]*""#, "^#.*"]
    let patterns = try texts.map { CompiledPattern(text: $0, caseless: false, extended: false, regex: try Regex($0)) }
    return SearchPlan(
      alternatives: patterns.indices.map { .child($0) }, patterns: patterns, regexes: patterns.compactMap(\.regex),
      children: [])
  }

  @Test("a byte is tried with only the alternatives that can start with it")
  func narrowedByFirstByte() throws {
    let plan = try plan()
    let scratch = MatchScratch()
    func outcome(_ text: String, at position: Int) -> (Int?, Range<Int>?)? {
      let bytes = Array(text.utf8)
      return bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress,
          case .tried(let tried) = plan.matchNarrowed(at: position, base, length: buffer.count, scratch: scratch)
        else { return nil }
        guard case .matched = tried else { return (nil, nil) }
        return (Regex.mark(scratch), scratch.range(0))
      }
    }
    // Nothing starts with `x`: no match is tried there.
    #expect(plan.narrowedRegex(at: 3, UInt8(ascii: "x")) == nil)
    #expect(outcome("a x", at: 2) == nil)
    // `"` starts only the string: its alternation has one branch, marked with the
    // string's index in the plan.
    #expect(
      plan.narrowedRegex(at: 2, UInt8(ascii: "\"")).map { $0.pattern.components(separatedBy: "(*MARK:").count - 1 } == 1
    )
    #expect(outcome(#"a "b" c"#, at: 2)?.0 == 1)
    #expect(outcome(#"a "b" c"#, at: 2)?.1 == 2..<5)
    #expect(outcome("a if", at: 2)?.0 == 0)
    // The comment matches only at the start of the line: `#` is tried with it there only.
    #expect(outcome("# note", at: 0)?.0 == 2)
    #expect(plan.narrowedRegex(at: 2, UInt8(ascii: "#")) == nil)
  }

  @Test("a plan without some alternatives is made once, and never finds them")
  func variants() throws {
    let plan = try plan()
    #expect(plan.without(0) === plan)
    let withoutKeyword = plan.without(1)
    #expect(plan.without(1) === withoutKeyword)
    #expect(withoutKeyword.without(1) === withoutKeyword)
    let scratch = MatchScratch()
    let bytes = Array(#"if "s""#.utf8)
    let mark = bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let combined = withoutKeyword.combined,
        case .matched = combined.match(
          buffer.baseAddress!, length: buffer.count, from: 0, anchored: false, scratch: scratch)
      else { return nil }
      return Regex.mark(scratch)
    }
    #expect(mark == 1)
    #expect(withoutKeyword.narrowedRegex(at: 1, UInt8(ascii: "i")) == nil)
    #expect(plan.narrowedRegex(at: 1, UInt8(ascii: "i")) != nil)
  }

  @Test(
    "a block written at its longest fits the room counted for it",
    arguments: [
      ("html", #"title="\"<&>\"" {1-40} ins=1-40 del=1-40 showLineNumbers startLine=999999999"#),
      ("console", "showLineNumbers wrap"),
      ("<&>", ""),
    ])
  func longestBlock(language: String, values: String) {
    // Every byte an entity, every line marked three ways, a class on as many runs as can be.
    let code = String(repeating: "\"<>&\"<'&>\n", count: 38) + "$ echo \"&\" > <x>\n<a b=\"&\"></a>\n"
    let html = sharedLanguages.render(code: code, info: "\(language) \(values)").html
    #expect(html.hasSuffix("</code></pre></div>\n"))
    #expect(!html.contains(#"""<"#))
    #expect(html.contains("&quot;&lt;&gt;&amp;&quot;"))
    let lines = html.components(separatedBy: "<span class=\"line").count - 1
    #expect(lines == 40)
  }

  @Test("blocks coloured at once on many threads, each plan narrowed on first use, come out as one at a time")
  func concurrentFirstUse() throws {
    var generator = PieceGenerator(pieces: Self.pieces, seed: 99)
    let blocks = (0..<96).map { index in
      (Self.languages[index % Self.languages.count], generator.string(fewerThan: 30, atLeast: 1))
    }
    let serial = blocks.map { sharedLanguages.render(code: $0.1, info: $0.0).html }
    // A fresh set of languages: every grammar, plan and narrowed alternation is made while
    // the threads race for it.
    let fresh = CodeLanguages.load(trees: [BuiltInFiles.languageSpecs, themeLanguages]).0
    let results = Locked([String?](repeating: nil, count: blocks.count))
    DispatchQueue.concurrentPerform(iterations: blocks.count) { index in
      let html = fresh.render(code: blocks[index].1, info: blocks[index].0).html
      results.update { $0[index] = html }
    }
    let concurrent = results.value
    for index in blocks.indices {
      #expect(concurrent[index] == serial[index], "\(blocks[index].0): \(blocks[index].1)")
    }
  }
}
