import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteThemes

/// The Mustache context of a container: escaping, defaults, derived values, enum flags,
/// count, selection.
@Suite struct ContextTests {
  static let manifest = """
    name: probe
    cvsite: ">=0.1"
    values:
      label: string
      value: string
      status: {type: enum, cases: [todo, current, done], default: todo}
      optional: {type: bool, default: false}
      span: {type: int, default: 1, layout: true}
      other: string
    containers:
      probe:
        reads: [label, value, status, optional, span]
        attributes:
          sync: string
          mode: {type: enum, cases: [a, b], default: b}
        derive: {label: title, value: slug(label)}
        tag: value
        selects: {status: current}

    """
  static let template = """
    [{{container.name}}|{{container.id}}|{{{container.label}}}|{{container.attrs.sync}}|{{container.attrs.mode}}|{{#container.is.mode.b}}B{{/container.is.mode.b}}|{{count}}|{{container.count}}|{{container.headingLevel}}|{{container.columns}}|{{container.selected.number}}|{{container.counts.status.todo}}]
    {{#subviews}}
    <{{index}}/{{number}}/{{#first}}F{{/first}}{{#last}}L{{/last}}{{#isSelected}}S{{/isSelected}}|{{id}}|{{title}}|{{{title}}}|{{titleText}}|{{{body}}}|{{values.label}}|{{values.value}}|{{tag}}|{{values.status}}|{{#is.status.current}}CUR{{/is.status.current}}{{#is.status.todo}}TODO{{/is.status.todo}}|{{#values.optional}}OPT{{/values.optional}}|{{values.span}}/{{layout.span}}|{{classes}}|{{headingLevel}}>
    {{/subviews}}

    """

  static func renderer() throws -> ThemeRenderer {
    let files = [
      "theme.yml": manifest, "layouts/page.mustache": "{{{content}}}", "layouts/containers/probe.mustache": template,
    ]
    let (theme, diagnostics) = try withThemeFolder(files) { Theme.load(layers: [ThemeLayer(folder: $0)]) }
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return try #require(theme).renderer
  }

  static func lines(_ container: ContainerInstance) throws -> [String] {
    try renderer().render(container).split(separator: "\n").map(String.init)
  }

  @Test func containerKeys() throws {
    let lines = try Self.lines(
      instance(
        "probe", label: "<em>L</em>", attributes: ["sync": .string("os")], id: "p", level: 3,
        children: [child(0, title: "One"), child(1, title: "Two", values: ["status": .enumCase("current")]), child(2)]))
    #expect(lines[0] == "[probe|p|<em>L</em>|os|b|B|3|3|3|3|2|2]")
  }

  @Test func subviewKeysWithDefaultsDerivedValuesAndFlags() throws {
    let lines = try Self.lines(
      instance(
        "probe", id: "p", level: 4,
        children: [
          child(
            0, title: "Mac OS", body: "<p>b</p>", values: ["optional": .bool(true), "span": .int(2)],
            classes: ["x", "y"]),
          child(
            1, title: "Linux", body: "<p>c</p>", id: "lin",
            values: ["status": .enumCase("current"), "value": .string("penguin")]),
        ]))
    #expect(lines[1] == "<0/1/F|c1|Mac OS|Mac OS|Mac OS|<p>b</p>|Mac OS|mac-os|mac-os|todo|TODO|OPT|2/2|x y|4>")
    #expect(lines[2] == "<1/2/LS|lin|Linux|Linux|Linux|<p>c</p>|Linux|penguin|penguin|current|CUR||1/1||4>")
  }

  @Test func everythingButHTMLKeysIsEscaped() throws {
    let evil = "<script>alert(1)</script>"
    let html = try Self.renderer().render(
      instance(
        "probe", attributes: ["sync": .string(evil)], id: "p\"><b>",
        children: [child(0, title: evil, id: "i<d", values: ["label": .string(evil), "value": .string("\"quoted\"")])]))
    #expect(!html.contains("<script>alert(1)</script>|os"))
    #expect(html.contains("|&lt;script&gt;alert(1)&lt;/script&gt;|b|"))
    #expect(html.contains("|p&quot;&gt;&lt;b&gt;|"))
    #expect(html.contains("|i&lt;d|"))
    // The title HTML (escaped once by the Markdown side) is raw in {{{title}}} and
    // escaped again in {{title}}; titleText and values are escaped.
    #expect(
      html.contains(
        "|&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;|&lt;script&gt;alert(1)&lt;/script&gt;|&lt;script&gt;"))
    #expect(html.contains("|&quot;quoted&quot;|"))
    #expect(!html.contains("<script>"))
  }

  @Test func withoutAMatchTheFirstChildIsSelected() throws {
    let lines = try Self.lines(instance("probe", id: "p", children: [child(0, title: "A"), child(1, title: "B")]))
    #expect(lines[0].hasSuffix("|1|2]"))
    #expect(lines[1].hasPrefix("<0/1/FS|"))
  }

  @Test func anEmptyContainerRendersWithCountZero() throws {
    let lines = try Self.lines(instance("probe", id: "p", children: []))
    #expect(lines == ["[probe|p|||b|B|0|0|2|1||]"])
  }

  @Test(arguments: [(1, 1), (2, 2), (3, 3), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (9, 3), (10, 4), (11, 3), (12, 3)])
  func balancedColumnsLeaveNoLoneCard(count: Int, columns: Int) {
    #expect(balancedColumns(count) == columns)
    if count > 4 { #expect(count % columns != 1) }
  }

  @Test func unknownContainersFallBackToPlainRendering() throws {
    let html = try Self.renderer().render(instance("mystery", id: "m", children: [child(0, title: "T")]))
    #expect(html.hasPrefix("<div class=\"cv-mystery\" id=\"m\">"))
  }
}

/// A page context keeps the base path of its base URL, also after the URL changes.
@Suite struct PageContextBasePathTests {
  @Test func basePathFollowsTheBaseURL() {
    var context = PageContext(title: "T", bodyHTML: "", siteTitle: "S", baseURL: "https://example.org/docs")
    #expect(context.basePath == "/docs/")
    context.baseURL = "https://example.org/"
    #expect(context.basePath == "/")
    let given = PageContext(
      title: "T", bodyHTML: "", siteTitle: "S", baseURL: "https://example.org/a/", basePath: "/a/")
    #expect(given.basePath == "/a/")
  }
}
