import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// What a DocC page says of itself (`@PageImage`, `@PageColor`, `@PageKind`,
/// `@Redirected`, `@CallToAction(file:)`, `@Options`), grids of links and topics, the
/// automatic See Also, and the settings written wrong.
@Suite("DocC page values")
struct DocCPageValuesTests {
  static let files: [String: String] = [
    "Kit.docc/Kit.md": """
    # Kit

    @Metadata {
      @TechnologyRoot
    }

    The kit's overview.

    ## Topics

    ### Essentials

    - <doc:Gadgets>
    - <doc:Sample>
    - <doc:Plain>

    ### Grids

    - <doc:Grids>
    """,
    "Kit.docc/Gadgets.md": """
    # Gadgets

    @Metadata {
      @PageImage(purpose: card, source: "gadget", alt: "A gadget")
      @PageColor(green)
      @Redirected(from: "kit/old-gadgets")
      @CallToAction(file: "gadgets.zip", purpose: download)
    }

    Every gadget, *explained*.

    ## See Also

    - <doc:Grids>
    """,
    "Kit.docc/Sample.md": """
    # Sample

    @Metadata {
      @PageKind(sampleCode)
    }

    @Options {
      @AutomaticSeeAlso(disabled)
    }

    A project to download.
    """,
    "Kit.docc/Plain.md": """
    # Plain

    @Options {
      @AutomaticTitleHeading(disabled)
    }

    A page without a title heading.

    ## Topics

    - <doc:Gadgets>
    """,
    "Kit.docc/Grids.md": """
    # Grids

    @Options {
      @TopicsVisualStyle(detailedGrid)
    }

    Links as cards.

    @Links(visualStyle: compactGrid) {
      - <doc:Gadgets>
      - <doc:Sample>
    }

    ## Topics

    ### Two

    - <doc:Gadgets>
    - <doc:Sample>

    ### One

    - <doc:Plain>

    ## Next

    After the topics.
    """,
    "Kit.docc/Resources/gadget.png": "png",
    "Kit.docc/Resources/gadgets.zip": "zip",
  ]

  static func built(_ files: [String: String] = files) throws -> (TemporarySite, URL, BuildResult) {
    let site = try TemporarySite(files: files)
    let result = site.build().result
    return (site, site.root.appendingPathComponent("site"), result)
  }

  @Test("a page's image, colour, kind, old URLs and download button")
  func pageValues() throws {
    let (site, output, result) = try Self.built()
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    let gadgets = try #require(site.read("documentation/kit/gadgets/index.html", in: output))
    #expect(gadgets.contains(#"<article class="cv-article" data-color="green">"#))
    #expect(gadgets.contains(#"<p class="cv-eyebrow">Article</p>"#), "an article says so above its title")
    #expect(gadgets.contains(#"href="/Resources/gadgets.zip">Download</a>"#), "the button leads to the catalog's file")
    #expect(site.exists("documentation/kit/old-gadgets/index.html", in: output), "the old URL still leads here")
    let sample = try #require(site.read("documentation/kit/sample/index.html", in: output))
    #expect(sample.contains(#"<p class="cv-eyebrow">Sample Code</p>"#))
    #expect(!sample.contains("data-color"))
    let plain = try #require(site.read("documentation/kit/plain/index.html", in: output))
    #expect(!plain.contains("cv-eyebrow"), "@AutomaticTitleHeading(disabled)")
    let root = try #require(site.read("documentation/kit/index.html", in: output))
    #expect(!root.contains("cv-eyebrow"), "the root has no automatic title heading")
  }

  @Test("@Links and a grid of topics as cards with each page's image and abstract; the section goes on after")
  func grids() throws {
    let (site, output, _) = try Self.built()
    let grids = try #require(site.read("documentation/kit/grids/index.html", in: output))
    let links = try #require(grids.range(of: #"<p>Links as cards.</p>"#))
    let afterLinks = grids[links.upperBound...]
    let compact = try #require(afterLinks.range(of: "</ul>"))
    let compactGrid = String(afterLinks[..<compact.lowerBound])
    #expect(compactGrid.contains(#"<ul class="cv-cards cv-cols-2" data-count="2">"#))
    #expect(compactGrid.contains(#"<a class="cv-card-link" href="/documentation/kit/gadgets/">Gadgets</a>"#))
    #expect(compactGrid.contains(#"alt="A gadget""#), "the page's card image")
    #expect(!compactGrid.contains("explained"), "a compact grid shows no abstract")
    let topics = try #require(grids.range(of: #"id="two""#))
    let detailed = String(grids[topics.upperBound...])
    #expect(detailed.contains(#"href="/documentation/kit/sample/">Sample</a>"#))
    #expect(detailed.contains("Every gadget, explained."), "a detailed grid shows the abstract, as text")
    #expect(detailed.contains("A project to download."))
    let one = try #require(detailed.range(of: #"id="one""#))
    #expect(detailed[one.upperBound...].contains(#"href="/documentation/kit/plain/">Plain</a>"#))
    #expect(detailed.components(separatedBy: #"<ul class="cv-cards"#).count == 3, "a grid per group")
    let next = try #require(detailed.range(of: #"<p>After the topics.</p>"#))
    #expect(!detailed[next.upperBound...].contains("cv-card"), "the grid ends with its section")
  }

  @Test("@TopicsVisualStyle(hidden), for every page with @Options(scope: global)")
  func hiddenTopics() throws {
    var files = Self.files
    files["Kit.docc/Kit.md"]! += "\n\n@Options(scope: global) {\n  @TopicsVisualStyle(hidden)\n}\n"
    files["Kit.docc/Grids.md"] = files["Kit.docc/Grids.md"]!.replacingOccurrences(of: "detailedGrid", with: "hidden")
    let (site, output, result) = try Self.built(files)
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    let plain = try #require(site.read("documentation/kit/plain/index.html", in: output))
    #expect(!plain.contains(#"id="topics""#), "the global option hides a page's topics")
    let grids = try #require(site.read("documentation/kit/grids/index.html", in: output))
    #expect(!grids.contains(#"id="two""#) && grids.contains("After the topics."))
    let nav = try #require(grids.range(of: #"<nav class="cv-nav""#).map { String(grids[$0.lowerBound...]) })
    #expect(nav.contains(">Essentials<"), "hidden topics still curate the navigation")
  }

  @Test("See Also lists the other pages of the page's topic group, after the page's own")
  func seeAlso() throws {
    let (site, output, _) = try Self.built()
    let gadgets = try #require(site.read("documentation/kit/gadgets/index.html", in: output))
    let section = try #require(gadgets.range(of: #"<h2 id="see-also">"#))
    let below = String(gadgets[section.upperBound...])
    let own = try #require(below.range(of: #"href="/documentation/kit/grids/""#))
    let group = try #require(below.range(of: #"<h3 id="essentials">"#))
    #expect(own.lowerBound < group.lowerBound, "the page's own links first")
    #expect(below.contains(#"<a href="/documentation/kit/sample/">Sample</a><br>A project to download.</li>"#))
    #expect(below.contains(#"href="/documentation/kit/plain/""#))
    #expect(!below[group.upperBound...].contains(#"href="/documentation/kit/gadgets/""#), "not the page itself")
    #expect(gadgets.components(separatedBy: #"id="see-also""#).count == 2, "one See Also section")
    let sample = try #require(site.read("documentation/kit/sample/index.html", in: output))
    #expect(!sample.contains("See Also"), "@AutomaticSeeAlso(disabled)")
  }

  @Test(
    "settings and layout directives written wrong are located warnings, with the nearest name, as DocC reports them; a settings block never closed is an error: it leaves the page's text out"
  )
  func badInput() throws {
    var files = Self.files
    files["Kit.docc/Wrong.md"] = """
      # Wrong

      @Metadata {
        @PageColour(blue)
        @PageColor(pink)
        @PageKind(sample)
        @PageImage(purpose: card)
      }

      @Options {
        @TopicsVisualStyle(grid)
      }

      @Tab("Alone") {
        Text.
      }

      @Row {
        @Column {
          Never closed.
      """
    files["Kit.docc/Open.md"] = "# Open\n\n@Metadata {\n  @PageColor(red)\n\nAll of this is lost.\n"
    let (_, _, result) = try Self.built(files)
    #expect(!result.succeeded)
    func find(_ text: String) throws -> Diagnostic {
      try #require(result.diagnostics.first { $0.message.contains(text) }, "\(text)")
    }
    let colour = try find("`@PageColour`")
    #expect(colour.severity == .warning && colour.suggestion == "PageColor")
    #expect(colour.location == SourceLocation(path: "Kit.docc/Wrong.md", line: 4, column: 3))
    let pink = try find("not `pink`")
    #expect(pink.severity == .warning && pink.location?.line == 5)
    let kind = try find("not `sample`")
    #expect(kind.severity == .warning && kind.location?.line == 6)
    #expect(try find("`@PageImage` needs its `source`").location?.line == 7)
    let style = try find("not `grid`")
    #expect(style.severity == .warning && style.location?.line == 11)
    let tab = try find("`@Tab` belongs directly in a `@TabNavigator`")
    #expect(tab.severity == .warning && tab.location?.line == 14)
    let row = try find("`@Row` is never closed")
    #expect(row.severity == .warning && row.location?.line == 18)
    #expect(try find("`@Column` is never closed").location?.line == 19)
    let open = try find("`@Metadata` is never closed")
    #expect(open.severity == .error)
    #expect(open.location == SourceLocation(path: "Kit.docc/Open.md", line: 3, column: 1))
  }

  @Test("`syntax: docc` reads DocC's directives on one page of a cvsite site; another value is an error")
  func pageSyntax() throws {
    let site = try TemporarySite(files: [
      "cvsite.yml": "title: Mine\n",
      "content/index.md": "# Home\n",
      "content/docs/moved.md": "---\nsyntax: docc\n---\n\n# Moved\n\n@TabNavigator {\n    @Tab(\"Swift\") {\n"
        + "        Swift text.\n    }\n}\n\n@Small {\n    Fine print.\n}\n",
      "content/docs/plain.md": "# Plain\n\n@Row {\n}\n",
    ])
    let result = site.build().result
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    let moved = try #require(site.read("docs/moved/index.html"))
    #expect(moved.contains(#"role="tab""#) && moved.contains("<p>Swift text.</p>") && !moved.contains("@Tab"))
    #expect(moved.contains(#"<div class="cv-small" id="small">"#) && moved.contains("<p>Fine print.</p>"))
    #expect(site.read("docs/plain/index.html")?.contains("<p>@Row {") == true, "other pages unchanged")
    let wrong = try TemporarySite(files: [
      "cvsite.yml": "title: Mine\n", "content/index.md": "---\nsyntax: dcoc\n---\n# Home\n",
    ])
    let problem = try #require(wrong.build().result.diagnostics.first { $0.message.contains("`syntax`") })
    #expect(problem.severity == .error && problem.suggestion == "docc")
    #expect(problem.location == SourceLocation(path: "content/index.md", line: 2, column: 1))
  }

  @Test("directives shown in code or named in prose are not the page's own")
  func examplesAreNotSettings() throws {
    var files = Self.files
    files["Kit.docc/Guide.md"] = """
      # Guide

      How to colour a page: write `@PageColor(red)` in its `@Metadata`, like this:

      ```
      @Metadata {
          @PageColor(red)
          @TitleHeading("Example")
          @Redirected(from: "kit/example")
      }
      @Options(scope: global) {
          @TopicsVisualStyle(hidden)
      }
      ```
      """
    let (site, output, result) = try Self.built(files)
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    let guide = try #require(site.read("documentation/kit/guide/index.html", in: output))
    #expect(!guide.contains("data-color") && guide.contains(#"<p class="cv-eyebrow">Article</p>"#))
    #expect(!site.exists("documentation/kit/example/index.html", in: output))
    let root = try #require(site.read("documentation/kit/index.html", in: output))
    #expect(root.contains(#"id="topics""#), "the example's global option is not the catalog's")
  }
}
