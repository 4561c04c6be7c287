import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Mistakes an author makes, each reported at the line that has it.
@Suite("Author mistakes")
struct AuthorMistakeTests {
  @Test("an unknown front-matter key is a warning with the closest key; the theme's values are known")
  func unknownFrontMatterKeys() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
      "content/a.md": "---\ntitel: A\ndate: 2024-01-01\nbadeg: new\nbadge: new\nhref: /a/\nmystery: 1\n---\nA.\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "warnings do not fail a build")
    let warnings = outcome.result.diagnostics.filter { $0.severity == .warning }
    #expect(
      warnings.map(\.description).contains(
        "content/a.md:2:1: warning: unknown front-matter key `titel`: cvsite and the theme do not read it (did you mean `title`?)\ntitel: A\n^"
      ), "\(warnings.map(\.description))")
    #expect(warnings.contains { $0.message.contains("`badeg`") && $0.suggestion == "badge" && $0.location?.line == 4 })
    #expect(warnings.contains { $0.message.contains("`mystery`") && $0.suggestion == nil && $0.location?.line == 7 })
    #expect(warnings.count == 3, "`badge` and `href` are the theme's values: \(warnings.summaries)")
  }

  @Test(
    "a front-matter problem is at its key's line as the front matter was read: CRLF line endings, and YAML that only Yams reads"
  )
  func frontMatterKeyLines() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
      "content/crlf.md": "---\r\ntitle: A\r\nweight: heavy\r\n---\r\nA.\r\n",
      "content/yams.md": "\n---\ntitle: B\ntags:\n  - one\ndescription: >\n  weight: not a key\nweight: [1]\n---\nB.\n",
    ])
    let errors = site.build().result.diagnostics.errors
    #expect(
      errors.map(\.description).sorted() == [
        "content/crlf.md:3:1: error: `weight` must be a whole number\nweight: heavy\n^",
        "content/yams.md:8:1: error: `weight` must be a whole number\nweight: [1]\n^",
      ], "\(errors.map(\.description))")
  }

  @Test(
    "a date that is not on the calendar is an error saying why; real dates and times pass",
    arguments: [
      ("2024-02-30", "`date` 2024-02-30 is no day of the calendar: February 2024 has 29 days"),
      ("2023-02-29", "`date` 2023-02-29 is no day of the calendar: February 2023 has 28 days"),
      ("2024-13-01", "`date` 2024-13-01 has no month 13 (months go from 01 to 12)"),
      ("2024-05-01T25:61", "`date` 2024-05-01T25:61 has no such time of day"),
      ("2024-05-01 later", "`date` 2024-05-01 later has no such time of day"),
      ("May 1st", "`date` May 1st is not written as a date such as 2024-05-01"),
      ("2024-02-29", nil), ("2000-02-29", nil), ("2024-05-01T10:30", nil), ("2024-05-01T23:59:60Z", nil),
      ("2024-05-01 10:30:00.25 +02:00", nil), ("2024-05-01T10:30:00-0330", nil),
    ] as [(String, String?)])
  func impossibleDates(_ date: String, _ expected: String?) throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
      "content/a.md": "---\ntitle: A\ndate: \"\(date)\"\n---\nA.\n",
    ])
    let errors = site.build().result.diagnostics.errors
    if let expected {
      #expect(errors.count == 1 && errors[0].message.hasPrefix(expected), "\(errors.summaries)")
      #expect(errors.first?.location?.line == 3)
    } else {
      #expect(errors.isEmpty, "\(errors.summaries)")
    }
  }

  @Test("a cvsite.yml or a template that is not UTF-8 is an error at its first bad byte")
  func invalidUTF8Settings() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n", "layouts/page.mustache": "<p>ok</p>\n<p>caf",
    ])
    try Data("title: T\nauthor: Ren\u{E9} ".utf8 + [0xE9, 0x0A]).write(
      to: site.root.appendingPathComponent("cvsite.yml"))
    let errors = site.build().result.diagnostics.errors
    #expect(
      errors.map(\.description) == [
        "cvsite.yml:2:15: error: cvsite.yml is not valid UTF-8 (byte 0xE9); save it as UTF-8\nauthor: Ren\u{E9} \u{FFFD}\n             ^"
      ], "\(errors.map(\.description))")
    try site.write("cvsite.yml", "title: T\n")
    var template = Data("<p>ok</p>\n<p>caf".utf8)
    template.append(contentsOf: [0xE9, 0x3C, 0x2F, 0x70, 0x3E, 0x0A])
    try template.write(to: site.root.appendingPathComponent("layouts/page.mustache"))
    let templateErrors = site.build().result.diagnostics.errors
    #expect(
      templateErrors.summaries.contains(
        "layouts/page.mustache:2:7: error: the template is not valid UTF-8 (byte 0xE9); save it as UTF-8"),
      "\(templateErrors.summaries)")
  }

  @Test("a theme that does not exist is an error at its cvsite.yml line, with the closest theme")
  func missingTheme() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n"], config: "title: T\ntheme: defualt\n")
    let outcome = site.build()
    let errors = outcome.result.diagnostics.errors
    #expect(errors.count == 1, "\(errors.summaries)")
    #expect(
      errors.first?.description == """
        cvsite.yml:2:8: error: theme `defualt` not found (themes here: `default`) (did you mean `default`?)
        theme: defualt
               ^
        """)
  }

  @Test("a site without content/ is an error, not an empty site")
  func noContentFolder() throws {
    let site = try TemporarySite(site: ["static/robots.txt": "User-agent: *\n"])
    let outcome = site.build()
    #expect(
      outcome.result.diagnostics.errors.summaries == [
        "error: the site has no content/ folder (moved or deleted?): its pages go there"
      ])
    #expect(!site.exists("index.html"))
  }

  @Test("a file name that is not UTF-8 is an error saying so")
  func invalidFileName() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n"])
    let bad = site.root.appendingPathComponent("content").path + "/caf\u{E9}"
    var path = Array(bad.utf8.dropLast(2)) + [0xE9, 0x2E, 0x6D, 0x64, 0]  // "caf" + Latin-1 é + ".md"
    let descriptor = path.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        open($0, O_CREAT | O_WRONLY, 0o644)
      }
    }
    try #require(descriptor >= 0)
    close(descriptor)
    let errors = site.build().result.diagnostics.errors.map(\.message)
    #expect(
      errors == ["a file in content is named with bytes that are not UTF-8 (shown as `caf\u{FFFD}.md`); rename it"],
      "\(errors)")
  }

  @Test("a draft whose front matter follows a byte-order mark or blank lines is not published")
  func draftAfterMarkOrBlankLines() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: Home\n---\nHi.\n",
      "content/marked.md": "\u{FEFF}---\ntitle: Marked\ndraft: true\n---\nSecret.\n",
      "content/spaced.md": "\n\n---\ntitle: Spaced\ndraft: true\n---\nSecret too.\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(!site.exists("marked/index.html"))
    #expect(!site.exists("spaced/index.html"))
    #expect(site.read("index.html")?.contains("Secret") == false)
  }
}
