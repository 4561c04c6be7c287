import CvsiteCore
import Testing

/// Diagnostics as values: where they point, how they print, what fails a build.
@Suite struct DiagnosticValueTests {
  @Test func descriptionShowsTheLineAndACaretUnderTheColumn() {
    let diagnostic = Diagnostic(
      .error, "unknown key `bdage`", at: SourceLocation(path: "a.md", line: 3, column: 7),
      sourceLine: "## A {bdage=new}",
      suggestion: "badge")
    #expect(
      diagnostic.description == """
        a.md:3:7: error: unknown key `bdage` (did you mean `badge`?)
        ## A {bdage=new}
              ^
        """)
  }

  /// The column counts UTF-8 bytes; the caret sits under the character they end at.
  @Test func caretCountsCharactersNotBytes() {
    let diagnostic = Diagnostic(
      .warning, "here", at: SourceLocation(path: "b.md", line: 1, column: 7), sourceLine: "é é x")
    #expect(diagnostic.description.hasSuffix("é é x\n    ^"))
  }

  @Test func withoutALocationOnlyTheMessage() {
    #expect(Diagnostic(.note, "just so you know").description == "note: just so you know")
  }

  @Test func onlyErrorsFail() {
    let location = SourceLocation(path: "a.md", line: 1, column: 1)
    let warnings = [Diagnostic(.warning, "w", at: location), Diagnostic(.note, "n")]
    #expect(!warnings.hasErrors)
    #expect((warnings + [Diagnostic(.error, "e")]).hasErrors)
    #expect(![Diagnostic]().hasErrors)
  }

  @Test func locationsSortByPathThenLineThenColumn() {
    let a = SourceLocation(path: "a.md", line: 2, column: 9)
    let b = SourceLocation(path: "a.md", line: 10, column: 1)
    let c = SourceLocation(path: "b.md", line: 1, column: 1)
    #expect([c, b, a].sorted() == [a, b, c])
  }
}

/// A line of thousands of problems must not print thousands of copies of itself.
@Suite struct DiagnosticFloodTests {
  @Test func aLongLineIsShownAsAnExcerptWithTheCaretInPlace() throws {
    let line = String(repeating: "{k=v} ", count: 2_000) + "{bdage=new}" + String(repeating: " {k=v}", count: 500)
    let column = 2_000 * 6 + 2  // the `b` of `bdage`
    let diagnostic = Diagnostic(
      .error, "unknown key `bdage`", at: SourceLocation(path: "a.md", line: 1, column: column), sourceLine: line)
    let excerpt = try #require(diagnostic.sourceLine)
    #expect(excerpt.utf8.count <= Diagnostic.maximumSourceLineLength)
    #expect(excerpt.hasPrefix("…") && excerpt.hasSuffix("…"))
    let lines = diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false)
    let caret = try #require(lines.last?.firstIndex(of: "^")).utf16Offset(in: lines.last ?? "")
    let shown = Array(lines[1])
    #expect(String(shown[caret...].prefix(5)) == "bdage")
  }

  @Test func anExcerptNeverCutsACharacter() throws {
    let line = String(repeating: "é日", count: 200)
    for column in [1, 2, 3, 100, 401, 800, 1_000] {
      let diagnostic = Diagnostic(
        .warning, "w", at: SourceLocation(path: "a.md", line: 1, column: column), sourceLine: line)
      let excerpt = try #require(diagnostic.sourceLine)
      #expect(excerpt.unicodeScalars.allSatisfy { $0 == "é" || $0 == "日" || $0 == "…" }, "column \(column)")
      #expect(diagnostic.description.hasSuffix("^"))
    }
  }

  @Test func shortLinesAreKeptWhole() {
    let line = String(repeating: "x", count: Diagnostic.maximumSourceLineLength)
    let diagnostic = Diagnostic(.error, "e", at: SourceLocation(path: "a", line: 1, column: 3), sourceLine: line)
    #expect(diagnostic.sourceLine == line)
  }

  @Test func showsTheLocatedLineOfItsSourceWhenItHasNone() {
    let source = Array("first\r\n:::tabs\r\nlast".utf8)
    let at = { (line: Int) in Diagnostic(.error, "e", at: SourceLocation(path: "a.md", line: line, column: 1)) }
    #expect(at(2).showingLine(of: source).sourceLine == ":::tabs")
    #expect(at(3).showingLine(of: source).sourceLine == "last")
    #expect(at(4).showingLine(of: source).sourceLine == nil)
    #expect(Diagnostic(.error, "e").showingLine(of: source).sourceLine == nil)
    let shown = Diagnostic(.error, "e", at: SourceLocation(path: "a.md", line: 1, column: 1), sourceLine: "kept")
    #expect(shown.showingLine(of: source).sourceLine == "kept")
  }

  @Test func capsPerFileAndInAllKeepingErrorsAndOtherFiles() {
    let flood = (1...4_000).map {
      Diagnostic(.warning, "w\($0)", at: SourceLocation(path: "big.md", line: 1, column: $0))
    }
    let error = Diagnostic(.error, "real", at: SourceLocation(path: "big.md", line: 9, column: 1))
    let other = Diagnostic(.error, "elsewhere", at: SourceLocation(path: "small.md", line: 2, column: 1))
    let capped = (flood + [error, other]).capped(perFile: 50, total: 500)
    #expect(capped.contains(error) && capped.contains(other))
    #expect(capped.filter { $0.location?.path == "big.md" && $0.severity != .note }.count == 50)
    #expect(capped.contains { $0.severity == .note && $0.message.hasPrefix("3951 more problems in this file") })
    let many = (1...2_000).map { Diagnostic(.error, "e", at: SourceLocation(path: "f\($0).md", line: 1, column: 1)) }
    let cappedMany = many.capped(perFile: 50, total: 500)
    #expect(cappedMany.count == 501)
    #expect(cappedMany.last?.message == "1500 more problems not shown (at most 500 in all)")
    #expect(Array(flood.prefix(10)).capped() == Array(flood.prefix(10)))
  }
}

@Suite struct DidYouMeanTests {
  @Test(
    arguments: [
      ("stauts", ["status", "start"], "status"), ("dnoe", ["todo", "current", "done"], "done"),
      ("hihglighted", ["none", "new", "highlighted"], "highlighted"), ("7", ["1", "2", "auto"], nil),
      ("xyz", ["badge", "href"], nil), ("Badge", ["badge"], "badge"),
      // As close as each other: the one that sorts first, in whatever order they come.
      ("page-1", ["page-13", "page-12"], "page-12"), ("page-1", ["page-12", "page-13"], "page-12"),
    ] as [(String, [String], String?)])
  func didYouMean(_ word: String, _ candidates: [String], _ expected: String?) {
    #expect(closest(word, candidates) == expected)
  }
}
