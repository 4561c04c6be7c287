import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// The readers of a project's own files (TOML, YAML settings, sidebars scripts, written
/// navigations, icon sets) given what an attacker or a careless author writes: each ends,
/// in time and memory that grow with the input, and says where the problem is.
@Suite("Project readers under hostile input", .timeLimit(.minutes(1)))
struct HostileReaderTests {
  // MARK: TOML

  @Test("a key of thousands of parts is a located error, not a chain of tables that deep")
  func dottedKeyOfThousandsOfParts() throws {
    let key = (0..<14_000).map { "k\($0)" }.joined(separator: ".")
    let dotted = try #require(TOMLReaderTests.problem("a = 1\n" + key + " = 1\n"))
    #expect(dotted.message.hasPrefix("the key `k0.…` nests deeper than 64 tables"))
    #expect((dotted.line, dotted.column) == (2, 1))
    let header = try #require(TOMLReaderTests.problem("[" + key + "]\n"))
    #expect(header.message.hasPrefix("the table `k0.…` nests deeper than 64 tables"))
    // A header's depth counts with the dotted keys under it.
    let forty = (0..<40).map { "a\($0)" }.joined(separator: ".")
    let deep = try #require(TOMLReaderTests.problem("[\(forty)]\n\(forty) = 1\n"))
    #expect(deep.line == 2)
    let fine = (0..<63).map { "b\($0)" }.joined(separator: ".")
    #expect(TOMLReaderTests.problem(fine + " = 1\n") == nil, "63 parts are fine")
  }

  @Test(
    "an integer beyond 64 bits and a date that does not exist are errors at the value",
    arguments: [
      ("n = 9223372036854775808", "beyond the range of a 64-bit integer"),
      ("n = -9_223_372_036_854_775_809", "beyond the range of a 64-bit integer"),
      ("n = 0x1_0000_0000_0000_0000", "beyond the range of a 64-bit integer"),
      ("d = 2024-13-01", "there is no month 13"),
      ("d = 2023-02-29", "month 2 has no day 29"),
      ("d = 2024-01-01T24:00:00", "there is no hour 24"),
      ("t = 07:60:00", "there is no minute 60"),
      ("d = 2024-01-01T10:00:00+25:00", "an offset of 25 hours is out of range"),
    ])
  func outOfRangeValues(text: String, fragment: String) throws {
    let problem = try #require(TOMLReaderTests.problem(text + "\n"), "\(text)")
    #expect(problem.message.contains(fragment), "\(problem.message)")
    #expect((problem.line, problem.column) == (1, 5))
  }

  @Test("the largest integers, a leap day, a leap second and a full date and time are read")
  func inRangeValues() throws {
    let root = try TOMLReaderTests.table(
      """
      max = 9223372036854775807
      min = -9223372036854775808
      leap = 2024-02-29
      at = 1979-05-27T07:32:00.999-07:00
      second = 23:59:60
      """)
    guard case .integer(let max)? = root["max"]?.kind, case .integer(let min)? = root["min"]?.kind else {
      Issue.record("the integers are not integers")
      return
    }
    #expect(max == Int.max && min == Int.min)
    for key in ["leap", "at", "second"] {
      guard case .dateTime? = root[key]?.kind else {
        Issue.record("`\(key)` is not a date or time")
        continue
      }
    }
  }

  @Test("16,000 values on one line: each at its column, characters counted")
  func oneLongLine() throws {
    let count = 16_000
    let text = "t = {" + (0..<count).map { "k\($0) = \"é\"" }.joined(separator: ", ") + "}\n"
    let root = try TOMLReaderTests.table(text)
    let table = try #require(TOMLReaderTests.subtable(root["t"]))
    #expect(table.pairs.count == count)
    let last = try #require(table["k\(count - 1)"])
    let start = try #require(text.range(of: "k\(count - 1) = ")?.upperBound)
    #expect(last.line == 1 && last.column == text.distance(from: text.startIndex, to: start) + 1)
  }

  @Test("zensical.toml of 16,000 lines: places made directly, the last one located")
  func longZensicalSettings() throws {
    #expect(ZensicalSettings.makesMarksDirectly, "Yams' marks are made without parsing")
    let count = 16_000
    let text =
      "[project]\nsite_name = \"Docs\"\n" + (0..<count).map { "extra.k\($0) = \"v\"\n" }.joined()
      + "colour = \"red\"\n"
    let (config, problems) = ZensicalSettings.read(text, path: "zensical.toml", environment: [:], files: { _ in nil })
    #expect(config.title == "Docs")
    let unknown = try #require(problems.first { $0.message.contains("colour") })
    #expect(unknown.location == SourceLocation(path: "zensical.toml", line: count + 3, column: 1))
    #expect(unknown.sourceLine == "colour = \"red\"")
  }

  // MARK: YAML settings

  /// A billion values in a few hundred bytes: each level repeats the one before ten times.
  static let aliasBomb =
    "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    + (1...8).map { level in
      "l\(level): &l\(level) ["
        + Array(repeating: level == 1 ? "*a" : "*l\(level - 1)", count: 10).joined(separator: ", ") + "]"
    }.joined(separator: "\n") + "\n"

  @Test("aliases that repeat aliases are refused in every settings file, located")
  func aliasesBounded() throws {
    let (mkdocs, mkdocsProblems) = MkDocsSettings.read(
      Self.aliasBomb + "site_name: Docs\nnav:\n  - *l8\n", path: "mkdocs.yml", environment: [:])
    let error = try #require(mkdocsProblems.first { $0.severity == .error })
    #expect(error.message.contains("expands to more than 200000 values"), "\(error.message)")
    #expect(error.location?.path == "mkdocs.yml" && error.location?.line == 1)
    #expect(mkdocs.writtenNavigation == nil)
    let (_, cvsiteProblems) = SiteConfig.parse(Self.aliasBomb + "title: T\n", path: "cvsite.yml")
    #expect(cvsiteProblems.contains { $0.message.contains("expands to more than") })
  }

  @Test("a navigation of 2,000 entries on one line keeps an excerpt of it per entry, not a copy")
  func navigationOnOneLine() throws {
    let count = 2_000
    let entries = (0..<count).map { "{P\($0): p\($0).md}" }.joined(separator: ", ")
    let text = "site_name: Docs\nnav: [\(entries)]\n"
    let (config, _) = MkDocsSettings.read(text, path: "mkdocs.yml", environment: [:])
    let navigation = try #require(config.writtenNavigation)
    #expect(navigation.named.count == count)
    #expect(
      navigation.named.allSatisfy {
        ($0.place.sourceLine?.utf8.count ?? .max) <= Diagnostic.maximumSourceLineLength
      })
    let warnings = navigation.missingPages(in: [], contentFolder: "docs")
    let last = try #require(warnings.last)
    let line = String(text.split(separator: "\n")[1])
    let column = try #require(
      line.range(of: "p\(count - 1).md").map { line.distance(from: line.startIndex, to: $0.lowerBound) + 1 })
    #expect(last.location == SourceLocation(path: "mkdocs.yml", line: 2, column: column))
    #expect(last.sourceLine?.contains("p\(count - 1).md") == true)
    #expect(last.message == "the navigation names `p\(count - 1).md`, which is not in docs/")
  }

  @Test("an INHERIT parent outside the project is not read; inside its repository it is")
  func inheritOutsideTheProject() throws {
    let loose = try TemporarySite(files: [
      "site/mkdocs.yml": "INHERIT: ../outside.yml\nsite_name: Child\n",
      "outside.yml": "site_author: Mallory\n",
    ])
    let root = loose.root.appendingPathComponent("site")
    let (config, problems) = SiteSettings.read(
      "INHERIT: ../outside.yml\nsite_name: Child\n", file: "mkdocs.yml", root: root)
    #expect(config.author != "Mallory")
    let error = try #require(problems.first { $0.message.hasPrefix("'INHERIT'") })
    #expect(error.severity == .error && error.location?.line == 1)
    let repository = try TemporarySite(files: [
      ".git/HEAD": "ref: refs/heads/main\n",
      "site/mkdocs.yml": "INHERIT: ../shared.yml\nsite_name: Child\n",
      "shared.yml": "site_author: Ada\n",
    ])
    let (inherited, _) = SiteSettings.read(
      "INHERIT: ../shared.yml\nsite_name: Child\n", file: "mkdocs.yml",
      root: repository.root.appendingPathComponent("site"))
    #expect(inherited.author == "Ada")
  }

  @Test("settings of other generators in cvsite.yml name cvsite's own")
  func otherGeneratorsSettings() throws {
    let (config, problems) = SiteConfig.parse(
      "site_name: Docs\nbaseUrl: https://a.example/\nbaseURL: https://b.example/\nnav: []\n", path: "cvsite.yml")
    #expect(config.baseURL == "https://b.example/", "`baseUrl` does not replace `baseURL`")
    let name = try #require(problems.first { $0.message.contains("site_name") })
    #expect(name.message == "unknown setting 'site_name' (MkDocs's name): cvsite's is 'title'")
    #expect(name.suggestion == "title" && name.location?.line == 1)
    #expect(problems.first { $0.message.contains("'baseUrl'") }?.suggestion == "baseURL")
    #expect(problems.first { $0.message.contains("'nav'") }?.suggestion == "navigation")
  }

  // MARK: Sidebars scripts

  @Test("a stray `]` or `)` in a sidebars object ends, with the rest read", arguments: ["]", ")", "])", ")]]"])
  func strayClosers(stray: String) throws {
    let site = try TemporarySite(files: ["docs/intro.md": "# Intro\n", "docs/guide.md": "# Guide\n"])
    let text = "module.exports = {\n  docs: ['intro'],\n  \(stray)\n  api: ['guide'],\n};\n"
    let (navigation, diagnostics) = DocusaurusSidebars.read(
      text, path: "sidebars.js", root: site.root, contentFolder: "docs")
    let read = try #require(navigation)
    #expect(read.shown == ["intro.md", "guide.md"], "\(diagnostics.map(\.message))")
  }

  @Test("a category whose doc sits in its own autogenerated folder lists that page once")
  func categoryHoldingItsOwnDoc() throws {
    let site = try TemporarySite(files: [
      "docusaurus.config.js": "module.exports = { title: 'W' };\n",
      "sidebars.js": """
      module.exports = {
        docs: [
          {type: 'category', label: 'Guides', link: {type: 'doc', id: 'guides/intro'},
           items: [{type: 'autogenerated', dirName: 'guides'}]},
        ],
      };
      """,
      "docs/guides/intro.md": "# Intro\n",
      "docs/guides/more.md": "# More\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let page = try #require(site.read("guides/intro/index.html", in: site.root.appendingPathComponent("build")))
    let nav = try #require(page.range(of: "<nav class=\"cv-nav\"").map { String(page[$0.lowerBound...]) })
    let menu = nav.components(separatedBy: "</nav>")[0]
    #expect(menu.components(separatedBy: "href=\"/guides/intro/\"").count == 2, "the category's page, once")
    #expect(menu.contains(">More</a>"))
  }

  // MARK: Icons

  static let check =
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M21 7 9 19l-5.5-5.5 1.41-1.41L9 16.17 19.59 5.59 21 7Z"/></svg>"#

  @Test("an icon's SVG is written again from an allow-list; what is not drawing goes")
  func iconKept() {
    #expect(InstalledShortcodes.inlineSVG(Self.check) == Self.check, "names in SVG's own case")
    let written =
      ##"<?xml version="1.0"?><!-- made by hand --><svg data-name="x" inkscape:label="y"><g id="a"><path d="M0 0h1"/></g><use href="#a"/><title>A &amp; B</title></svg>"##
    #expect(
      InstalledShortcodes.inlineSVG(written)
        == ##"<svg><g id="a"><path d="M0 0h1"/></g><use href="#a"/><title>A &amp; B</title></svg>"##)
  }

  @Test(
    "an icon that could run or load something is refused whole",
    arguments: [
      "<svg/onload=alert(1)>",
      #"<svg><path d="M0" ONCLICK="x"/></svg>"#,
      #"<svg><use href="&#106;avascript:alert(1)"/></svg>"#,
      #"<svg><use xlink:href="data:image/svg+xml;base64,PHN2Zz4="/></svg>"#,
      #"<svg><path style="fill:url(https://evil.example/x)" d="M0"/></svg>"#,
      #"<svg><rect fill="url(&#x68;ttps://evil.example/#a)"/></svg>"#,
      "<svg><foreignObject><iframe src=x></iframe></foreignObject></svg>",
      #"<svg><set attributeName="href" to="javascript:alert(1)"/></svg>"#,
      "<svg><animate attributeName=href values=javascript:alert(1) /></svg>",
      "<svg><script>alert(1)</script></svg>",
      #"<svg><a href="https://evil.example/"><path d="M0"/></a></svg>"#,
      #"<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>"#,
      "<div><svg></svg></div>",
    ])
  func iconRefused(svg: String) {
    #expect(InstalledShortcodes.inlineSVG(svg) == nil)
  }

  // MARK: Output paths

  @Test("a slug of several segments is under the page's folder; one over 255 bytes is refused where written")
  func slugs() throws {
    let long = String(repeating: "x", count: 256)
    let site = try TemporarySite(site: [
      "content/guide/a.md": "---\ntitle: A\nslug: api/client\n---\nA\n",
      "content/b.md": "---\ntitle: B\nslug: \(long)\n---\nB\n",
    ])
    let result = SiteBuilder.check(site.options)
    let errors = result.diagnostics.errors
    let slug = try #require(errors.first { $0.message.contains("`slug`") })
    #expect(slug.location?.path == "content/b.md" && slug.location?.line == 3)
    #expect(errors.count == 1, "\(errors.map(\.message))")
    let fine = try TemporarySite(site: ["content/guide/a.md": "---\ntitle: A\nslug: api/client\n---\nA\n"])
    #expect(fine.build().result.succeeded)
    #expect(fine.exists("guide/api/client/index.html", in: fine.root.appendingPathComponent("public")))
  }
}
