import CvsiteTestSupport
import Foundation
import Mustache
import Testing

@testable import CvsiteThemes

/// Renders `template` (with `partials`) through cvsite's engine.
func renderTemplate(_ template: String, _ context: TemplateValue, partials: [String: String] = [:]) throws -> String? {
  var library = TemplateLibrary()
  for (name, text) in partials.merging(["main": template], uniquingKeysWith: { $1 }) {
    library.register(try TemplateParser.parse(text).get().nodes, named: name)
  }
  return library.render(context, withTemplate: "main")
}

/// The same context as swift-mustache takes it.
func anyValue(_ value: TemplateValue) -> Any {
  switch value {
  case .string(let text): return text
  case .int(let number): return number
  case .bool(let flag): return flag
  case .list(let items): return items.map(anyValue)
  case .object(let members): return Dictionary(members.map { ($0.name, anyValue($0.value)) }, uniquingKeysWith: { $1 })
  }
}

/// swift-mustache's output for the same input, `nil` when it does not parse.
func referenceRender(_ template: String, _ context: TemplateValue, partials: [String: String] = [:]) -> String? {
  var templates: [String: MustacheTemplate] = [:]
  for (name, text) in partials.merging(["main": template], uniquingKeysWith: { $1 }) {
    guard let parsed = try? MustacheTemplate(string: text) else { return nil }
    templates[name] = parsed
  }
  return MustacheLibrary(templates: templates).render(anyValue(context), withTemplate: "main")
}

@Suite struct TemplateEngineTests {
  static let context: TemplateValue = [
    "title": "Fish & <Chips> \"quoted\" 'single'", "n": 0, "yes": true, "no": false, "empty": "",
    "site": ["name": "cvsite", "meta": ["year": 2026]],
    "items": [["name": "one", "first": true], ["name": "two", "first": false]],
    "none": [], "tags": ["a<b", "c"],
  ]

  @Test(arguments: [
    ("{{title}}", "Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &#39;single&#39;"),
    ("{{{title}}}|{{& title}}", "Fish & <Chips> \"quoted\" 'single'|Fish & <Chips> \"quoted\" 'single'"),
    ("{{n}} {{yes}} {{no}} [{{missing}}]", "0 true false []"),
    ("{{site.name}} {{site.meta.year}} {{site.nope.year}}", "cvsite 2026 "),
    ("{{#items}}{{name}}{{#first}}!{{/first}},{{/items}}", "one!,two,"),
    ("{{#items}}{{site.name}}{{/items}}", "cvsitecvsite"),
    ("{{#site}}{{name}}-{{.name}}-{{.title}}{{/site}}", "cvsite-cvsite-"),
    ("{{#tags}}[{{.}}]{{/tags}}", "[a&lt;b][c]"),
    ("{{#none}}x{{/none}}{{^none}}empty{{/none}}", "empty"),
    ("{{#n}}zero is present{{/n}}{{#empty}}so is an empty string{{/empty}}", "zero is presentso is an empty string"),
    ("{{^missing}}a{{/missing}}{{^no}}b{{/no}}{{^yes}}c{{/yes}}{{^title}}d{{/title}}", "ab"),
    ("{{#title}}{{.}}{{/title}}", "Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &#39;single&#39;"),
    ("<ul>\n  {{#items}}\n  <li>{{name}}</li>\n  {{/items}}\n</ul>\n", "<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>\n"),
    ("a\n  {{! comment }}  \nb {{! inline }}c\n", "a\nb c\n"),
    (
      "{{=<% %>=}}\n<% title %>{{title}}<%={{ }}=%>{{n}}",
      "Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &#39;single&#39;{{title}}0"
    ),
    ("line\r\n{{#yes}}\r\nin\r\n{{/yes}}\r\n", "line\r\nin\r\n"),
  ])
  func rendersLikeMustache(template: String, expected: String) throws {
    #expect(try renderTemplate(template, Self.context) == expected)
    #expect(referenceRender(template, Self.context) == expected, "swift-mustache disagrees with this expectation")
  }

  @Test func partialsIndentEveryLineAndInheritanceLetsTheOutermostOverrideWin() throws {
    let partials = [
      "item": "<li>\n{{name}}\n</li>\n",
      "base": "<main>\n{{$body}}default body{{/body}}\n{{$foot}}default foot{{/foot}}\n</main>\n",
      "middle": "{{<base}}{{$body}}middle body{{/body}}{{$foot}}middle foot{{/foot}}{{/base}}",
    ]
    let cases: [(String, String)] = [
      ("<ul>\n  {{> item}}\n</ul>\n", "<ul>\n  <li>\n  Top\n  </li>\n</ul>\n"),
      ("{{<base}}\n{{$body}}page body{{/body}}\n{{/base}}\n", "<main>\npage body\ndefault foot\n</main>\n"),
      ("{{<middle}}{{$foot}}page foot{{/foot}}{{/middle}}", "<main>\nmiddle body\npage foot\n</main>\n"),
      ("{{$body}}no parent: default{{/body}}", "no parent: default"),
    ]
    for (template, expected) in cases {
      #expect(try renderTemplate(template, ["name": "Top"], partials: partials) == expected)
      #expect(referenceRender(template, ["name": "Top"], partials: partials) == expected)
    }
  }

  /// Where cvsite differs from swift-mustache on purpose: a list or an object printed
  /// with `{{…}}` gives nothing rather than Swift's debug description.
  @Test func listsAndObjectsPrintNothing() throws {
    #expect(try renderTemplate("[{{site}}] [{{items}}] [{{{none}}}]", Self.context) == "[] [] []")
  }

  @Test func aBlockInsideItsOwnOverrideRendersTheDefault() throws {
    let partials = ["base": "<{{$b}}default{{/b}}>"]
    #expect(
      try renderTemplate("{{<base}}{{$b}}[{{$b}}inner{{/b}}]{{/b}}{{/base}}", [:], partials: partials) == "<[inner]>")
  }

  @Test func aPartialThatNeverStopsIncludingItselfGivesUp() throws {
    #expect(try renderTemplate("{{> loop}}", [:], partials: ["loop": "x{{> loop}}"]) == nil)
    // Branching at every level: shallow enough, but it would never finish.
    let tree: TemplateValue = ["children": [[:], [:], [:]]]
    #expect(try renderTemplate("{{> node}}", tree, partials: ["node": "{{#children}}{{> node}}{{/children}}"]) == nil)
  }

  @Test func tagsAreListedWithTheirPositionsEvenAfterADelimiterChange() throws {
    let parsed = try TemplateParser.parse("é {{a.b}}\n{{#s}}{{> p}}{{/s}}\n{{=<% %>=}}<%&c%>").get()
    #expect(
      parsed.tags == [
        TemplateTag(kind: .variable, name: "a.b", line: 1, column: 3),
        TemplateTag(kind: .section, name: "s", line: 2, column: 1),
        TemplateTag(kind: .partial, name: "p", line: 2, column: 7),
        TemplateTag(kind: .close, name: "s", line: 2, column: 14),
        TemplateTag(kind: .raw, name: "c", line: 3, column: 12),
      ])
  }

  /// Random templates from a small grammar, rendered by both engines: every template
  /// either parses in both and renders the same, or fails in both.
  @Test func randomTemplatesRenderExactlyAsSwiftMustacheDoes() throws {
    var random = SeededRandom(seed: 0x5EED_CAFE)
    let context: TemplateValue = [
      "s": "x<y", "e": "", "n": 7, "t": true, "f": false,
      "o": ["s": "inner & more", "t": false, "o": ["s": "deep"]],
      "l": [["s": "one", "t": true], ["s": "two", "t": false], ["n": 3]],
      "z": [], "tags": ["a", "b&c"],
    ]
    var compared = 0
    var bothFailed = 0
    for _ in 0..<3000 {
      var generator = TemplateGenerator(random: random)
      let partials = ["p": generator.template(depth: 1, nested: true), "q": generator.parentTemplate()]
      let template = generator.template(depth: 3, nested: false)
      random = generator.random
      let ours = try? renderTemplate(template, context, partials: partials)
      let reference = referenceRender(template, context, partials: partials)
      #expect(ours == reference, "template: \(template.debugDescription), partials: \(partials.debugDescription)")
      if ours == nil { bothFailed += 1 } else { compared += 1 }
    }
    #expect(compared > 2500, "most generated templates should be valid: \(compared) compared, \(bothFailed) invalid")
  }

  /// Every template of the default theme, with contexts that set each name it reads.
  @Test func theDefaultThemesTemplatesRenderExactlyAsSwiftMustacheDoes() throws {
    let theme = try #require(defaultThemeLoad.0)
    let folder = builtInThemes.appendingPathComponent("default/layouts")
    var sources: [String: String] = [:]
    for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
    where url.pathExtension == "mustache" {
      let name = String(url.path.dropFirst(folder.path.count + 1).dropLast(".mustache".count))
      sources[name] = try String(contentsOf: url, encoding: .utf8)
    }
    #expect(sources.count >= 10)
    var random = SeededRandom(seed: 42)
    // The names a template prints, its partials' included: a name one template only
    // tests (`{{#site.search}}`) may be printed by a partial it includes, and is then
    // given a printable value (the two engines print objects differently).
    func printedNames(_ name: String, seen: Set<String> = []) throws -> Set<String> {
      guard let text = sources[name], !seen.contains(name) else { return [] }
      let tags = try TemplateParser.parse(text).get().tags
      var names = Set(tags.filter { $0.kind == .variable || $0.kind == .raw }.map(\.name))
      for partial in tags where partial.kind == .partial || partial.kind == .parent {
        names.formUnion(try printedNames(partial.name, seen: seen.union([name])))
      }
      return names
    }
    for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
      let tags = try TemplateParser.parse(text).get().tags
      let printed = try printedNames(name)
      let sections = Set(tags.filter { $0.kind == .section || $0.kind == .inverted }.map(\.name)).subtracting(printed)
      let scalars: [TemplateValue] = [.string("A & <b>"), .string(""), .int(3), .int(0), .bool(true), .bool(false)]
      // List items hold `children: []`: the navigation partial recurses into `children`,
      // and an item without its own would find its parent's again, forever.
      let items: TemplateValue = .list([["children": []], ["title": "child", "url": "/c/", "children": []]])
      let anything = scalars + [items, .list([]), [:]]
      for _ in 0..<20 {
        var context: TemplateValue = [:]
        for path in printed.union(sections).sorted() where path != "." {
          // `children` is what the navigation partial recurses into: always a finite list.
          let value = path == "children" ? items : random.pick(printed.contains(path) ? scalars : anything)
          context.set(value, at: path.split(separator: ".").map(String.init))
        }
        let ours = theme.render(template: name, context: context)
        let reference = referenceRender(text, context, partials: sources)
        #expect(ours == reference, "template \(name), context \(context)")
      }
    }
  }
}

/// Builds random Mustache templates: text with spaces, tabs and line breaks, variables,
/// sections, inverted sections, comments, partials and blocks, in random nesting.
struct TemplateGenerator {
  var random: SeededRandom
  static let texts = ["a", "b c", " ", "  ", "\t", "\n", "\n", "\r\n", "<&>\"'", "é", "}", "x}y", "\n  "]
  static let scalars = ["s", "e", "n", "t", "f", "o.s", "o.o.s", ".s", "missing", "o.missing"]
  static let sectionNames = ["s", "e", "n", "t", "f", "o", "o.o", "l", "z", "missing", "tags"]

  /// `nested` keeps blocks and partials out of block bodies: a block inside its own
  /// override never ends in swift-mustache (cvsite renders the default there instead).
  mutating func template(depth: Int, nested: Bool) -> String {
    var out = ""
    for _ in 0..<random.below(8) + 1 { out += piece(depth: depth, nested: nested) }
    return out
  }

  func parentTemplate() -> String {
    "<q>\n  {{$b}}default {{s}}{{/b}}\n{{$c}}\n  c default\n{{/c}}\n</q>\n"
  }

  mutating func piece(depth: Int, nested: Bool) -> String {
    let space = random.pick(["", "", " "])
    let choice = random.below(depth > 0 ? (nested ? 8 : 11) : 6)
    switch choice {
    case 0, 1: return random.pick(Self.texts)
    case 2: return "{{\(space)\(random.pick(Self.scalars))\(space)}}"
    case 3:
      let name = random.pick(Self.scalars)
      // Now and then a broken one (`{{{x}}` lacks a brace): both engines must refuse it.
      return random.below(40) == 0 ? "{{{\(name)}}" : random.pick(["{{{\(name)}}}", "{{& \(name)}}", "{{&\(name)}}}"])
    case 4: return "{{! \(random.pick(["note", "two\nlines"])) }}"
    case 5: return "{{#tags}}[{{.}}]{{/tags}}"
    case 6, 7:
      let name = random.pick(Self.sectionNames)
      let sigil = random.pick(["#", "^"])
      return "{{\(sigil)\(name)}}" + template(depth: depth - 1, nested: nested) + "{{/\(name)}}"
    case 8: return random.pick(["{{> p}}", "\n  {{> p}}\n", "{{>p}}"])
    case 9:
      let body =
        random.pick(["", "\n"]) + "{{$b}}" + template(depth: depth - 1, nested: true) + "{{/b}}"
        + random.pick(["", "\n"])
      return "{{<q}}" + body + "{{/q}}" + random.pick(["", "\n"])
    default: return "{{$b}}" + template(depth: depth - 1, nested: true) + "{{/b}}"
    }
  }
}
