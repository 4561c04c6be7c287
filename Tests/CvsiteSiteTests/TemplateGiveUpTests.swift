import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A theme template that includes itself without end stops rendering; the build says so
/// (once per layout, at each container written in a page) and fails, instead of quietly
/// showing the plain fallback.
@Suite("Templates that give up")
struct TemplateGiveUpTests {
  @Test("a container template, a listing and a layout that recurse forever are errors")
  func endlessPartials() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\nlist: cards\n---\nIntro.\n\n:::cards\n### One\n\nA.\n:::\n",
      "content/a.md": "---\ntitle: A\n---\nText.\n",
      "themes/default/layouts/containers/cards.mustache": "<div>{{> containers/cards}}</div>\n",
      "themes/default/layouts/404.mustache": "<p>{{> 404}}</p>\n",
    ])
    let outcome = site.build()
    #expect(!outcome.result.succeeded)
    let errors = outcome.result.diagnostics.errors.summaries
    #expect(errors.contains { $0.hasPrefix("content/_index.md:7:1: error: template `containers/cards` gave up") })
    // The listing of the home page uses the same template: said once, without a place.
    #expect(errors.filter { $0.hasPrefix("error: template `containers/cards` gave up") }.count == 1)
    #expect(errors.filter { $0.hasPrefix("error: template `404` gave up") }.count == 1)
    #expect(errors.count == 3, "\(outcome.result.diagnostics.summaries)")
    // Each names the include that went too far, where the theme author can fix it.
    #expect(
      errors.filter {
        $0.hasSuffix(
          "the include that went too far is `{{> containers/cards}}` in layouts/containers/cards.mustache, line 1, column 6"
        )
      }.count == 2, "\(errors)")
    #expect(
      errors.contains {
        $0.hasSuffix("the include that went too far is `{{> 404}}` in layouts/404.mustache, line 1, column 4")
      })
    #expect(!site.exists("index.html"), "a failed build leaves no output")
  }

  @Test("a chain of partials names the include at which it gave up")
  func chainOfPartials() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\n:::cards\n### One\n\nA.\n:::\n",
      "themes/default/layouts/partials/ping.mustache": "ping\n  {{> partials/pong}}",
      "themes/default/layouts/partials/pong.mustache": "{{#container}}{{> partials/ping}}{{/container}}",
      "themes/default/layouts/containers/cards.mustache": "<div>{{> partials/ping}}</div>\n",
    ])
    let errors = site.build().result.diagnostics.errors.summaries
    #expect(errors.count == 1, "\(errors)")
    let message = try #require(errors.first)
    #expect(
      message.hasSuffix("`{{> partials/pong}}` in layouts/partials/ping.mustache, line 2, column 3")
        || message.hasSuffix("`{{> partials/ping}}` in layouts/partials/pong.mustache, line 1, column 15"), "\(message)"
    )
  }

  @Test("a partial included several times is not a runaway")
  func repeatedPartial() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\n:::cards\n### One\n\nA.\n:::\n",
      "themes/default/layouts/partials/again.mustache": "{{#container}}[{{name}}]{{/container}}",
      "themes/default/layouts/containers/cards.mustache": "<div>{{> partials/again}}{{> partials/again}}</div>\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(site.read("index.html")?.contains("<div>[cards][cards]</div>") == true)
  }
}
