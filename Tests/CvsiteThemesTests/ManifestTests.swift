import CvsiteCore
import Testing

@testable import CvsiteThemes

@Suite struct ManifestTests {
  @Test func defaultManifestBecomesTheSchemaTheMarkdownSideReads() throws {
    let theme = try #require(defaultThemeLoad.0)
    let schema = theme.schema
    #expect(schema.values["badge"]?.type == .enumeration(["none", "new", "highlighted", "muted"]))
    #expect(schema.values["badge"]?.defaultValue == .enumCase("none"))
    #expect(schema.values["span"]?.isLayout == true)
    #expect(schema.values["span"]?.defaultValue == .int(1))
    #expect(schema.containers["cards"]?.reads == ["badge", "href", "icon", "span"])
    #expect(schema.containers["cards"]?.attributes.first?.name == "cols")
    #expect(schema.containers["tabs"]?.rules == [.unique("value"), .atMostOne("default", .bool(true))])
    #expect(schema.containers["steps"]?.rules == [.atMostOne("status", .enumCase("current"))])
    #expect(schema.containers["form"]?.attributes.map(\.name) == ["action", "method"])
    #expect(schema.leaves["field"]?.attributes.contains { $0.name == "required" && $0.type == .bool } == true)
    #expect(
      schema.inlines["badge"]?.attributes.first?.type == .enumeration(["note", "tip", "caution", "danger", "success"]))
    for name in ["cards", "tabs", "steps", "form", "card", "tab", "step"] { #expect(schema.containers[name] != nil) }
  }

  @Test func shorthandsForTypesEnumsAndRules() {
    let text = """
      name: t
      cvsite: "^0.1"
      values:
        kind: [a, b]
        note: string
        flag: {type: bool, default: yes}
        when: {type: date, default: 2024-05-01}
      containers:
        box:
          reads: [kind, flag, note]
          rules:
            - exactly-one: {kind: a}
            - at-most-one: flag
            - unique: note
          derive: {note: slug(title)}
          selects: flag
          tag: note
      """
    let (manifest, diagnostics) = ManifestParser.parse(text, path: "theme.yml")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let box = manifest?.components.first
    #expect(manifest?.values.first?.type == .enumeration(["a", "b"]))
    #expect(manifest?.values[2].defaultValue == .bool(true))
    #expect(manifest?.values[3].defaultValue == .date("2024-05-01"))
    #expect(
      box?.declaration.rules == [.exactlyOne("kind", .enumCase("a")), .atMostOne("flag", .bool(true)), .unique("note")])
    #expect(box?.derived.first?.rule == .slug("title"))
    #expect(box?.tag == "note")
    #expect(box?.selects?.name == "flag")
    #expect(box?.template == "containers/box")
  }

  @Test(arguments: [
    (">=0.1 <1.0", "0.1.0", true), (">=0.1 <1.0", "1.0.0", false), ("^0.1", "0.1.9", true), ("^0.1", "0.2.0", false),
    ("~1.2.3", "1.2.9", true), ("~1.2.3", "1.3.0", false), ("0.1", "0.1.0", true), (">0.1", "0.1.0", false),
    ("<=2", "2.0.0", true), ("^1.2", "1.9.0", true), ("^1.2", "2.0.0", false),
  ])
  func versionRanges(range: String, version: String, admitted: Bool) throws {
    let parsed = try #require(VersionRange(parsing: range))
    let candidate = try #require(SemanticVersion(parsing: version))
    #expect(parsed.contains(candidate) == admitted)
  }

  @Test func badVersionTextIsRejected() {
    #expect(VersionRange(parsing: ">=x") == nil)
    #expect(VersionRange(parsing: "") == nil)
    #expect(SemanticVersion(parsing: "1.2.3.4") == nil)
    #expect(SemanticVersion(parsing: "1.-2") == nil)
  }
}
