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

@Suite struct DidYouMeanTests {
  @Test(
    arguments: [
      ("stauts", ["status", "start"], "status"), ("dnoe", ["todo", "current", "done"], "done"),
      ("hihglighted", ["none", "new", "highlighted"], "highlighted"), ("7", ["1", "2", "auto"], nil),
      ("xyz", ["badge", "href"], nil), ("Badge", ["badge"], "badge"),
    ] as [(String, [String], String?)])
  func didYouMean(_ word: String, _ candidates: [String], _ expected: String?) {
    #expect(closest(word, candidates) == expected)
  }
}
