import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A DocC catalog's `.tutorial` files are pages: a table of contents and tutorials made
/// of headings, steps, code from the catalog's files and questions answered without
/// JavaScript.
@Suite("DocC tutorials")
struct DocCTutorialTests {
  static let files: [String: String] = [
    "Shop.docc/Shop.md": "# Shop\n\n@Metadata {\n  @TechnologyRoot\n}\n\nThe shop's documentation.\n",
    "Shop.docc/Tutorials/Shop-Tutorials.tutorial": """
    @Tutorials(name: "Shop Tutorials") {
        @Intro(title: "Meet the Shop") {
            Build a shop.
        }

        @Volume(name: "Essentials") {
            @Chapter(name: "Getting Started") {
                Your first shop.

                @TutorialReference(tutorial: "doc:Making-A-Shop")
            }
        }
    }
    """,
    "Shop.docc/Tutorials/Making-A-Shop.tutorial": """
    @Tutorial(time: 15) {
        @Intro(title: "Making a Shop") {
            Create a shop.
        }

        @Section(title: "Create the shop") {
            @ContentAndMedia {
                Start empty.
            }

            @Steps {
                @Step {
                    Create `Shop.swift`.

                    @Code(name: "Shop.swift", file: "shop-01.swift")
                }

                @Step {
                    Add the items.

                    @Code(name: "Shop.swift", file: "shop-02.swift", previousFile: "shop-01.swift") {
                        @Image(source: "preview.png", alt: "A preview")
                    }
                }
            }
        }

        @Assessments {
            @MultipleChoice {
                What holds the items?

                @Choice(isCorrect: false) {
                    A function.

                    @Justification(reaction: "Try again!") {
                        Functions hold no state.
                    }
                }

                @Choice(isCorrect: true) {
                    A stored property.

                    @Justification {
                        It keeps them.
                    }
                }
            }
        }
    }
    """,
    "Shop.docc/Resources/Code/shop-01.swift": "struct Shop {\n}\n",
    "Shop.docc/Resources/Code/shop-02.swift": "struct Shop {\n    var items: [String] = []\n}\n",
  ]

  @Test("the table of contents and a tutorial at DocC's URLs, titled by their directives, in the navigation")
  func pages() throws {
    let site = try TemporarySite(files: Self.files)
    let result = site.build().result
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent("site")
    let contents = try #require(site.read("tutorials/shop/index.html", in: output))
    #expect(contents.contains(#"<h1 class="cv-title">Shop Tutorials</h1>"#))
    #expect(contents.contains(#"<h2 id="meet-the-shop">"#) && contents.contains(#"<h3 id="getting-started">"#))
    #expect(contents.contains(#"<li><a href="/tutorials/shop/making-a-shop/">Making a Shop</a></li>"#))
    let tutorial = try #require(site.read("tutorials/shop/making-a-shop/index.html", in: output))
    #expect(tutorial.contains(#"<p class="cv-eyebrow">Tutorial</p>"#))
    #expect(tutorial.contains(#"<h1 class="cv-title">Making a Shop</h1>"#))
    #expect(tutorial.contains(#"<p class="cv-meta">15 min</p>"#))
    #expect(!tutorial.contains("@Step") && !tutorial.contains("@Code") && !tutorial.contains("@Image"))
    let nav = try #require(tutorial.range(of: #"<nav class="cv-nav""#).map { String(tutorial[$0.lowerBound...]) })
    let toc = try #require(nav.range(of: ">Shop Tutorials<"))
    #expect(nav[toc.upperBound...].contains(">Making a Shop<"), "the tutorials after their table of contents")
  }

  @Test("steps hold the catalog's code, the lines added since the previous file marked")
  func steps() throws {
    let site = try TemporarySite(files: Self.files)
    _ = site.build()
    let tutorial = try #require(
      site.read("tutorials/shop/making-a-shop/index.html", in: site.root.appendingPathComponent("site")))
    let steps = try #require(tutorial.range(of: #"<ol class="cv-steps""#))
    let list = String(tutorial[steps.lowerBound...])
    #expect(list.components(separatedBy: #"<li class="cv-step "#).count == 3, "two steps")
    #expect(list.components(separatedBy: #"<div class="cv-code-title">Shop.swift</div>"#).count == 3)
    #expect(list.contains(#"<span class="line cv-ins">    <span class="k">var</span> items"#))
    #expect(list.components(separatedBy: "cv-ins").count == 2, "only the added line")
    #expect(!list.contains("A preview"), "the code's preview is not shown twice")
  }

  @Test("each choice with its answer in a collapsible callout that does not tell it before it opens")
  func assessments() throws {
    let site = try TemporarySite(files: Self.files)
    _ = site.build()
    let tutorial = try #require(
      site.read("tutorials/shop/making-a-shop/index.html", in: site.root.appendingPathComponent("site")))
    let check = try #require(tutorial.range(of: #"<h2 id="check-your-understanding">"#))
    let questions = String(tutorial[check.upperBound...])
    #expect(questions.contains(#"<h3 id="question-1">"#) && questions.contains("<p>What holds the items?</p>"))
    #expect(questions.components(separatedBy: #"<details class="cv-callout cv-callout-note""#).count == 3)
    #expect(questions.contains("<p><strong>Try again!</strong></p>\n<p>Functions hold no state.</p>"))
    #expect(questions.contains("<strong>That’s right!</strong>"), "a reaction when none is written")
    let first = try #require(questions.range(of: "A function."))
    let second = try #require(questions.range(of: "A stored property."))
    #expect(first.upperBound < second.lowerBound)
  }

  @Test("chapters straight in the table of contents, without volumes, as DocC allows")
  func chaptersWithoutVolumes() throws {
    var files = Self.files
    files["Shop.docc/Tutorials/Shop-Tutorials.tutorial"] = """
      @Tutorials(name: "Shop Tutorials") {
          @Intro(title: "Meet the Shop") {
              Build a shop.
          }

          @Chapter(name: "Getting Started") {
              Your first shop.

              @TutorialReference(tutorial: "doc:Making-A-Shop")
          }
      }
      """
    let site = try TemporarySite(files: files)
    let result = site.build().result
    #expect(!result.diagnostics.contains { $0.message.contains("@Chapter") }, "\(result.diagnostics.summaries)")
    let toc = try #require(site.read("tutorials/shop/index.html", in: site.root.appendingPathComponent("site")))
    #expect(toc.contains(#"<h2 id="getting-started">"#), "a chapter heading under the title")
    #expect(!toc.contains("@Chapter"))
  }

  @Test("a step's code diffed against a large previous file marks the changed lines, and never none")
  func largeCodeChanges() throws {
    let previous = (0..<3_000).map { "let line\($0) = \($0)" }
    var current = previous
    current[10] = "let line10 = 11"
    current.insert("let added = 0", at: 1_500)
    var files = Self.files
    files["Shop.docc/Resources/Code/shop-01.swift"] = previous.joined(separator: "\n") + "\n"
    files["Shop.docc/Resources/Code/shop-02.swift"] = current.joined(separator: "\n") + "\n"
    let site = try TemporarySite(files: files)
    _ = site.build()
    let tutorial = try #require(
      site.read("tutorials/shop/making-a-shop/index.html", in: site.root.appendingPathComponent("site")))
    #expect(tutorial.components(separatedBy: "cv-ins").count == 3, "the changed line and the added one")
    #expect(tutorial.contains(#"<span class="line cv-ins"><span class="k">let</span> added"#))
  }

  @Test("a missing code file is a warning at its @Code line, as DocC reports it")
  func missingCode() throws {
    var files = Self.files
    files["Shop.docc/Resources/Code/shop-02.swift"] = nil
    let site = try TemporarySite(files: files)
    let result = site.build().result
    let problem = try #require(result.diagnostics.first { $0.message.contains("shop-02.swift") })
    #expect(problem.severity == .warning)
    #expect(problem.message == "the catalog has no file named `shop-02.swift`")
    #expect(
      problem.location == SourceLocation(path: "Shop.docc/Tutorials/Making-A-Shop.tutorial", line: 21, column: 17))
  }
}
