import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A DocC catalog builds as a site: DocC's URLs, `<doc:>` links, images by name, the
/// settings directives read and not shown, the root's topics as the navigation.
@Suite("DocC catalogs")
struct DocCCatalogTests {
  static let root = """
    # The Book

    Everything about widgets.

    @Metadata {
      @TechnologyRoot
      @PageColor(blue)
    }

    @Options(scope: global) {
      @AutomaticSeeAlso(disabled)
    }

    @Comment {
      Not for readers.
    }

    ## Topics

    ### Getting Started

    - <doc:Basics>
    - <doc:Advanced Topics>

    ### Reference

    - <doc:Operators>
    """

  static let files: [String: String] = [
    "Book.docc/Info.plist":
      "<plist><dict><key>CFBundleDisplayName</key>\n<string>Widget Book</string></dict></plist>\n",
    "Book.docc/The-Book.md": root,
    "Book.docc/Guide/Basics.md":
      "# Basics\n\nStart here, then read <doc:Operators>, [the part on sums](<doc:Operators#Adding-Numbers>) "
      + "and <doc://org.example.book/documentation/Book/Advanced-Topics>.\n\n![A diagram](diagram)\n\n"
      + "See <doc:Operatorz>.\n",
    "Book.docc/Guide/Advanced Topics.md": "# Advanced Topics\n\nMore.\n",
    "Book.docc/Reference/Operators.md": "# Operators\n\nAll of them.\n\n## Adding Numbers\n\nSums.\n",
    "Book.docc/Reference/Extra.md": "# Extra\n\nCurated by no one.\n",
    "Book.docc/Assets/diagram@2x.png": "png",
    "Book.docc/Assets/diagram~dark@2x.png": "png",
    "Book.docc/Assets/diagram.png": "png",
  ]

  @Test("the catalog's pages at DocC's URLs, the root also at /, with links and images resolved")
  func builds() throws {
    let site = try TemporarySite(files: Self.files)
    #expect(SiteSettings.file(in: site.root) == "Book.docc")
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent("site")
    let basics = try #require(site.read("documentation/the-book/basics/index.html", in: output))
    #expect(basics.contains("<title>Basics · Widget Book</title>"))
    #expect(basics.contains(#"<a href="/documentation/the-book/operators/">Operators</a>"#))
    #expect(basics.contains(#"<a href="/documentation/the-book/operators/#adding-numbers">the part on sums</a>"#))
    #expect(basics.contains(#"<a href="/documentation/the-book/advanced-topics/">Advanced Topics</a>"#))
    #expect(
      basics.contains(
        #"<picture class="cv-docc-image"><source data-cv-dark media="(prefers-color-scheme: dark)" srcset="/Assets/diagram~dark@2x.png 2x"><img src="/Assets/diagram.png" srcset="/Assets/diagram.png 1x, /Assets/diagram@2x.png 2x" alt="A diagram"></picture>"#
      ))
    #expect(basics.contains("See Operatorz."), "a link that leads nowhere keeps its text")
    #expect(site.exists("documentation/the-book/extra/index.html", in: output))
    let home = try #require(site.read("documentation/the-book/index.html", in: output))
    #expect(!home.contains("@Metadata") && !home.contains("TechnologyRoot") && !home.contains("Not for readers"))
    #expect(!home.contains("@Options") && !home.contains("AutomaticSeeAlso"))
    #expect(site.read("index.html", in: output)?.contains("/documentation/the-book/") == true, "the root at /")
    #expect(
      home.contains(
        #"<li><a href="/documentation/the-book/basics/">Basics</a><br>Start here, then read Operators, the part on sums and Advanced-Topics.</li>"#
      ), "a topic with its page's abstract")
    #expect(basics.contains(#"<meta name="description" content="Start here, then read Operators"#))
  }

  @Test("the root's topics are the navigation; what no page curates is under Articles")
  func navigation() throws {
    let site = try TemporarySite(files: Self.files)
    _ = site.build()
    let page = try #require(
      site.read("documentation/the-book/operators/index.html", in: site.root.appendingPathComponent("site")))
    let nav = try #require(page.firstRange(of: "<nav class=\"cv-nav\"").map { String(page[$0.lowerBound...]) })
    var cursor = nav.startIndex
    // The groups the page is not in are closed: links to their first pages.
    for piece in [
      ">The Book<", #"<a href="/documentation/the-book/basics/">Getting Started</a>"#, ">Reference<", ">Operators<",
      #"<a href="/documentation/the-book/extra/">Articles</a>"#,
    ] {
      let found = try #require(nav[cursor...].range(of: piece), "\(piece) in the navigation, in order")
      cursor = found.upperBound
    }
    let basics = try #require(
      site.read("documentation/the-book/basics/index.html", in: site.root.appendingPathComponent("site")))
    let basicsNav = try #require(
      basics.firstRange(of: "<nav class=\"cv-nav\"").map {
        String(basics[$0.lowerBound...]).components(separatedBy: "</nav>")[0]
      })
    #expect(basicsNav.contains(">Advanced Topics<") && !basicsNav.contains(">Operators<"))
  }

  @Test("what leads nowhere is located, with the nearest name; directives not read are said")
  func diagnostics() throws {
    var files = Self.files
    files["Book.docc/Broken.md"] = "# Broken\n\n![Gone](missingPicture)\n\n@Snippet(path: \"a\")\n\n@Colum\n"
    let site = try TemporarySite(files: files)
    let diagnostics = site.build().result.diagnostics
    let link = try #require(diagnostics.first { $0.message.contains("Operatorz") })
    #expect(link.severity == .warning)
    #expect(link.message == "`<doc:Operatorz>` leads to no page of the catalog: shown as text")
    #expect(link.suggestion == "Operators")
    #expect(link.location == SourceLocation(path: "Book.docc/Guide/Basics.md", line: 7, column: 1))
    let image = try #require(diagnostics.first { $0.message.contains("missingPicture") })
    #expect(image.severity == .warning, "DocC reports a resource it cannot find, and builds")
    #expect(image.location == SourceLocation(path: "Book.docc/Broken.md", line: 3, column: 1))
    let snippet = try #require(diagnostics.first { $0.message.contains("@Snippet") })
    #expect(snippet.message == "the DocC directive `@Snippet` is not read yet: its lines are shown as written")
    let misspelt = try #require(diagnostics.first { $0.message.contains("@Colum") })
    #expect(misspelt.suggestion == "Column")
    #expect(misspelt.location?.line == 7)
  }

  @Test("symbol links in a catalog without symbol graphs are code, and one warning a page says why")
  func symbolLinksWithoutGraphs() throws {
    var files = Self.files
    files["Book.docc/Reference/Extra.md"] =
      "# Extra\n\nUse ``Widget`` and ``Widget/spin()``.\n\n```swift\nlet a = ``NotALink``\n```\n\nThen ``Gear``.\n"
    let site = try TemporarySite(files: files)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let warnings = outcome.result.diagnostics.filter { $0.message.contains("no symbol graphs") }
    #expect(warnings.count == 1, "one a page: \(warnings.map(\.message))")
    let warning = try #require(warnings.first)
    #expect(warning.severity == .warning)
    #expect(warning.message.hasPrefix("``Widget`` and 2 more symbol links shown as code"))
    #expect(warning.location == SourceLocation(path: "Book.docc/Reference/Extra.md", line: 3, column: 5))
    let page = try #require(
      site.read("documentation/the-book/extra/index.html", in: site.root.appendingPathComponent("site")))
    #expect(page.contains("<code>Widget/spin()</code>"), "the text stays, as code")
  }

  @Test("a module's page titled with a comment after its name is the root")
  func moduleRootWithComment() throws {
    let site = try TemporarySite(files: [
      "Docs.docc/index.md": "# ``NIO`` <!-- SwiftNIO -->\n\nEvent-driven networking.\n",
      "Docs.docc/Articles/Debugging.md": "# Debugging\n\nHow to.\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let root = try #require(site.read("documentation/nio/index.html", in: site.root.appendingPathComponent("site")))
    #expect(root.contains("Event-driven networking."))
  }

  @Test(
    "in a catalog, a directive's wrong argument and a link to no symbol are warnings, the text shown, as DocC builds it"
  )
  func catalogProblemsAreWarnings() throws {
    let site = try TemporarySite(files: [
      "Demo.docc/Demo.md": "# Demo\n\n@Metadata {\n  @TechnologyRoot\n  @PageImage(purpose: card)\n}\n\n"
        + ":::nope\nKept text.\n:::\n"
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let image = try #require(
      outcome.result.diagnostics.first { $0.message.contains("`@PageImage` needs its `source`") })
    #expect(image.severity == .warning && image.location?.line == 5)
    let unknown = try #require(outcome.result.diagnostics.first { $0.message.contains("unknown container `nope`") })
    #expect(unknown.severity == .warning)
    let page = try #require(site.read("documentation/demo/index.html", in: site.root.appendingPathComponent("site")))
    #expect(page.contains("Kept text."))
  }

  @Test("a module's page is the root, named by the module; @DisplayName titles a page; the abstract follows @Metadata")
  func moduleRoot() throws {
    let site = try TemporarySite(files: [
      "Kit.docc/Kit.symbols.md": "# ``WidgetKit``\n\n@Metadata {\n    @DisplayName(\"Widget Kit\")\n"
        + "    @TitleHeading(\"Framework\")\n    @Available(iOS, introduced: \"17.0\")\n    @Available(macOS, introduced: \"14.0\")\n"
        + "    @CallToAction(url: \"https://example.org/kit.zip\", purpose: download)\n}\n\n"
        + "Build widgets.\n\n## Topics\n\n### Guides\n\n- <doc:start>\n",
      "Kit.docc/start.md":
        "# Getting Started\n\n@Metadata {\n  @CallToAction(url: \"javascript:alert(1)\", purpose: link)\n}\n\nFirst steps.\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent("site")
    let root = try #require(site.read("documentation/widgetkit/index.html", in: output))
    #expect(root.contains("<h1 class=\"cv-title\">Widget Kit</h1>"))
    #expect(root.contains(#"<meta name="description" content="Build widgets.">"#))
    #expect(root.contains(#"<a href="/documentation/widgetkit/start/">Getting Started</a><br>First steps."#))
    #expect(
      root.contains(
        "<p class=\"cv-eyebrow\">Framework</p>\n<h1 class=\"cv-title\">Widget Kit</h1>\n"
          + "<p class=\"cv-meta\">iOS 17.0+ · macOS 14.0+</p>"))
    #expect(
      root.contains(#"<a class="md-button md-button--primary" href="https://example.org/kit.zip">Download</a>"#))
    let start = try #require(site.read("documentation/widgetkit/start/index.html", in: output))
    #expect(!start.contains("md-button") && !start.contains("javascript"), "a call to action that runs script")
  }

  @Test("a folder that is the catalog builds the same way")
  func catalogFolder() throws {
    let site = try TemporarySite(files: [
      "Notes.docc/Notes.md": "# Notes\n\nThe root, named after the catalog.\n\n- <doc:Page>\n",
      "Notes.docc/Page.md": "# A Page\n\nBack to <doc:Notes>.\n",
    ])
    let catalog = site.root.appendingPathComponent("Notes.docc")
    #expect(SiteSettings.file(in: catalog) == ".")
    var options = BuildOptions(siteRoot: catalog)
    options.output = site.root.appendingPathComponent("out")
    let outcome = SiteBuilder.build(options)
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let page = try #require(
      site.read("documentation/notes/page/index.html", in: site.root.appendingPathComponent("out")))
    #expect(page.contains(#"<a href="/documentation/notes/">Notes</a>"#))
  }

  static let layout = """
    # Layout

    @TabNavigator {
        @Tab("Swift") {
            Swift text.

            ```swift
            let x = 1
            ```
        }

        @Tab("Objective-C") {
            ObjC text.
        }
    }

    @Row(numberOfColumns: 3) {
        @Column(size: 2) {
            Wide.
        }
        @Column {
            Narrow.
        }
    }

    @Links(visualStyle: list) {
        - <doc:Other>
    }

    @Small {
        Fine print.

        @Comment {
            Not shown, and its brace closes it alone.
        }
    }

    @Image(source: "logo", alt: "The logo")

    @Video(source: "clip.mp4", poster: "logo", alt: "A clip")
    """

  @Test("layout directives are the theme's containers: tabs, a card grid with spans, their content, images")
  func layoutDirectives() throws {
    let site = try TemporarySite(files: [
      "Demo.docc/Demo.md": "# Demo\n\n- <doc:Layout>\n- <doc:Other>\n",
      "Demo.docc/Layout.md": Self.layout,
      "Demo.docc/Other.md": "# Other\n\nHi.\n",
      "Demo.docc/Resources/logo.png": "png",
      "Demo.docc/Resources/clip.mp4": "mp4",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(outcome.result.diagnostics.isEmpty, "\(outcome.result.diagnostics.summaries)")
    let page = try #require(
      site.read("documentation/demo/layout/index.html", in: site.root.appendingPathComponent("site")))
    #expect(page.contains(#"role="tab" class="cv-tab" id="swift-tab""#))
    #expect(page.contains(#"id="objective-c-tab""#))
    #expect(page.contains(#"<span class="k">let</span>"#), "code inside a tab, dedented")
    #expect(page.contains(#"<ul class="cv-cards cv-cols-3" data-count="2">"#))
    #expect(page.contains(#"<li class="cv-card cv-span-2"#) && page.contains("<p>Wide.</p>"))
    #expect(page.contains(#"<li><a href="/documentation/demo/other/">Other</a></li>"#))
    #expect(page.contains("<p>Fine print.</p>") && !page.contains("Not shown"))
    #expect(page.contains(#"<img src="/Resources/logo.png" srcset="/Resources/logo.png 1x" alt="The logo">"#))
    #expect(page.contains(#"<a href="/Resources/clip.mp4"><img src="/Resources/logo.png""#))
    #expect(!page.contains("@Tab") && !page.contains("@Row") && !page.contains("}</p>"))
  }

  @Test(
    "a wrong argument is a warning at its line, as DocC reports it",
    arguments: [
      ("@Row(numberOfColumns: two) {\n}\n", "`numberOfColumns` is a number from 1 to 6, not `two`"),
      ("@Row {\n@Column(size: wide) {\nX\n}\n}\n", "`size` is a whole number of columns, not `wide`"),
      ("@Links(visualStyle: grid) {\n}\n", "`visualStyle` is `list`, `compactGrid` or `detailedGrid`, not `grid`"),
      ("@TabNavigator {\n@Tab {\nX\n}\n}\n", "`@Tab` needs its label: `@Tab(\"Swift\") {`"),
      ("@Image(alt: \"x\")\n", "`@Image` needs its `source`: `@Image(source: \"name\", alt: \"…\")`"),
    ])
  func wrongArguments(_ body: String, _ message: String) throws {
    let site = try TemporarySite(files: ["Demo.docc/Demo.md": "# Demo\n\n" + body])
    let result = site.build().result
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    let warnings = result.diagnostics.filter { $0.severity == .warning }
    #expect(warnings.map(\.message).contains(message), "\(warnings.map(\.message))")
  }
}
