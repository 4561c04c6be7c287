import ContainerViews
import CvsiteCore
import CvsiteTestSupport
import Testing

@testable import CvsiteMarkdown

/// The single-parse preparation gives exactly what the two-parse path gives: the same
/// cmark tree (as HTML), markers, cut attribute blocks and diagnostics. Pages the check
/// proves are parsed once; the rest fall back to the two-parse path.
@Suite struct SinglePassTests {
  struct Outcome: Equatable {
    var html: String
    var directives: [Int: String]
    var headings: [Int: AttributeBlock]
    var markerLines: [Int]
    var diagnostics: [Diagnostic]
  }

  /// Prepares `text` both ways; returns both outcomes and how often the fast way parsed.
  static func prepareBothWays(_ text: String, allowRawHTML: Bool = false) -> (
    fast: Outcome?, twoPass: Outcome?, parses: Int
  ) {
    let source = SourceText(path: "page.md", bytes: Array(text.utf8))
    var ignored: [Diagnostic] = []
    let matter = FrontMatter.parse(source, schema: testSchema, into: &ignored)
    let body = PageBody(source: source, frontMatterLines: matter.lineCount)
    let options = MarkdownOptions(allowRawHTML: allowRawHTML)
    var fastDiagnostics: [Diagnostic] = []
    var twoPassDiagnostics: [Diagnostic] = []
    let fast = PreparedBody.prepare(body, options: options, validateUTF8: false, into: &fastDiagnostics)
    let twoPass = PreparedBody.prepareTwoPass(body, options: options, validateUTF8: false, into: &twoPassDiagnostics)
    func outcome(_ prepared: PreparedBody?, _ diagnostics: [Diagnostic]) -> Outcome? {
      prepared.map {
        Outcome(
          html: $0.document.html($0.document.root), directives: $0.directives.mapValues { String(describing: $0) },
          headings: $0.headingAttributes, markerLines: $0.markerLines, diagnostics: diagnostics)
      }
    }
    return (outcome(fast, fastDiagnostics), outcome(twoPass, twoPassDiagnostics), fast?.parses ?? 0)
  }

  static let typicalPage = """
    ---
    title: Pricing
    ---
    # Pricing {#top}

    Intro paragraph with *emphasis*.

    :::cards{cols=3}
    ## Free {badge=none}

    Text.

    ## Pro {badge=highlighted .wide}

    > A quote.

    Closing right after a paragraph.
    :::

    > :::steps
    > ## One {status=done}
    > :::

    - item

      :::group{badge=muted}
      ### Inner {#inner}
      :::

    ::::tabs
    :::card[Label]{badge=new}
    body
    :::
    ::::
    ::field{name=a}
    """

  @Test(arguments: [
    typicalPage,
    ":::cards\n## A {badge=new}\n:::\n",
    "# Title {.x}\n\nText {not=heading}\n",
    ":::cards\n:::\n::::\n",
    ":::cards\ntext after\n:::\n",
    "Text ending in braces {}\n",
    // Not cut (no `#`), and no heading's text in either parse.
    "Foo\n1. {#a}\n===\n",
    "Para\n\n:::cards\n* item\n\n:::\n\n1. one\n",
  ])
  func provenPagesAreParsedOnce(_ text: String) {
    let result = Self.prepareBothWays(text)
    #expect(result.fast != nil)
    #expect(result.fast == result.twoPass)
    #expect(result.parses == 1)
  }

  @Test(arguments: [
    // A directive-looking line inside fenced code, indented code and raw HTML.
    "```\n:::cards\n```\n",
    "Para\n\n    :::cards\n    :::\n",
    "<div>\n:::cards\n</div>\n",
    "<!--\n:::cards\n-->\n:::\n",
    // A fence cmark reads as paragraph continuation (indented, lazy in a list).
    "Some text\n    :::cards\n:::\n",
    "- item\n  :::cards\n:::\n      # Deep {#d}\n",
    "- [foo]: /url\n:::cards\n  ## H {#a}\n    # H {#b}\n",
    "> quote\n:::cards\n> ## H {#q}\n:::\n",
    "Para\n\n:::cards\n* item\n:::\n",
    // A fence followed by a line that may continue its paragraph differently.
    ":::cards\n===\n:::\n",
    ":::cards\n--\n:::\n",
    ":::cards\n[foo]: /url\n:::\n",
    ":::cards\n2. two\n:::\n",
    // A heading-looking line that is a setext paragraph, an attribute block on a setext
    // heading, and an ATX heading the cheap scan misses.
    "Title {#t}\n===\n",
    "Line one\nTitle {#t}\n---\n",
    "- # In a list {#l}\n",
    "    # Indented code {#c}\n",
  ])
  func unprovenPagesFallBackToTwoParses(_ text: String) {
    let result = Self.prepareBothWays(text)
    #expect(result.fast != nil)
    #expect(result.fast == result.twoPass, "\(text)")
    #expect(result.parses >= 2, "\(text)")
  }

  @Test func pageWithoutCandidatesIsParsedOnce() {
    let result = Self.prepareBothWays("# Plain\n\nNo directives here, 10:30.\n")
    #expect(result.fast == result.twoPass)
    #expect(result.parses == 1)
    #expect(result.fast?.markerLines == [])
  }

  @Test func fallbackKeepsTheParagraphTextDiagnostic() {
    let result = Self.prepareBothWays("Some text\n    :::cards\n:::\n")
    #expect(result.fast?.diagnostics.contains { $0.message.contains("read as paragraph text") } == true)
    #expect(result.fast == result.twoPass)
  }

  /// Mutated directive pages, line by line: both ways agree on every one, and both the
  /// single parse and the fallback are taken many times.
  @Test func mutatedPagesAgree() {
    var random = SeededRandom(seed: 99)
    let insertions = [
      "```", "~~~", "    :::cards", ":::", "::::", ":::cards", ":::steps", "## X {badge=new}", "===", "---", "",
      "> :::cards",
      "- :::steps", "<div>", "</div>", "<!-- x -->", "    ## Y {badge=muted}", "Para {x}", "::field{name=a}", "  :::",
      "   :::card[T]{badge=new}", "# H {#id .c}", "1. x", "- y", "> quote", "\t:::cards", "[ref]: /url", "***",
    ]
    let prefixes = ["> ", "- ", "1. ", "  ", "    ", "   "]
    var singleParse = 0
    var fallbacks = 0
    var mismatches: [String] = []
    for round in 0..<2500 {
      var lines = Self.typicalPage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for _ in 0..<(1 + Int(random.next() % 5)) {
        let at = Int(random.next() % UInt64(lines.count))
        switch random.next() % 4 {
        case 0: lines.insert(insertions[Int(random.next() % UInt64(insertions.count))], at: at)
        case 1: lines[at] = prefixes[Int(random.next() % UInt64(prefixes.count))] + lines[at]
        case 2: lines.remove(at: at)
        default: lines.insert(contentsOf: lines[at..<min(lines.count, at + 3)], at: at)
        }
        if lines.isEmpty { lines = [""] }
      }
      let text = lines.joined(separator: "\n")
      let result = Self.prepareBothWays(text, allowRawHTML: round % 5 == 0)
      if result.fast != result.twoPass, mismatches.count < 3 { mismatches.append(text) }
      if result.parses == 1 { singleParse += 1 } else { fallbacks += 1 }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n=====\n"))")
    #expect(singleParse > 200)
    #expect(fallbacks > 200)
    print("single pass: \(singleParse) pages parsed once, \(fallbacks) fell back, all identical")
  }
}
