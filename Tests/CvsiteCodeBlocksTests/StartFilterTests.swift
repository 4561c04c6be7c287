import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteCodeBlocks

/// Skipping to where a match can start (``StartFilter``) is only a speed-up: every file
/// must come out with exactly the runs a byte-by-byte search gives.
@Suite("Start filter")
struct StartFilterTests {
  /// Real files of this repository, each with the language it is written in.
  static let files: [(String, String)] = [
    ("swift", "Sources/CvsiteCodeBlocks/Grammar/Tokenizer.swift"),
    ("swift", "Tests/CvsiteCodeBlocksTests/HighlightTests.swift"),
    ("swift", "Package.swift"),
    ("sh", "scripts/install-build-deps.sh"),
    ("sh", "Tests/browser/install.sh"),
    ("python3", "Tests/browser/check.py"),
    ("c", "Sources/CCmarkArena/arena.c"),
    ("yaml", "themes/default/theme.yml"),
    ("css", "themes/default/assets/cvsite.css"),
    ("js", "themes/default/assets/cvsite.js"),
    ("xml", "themes/default/languages/swift.lang"),
    ("mustache", "themes/default/layouts/containers/tabs.mustache"),
    ("markdown", "site-example/content/docs/code-blocks.md"),
    ("console", "site-example/content/docs/code-blocks.md"),
  ]

  /// Short samples of languages this repository has no file in.
  static let samples: [(String, String)] = [
    ("json", #"{"name": "cvsite", "version": 1.5e3, "tags": ["a\"b", null, true], "nested": {"k": -2}}"#),
    ("diff", "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old line\n+new line\n context\n"),
    ("go", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 0x1F // hex\n\tfmt.Println(`raw ${x}`, x)\n}\n"),
    (
      "rust",
      "fn main() {\n    let s = r#\"raw \"str\"\"#;\n    let v: Vec<u8> = vec![1, 2];\n    println!(\"{s} {:?}\", v); // done\n}\n"
    ),
    ("ruby", "def greet(name)\n  puts \"Hi #{name}\" # comment\n  :symbol\nend\n"),
    ("sql", "SELECT id, name FROM pages WHERE draft = 0 AND title LIKE '%x%' -- note\nORDER BY 2;\n"),
    ("toml", "[package]\nname = \"cvsite\"\nversion = \"0.1.0\" # comment\n[[bin]]\npath = 'a'\n"),
    ("dockerfile", "FROM swift:6.0\nRUN apt-get update && apt-get install -y libcmark-dev\nCOPY . /src\n"),
    ("makefile", "all: build\n\nbuild:\n\tswift build -c release $(FLAGS)\n"),
    (
      "html",
      "<style>a { color: red }</style>\n<script>let a = 1; if (a > 0) { a += 2 }</script>\n<p class=\"x\">Hi &amp; bye</p>\n"
    ),
    ("kotlin", "fun main() {\n    val x: Int = 42 // answer\n    println(\"x = $x\")\n}\n"),
    ("typescript", "interface A { b: string }\nconst f = (a: A): number => a.b.length * 2; // ok\n"),
  ]

  @Test("the same runs with and without skipping, on real files in many languages")
  func sameRuns() throws {
    var filtered = 0
    var inputs: [(String, String, String)] = []
    for (name, path) in Self.files {
      let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      inputs.append((name, path, text))
    }
    inputs += Self.samples.map { ($0.0, "sample", $0.1) }
    for (name, path, text) in inputs {
      let id = try #require(sharedLanguages.languageID(for: name), "\(name)")
      let root = try #require(sharedLanguages.grammar(id), "\(id)")
      if root.staticPlan?.filter != nil { filtered += 1 }
      let code = Array(text.utf8.prefix(200_000))
      var everyByte = Tokenizer(root: root, cache: sharedLanguages.cache)
      everyByte.takesShortcuts = false
      let skipping = Tokenizer(root: root, cache: sharedLanguages.cache)
      let expected = everyByte.tokenize(code)
      let actual = skipping.tokenize(code)
      #expect(actual.stoppedAtLine == expected.stoppedAtLine, "\(path) as \(id)")
      #expect(actual.lineEnds == expected.lineEnds && actual.lineEnds.count == actual.lines.count)
      let differing = zip(actual.runsByLine, expected.runsByLine).enumerated().first { $0.element.0 != $0.element.1 }?
        .offset
      #expect(differing == nil, "\(path) as \(id): first differing line \(differing.map { $0 + 1 } ?? 0)")
    }
    // The comparison means something only if skipping is on for most of them (19 of the
    // 26 today: a root context with a pattern that can match nothing, or start inside a
    // word with more than a few letters, searches byte by byte as before).
    #expect(filtered >= 16, "only \(filtered) of \(inputs.count) inputs skip ahead")
  }

  @Test("inside a word, only the bytes some pattern may start with there are tried")
  func startsInsideByByte() throws {
    // `[0-9]+x` may start inside a word, but only with a digit: letters inside words
    // are still skipped, digits are not.
    let texts = [#"\bfoo\b"#, "[0-9]+x"]
    let patterns = try texts.map { CompiledPattern(text: $0, caseless: false, extended: false, regex: try Regex($0)) }
    let filter = try #require(StartFilter(patterns: patterns, startInfo: patterns.compactMap(\.regex?.startInfo)))
    let line = Array("afoo a2x foo".utf8)
    var starts: [Int] = []
    line.withUnsafeBufferPointer { buffer in
      var from = 0
      while let start = filter.next(buffer.baseAddress!, buffer.count, from: from) {
        starts.append(start)
        from = start + 1
      }
    }
    // Not the `f` inside `afoo`, nor the `x` after the digit; the `2` inside `a2x`
    // and the `f` of the word `foo` are tried.
    #expect(starts == [6, 9])
    // More than a few letters that may start inside words: no filter at all.
    let loose = try ["[a-z]+q", #"\bx"#].map {
      CompiledPattern(text: $0, caseless: false, extended: false, regex: try Regex($0))
    }
    #expect(StartFilter(patterns: loose, startInfo: loose.compactMap(\.regex?.startInfo)) == nil)
  }

  @Test(
    "word boundaries: which patterns can never start inside a word",
    arguments: [
      (#"\bfunc\b"#, false, true),
      (#"(?<![A-Za-z0-9_.])[0-9]+"#, false, true),
      (#"(?<!(?:[a-zA-Z0-9_-]))(?=(?:[a-zA-Z0-9_-]))(?:if|fi)"#, false, true),
      (#"\b(?:self|Self)\b|\$[0-9]+"#, false, true),
      ("@[A-Za-z_]+", false, true),
      (#"\bself\b|[a-z]+"#, false, false),
      ("[A-Z][a-z]*", false, false),
      (#"(?<!\.)x"#, false, false),
      ("  # the start\n  \\b word", true, true),
      ("(\\bx)|y", false, false),
      // A positive lookbehind that refuses a word character, alone or as the whole of an
      // option group (GtkSourceView's expanded references look like that).
      (#"(?<=\s|^)do"#, false, true),
      (#"(?-ix:(?<=\s|[()`&|;]|^))(?:do|done)"#, false, true),
      (#"(?<=\.)x"#, false, true),
      (#"(?-ix:(?<=\s)x|y)"#, false, false),
      (#"(?<=[a-z]|^)x"#, false, false),
    ] as [(String, Bool, Bool)])
  func wordBoundaries(pattern: String, extended: Bool, expected: Bool) throws {
    let options: Regex.Options = extended ? [.extended] : []
    let compiled = CompiledPattern(
      text: pattern, caseless: false, extended: extended, regex: try Regex(pattern, options: options))
    #expect(compiled.startsAtWordBoundary == expected)
  }
}
