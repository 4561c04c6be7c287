import CvsiteCore
import CvsiteMarkdown
import Testing

/// Each kind of problem: one input, the expected `path:line:col: severity: message` prefix.
@Suite struct DiagnosticTests {
  static let cases: [(String, String)] = [
    (":::cards\n## A {bdage=new}\n:::\n", "page.md:2:7: error: unknown key `bdage` (did you mean `badge`?)"),
    (":::cards\n## A {badge=hilighted}\n:::\n", "page.md:2:7: error: `hilighted` is not a value of `badge`"),
    (":::cards\n## A {span=two}\n:::\n", "page.md:2:7: error: `span` must be a whole number, not `two`"),
    (":::cards\n## A {badge=new badge=muted}\n:::\n", "page.md:2:17: error: repeated key `badge`"),
    ("# A {#x #y}\n", "page.md:1:9: error: repeated `#id`"),
    ("# A {#x}\n\n# B {#x}\n", "page.md:3:1: error: repeated `#x`: ids must be unique on the page"),
    (":::cards\ntext\n", "page.md:1:1: error: `:::cards` is never closed"),
    ("text\n:::\n", "page.md:2:1: error: closing fence with no open container"),
    // `::: name` (VitePress) is `:::name`: an unknown name is what is wrong.
    ("::: crads\n:::\n", "page.md:1:1: error: unknown container `crads` (did you mean `cards`?)"),
    (":::crads\n:::\n", "page.md:1:1: error: unknown container `crads` (did you mean `cards`?)"),
    (":::cards {cols=3}\n:::\n", "page.md:1:10: error: no space allowed before the directive's label or attributes"),
    (
      ":::cards\n:::\n::fieldd{name=a}\n",
      "page.md:3:1: error: unknown leaf directive `::fieldd` (did you mean `field`?)"
    ),
    ("---\ntitle: x\nbadge: nope\n---\n", "page.md:3:8: error: `nope` is not a value of `badge`"),
    ("---\ntitle: [x\n---\n", "page.md:"),
    ("---\ntitle: x\n", "page.md:1:1: error: front matter is not closed with `---`"),
    // After blank lines or a byte-order mark, front matter is still read, its lines placed.
    ("\n\n---\ntitle: x\nbadge: nope\n---\n", "page.md:5:8: error: `nope` is not a value of `badge`"),
    ("\u{FEFF}---\ntitle: x\nbadge: nope\n---\n", "page.md:3:8: error: `nope` is not a value of `badge`"),
    ("\n---\ntitle: [x\n---\n", "page.md:4:1: error: front matter: while parsing a flow sequence"),
    ("\n \n---\ntitle: x\n", "page.md:3:1: error: front matter is not closed with `---`"),
    ("---\ntitle: x\n---\n:::cards\n## A {badge=bad}\n:::\n", "page.md:5:7: error: `bad` is not a value of `badge`"),
    ("## Done {status=done}\n", "page.md:1:10: warning: `status` is not read by any enclosing container"),
    (":::cards\n## A {status=done}\n:::\n", "page.md:2:7: warning: `status` is not read by `:::cards`"),
    (
      ":::steps\n## A {status=current}\n## B {status=current}\n:::\n",
      "page.md:3:7: error: at most one child of `:::steps` may set `status=current`"
    ),
    (
      ":::tabs\n## A {value=x}\n## B {value=x}\n:::\n",
      "page.md:3:7: error: `value=x` is already used by a sibling at line 2"
    ),
    (":::cards\n## A {href=\"javascript:alert(1)\"}\n:::\n", "page.md:2:7: error: `href` must be a URL"),
    ("> :::cards\n> text\n", "page.md:1:3: error: `:::cards` is never closed"),
    ("::::cards\n:::card\ntext\n::::\n", "page.md:2:1: error: `:::card` is never closed"),
    // Inline directives are placed where they are written, not at their paragraph's start.
    ("Some *text* here\nand :badge[B]{bad=1} there\n", "page.md:2:15: error: unknown key `bad`"),
    (
      "> quoted :badge[x]{variant=a} and :badge[y]{varient=b}\n",
      "page.md:1:45: error: unknown key `varient` (did you mean `variant`?)"
    ),
    (":badge[a]{x=1} :badge[a]{x=1}\n", "page.md:1:26: error: unknown key `x`"),
    ("- item\n\n  :::cards\n  ## A\n\n  text :badge{bad=2}\n  :::\n", "page.md:6:15: error: unknown key `bad`"),
  ]

  @Test(arguments: cases) func reports(_ input: String, _ expected: String) {
    let page = parse(input)
    let rendered = page.diagnostics.map(\.description)
    #expect(rendered.contains { $0.hasPrefix(expected) }, "\(rendered)")
  }

  @Test func diagnosticShowsLineAndCaret() {
    let page = parse(":::cards\n## A {bdage=new}\n:::\n")
    #expect(
      page.diagnostics.first?.description == """
        page.md:2:7: error: unknown key `bdage` (did you mean `badge`?)
        ## A {bdage=new}
              ^
        """)
  }

  @Test func allProblemsInOnePass() {
    let page = parse(":::cards\n## A {bdage=new}\n## B {badge=x}\n:::\n:::\n::: tabs\n")
    #expect(page.diagnostics.filter { $0.severity == .error }.count >= 4)
  }

  @Test func invalidUTF8IsADiagnostic() {
    let page = MarkdownParser(schema: testSchema).parse(
      bytes: [0x23, 0x20, 0x41, 0x0A, 0x62, 0xC3, 0x28], path: "bad.md")
    #expect(page.diagnostics.first?.description.hasPrefix("bad.md:2:2: error: invalid UTF-8") == true)
  }
}
