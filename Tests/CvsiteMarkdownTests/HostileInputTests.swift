import CvsiteCore
import CvsiteMarkdown
import Foundation
import Testing

/// Content written to hurt: expansion bombs, script URLs, floods of problems.
@Suite struct HostileInputTests {
  /// Nine levels of nine aliases each: 9⁹ values from 300 bytes. Before the bound the
  /// parse never finished and its memory grew tenfold a level.
  @Test func nestedYAMLAliasesAreBoundedAndLocated() {
    var lines = ["---", "a: &a [x, x, x, x, x, x, x, x, x]"]
    var previous = "a"
    for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
      lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
      previous = name
    }
    let page = parse((lines + ["title: Bomb", "---", "# Hi", ""]).joined(separator: "\n"))
    let error = page.diagnostics.first { $0.severity == .error }
    #expect(error?.message.contains("expands to more than 10000 values") == true, "\(page.diagnostics)")
    #expect(error?.location?.line == 6, "the first key over the bound")
    #expect(page.frontMatter.fields.isEmpty)
  }

  @Test func ordinaryAliasesStillWork() {
    let page = parse("---\ntitle: &t Shared\nsubtitle: *t\nlist: &l [a, b]\nagain: *l\n---\nBody.\n")
    #expect(!page.hasErrors, "\(page.diagnostics)")
    #expect(page.frontMatter.fields["subtitle"] == .string("Shared"))
    #expect(page.frontMatter.fields["again"] == .list([.string("a"), .string("b")]))
  }

  /// Browsers drop leading C0 controls and tabs and newlines anywhere before they read
  /// the scheme; a URL value must be judged the same way.
  @Test(arguments: [
    "href: \"\\u0001javascript:alert(1)\"", "href: \"\\x1Fjavascript:alert(1)\"", "href: \"java\\tscript:alert(1)\"",
    "href: \"JAVASCRIPT:alert(1)\"", "href: \"data:text/html;base64,PHNjcmlwdD4=\"", "href: vbscript:x",
  ])
  func scriptURLsInFrontMatterAreErrors(_ line: String) {
    let page = parse("---\ntitle: T\n\(line)\n---\nBody.\n")
    #expect(page.hasErrors, "\(line)")
    #expect(page.frontMatter.values["href"] == nil)
  }

  @Test func scriptURLsInAttributesAreErrors() {
    let page = parse(":::cards\n## A {href=\"\u{1}javascript:alert(1)\"}\n## B {href=\"java\tscript:x\"}\n:::\n")
    #expect(page.diagnostics.filter { $0.severity == .error }.count == 2, "\(page.diagnostics)")
    #expect(!html(page).contains("script:"))
  }

  /// 4,000 unknown keys on one line: every diagnostic keeps an excerpt of the line, not
  /// the line (it used to print 184 MB of errors).
  @Test func aLineOfThousandsOfUnknownKeysStaysSmall() {
    let attributes = (1...4_000).map { "k\($0)=v" }.joined(separator: " ")
    let page = parse(":::cards\n## A {\(attributes)}\n:::\n")
    #expect(page.diagnostics.count >= 4_000)
    let bytes = page.diagnostics.reduce(0) { $0 + $1.description.utf8.count }
    #expect(bytes < 4_000 * 400, "\(bytes) bytes of diagnostics")
    #expect(page.diagnostics.capped().count <= 51)
  }

  /// Found by the fuzzer: a NUL inside an attribute value reached the HTML. CommonMark
  /// turns U+0000 into U+FFFD; cvsite's own syntax now reads the same text.
  @Test func nulBytesBecomeReplacementCharactersEverywhere() {
    let source = Array(":::form\n## A\n::field{name=\"x\u{0}y\"}\n:::\n\nText\u{0}.\n".utf8)
    let page = MarkdownParser(schema: testSchema).parse(bytes: source, path: "nul.md")
    let rendered = html(page)
    #expect(!rendered.utf8.contains(0))
    #expect(rendered.contains("Text\u{FFFD}."))
    #expect(rendered.contains("data-name=\"x\u{FFFD}y\""), "\(rendered)")
  }

  /// Found by the fuzzer: libcmark ends a line at a lone CR, cvsite's line table did not,
  /// and a code block's line range ran past the table (a trap). Lone CRs now read as LF.
  @Test func loneCarriageReturnsAreLineEndingsToo() {
    let text = "# Title\n\n:::cards\n## A {badge=new}\nBody.\n```\ncode\n```\n:::\n"
    let lone = parse(text.replacingOccurrences(of: "\n", with: "\r"))
    let unix = parse(text)
    #expect(html(lone) == html(unix))
    #expect(lone.diagnostics.isEmpty && unix.diagnostics.isEmpty, "\(lone.diagnostics)")
    let windows = parse(text.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(html(windows) == html(unix))
    let crash = parse("```\r\r\r\r\r\r\n:::cards\r## A\n```\r\r")
    #expect(!html(crash).isEmpty)
  }
}
