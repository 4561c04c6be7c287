import CvsiteCore
import CvsiteTestSupport
import Testing

@testable import CvsiteSite

/// Code blocks through a whole build: coloured with the default theme, their values
/// checked at the fence's line and column, a site's own language definition used.
@Suite("Code blocks in a build")
struct CodeBlockBuildTests {
  @Test("blocks are coloured and framed; a bad value is an error at its column in the fence")
  func colouredAndChecked() throws {
    let good = try TemporarySite(site: [
      "content/_index.md": "# Home\n\n```swift title=\"Package.swift\" {1}\nlet x = 1 // one\n```\n"
    ])
    let built = good.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let html = try #require(good.read("index.html"))
    #expect(html.contains("<div class=\"cv-code-title\">Package.swift</div>"))
    #expect(html.contains("<span class=\"line cv-mark\">"))
    #expect(html.contains("<span class=\"c\">// one</span>"))

    let bad = try TemporarySite(site: [
      "content/_index.md": "# Home\n\n- item\n\n  ```swift titel=\"x\"\n  let x = 1\n  ```\n"
    ])
    let error = try #require(bad.build().result.diagnostics.errors.first)
    #expect(error.message.hasPrefix("`titel` is not a code block value"))
    #expect(error.suggestion == "title")
    #expect(error.location?.line == 5)
    #expect(error.location?.column == 12)
  }

  @Test("a code group: each block a tab labelled by its title, its info-string values typed")
  func codeGroup() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": """
      # Home

      :::code-group
      ```sh title="npm"
      npm install cvsite
      ```

      ```sh title="pnpm" default icon="P"
      pnpm add cvsite
      ```
      :::
      """
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let html = try #require(site.read("index.html"))
    #expect(html.contains("data-container=\"code-group\" data-sync=\"code\""))
    #expect(
      html.contains(
        "<button type=\"button\" role=\"tab\" class=\"cv-tab\" id=\"npm-tab\" aria-controls=\"npm\" aria-selected=\"false\""
      ))
    // `default` selects the second tab; `icon` is read by the tab bar.
    #expect(html.contains("id=\"pnpm-tab\" aria-controls=\"pnpm\" aria-selected=\"true\""))
    #expect(html.contains("<span class=\"cv-icon\" aria-hidden=\"true\">P</span> pnpm</button>"))
    #expect(html.contains("<div class=\"cv-tabpanel\" role=\"tabpanel\" id=\"npm\""))
    // A summary is prose: no code, no tab bar.
    let start = try #require(html.range(of: "<div class=\"cv-tabs\""))
    let end = try #require(html.range(of: "</article>"))
    #expect(summary(of: "<p>Install it:</p>\n" + html[start.lowerBound..<end.lowerBound]) == "Install it: npm pnpm")
  }

  @Test(
    "code-block values: typed against the theme, checked by the container's rules, located",
    arguments: [
      (
        "```sh title=\"a\" defualt\nx\n```", "`defualt` is not a code block value or a value of this theme", 4, 17,
        "default"
      ),
      ("```sh title=\"a\" span=wide\nx\n```", "`span` must be a whole number, not `wide`", 4, 17, nil),
      (
        "```sh title=\"a\" value=v\nx\n```\n\n```sh title=\"b\" value=v\ny\n```",
        "`value=v` is already used by a sibling at line 4", 8, 17, nil
      ),
    ] as [(String, String, Int, Int, String?)])
  func codeGroupErrors(blocks: String, message: String, line: Int, column: Int, suggestion: String?) throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n\n:::code-group\n\(blocks)\n:::\n"])
    let diagnostics = site.build().result.diagnostics
    let error = try #require(diagnostics.errors.first, "\(diagnostics.summaries)")
    #expect(error.message.hasPrefix(message), "\(error.message)")
    #expect(error.location?.line == line)
    #expect(error.location?.column == column)
    #expect(error.suggestion == suggestion)
  }

  @Test(
    "a value the theme derives from titles is held to the container's `unique` rule, located at the container",
    arguments: [
      (
        ":::code-group\n```sh title=\"npm\"\nnpm i\n```\n\n```sh title=\"npm\"\nnpm install\n```\n:::",
        "two children of `:::code-group` (\"npm\" and \"npm\") both get `value=npm`"
      ),
      (
        ":::tabs\n## macOS\nA.\n\n## Linux\nB.\n\n## macOS!\nC.\n:::",
        "two children of `:::tabs` (\"macOS\" and \"macOS!\") both get `value=macos`"
      ),
      (
        ":::tabs\n## macOS {value=linux}\nA.\n\n## Linux\nB.\n:::",
        "two children of `:::tabs` (\"macOS\" and \"Linux\") both get `value=linux`"
      ),
    ] as [(String, String)])
  func derivedValueClash(container: String, message: String) throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n\n\(container)\n"])
    let diagnostics = site.build().result.diagnostics
    #expect(diagnostics.errors.count == 1, "\(diagnostics.summaries)")
    let error = try #require(diagnostics.errors.first)
    #expect(error.message.hasPrefix(message), "\(error.message)")
    #expect(error.location?.line == 3)
    #expect(error.sourceLine == container.prefix { $0 != "\n" }.description)
  }

  @Test("titles whose derived values differ, or values written apart, are no clash")
  func derivedValuesApart() throws {
    let site = try TemporarySite(site: [
      "content/_index.md":
        "# Home\n\n:::tabs\n## npm\nA.\n\n## npm {value=npm-again}\nB.\n\n## pnpm\nC.\n:::\n"
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
  }

  @Test("a value on a code block that no container reads is a warning")
  func unreadValue() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n\n```sh badge=new\nx\n```\n"])
    let diagnostics = site.build().result.diagnostics
    #expect(diagnostics.errors.isEmpty, "\(diagnostics.summaries)")
    let warning = try #require(diagnostics.first { $0.severity == .warning })
    #expect(warning.message == "`badge` is not read by any enclosing container")
    #expect(warning.location?.column == 7)
  }

  @Test("code that reads like an attribute is text, never a link to check")
  func attributeLikeCode() throws {
    let site = try TemporarySite(site: [
      "content/_index.md":
        "# Home\n\n```swift\n/// The next ` href=\"` or ` src=\"x\"` value\nlet a = \"<a href=\\\"nowhere\\\">\"\n```\n"
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let html = try #require(site.read("index.html"))
    #expect(html.contains("` href=&quot;` or ` src=&quot;x&quot;`"))
  }

  @Test("a site's languages/ folder adds a language")
  func siteLanguage() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n\n```greeting\nhello world\n```\n",
      "languages/greeting.lang": """
      <?xml version="1.0"?>
      <language id="greeting" name="Greeting" version="2.0">
        <styles><style id="word" map-to="def:keyword"/></styles>
        <definitions>
          <context id="greeting"><include>
            <context style-ref="word"><keyword>hello</keyword></context>
          </include></context>
        </definitions>
      </language>
      """,
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(site.read("index.html")?.contains("<span class=\"k\">hello</span> world") == true)
  }
}
