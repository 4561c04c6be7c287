import CvsiteCore
import CvsiteMarkdown
import Foundation
import Testing

/// Front matter is read where editors and exporters leave it: after a byte-order mark or
/// blank lines, not only on the first line. Read as text, it would publish a draft with
/// its settings as a heading.
@Suite("Front matter after a byte-order mark or blank lines")
struct FrontMatterPlacementTests {
  @Test(arguments: [
    "---\ntitle: T\ndraft: true\n---\nBody.\n",
    "\u{FEFF}---\ntitle: T\ndraft: true\n---\nBody.\n",
    "\n\n---\ntitle: T\ndraft: true\n---\nBody.\n",
    " \t\n---\ntitle: T\ndraft: true\n---\nBody.\n",
    "\r\n\r\n---\r\ntitle: T\r\ndraft: true\r\n---\r\nBody.\r\n",
  ])
  func read(_ text: String) {
    let page = parse(text)
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics)")
    #expect(page.frontMatter.title == "T")
    #expect(page.frontMatter.fields["draft"] == .bool(true))
    let body = html(page)
    #expect(body == "<p>Body.</p>\n", "\(body)")
  }

  @Test("a page that starts with text keeps a later `---` as a thematic break")
  func notFrontMatter() {
    let page = parse("Intro.\n\n---\ntitle: T\n---\n")
    #expect(page.frontMatter.fields.isEmpty)
    #expect(html(page).contains("<hr />"))
  }

  @Test("a byte-order mark opens only the first line")
  func markOnlyFirst() {
    let page = parse("\n\u{FEFF}---\ntitle: T\n---\n")
    #expect(page.frontMatter.fields.isEmpty)
  }
}
