import CvsiteCore
import CvsiteTestSupport
import Testing

@testable import CvsiteSite

@Suite("cvsite.yml")
struct SiteConfigTests {
  @Test("reads every setting")
  func readsSettings() {
    let (config, diagnostics) = SiteConfig.parse(
      """
      title: Docs
      baseURL: https://example.org/docs
      theme: plain
      language: fr
      rawHTML: true
      headingAnchors: false
      """, path: "cvsite.yml")
    #expect(diagnostics.isEmpty)
    #expect(config.title == "Docs")
    #expect(config.basePath == "/docs/")
    #expect(config.absoluteURL("/a/") == "https://example.org/docs/a/")
    #expect(config.theme == "plain")
    #expect(config.language == "fr")
    #expect(config.rawHTML && !config.trustsRawHTML, "`true` is sanitised")
    #expect(!config.headingAnchors)
    let trusted = SiteConfig.parse("rawHTML: trusted\n", path: "cvsite.yml").0
    #expect(trusted.rawHTML && trusted.trustsRawHTML)
  }

  @Test(
    "problems are located and explained",
    arguments: [
      ("title: A\ntitel: B\n", "cvsite.yml:2:1: error: unknown setting 'titel'", "title"),
      (
        "rawHTML: trustd\n",
        "cvsite.yml:1:10: error: 'rawHTML' is true (sanitised), false or `trusted` (as written, script included)",
        "trusted"
      ),
      ("theme: ../evil\n", "cvsite.yml:1:8: error: theme must be a folder name under themes/", nil),
      ("title: [unclosed\n", "cvsite.yml:2:1: error: invalid YAML", nil),
      (
        "title: Setup: the basics\n",
        "cvsite.yml:1:13: error: invalid YAML: a value holding `: ` must be in quotes", nil
      ),
      (
        "description: x\ntitle: \"Unclosed\nlanguage: en\n",
        "cvsite.yml:2:8: error: invalid YAML: a quoted value is not closed", nil
      ),
      ("- a\n- b\n", "cvsite.yml:1:1: error: cvsite.yml must be a mapping of settings", nil),
    ] as [(String, String, String?)])
  func diagnostics(source: String, expected: String, suggestion: String?) {
    let (_, diagnostics) = SiteConfig.parse(source, path: "cvsite.yml")
    #expect(diagnostics.count == 1)
    #expect(diagnostics.summaries.first?.hasPrefix(expected) == true, "\(diagnostics.summaries)")
    #expect(diagnostics.first?.suggestion == suggestion)
  }

  @Test("dialect, styles and scripts")
  func dialectAndLinks() {
    let (config, diagnostics) = SiteConfig.parse(
      "dialect: mkdocs\nstyles: [css/a.css, https://cdn.example/b.css]\nscripts: [/js/c.js]\n", path: "cvsite.yml")
    #expect(diagnostics.isEmpty)
    #expect(config.dialect == .mkdocs)
    #expect(config.styles.map(config.linkURL) == ["/css/a.css", "https://cdn.example/b.css"])
    #expect(config.scripts == ["/js/c.js"])
    let (_, wrong) = SiteConfig.parse("dialect: mkdoc\nstyles: [javascript:x]\nscripts: x.js\n", path: "cvsite.yml")
    #expect(
      wrong.map(\.message) == [
        "'dialect' must be `cvsite` or `mkdocs`, not `mkdoc`",
        "'styles' entries must be paths or URLs without spaces or script", "'scripts' must be a list of paths or URLs",
      ])
    #expect(wrong.first?.suggestion == "mkdocs")
  }

  @Test("a base URL without a host is a path")
  func basePathOnly() {
    var config = SiteConfig()
    config.baseURL = "/docs"
    #expect(config.basePath == "/docs/")
    #expect(config.absoluteURL("/a/") == "/docs/a/")
    config.baseURL = "https://example.org/docs"
    #expect(config.basePath == "/docs/")
    #expect(config.absoluteURL("/a/") == "https://example.org/docs/a/")
    #expect(config.absoluteURL("b.xml") == "https://example.org/docs/b.xml")
    config.baseURL = "https://example.org"
    #expect(config.basePath == "/")
    #expect(config.absoluteURL("/") == "https://example.org/")
  }
}
