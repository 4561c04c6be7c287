import ContainerViews
import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteThemes

/// A theme adds a container (`timeline`) and a typed value (`date`) with theme files
/// only, and a site uses them.
@Suite struct TimelineThemeTests {
  static let site = testFixtures.appendingPathComponent("timeline-site")

  static func load() throws -> Theme {
    let (theme, diagnostics) = Theme.load(named: "timeline-theme", siteRoot: site, searchPaths: [testFixtures])
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
}
