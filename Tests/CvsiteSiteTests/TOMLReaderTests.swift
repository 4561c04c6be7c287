import Testing

@testable import CvsiteSite

/// The TOML reader behind `zensical.toml`: every form of TOML 1.0 a settings file uses,
/// and a located error for what is not TOML.
@Suite("TOML reader")
struct TOMLReaderTests {
  static func table(_ text: String) throws -> TOMLTable {
    switch TOMLReader.read(text) {
    case .success(let table): return table
    case .failure(let problem): throw problem
    }
  }

  static func problem(_ text: String) -> TOMLReader.Problem? {
    if case .failure(let problem) = TOMLReader.read(text) { return problem }
    return nil
  }

  static func string(_ value: TOMLValue?) -> String? {
    if case .string(let text)? = value?.kind { return text }
    return nil
  }

  static func subtable(_ value: TOMLValue?) -> TOMLTable? {
    if case .table(let table)? = value?.kind { return table }
    return nil
  }

  @Test("tables, dotted keys, inline tables and arrays of tables, in written order")
  func structure() throws {
    let root = try Self.table(
      """
      # settings
      [project]
      site_name = "Docs"   # a comment
      "quoted key" = 'literal \\n'
      theme.language = "de"
      nav = [
        { "Home" = "index.md" },
        { Guide = ["a.md", "b.md",] },  # trailing comma
      ]
      [project.markdown_extensions]
      toc.permalink = true
      [[project.theme_palette]]
      scheme = "default"
      [[project.theme_palette]]
      scheme = "slate"
      """)
    let project = try #require(Self.subtable(root["project"]))
    #expect(project.keys == ["site_name", "quoted key", "theme", "nav", "markdown_extensions", "theme_palette"])
    #expect(Self.string(project["site_name"]) == "Docs")
    #expect(project["site_name"]?.line == 3 && project["site_name"]?.column == 13)
    #expect(Self.string(project["quoted key"]) == "literal \\n", "a literal string reads no escapes")
    #expect(Self.string(Self.subtable(project["theme"])?["language"]) == "de")
    guard case .array(let nav)? = project["nav"]?.kind else {
      Issue.record("nav is an array")
      return
    }
    #expect(nav.count == 2)
    #expect(Self.string(Self.subtable(nav[0])?["Home"]) == "index.md")
    let toc = Self.subtable(Self.subtable(project["markdown_extensions"])?["toc"])
    guard case .bool(true)? = toc?["permalink"]?.kind else {
      Issue.record("toc.permalink is true")
      return
    }
    guard case .array(let palettes)? = project["theme_palette"]?.kind else {
      Issue.record("an array of tables")
      return
    }
    #expect(palettes.compactMap { Self.string(Self.subtable($0)?["scheme"]) } == ["default", "slate"])
  }

  @Test(
    "scalars",
    arguments: [
      ("a = 1_000", "1000"), ("a = 0x1F", "31"), ("a = -0o17", "nil"), ("a = 0b101", "5"), ("a = 3.5e2", "350.0"),
      ("a = +inf", "inf"), ("a = true", "true"), ("a = 1979-05-27T07:32:00Z", "1979-05-27T07:32:00Z"),
      ("a = 1979-05-27 07:32:00", "1979-05-27 07:32:00"), ("a = \"tab\\tand \\u00e9\"", "tab\tand é"),
      ("a = \"\"\"\nline one\nline two\"\"\"", "line one\nline two"),
      ("a = '''\nkept \\n as is'''", "kept \\n as is"), ("a = \"\"\"one \\\n    two\"\"\"", "one two"),
    ])
  func scalars(_ text: String, _ expected: String) throws {
    guard case .success(let root) = TOMLReader.read(text) else {
      #expect(expected == "nil", "\(text) reads")
      return
    }
    let shown: String
    switch root["a"]?.kind {
    case .integer(let number)?: shown = String(number)
    case .float(let number)?: shown = number.isInfinite ? "inf" : String(number)
    case .bool(let flag)?: shown = String(flag)
    case .string(let text)?, .dateTime(let text)?: shown = text
    default: shown = "?"
    }
    #expect(shown == expected)
  }

  @Test(
    "what is not TOML is a located error",
    arguments: [
      ("a = 1\na = 2\n", 2, 1, "the key `a` is defined twice"),
      ("[t]\nx = 1\n[t]\n", 3, 1, "the table `t` is defined twice"),
      ("a = \"open\n", 1, 10, "the string is not closed on its line"),
      ("a = yes\n", 1, 5, "`yes` is not a TOML value (text goes in quotes)"),
      ("a = [1, 2\n", 2, 1, "`,` or `]` expected in the array"),
      ("a = 1 b = 2\n", 1, 7, "the line goes on after its value (one key = value per line)"),
      ("t = { x = 1 }\n[t]\n", 2, 1, "`t` is an inline table: it cannot be extended"),
      ("a = \"\\q\"\n", 1, 6, "`\\q` is not a TOML escape"),
      ("= 1\n", 1, 1, "a key is expected here"),
    ])
  func problems(_ text: String, _ line: Int, _ column: Int, _ message: String) {
    #expect(Self.problem(text) == TOMLReader.Problem(message: message, line: line, column: column))
  }

  @Test("arrays nested past the limit are refused, not recursed into")
  func deepNesting() {
    let text = "a = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(Self.problem(text)?.message.contains("nest deeper") == true)
  }
}
