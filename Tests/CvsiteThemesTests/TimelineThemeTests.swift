import ContainerViews
import CvsiteMarkdown
import Foundation
import Testing
@testable import CvsiteThemes

/// A theme adds a container (`timeline`) and a typed value (`date`) with theme files
/// only, and a site uses them.
@Suite struct TimelineThemeTests {
  static let site = fixtures.appendingPathComponent("timeline-site")

  static func load() throws -> Theme {
    let (theme, diagnostics) = Theme.load(named: "timeline-theme", siteRoot: site, searchPaths: [fixtures])
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return try #require(theme)
  }

  @Test func theManifestDeclaresTheNewContainerAndValue() throws {
    let theme = try Self.load()
    #expect(theme.schema.values["date"]?.type == .date)
    #expect(theme.schema.containers["timeline"]?.reads == ["date", "kind"])
    #expect(theme.schema.containers["timeline"]?.rules == [.unique("date")])
  }

  @Test func aHandcraftedInstanceRendersThroughTheTemplate() throws {
    let theme = try Self.load()
    let html = theme.renderer.render(
      instance(
        "timeline", id: "history", level: 3,
        children: [
          child(0, title: "First release", values: ["date": .date("2024-05-01"), "kind": .enumCase("release")]),
          child(1, title: "A note"),
        ]))
    #expect(html.contains("<ol class=\"timeline\" id=\"history\" data-events=\"2\">"))
    #expect(html.contains("<time datetime=\"2024-05-01\">2024-05-01</time>"))
    #expect(html.contains("<strong class=\"tag\">Release</strong>"))
    #expect(html.contains("<li class=\"event event-note\" id=\"c2\">"))
    #expect(occurrences("<time", in: html) == 1)
    #expect(html.contains("<h3>First release</h3>"))
  }

  @Test func aSitePageUsesTheTimeline() throws {
    let theme = try Self.load()
    let source = try String(contentsOf: Self.site.appendingPathComponent("content/history.md"), encoding: .utf8)
    let page = MarkdownParser(schema: theme.schema).parse(source: source, path: "content/history.md")
    #expect(!page.hasErrors, "\(page.diagnostics)")
    let body = renderHTML(page.body.environment(\.containerRenderer, theme.renderer))
    #expect(body.contains("<time datetime=\"2024-05-01\">2024-05-01</time>"))
    #expect(body.contains("<time datetime=\"2024-09-12\">2024-09-12</time>"))
    #expect(body.contains("event-talk"))
    let html = theme.renderPage(PageContext(title: "History", bodyHTML: body, siteTitle: "Timeline demo"))
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains("<title>History</title>"))
  }

  @Test func aBadDateInMarkdownIsAnErrorAtItsPosition() throws {
    let theme = try Self.load()
    let page = MarkdownParser(schema: theme.schema).parse(
      source: ":::timeline\n## Launch {date=someday}\n:::\n", path: "a.md")
    #expect(page.diagnostics.contains { $0.severity == .error && $0.description.hasPrefix("a.md:2:") })
  }
}
