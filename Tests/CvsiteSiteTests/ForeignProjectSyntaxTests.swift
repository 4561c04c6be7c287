import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Zensical's `zensical.toml`, VitePress' container attributes and `v-pre`, and
/// pymdownx.emoji's shortcodes, as the projects written for them use them.
@Suite("Zensical settings, VitePress containers, emoji and icon shortcodes")
struct ForeignProjectSyntaxTests {
  static let zensical = """
    [project]
    site_name = "Zen docs"
    site_url = "https://example.org/zen/"
    nav = [
      { "Start" = "index.md" },
      { "Guide" = ["guide.md"] },
    ]
    colour = "red"

    [project.theme]
    language = "de"

    [project.markdown_extensions]
    admonition = {}
    toc.permalink = true
    pymdownx.tabbed.alternate_style = true
    pymdownx.betterem = {}
    pymdownx.arithmatex.generic = true

    [project.plugins.search]
    """

  @Test("a folder with zensical.toml builds with its settings, read as mkdocs.yml's")
  func zensicalProject() throws {
    let site = try TemporarySite(files: [
      "zensical.toml": Self.zensical,
      "docs/index.md": "# Start\n\n!!! tip\n    Go on.\n\n## Part\n\nText.\n",
      "docs/guide.md": "# Guide\n\n=== \"One\"\n\n    First.\n\n=== \"Two\"\n\n    Second.\n",
    ])
    #expect(SiteSettings.file(in: site.root) == "zensical.toml")
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent("site")
    let home = try #require(site.read("index.html", in: output))
    #expect(home.contains("<html lang=\"de\""))
    #expect(home.contains("Zen docs"))
    #expect(home.contains("cv-callout-tip"))
    #expect(home.contains(##"<a class="cv-anchor" href="#part""##), "toc.permalink as a dotted key")
    let guide = try #require(site.read("guide/index.html", in: output))
    #expect(guide.contains("role=\"tab\"") && guide.contains("Second."))
    let warnings = outcome.result.diagnostics.filter { $0.severity == .warning }
    let unknown = try #require(warnings.first { $0.message.contains("unknown setting 'colour'") })
    #expect(unknown.location == SourceLocation(path: "zensical.toml", line: 8, column: 1))
    #expect(unknown.sourceLine == "colour = \"red\"")
    let math = try #require(warnings.first { $0.message.contains("pymdownx.arithmatex") })
    #expect(
      math.location == SourceLocation(path: "zensical.toml", line: 18, column: 1),
      "pymdownx's extensions named without quotes")
    #expect(!warnings.contains { $0.message.contains("pymdownx.tabbed") || $0.message.contains("plugin") })
  }

  @Test("invalid TOML is a located error and nothing is built")
  func invalidTOML() throws {
    let site = try TemporarySite(files: [
      "zensical.toml": "[project]\nsite_name = Docs\n", "docs/index.md": "# Home\n",
    ])
    let outcome = site.build()
    let error = try #require(outcome.result.diagnostics.first { $0.severity == .error })
    #expect(error.message == "invalid TOML: `Docs` is not a TOML value (text goes in quotes)")
    #expect(error.location == SourceLocation(path: "zensical.toml", line: 2, column: 13))
    #expect(!site.exists("index.html", in: site.root.appendingPathComponent("site")))
  }

  @Test("VitePress: `{no-title}`, `{open}` after a title, `v-pre` and `raw` around content")
  func vitePressContainers() throws {
    let site = try TemporarySite(files: [
      ".vitepress/config.mts": "export default { title: 'VP' }\n",
      "index.md":
        "# Home\n\n::: tip {no-title}\nJust try it.\n:::\n\n::: details Show the code {open}\nHidden.\n:::\n\n"
        + "::: v-pre\n{{ kept as written }}\n:::\n\n::: raw\nRaw text.\n:::\n",
    ])
    let outcome = site.build()
    #expect(!outcome.result.diagnostics.hasErrors, "\(outcome.result.diagnostics.summaries)")
    let page = try #require(site.read("index.html", in: site.root.appendingPathComponent(".vitepress/dist")))
    #expect(page.contains(#"class="cv-callout cv-callout-tip cv-callout-untitled""#))
    #expect(page.contains("<details class=\"cv-callout cv-callout-note\" id=\"callout-show-the-code\" open>"))
    #expect(page.contains("Show the code</summary>"))
    #expect(page.contains("<p>{{ kept as written }}</p>") && page.contains("<p>Raw text.</p>"))
    #expect(!page.contains("{open}") && !page.contains("no-title"))
  }

  /// An MkDocs project with pymdownx.emoji, its own icon folder, and a Python
  /// environment holding mkdocs-material's icons and pymdownx's emoji index.
  static func shortcodeSite(extra: [String: String] = [:]) throws -> TemporarySite {
    let packages = ".venv/lib/python3.12/site-packages/"
    return try TemporarySite(
      files: [
        "mkdocs.yml":
          "site_name: S\ntheme:\n  name: material\n  custom_dir: overrides\nmarkdown_extensions:\n  - pymdownx.emoji:\n"
          + "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n  - pymdownx.tabbed\n",
        "overrides/.icons/brand/logo.svg": "<svg viewBox=\"0 0 8 8\"><path d=\"M0 0h8\"/></svg>\n",
        "overrides/.icons/brand/bad.svg": "<svg onload=\"alert(1)\"><path d=\"M0\"/></svg>\n",
        packages + "material/templates/.icons/material/check.svg":
          "<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 24 24\"><path d=\"M1 1\"/></svg>\n",
        packages + "material/templates/.icons/fontawesome/brands/github.svg":
          "<svg viewBox=\"0 0 9 9\"><path d=\"M2 2\"/></svg>",
        packages + "pymdownx/twemoji_db.py":
          "emoji = {\n    \":rocket:\": {\n        \"category\": \"travel\",\n        \"name\": \"rocket\",\n"
          + "        \"unicode\": \"1f680\"\n    },\n    \":thumbsup:\": {\n        \"name\": \"thumbs up\",\n"
          + "        \"unicode\": \"1f44d\"\n    },\n    \":heart:\": {\n        \"unicode\": \"2764\",\n"
          + "        \"unicode_alt\": \"2764-fe0f\"\n    }\n}\naliases = {\n    \":+1:\": \":thumbsup:\"\n}\n",
      ].merging(extra) { $1 })
  }

  @Test("emoji become their characters, icons their SVG, from the project's and the installed sets")
  func shortcodes() throws {
    let site = try Self.shortcodeSite(extra: [
      "docs/index.md":
        "# Home\n\nLaunch :rocket: :+1: :heart: at 10:30:00, :unknown_word: stays.\n\n"
        + ":material-check: done, :fontawesome-brands-github: code, :brand-logo: ours.\n\n"
        + "`:rocket:` in code stays. Tip :material-check:{ .heart title=\"Tips & more\" } here.\n\n"
        + "=== \":material-check: Done\"\n\n    Body.\n\n=== \"Done\"\n\n    Other.\n"
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(outcome.result.diagnostics.allSatisfy { !$0.message.contains("pymdownx.emoji") })
    let page = try #require(site.read("index.html", in: site.root.appendingPathComponent("site")))
    #expect(page.contains("Launch 🚀 👍 \u{2764}\u{FE0F} at 10:30:00, :unknown_word: stays."))
    #expect(page.contains(#"<span class="twemoji"><svg viewBox="0 0 24 24"><path d="M1 1"/></svg></span> done"#))
    #expect(page.contains(#"<span class="twemoji"><svg viewBox="0 0 9 9"><path d="M2 2"/></svg></span> code"#))
    #expect(page.contains(#"<span class="twemoji"><svg viewBox="0 0 8 8"><path d="M0 0h8"/></svg></span> ours"#))
    #expect(page.contains("<code>:rocket:</code>"))
    #expect(
      page.contains(
        #"Tip <span class="twemoji heart" title="Tips &amp; more"><svg viewBox="0 0 24 24"><path d="M1 1"/></svg></span> here."#
      ), "attr_list on an icon")
    #expect(
      page.contains(#"<span class="twemoji"><svg viewBox="0 0 24 24"><path d="M1 1"/></svg></span> Done"#), "tab label")
  }

  @Test("an icon without a picture, or whose file could run script, leaves the page with a located warning")
  func missingIcons() throws {
    let site = try Self.shortcodeSite(extra: [
      "docs/index.md":
        "# Home\n\nText.\n\nA :material-nothing-here: and :brand-bad: icon.\n\n=== \":octicons-gone-16: Tab\"\n\n    Body.\n"
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded)
    let warnings = outcome.result.diagnostics.filter { $0.message.hasPrefix("no picture for") }
    #expect(warnings.count == 2)
    #expect(warnings.first?.message.hasPrefix("no picture for :material-nothing-here:, :brand-bad:") == true)
    #expect(warnings.first?.location == SourceLocation(path: "docs/index.md", line: 5, column: 1))
    #expect(warnings.last?.message.hasPrefix("no picture for :octicons-gone-16:") == true)
    let page = try #require(site.read("index.html", in: site.root.appendingPathComponent("site")))
    #expect(page.contains("<p>A  and  icon.</p>"))
    #expect(!page.contains("onload") && !page.contains(":octicons-gone-16:"))
  }

  @Test("without pymdownx.emoji, shortcodes are text")
  func shortcodesOff() throws {
    let site = try TemporarySite(files: ["mkdocs.yml": "site_name: S\n", "docs/index.md": "# Home\n\nGo :rocket:\n"])
    #expect(site.build().result.succeeded)
    #expect(site.read("index.html", in: site.root.appendingPathComponent("site"))?.contains("Go :rocket:") == true)
  }

  @Test("an emoji index is read with its aliases and variation forms")
  func emojiIndex() {
    let index = InstalledShortcodes.readEmojiIndex(
      "emoji = {\n    \":a:\": {\n        \"unicode\": \"1f170\",\n        \"unicode_alt\": \"1f170-fe0f\"\n    },\n"
        + "    \":family:\": {\n        \"unicode\": \"1f468-200d-1f469\"\n    }\n}\naliases = {\n    \":b:\": \":a:\"\n}\n"
    )
    #expect(index == ["a": "\u{1F170}\u{FE0F}", "b": "\u{1F170}\u{FE0F}", "family": "\u{1F468}\u{200D}\u{1F469}"])
  }
}
