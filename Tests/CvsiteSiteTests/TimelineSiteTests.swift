import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import CvsiteTestSupport
import CvsiteThemes
import Foundation
import Testing

/// Markdown written for a theme's own container and value (`timeline`, `date`, from
/// `Tests/Fixtures/timeline-theme`): parsed with the theme's schema and rendered with its
/// templates. The theme alone is tested in `CvsiteThemesTests.TimelineThemeTests`.
@Suite struct TimelineSiteTests {
  static let site = testFixtures.appendingPathComponent("timeline-site")

  /// The timeline theme (its own diagnostics are checked by `TimelineThemeTests`).
  static func load() throws -> Theme {
    try #require(Theme.load(named: "timeline-theme", siteRoot: site, searchPaths: [testFixtures]).0)
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
