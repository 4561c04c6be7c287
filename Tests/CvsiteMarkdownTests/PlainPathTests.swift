import ContainerViews
import CvsiteCore
import Testing

@testable import CvsiteMarkdown

/// A page without block directives is written in one walk of its libcmark tree, with
/// inline directives rewritten in the tree first and its headings written with their
/// ids. It must give exactly what the block-by-block path gives: HTML, headings and
/// diagnostics.
@Suite struct PlainPathTests {
  struct Outcome: Equatable {
    var html: String
    var headings: [HeadingInfo]
    var diagnostics: [String]
  }

  static func build(_ text: String, plain: Bool, anchors: Bool, rawHTML: Bool = false) -> Outcome? {
    let source = SourceText(path: "p.md", bytes: Array(text.utf8))
    var diagnostics: [Diagnostic] = []
    let options = MarkdownOptions(allowRawHTML: rawHTML, headingAnchors: anchors)
    let matter = FrontMatter.parse(source, schema: testSchema, into: &diagnostics)
    let body = PageBody(source: source, frontMatterLines: matter.lineCount)
    guard let prepared = PreparedBody.prepare(body, options: options, validateUTF8: false, into: &diagnostics) else {
      return nil
    }
    var builder = PageBuilder(source: source, prepared: prepared, schema: testSchema, options: options)
    guard builder.isPlainPage else { return nil }
    let items = plain ? builder.buildPlain() : builder.buildScope(prepared.document.root, depth: 0)
    var assembler = ViewAssembler(source: source, ids: builder.ids)
    let html = renderHTML(ViewList(views: assembler.views(items)))
    let all = (diagnostics + builder.diagnostics + assembler.diagnostics).map(\.description).sorted()
    return Outcome(html: html, headings: builder.headings, diagnostics: all)
  }

  static let inlineSnippets = [
    ":badge[Beta]{variant=tip}", ":badge[New]", ":badge{variant=note .wide}", ":badge[*em* & <b>]", "10:30",
    ":badgex[no]", ":badge[unclosed", ":badge[a]{bad=1}", ":badge[a]{variant=\"two words\"}", "::badge[x]",
    "a:badge[glued]", ":unknown[x]{y=1}", "`:badge[code]`", "[:badge[in link]](/u)", "**:badge[strong]**",
  ]

  static let headingSuffixes = [" {#fixed}", " {.cls}", " {#dup}", " {variant=tip}", " {badge=new}", " {#a .b .c}"]

  /// Generated CommonMark with inline directives and heading attribute blocks mixed in.
  static func pages(count: Int) -> [String] {
    var generator = CommonMarkGenerator(seed: 7)
    var pages: [String] = []
    while pages.count < count {
      guard let document = generator.document() else { continue }
      var lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for index in lines.indices where generator.chance(30) {
        let trimmed = lines[index].drop { $0 == " " || $0 == ">" }
        if trimmed.hasPrefix("#"), !trimmed.hasPrefix("#!") {
          lines[index] += generator.pick(headingSuffixes)
        } else if !trimmed.isEmpty, !lines[index].hasPrefix("    "), !lines[index].hasPrefix("```") {
          lines[index] += " " + generator.pick(inlineSnippets)
        }
      }
      if generator.chance(30) { lines.append("\n## Heading " + generator.pick(inlineSnippets)) }
      pages.append(lines.joined(separator: "\n"))
    }
    return pages
  }

  @Test("one cmark render equals the block-by-block path on 1,500 generated pages")
  func plainEqualsBlocks() throws {
    var compared = 0
    var withInlines = 0
    for (index, page) in Self.pages(count: 1500).enumerated() {
      let anchors = index % 2 == 0
      guard let plain = Self.build(page, plain: true, anchors: anchors) else { continue }
      let blocks = try #require(Self.build(page, plain: false, anchors: anchors))
      #expect(plain == blocks, "page \(index):\n\(page)")
      compared += 1
      if plain.html.contains("class=\"cv-badge") { withInlines += 1 }
    }
    // Most generated pages qualify, and a good share really contain inline directives.
    #expect(compared > 1200)
    #expect(withInlines > 300)
  }

  @Test("with raw HTML kept, one cmark render equals the block-by-block path on 800 generated pages")
  func plainEqualsBlocksWithRawHTML() throws {
    var compared = 0
    var withRawHTML = 0
    for (index, page) in Self.pages(count: 800).enumerated() {
      let anchors = index % 2 == 1
      guard let plain = Self.build(page, plain: true, anchors: anchors, rawHTML: true) else { continue }
      let blocks = try #require(Self.build(page, plain: false, anchors: anchors, rawHTML: true))
      #expect(plain == blocks, "page \(index):\n\(page)")
      compared += 1
      if plain.html.contains("<span>") || plain.html.contains("<div>") { withRawHTML += 1 }
    }
    #expect(compared > 600)
    #expect(withRawHTML > 150)
  }

  @Test("a page with inline directives but no block directive takes the one-render path")
  func inlineOnlyPageIsPlain() throws {
    let page = MarkdownParser(schema: testSchema).parse(
      source: "# Release {#rel}\n\nNow :badge[Beta]{variant=tip} at 10:30.\n\n- item :badge[x]\n", path: "p.md")
    #expect(!page.hasErrors)
    let html = renderHTML(page.body)
    #expect(
      html == """
        <h1 id="rel">Release</h1>
        <p>Now <span class="cv-badge" data-variant="tip">Beta</span> at 10:30.</p>
        <ul>
        <li>item <span class="cv-badge">x</span></li>
        </ul>

        """)
    let source = SourceText(path: "p.md", bytes: Array("Now :badge[Beta]\n".utf8))
    var diagnostics: [Diagnostic] = []
    let body = PageBody(source: source, frontMatterLines: 0)
    let prepared = try #require(
      PreparedBody.prepare(body, options: MarkdownOptions(), validateUTF8: false, into: &diagnostics))
    #expect(PageBuilder(source: source, prepared: prepared, schema: testSchema, options: MarkdownOptions()).isPlainPage)
  }
}
