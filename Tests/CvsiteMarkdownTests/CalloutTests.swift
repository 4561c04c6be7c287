import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Testing

/// Callouts: `:::note` shorthands, GitHub alerts and DocC asides all become the theme's
/// `callout` container.
@Suite struct CalloutTests {
  static let schema: Schema = {
    var schema = testSchema
    schema.containers["callout"] = ContainerDeclaration(
      name: "callout", reads: [],
      attributes: [
        ValueDeclaration(
          name: "kind",
          type: .enumeration(["note", "tip", "important", "warning", "caution", "danger", "experiment", "deprecated"]),
          defaultValue: .enumCase("note")),
        ValueDeclaration(name: "collapsible", type: .bool, defaultValue: .bool(false)),
      ], shorthand: "kind", keepsContentWhole: true)
    return schema
  }()

  func render(_ text: String) -> (instances: [ContainerInstance], page: ParsedPage, html: String) {
    let page = parse(text, schema: Self.schema)
    let renderer = RecordingRenderer()
    let html = renderHTML(page.body.environment(\.containerRenderer, renderer))
    return (renderer.instances, page, html)
  }

  @Test(arguments: [
    ("> [!NOTE]\n> Body *text*.\n", "note", nil as String?),
    ("> [!warning]\n> Body *text*.\n", "warning", nil),
    ("> [!CAUTION] Hot surface\n> Body *text*.\n", "caution", "Hot surface"),
    ("> Note: Body *text*.\n", "note", nil),
    ("> Important: Body *text*.\n", "important", nil),
    ("> Experiment: Body *text*.\n", "experiment", nil),
    ("> Deprecated: Body *text*.\n", "deprecated", nil),
    ("> Precondition: Body *text*.\n", "note", "Precondition"),
    (":::tip\nBody *text*.\n:::\n", "tip", nil),
    (":::callout{kind=danger}\nBody *text*.\n:::\n", "danger", nil),
    (":::important[Read this]\nBody *text*.\n:::\n", "important", "Read this"),
    // Docusaurus and VitePress: a title after the name, a space after the colons.
    (":::tip Read this first\nBody *text*.\n:::\n", "tip", "Read this first"),
    ("::: warning Careful *now*\nBody *text*.\n:::\n", "warning", "Careful <em>now</em>"),
    ("::: danger\nBody *text*.\n:::\n", "danger", nil),
    (":::info\nBody *text*.\n:::\n", "note", "Info"),
    ("::: info Heads up\nBody *text*.\n:::\n", "note", "Heads up"),
  ])
  func everySyntaxIsOneContainer(_ text: String, _ kind: String, _ title: String?) throws {
    let (instances, page, _) = render(text)
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics)")
    let callout = try #require(instances.first)
    #expect(callout.name == "callout")
    #expect(callout.attributes["kind"] == .enumCase(kind))
    #expect(callout.labelHTML == title)
    #expect(callout.children.first?.bodyHTML == "<p>Body <em>text</em>.</p>\n")
  }

  @Test("VitePress `details` is a callout closed until opened")
  func details() throws {
    let (instances, page, _) = render("::: details Click to open\nBody *text*.\n:::\n")
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics)")
    let callout = try #require(instances.first)
    #expect(callout.attributes["kind"] == .enumCase("note"))
    #expect(callout.attributes["collapsible"] == .bool(true))
    #expect(callout.labelHTML == "Click to open")
  }

  @Test func anyMarkdownInside() throws {
    let text = "> [!TIP]\n> Run:\n>\n> ```sh\n> swift build\n> ```\n>\n> | a | b |\n> | - | - |\n> | 1 | 2 |\n"
    let (instances, _, _) = render(text)
    let body = try #require(instances.first?.children.first?.bodyHTML)
    #expect(body.contains("<pre><code class=\"language-sh\">swift build\n</code></pre>"))
    #expect(body.contains("<th scope=\"col\">a</th>"))
    #expect(instances.first?.children.count == 1)
  }

  @Test func unknownAlertKindIsAnErrorWithSuggestion() throws {
    let (instances, page, html) = render("> [!WARN]\n> Careful.\n")
    #expect(instances.isEmpty)
    let error = try #require(page.diagnostics.first)
    #expect(error.severity == .error)
    #expect(error.message == "unknown alert kind `[!WARN]`")
    #expect(error.suggestion == "[!WARNING]")
    #expect(error.location?.line == 1)
    #expect(html.contains("<blockquote>"))
  }

  @Test func plainQuotesStayQuotes() {
    for text in ["> Just a quote.\n", "> note: lowercase is prose\n", "> Ratio: 3 to 1\n", "> [link](/x) text\n"] {
      let (instances, page, html) = render(text)
      #expect(instances.isEmpty, "\(text)")
      #expect(page.diagnostics.isEmpty)
      #expect(html.hasPrefix("<blockquote>"))
    }
  }

  @Test func withoutACalloutContainerAlertsStayQuotes() {
    let page = parse("> [!NOTE]\n> Body.\n")
    #expect(page.diagnostics.isEmpty)
    #expect(html(page) == "<blockquote>\n<p>[!NOTE]\nBody.</p>\n</blockquote>\n")
  }

  @Test func shorthandAndExplicitKindConflict() throws {
    let (_, page, _) = render(":::note{kind=tip}\nBody.\n:::\n")
    #expect(page.diagnostics.first?.message.contains("already sets `kind`") == true)
    let (_, typo, _) = render(":::notte\nBody.\n:::\n")
    #expect(typo.diagnostics.first?.suggestion == "note")
  }
}
