import CvsiteCore
import CvsiteMarkdown
import CvsiteTestSupport
import Testing

/// GFM mistakes are located diagnostics, warnings where GFM itself would render on.
@Suite struct GFMDiagnosticTests {
  @Test(arguments: [
    (
      "| a | b |\n| - | - | - |\n| 1 | 2 |\n",
      "page.md:2:1: warning: this delimiter row has 3 cells but the header row above has 2: it is no table (GFM needs the same count)"
    ),
    (
      "Text[^1].\n\n[^1]: One.\n\n[^1]: Again.\n",
      "page.md:5:1: warning: footnote `[^1]` is defined twice (first at line 3); this one is ignored"
    ),
    (
      "Text.\n\n[^lonely]: Nobody cites me.\n",
      "page.md:3:1: warning: footnote `[^lonely]` is never referenced; it is left out"
    ),
    (
      "Text[^nte].\n\n[^note]: One.\n",
      "page.md:1:5: warning: footnote `[^nte]` has no definition (add a `[^nte]: …` line); it stays as text (did you mean `[^note]`?)"
    ),
  ])
  func located(_ text: String, _ expected: String) {
    let page = parse(text)
    #expect(page.diagnostics.map(\.description).contains { $0.hasPrefix(expected) }, "\(page.diagnostics)")
  }

  @Test("an undefined footnote written again is placed at each place it is written")
  func repeatedUndefinedFootnotes() {
    let page = parse("One[^gone] and[^gone]\nthen[^gone].\n")
    #expect(
      page.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["1:4", "1:15", "2:5"],
      "\(page.diagnostics)")
  }

  @Test("thousands of references in one line: each numbered or reported at its own column, once")
  func manyReferencesInOneLine() throws {
    let count = 5_000
    let cited = parse(String(repeating: "a[^n] ", count: count) + "\n\n[^n]: The note.\n")
    let body = html(cited)
    #expect(occurrences("data-footnote-ref", in: body) == count)
    #expect(occurrences("class=\"footnote-backref\"", in: body) == count)
    #expect(body.contains(##"id="fnref-n-5000""##) && occurrences("a<sup", in: body) == count)
    let undefined = parse((0..<count).map { "b[^u\($0)]" }.joined(separator: " ") + "\n")
    #expect(undefined.diagnostics.count == count)
    let last = try #require(undefined.diagnostics.last)
    // Each `b[^uN] ` before the last one: 6 bytes and the number's digits.
    let before = (0..<(count - 1)).reduce(0) { $0 + 6 + String($1).count }
    #expect(last.location?.column == before + 2 && last.message.contains("[^u4999]"))
    // The line shown is cut around the place, not the whole line.
    #expect((last.sourceLine?.utf8.count ?? .max) <= Diagnostic.maximumSourceLineLength)
    #expect(last.sourceLine?.contains("b[^u4999]") == true)
  }

  @Test func footnotesAreNumberedByFirstReferenceWithUniqueIDs() {
    let page = parse("B[^b] A[^a] B again[^b].\n\n[^a]: Alpha.\n[^b]: Beta.\n\n## fn-a\n")
    let body = html(page)
    #expect(body.contains(##"<a href="#fn-b" id="fnref-b" data-footnote-ref aria-describedby="footnote-label">1</a>"##))
    #expect(body.contains(##"<a href="#fn-a" id="fnref-a" data-footnote-ref aria-describedby="footnote-label">2</a>"##))
    #expect(
      body.contains(##"<a href="#fn-b" id="fnref-b-2" data-footnote-ref aria-describedby="footnote-label">1</a>"##))
    #expect(body.range(of: #"<li id="fn-b">"#)!.lowerBound < body.range(of: #"<li id="fn-a">"#)!.lowerBound)
    // A heading that would take a footnote's id gets another.
    #expect(page.headings.map(\.id) == ["fn-a-1"])
  }

  @Test func hostileGFMIsBounded() {
    // Deep emphasis around tildes and links, a huge table, and many footnotes.
    let deep = String(repeating: "*", count: 5000) + "~~x~~ www.example.com" + String(repeating: "*", count: 5000)
    #expect(!html(parse(deep)).isEmpty)
    let row = "| " + Array(repeating: "c", count: 500).joined(separator: " | ") + " |\n"
    let table = row + "|" + String(repeating: " - |", count: 500) + "\n" + String(repeating: row, count: 50)
    #expect(occurrences("<td>", in: html(parse(table))) == 500 * 50)
    let notes =
      (0..<2000).map { "x[^\($0)]" }.joined(separator: " ") + "\n\n"
      + (0..<2000).map { "[^\($0)]: n\($0)" }.joined(separator: "\n")
    #expect(occurrences("class=\"footnote-backref\"", in: html(parse(notes))) == 2000)
  }
}
