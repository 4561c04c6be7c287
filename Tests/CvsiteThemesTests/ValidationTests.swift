import CvsiteTestSupport
import Testing

@testable import CvsiteThemes

/// Every manifest mistake is a diagnostic at the offending node.
@Suite struct ManifestValidationTests {
  static let header = "name: t\ncvsite: \">=0.1 <1.0\"\n"

  @Test(arguments: [
    ("name: t\n", "theme.yml:1:1: error: theme.yml must state the cvsite versions"),
    (
      "name: t\ncvsite: \">=2.0\"\n", "theme.yml:2:9: error: this theme supports cvsite >=2.0, but this is cvsite 0.1.0"
    ),
    ("name: t\ncvsite: \"soon\"\n", "theme.yml:2:9: error: `soon` is not a version range"),
    (header + "values:\n  a: strng\n", "theme.yml:4:6: error: unknown value type `strng`"),
    (header + "values:\n  a: {type: colour}\n", "theme.yml:4:13: error: unknown value type `colour`"),
    (
      header + "values:\n  a: {type: int, default: many}\n",
      "theme.yml:4:27: error: default `many` of `a` is not a valid int"
    ),
    (
      header + "values:\n  a: {type: bool, default: maybe}\n",
      "theme.yml:4:28: error: default `maybe` of `a` is not a valid bool"
    ),
    (
      header + "values:\n  s:\n    type: enum\n    cases: [todo, done]\n    default: don\n",
      "theme.yml:7:14: error: default `don` of `s` is not one of its cases (todo, done) (did you mean `done`?)"
    ),
    (header + "values:\n  s: {type: enum}\n", "theme.yml:4:13: error: an enum value needs its `cases`"),
    (header + "values:\n  s: {type: enum, cases: [a, a]}\n", "theme.yml:4:26: error: enum case `a` is listed twice"),
    (header + "values:\n  a: {typ: int}\n", "theme.yml:4:7: error: unknown key `typ` in value `a`"),
    (header + "colours: 3\n", "theme.yml:3:1: error: unknown key `colours` in theme.yml"),
    (
      header + "values:\n  badge: string\ncontainers:\n  cards:\n    reads: [badg]\n",
      "theme.yml:7:13: error: `cards` reads `badg`, which no value declares (did you mean `badge`?)"
    ),
    (
      header + "values:\n  v: string\ncontainers:\n  tabs:\n    reads: [v]\n    rules:\n      - unique: w\n",
      "theme.yml:9:17: error: the rule names `w`, which `tabs` does not read"
    ),
    (
      header + "values:\n  v: string\ncontainers:\n  tabs:\n    reads: [v]\n    rules:\n      - sole: v\n",
      "theme.yml:9:9: error: unknown key `sole` in a rule"
    ),
    (
      header + "values:\n  s: [a, b]\ncontainers:\n  steps:\n    reads: [s]\n    rules:\n      - at-most-one: {s: c}\n",
      "theme.yml:9:26: error: `c` for `s` is not one of its cases"
    ),
    (
      header + "values:\n  v: string\ncontainers:\n  x:\n    reads: [v]\n    derive: {v: upper(title)}\n",
      "theme.yml:8:17: error: unknown derivation `upper(title)`"
    ),
    (header + "values:\n  a: [\n", "theme.yml:5:1: error: invalid YAML"),
    (
      header + "containers:\n  callout:\n    shorthand: knd\n    attributes:\n      kind: [note, tip]\n",
      "theme.yml:5:16: error: `shorthand` names `knd`, which is no enum attribute of `callout` (did you mean `kind`?)"
    ),
    (
      header + "containers:\n  callout:\n    content: hole\n",
      "theme.yml:5:14: error: `content` is `split` (one subview per section, block or item) or `whole`, not `hole` (did you mean `whole`?)"
    ),
  ])
  func manifestDiagnostic(text: String, expected: String) {
    let (manifest, diagnostics) = ManifestParser.parse(text, path: "theme.yml")
    #expect(manifest == nil)
    let rendered = diagnostics.map(\.description)
    #expect(rendered.contains { $0.hasPrefix(expected) }, "got \(rendered)")
  }
}

/// Template problems are found at load time, before any page renders.
@Suite struct TemplateValidationTests {
  static let manifest = """
    name: t
    cvsite: ">=0.1"
    values:
      status: [todo, done]
    containers:
      steps:
        reads: [status]
        attributes: {start: int}
    layouts: [page]

    """

  static func load(_ files: [String: String]) throws -> (Theme?, [String]) {
    var all = [
      "theme.yml": manifest, "layouts/page.mustache": "{{{content}}}\n", "layouts/containers/steps.mustache": "ok\n",
    ]
    for (path, text) in files { all[path] = text }
    let (theme, diagnostics) = try withThemeFolder(all) {
      Theme.load(layers: [ThemeLayer(folder: $0)], displayRoot: $0)
    }
    return (theme, diagnostics.map(\.description))
  }

  @Test(arguments: [
    (
      ["layouts/containers/steps.mustache": "<ol>\n{{#subviews}}\n<li>{{/subview}}\n"],
      "layouts/containers/steps.mustache:3:"
    ),
    (
      ["layouts/page.mustache": "<p>{{#a}}x\n"],
      "layouts/page.mustache:1:4: error: Mustache: `a` is never closed (missing `{{/a}}`)"
    ),
    (
      ["layouts/page.mustache": "{{#a}}\n{{/b}}\n"],
      "layouts/page.mustache:2:1: error: Mustache: `{{/b}}` does not close `a`, opened at 1:1"
    ),
    (
      ["layouts/page.mustache": "x\n{{/b}}\n"],
      "layouts/page.mustache:2:1: error: Mustache: `{{/b}}` closes a section that was never opened"
    ),
    (
      ["layouts/page.mustache": "é {{title"],
      "layouts/page.mustache:1:10: error: Mustache: a tag is not finished (expected `}}` after `title`)"
    ),
    (
      ["layouts/page.mustache": "{{a b}}"],
      "layouts/page.mustache:1:5: error: Mustache: a tag is not finished (expected `}}` after `a`)"
    ),
    (
      ["layouts/page.mustache": "{{{content}}\n"],
      "layouts/page.mustache:1:1: error: Mustache: `{{{content` needs three closing braces"
    ),
    (["layouts/page.mustache": "{{! note\n"], "layouts/page.mustache:1:1: error: Mustache: a comment is never closed"),
    (
      ["layouts/page.mustache": "{{uppercased(title)}}"],
      "layouts/page.mustache:1:3: error: Mustache: transforms such as `uppercased(…)`"
    ),
    (["layouts/page.mustache": "{{>*name}}"], "layouts/page.mustache:1:4: error: Mustache: dynamic partials"),
    (["layouts/page.mustache": "{{%CONTENT_TYPE:TEXT}}"], "layouts/page.mustache:1:1: error: Mustache: pragmas"),
    (
      ["layouts/page.mustache": "{{=<% =}}"],
      "layouts/page.mustache:1:1: error: Mustache: a set-delimiter tag must look like"
    ),
    (["layouts/page.mustache": "{{ }}"], "layouts/page.mustache:1:4: error: Mustache: a tag has no name"),
    (
      ["layouts/page.mustache": "{{<base}}{{x}}{{/base}}"],
      "layouts/page.mustache:1:1: error: Mustache: only `{{$block}}` definitions"
    ),
    (
      ["layouts/page.mustache": "{{=<% %>=}}\n<%#a%>\n<%/b%>\n"],
      "layouts/page.mustache:3:1: error: Mustache: `{{/b}}` does not close `a`"
    ),
    (
      ["layouts/page.mustache": "head\n  {{> partials/nope}}\n"],
      "layouts/page.mustache:2:3: error: missing partial `partials/nope`"
    ),
    (["layouts/page.mustache": "{{<base}}{{/base}}\n"], "layouts/page.mustache:1:1: error: missing partial `base`"),
    (
      ["layouts/containers/steps.mustache": "{{#subviews}}\n  {{values.stat}}{{/subviews}}\n"],
      "layouts/containers/steps.mustache:2:3: error: `steps` does not read `stat` (add it to `reads`) (did you mean `status`?)"
    ),
    (
      ["layouts/containers/steps.mustache": "{{#subviews}}{{#is.status.dnoe}}x{{/is.status.dnoe}}{{/subviews}}\n"],
      "layouts/containers/steps.mustache:1:14: error: `dnoe` is not a case of `status` (did you mean `done`?)"
    ),
    (
      ["layouts/containers/steps.mustache": "{{container.attrs.begin}}\n"],
      "layouts/containers/steps.mustache:1:1: error: `steps` has no attribute `begin`"
    ),
    (
      ["theme.yml": manifest + "leaves:\n  field: {}\n"],
      "theme.yml:11:3: error: `field` has no template: layouts/leaves/field.mustache is missing"
    ),
    (
      ["theme.yml": manifest.replacingOccurrences(of: "[page]", with: "[page, blog]")],
      "theme.yml:9:17: error: layout `blog` is missing"
    ),
  ])
  func templateDiagnostic(files: [String: String], expected: String) throws {
    let (theme, diagnostics) = try Self.load(files)
    #expect(theme == nil)
    #expect(diagnostics.contains { $0.hasPrefix(expected) }, "got \(diagnostics)")
  }

  @Test func aCleanThemeLoads() throws {
    let (theme, diagnostics) = try Self.load([:])
    #expect(theme != nil)
    #expect(diagnostics.isEmpty)
  }

  @Test func aMissingThemeIsOneError() {
    let (theme, diagnostics) = Theme.load(named: "nope", siteRoot: nil, searchPaths: [builtInThemes])
    #expect(theme == nil)
    #expect(diagnostics.first?.description.hasPrefix("error: theme `nope` not found") == true)
  }
}
