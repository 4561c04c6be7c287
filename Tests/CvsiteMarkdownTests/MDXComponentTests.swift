import ContainerViews
import CvsiteCore
import Testing

@testable import CvsiteMarkdown

/// MDX components of Docusaurus and Starlight pages read as the containers they are.
@Suite struct MDXComponentTests {
  func render(_ text: String) -> (page: ParsedPage, html: String) { PythonMarkdownBlockTests().render(text) }

  /// Each component renders exactly as the cvsite directives it stands for.
  @Test(arguments: [
    (
      "<Tabs groupId=\"pm\">\n  <TabItem value=\"npm\" label=\"npm\" default>\n\n    ```sh\n    npm i x\n    ```\n\n  </TabItem>\n  <TabItem value=\"yarn\" label=\"Yarn\">\n    Run it.\n\n    - a list\n  </TabItem>\n</Tabs>\n\nAfter.\n",
      "::::tabs{sync=pm}\n:::tab[npm]{value=npm default}\n\n```sh\nnpm i x\n```\n\n:::\n:::tab[Yarn]{value=yarn}\nRun it.\n\n- a list\n:::\n::::\n\nAfter.\n"
    ),
    (
      "<Tabs syncKey=\"os\">\n<TabItem label=\"Linux\">\napt\n</TabItem>\n<TabItem label=\"macOS\">\nbrew\n</TabItem>\n</Tabs>\n",
      "::::tabs{sync=os}\n:::tab[Linux]\napt\n:::\n:::tab[macOS]\nbrew\n:::\n::::\n"
    ),
    (
      "<Aside type=\"caution\" title=\"Careful\">\nMind the gap.\n</Aside>\n",
      ":::caution[Careful]\nMind the gap.\n:::\n"
    ),
    ("<Aside>\nA note.\n</Aside>\n", ":::note\nA note.\n:::\n"),
    ("<Admonition type=\"tip\">\nA tip.\n</Admonition>\n", ":::tip\nA tip.\n:::\n"),
    ("<Steps>\n1. First\n2. Second\n</Steps>\n", ":::steps\n1. First\n2. Second\n:::\n"),
    (
      "<CardGrid>\n  <Card title=\"Stars\" icon=\"star\">\n    Bright.\n  </Card>\n  <Card title=\"Moons\">\n    Pale.\n  </Card>\n</CardGrid>\n",
      "::::cards\n:::card[Stars]\nBright.\n:::\n:::card[Moons]\nPale.\n:::\n::::\n"
    ),
    // The components' imports are left out; a component left open closes with the page.
    (
      "import Tabs from '@theme/Tabs';\nimport { Aside, Card } from '@astrojs/starlight/components';\n\n<Aside>\nOpen.\n",
      "\n\n\n:::note\nOpen.\n:::\n"
    ),
    // On one line with its content.
    ("<Aside type=\"tip\">Short *tip*.</Aside>\n", ":::tip\nShort *tip*.\n:::\n"),
    (
      "<Tabs>\n\t<TabItem label=\"Stars\">Sirius, Vega</TabItem>\n\t<TabItem label=\"Moons\">Io</TabItem>\n</Tabs>\n",
      "::::tabs\n:::tab[Stars]\nSirius, Vega\n:::\n:::tab[Moons]\nIo\n:::\n::::\n"
    ),
    // In a list item, a tag may sit anywhere in the item's content.
    (
      "1.  Install it:\n\n         <Tabs>\n\n    <TabItem label=\"npm\">\n\n    npm i\n\n    </TabItem>\n\n    </Tabs>\n",
      "1.  Install it:\n\n    ::::tabs\n\n    :::tab[npm]\n\n    npm i\n\n    :::\n\n    ::::\n"
    ),
    // In a fence, a tag is code.
    ("```jsx\n<Tabs>\n```\n", "```jsx\n<Tabs>\n```\n"),
  ])
  func rendersAsItsDirectives(written: String, directives: String) {
    let mdx = render(written)
    let cvsite = render(directives)
    #expect(mdx.page.diagnostics.isEmpty, "\(mdx.page.diagnostics)")
    #expect(cvsite.page.diagnostics.isEmpty, "\(cvsite.page.diagnostics)")
    #expect(mdx.html == cvsite.html)
  }

  /// In an MDX page an HTML element on a line of its own ends there, and the Markdown
  /// after it is read (a fence right after `<summary>`); `<pre>` keeps its lines; in a
  /// Markdown page the lines are CommonMark's HTML block, as cmark reads them.
  @Test(arguments: [
    (
      "<details>\n<summary>Show the code</summary>\n```js\nlet a = 1\n```\n</details>\nAfter.\n",
      "<details>\n<summary>Show the code</summary>\n\n```js\nlet a = 1\n```\n</details>\n\nAfter.\n"
    ),
    (
      "1. Step:\n\n    <details>\n    <summary>Code</summary>\n    ```sh\n    make\n    ```\n    </details>\n",
      "1. Step:\n\n    <details>\n    <summary>Code</summary>\n\n    ```sh\n    make\n    ```\n    </details>\n"
    ),
    ("<pre>\nkept\n</pre>\n", "<pre>\nkept\n</pre>\n"),
    // In a fence that opens a list item, a tag is code.
    ("- ```html\n  <div>\n  x\n  ```\n", "- ```html\n  <div>\n  x\n  ```\n"),
  ])
  func mdxElementLines(written: String, separated: String) {
    let options = MarkdownOptions(allowRawHTML: true)
    let parser = MarkdownParser(schema: PythonMarkdownBlockTests.schema, options: options)
    let mdx = parser.parse(source: written, path: "page.mdx")
    let markdown = parser.parse(source: separated, path: "page.md")
    #expect(mdx.diagnostics.isEmpty, "\(mdx.diagnostics)")
    #expect(renderHTML(mdx.body) == renderHTML(markdown.body))
    let plain = parser.parse(source: written, path: "page.md")
    #expect(!written.contains("<details>") || renderHTML(plain.body) != renderHTML(markdown.body))
  }

  @Test("an import line's names, and a line that names none")
  func importedNames() {
    #expect(MDXTag.importedNames(ArraySlice("import { Aside, Card as C } from 'x';".utf8)) == ["Aside", "Card", "C"])
    #expect(MDXTag.importedNames(ArraySlice("import from 'x'".utf8)) == [])
    #expect(MDXTag.importedNames(ArraySlice("import from ".utf8)) == nil)
    #expect(MDXTag.importedNames(ArraySlice("import this from the shop".utf8)) == nil)
  }

  @Test func whatIsNotReadIsAWarning() {
    let (page, html) = render("import Chart from '../Chart';\n\n<Chart data={x} />\n\n</Tabs>\n\nText.\n")
    #expect(page.diagnostics.map(\.severity) == [.warning, .warning, .warning])
    #expect(
      page.diagnostics.map(\.message) == [
        "an MDX import (Chart) is not read by cvsite: left out",
        "`<Chart>` is an MDX component cvsite does not read: its tag is left out",
        "`</Tabs>` closes no `<Tabs>`: left as written",
      ])
    #expect(page.diagnostics.map { $0.location?.line } == [1, 3, 5])
    #expect(!html.contains("import Chart"), "an import is never shown")
    #expect(html.contains("<p>Text.</p>"))
  }

  @Test func astroFragmentsOfHTMLAreTheirHTML() {
    var options = MarkdownOptions(allowRawHTML: true)
    options.trustsRawHTML = true
    let page = parse(
      "Before.\n<Fragment set:html={\"<pre class=\\\"language-diff\\\"><code>a &lt; b<br />c\\nd</code></pre>\"} />\nAfter.\n",
      schema: PythonMarkdownBlockTests.schema, options: options)
    let html = renderHTML(page.body)
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics.map(\.message))")
    #expect(html.contains("<pre class=\"language-diff\"><code>a &lt; b<br />c&#10;d</code></pre>"), "\(html)")
    #expect(html.contains("<p>Before.</p>") && html.contains("<p>After.</p>") && !html.contains("Fragment"))
  }

  @Test(arguments: [
    (#"a\"b\\c"#, UInt8(ascii: "\""), "a\"b\\c"),
    (#"tab\there\u00e9\u{1F600}\ud83d\ude00"#, UInt8(ascii: "'"), "tab\there\u{e9}\u{1F600}\u{1F600}"),
    (#"\x41\n"#, UInt8(ascii: "`"), "A\n"),
  ])
  func scriptStringsDecode(_ body: String, _ quote: UInt8, _ value: String) {
    #expect(
      ScriptStringLiteral.decode(Array(body.utf8)[...], quote: quote).map { String(decoding: $0, as: UTF8.self) }
        == value)
  }

  @Test func whatIsNoScriptStringIsNil() {
    #expect(
      ScriptStringLiteral.decode(Array(#"a"b"#.utf8)[...], quote: UInt8(ascii: "\"")) == nil, "an unescaped quote")
    #expect(
      ScriptStringLiteral.decode(Array("x ${y}".utf8)[...], quote: UInt8(ascii: "`")) == nil, "a template's expression")
    #expect(ScriptStringLiteral.decode(Array(#"bad \u12"#.utf8)[...], quote: UInt8(ascii: "'")) == nil)
    #expect(ScriptStringLiteral.decode(Array(#"end \"#.utf8)[...], quote: UInt8(ascii: "'")) == nil)
  }

  @Test func importsOnOneLineLeaveThePage() {
    let (page, html) = render("import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem';\n\nText.\n")
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics.map(\.message))")
    #expect(html == "<p>Text.</p>\n", "\(html)")
  }

  @Test func mdxCommentsLeaveThePage() {
    let (page, html) = render(
      "Intro.\n\n{/* excerpt */}\n\n{/*\n  A note\n\n  for authors.\n*/}\n\n- item\n\n  {/* in a list */}\n\n"
        + "{/* a comment */} with text after\n\nEnd.\n")
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics.map(\.message))")
    #expect(
      !html.contains("excerpt") && !html.contains("A note") && !html.contains("for authors")
        && !html.contains("in a list"))
    #expect(html.contains("<p>Intro.</p>") && html.contains("<li>item</li>") && html.contains("<p>End.</p>"))
    #expect(html.contains("with text after"), "a comment with text after it is read as the line is")
  }

  @Test func anUnreadComponentKeepsItsContent() {
    let (page, html) = render("<Fragment slot=\"preview\">\n    <Aside>\n    Inside.\n    </Aside>\n</Fragment>\n")
    #expect(
      page.diagnostics.map(\.message) == [
        "`<Fragment>` is an MDX component cvsite does not read: its tag is left out, its content kept",
        "`</Fragment>` is an MDX component cvsite does not read: its tag is left out",
      ])
    #expect(html == render(":::note\nInside.\n:::\n").html)
  }

  @Test func docusaurusForms() {
    // A tag over several lines, tabs labelled by the `values` of their `<Tabs>`, a
    // second `default` (the first one opens), an `<iframe>` (raw HTML running to a blank
    // line) right before a closing tag, and a page ending without a line break.
    let written = """
      <Tabs
        groupId="os"
        values={[
          { label: 'iOS', value: 'ios' },
          { label: "Android", value: "android" },
        ]}
      >
        <TabItem value="ios" default>
          <iframe
            src="https://example.com/v"
          ></iframe>
        </TabItem>
        <TabItem value="android" default>
          Text.
        </TabItem>
      </Tabs>
      <Shot url="x" />
      """
    let (page, html) = render(written)
    #expect(
      page.diagnostics.map(\.message) == [
        "a second `default` tab in one `<Tabs>`: the first one opens",
        "`<Shot>` is an MDX component cvsite does not read: its tag is left out",
      ])
    #expect(page.diagnostics.map { $0.location?.line } == [13, 17])
    #expect(html.contains("data-sync=\"os\""))
    #expect(html.contains(">iOS</h2>") && html.contains(">Android</h2>"))
    #expect(html.contains("<p>Text.</p>"))
  }

  @Test func aClosingFenceUnderAListClosesItsContainer() {
    let written = render(":::caution\nText.\n\n- one\n- two\n  :::\n\nAfter.\n")
    #expect(written.page.diagnostics.isEmpty)
    #expect(written.html == render(":::caution\nText.\n\n- one\n- two\n:::\n\nAfter.\n").html)
  }

  @Test(arguments: ["<Tabs", "<Tabs>x", "<tabs>", "< Tabs>", "<Tabs a=\"x>", "</Tabs/>", "<Tabs a=b>"])
  func notATag(line: String) {
    #expect(render(line + "\n").html.contains("cv-tabs") == false)
  }
}
