import CvsiteMarkdown
import Testing

/// What a site needs of a page before its body (front matter, title heading) read
/// without the rest of the parse: it must be what the full parse finds.
@Suite("A page's header, read alone")
struct PageHeaderTests {
  static let pages = [
    "---\ntitle: From front matter\n---\n# A heading\n\nText.\n",
    "# Title *with* `code`\n\nText.\n",
    "Title\n=====\n\nSetext.\n",
    "Intro first.\n\n# Not the title\n",
    "## A second-level heading\n",
    "---\ntags: [a]\n---\n\n# After front matter\n",
    "!!! note\n    # Inside a note\n",
    "",
    "\u{0}# NUL first\n",
    "#\u{0D}Lone CR\u{0D}\u{0D}text\n",
  ]

  @Test("front matter and title heading are the full parse's", arguments: pages)
  func sameAsFullParse(source: String) {
    for dialect in [MarkdownDialect.cvsite, .mkdocs] {
      var options = MarkdownOptions(titleFromHeading: true)
      options.dialect = dialect
      let parser = MarkdownParser(options: options)
      let full = parser.parse(source: source, path: "p.md")
      let header = parser.parseHeader(bytes: Array(source.utf8), path: "p.md")
      #expect(header.titleHeading == full.titleHeading)
      #expect(header.frontMatter.title == full.frontMatter.title)
      #expect(header.frontMatter.fields.keys.sorted() == full.frontMatter.fields.keys.sorted())
    }
  }

  @Test("without titles from headings, only the front matter is read")
  func frontMatterOnly() {
    let parser = MarkdownParser(options: MarkdownOptions(titleFromHeading: false))
    let header = parser.parseHeader(bytes: Array("---\nweight: 3\n---\n# Heading\n".utf8), path: "p.md")
    #expect(header.titleHeading == nil)
    #expect(header.frontMatter.fields["weight"] != nil)
  }
}
