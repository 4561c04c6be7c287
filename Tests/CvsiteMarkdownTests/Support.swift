import ContainerViews
import CvsiteCore
import CvsiteMarkdown

/// The schema the tests use: the default theme's containers and values.
let testSchema = Schema(
  values: [
    ValueDeclaration(
      name: "badge", type: .enumeration(["none", "highlighted", "muted", "new"]), defaultValue: .enumCase("none")),
    ValueDeclaration(name: "href", type: .url, defaultValue: nil),
    ValueDeclaration(name: "icon", type: .string, defaultValue: nil),
    ValueDeclaration(name: "span", type: .int, defaultValue: .int(1), isLayout: true),
    ValueDeclaration(name: "label", type: .string, defaultValue: nil),
    ValueDeclaration(name: "value", type: .string, defaultValue: nil),
    ValueDeclaration(name: "default", type: .bool, defaultValue: .bool(false)),
    ValueDeclaration(name: "status", type: .enumeration(["todo", "current", "done"]), defaultValue: .enumCase("todo")),
    ValueDeclaration(name: "optional", type: .bool, defaultValue: .bool(false)),
    ValueDeclaration(name: "pin.x", type: .int, defaultValue: .int(0)),
    ValueDeclaration(name: "pin.rotation", type: .number, defaultValue: .number(0)),
    ValueDeclaration(name: "published", type: .date, defaultValue: nil),
  ],
  containers: [
    ContainerDeclaration(
      name: "cards", reads: ["badge", "href", "icon", "span"],
      attributes: [ValueDeclaration(name: "cols", type: .string, defaultValue: .string("auto"))]),
    ContainerDeclaration(
      name: "tabs", reads: ["label", "value", "default", "icon"],
      attributes: [ValueDeclaration(name: "sync", type: .string, defaultValue: nil)],
      rules: [.unique("value"), .atMostOne("default", nil)]),
    ContainerDeclaration(
      name: "steps", reads: ["status", "optional"],
      attributes: [ValueDeclaration(name: "start", type: .int, defaultValue: .int(1))],
      rules: [.atMostOne("status", .enumCase("current"))]),
    ContainerDeclaration(name: "card", reads: []),
    ContainerDeclaration(name: "pinboard", reads: ["pin"]),
  ],
  leaves: [
    ContainerDeclaration(
      name: "field", reads: [],
      attributes: [
        ValueDeclaration(name: "name", type: .string, defaultValue: nil),
        ValueDeclaration(name: "required", type: .bool, defaultValue: .bool(false)),
      ])
  ],
  inlines: [
    ContainerDeclaration(
      name: "badge", reads: [], attributes: [ValueDeclaration(name: "variant", type: .string, defaultValue: nil)])
  ])

/// Records every container instance it renders, and renders plainly.
final class RecordingRenderer: ContainerRenderer, @unchecked Sendable {
  var instances: [ContainerInstance] = []
  func render(_ container: ContainerInstance) -> String {
    instances.append(container)
    return PlainContainerRenderer().render(container)
  }
}

func parse(_ text: String, schema: Schema = testSchema, options: MarkdownOptions = MarkdownOptions()) -> ParsedPage {
  MarkdownParser(schema: schema, options: options).parse(source: text, path: "page.md")
}

/// Parses and renders with a recording renderer; returns the instances, outermost last.
func instances(_ text: String) -> (page: ParsedPage, instances: [ContainerInstance], html: String) {
  let page = parse(text)
  let renderer = RecordingRenderer()
  let html = renderHTML(page.body.environment(\.containerRenderer, renderer))
  return (page, renderer.instances, html)
}

func html(_ page: ParsedPage) -> String { renderHTML(page.body) }

/// Removes the ` id="…"` cvsite adds to `<hN>` tags, for comparison with cmark.
func strippingHeadingIDs(_ html: String) -> String {
  var out = ""
  var rest = Substring(html)
  while let start = rest.firstRange(of: "<h") {
    out += rest[..<start.upperBound]
    rest = rest[start.upperBound...]
    if let level = rest.first, ("1"..."6").contains(level), rest.dropFirst().hasPrefix(" id=\"") {
      out.append(level)
      let afterID = rest.dropFirst(6)
      if let quote = afterID.firstIndex(of: "\"") { rest = afterID[afterID.index(after: quote)...] }
    }
  }
  return out + rest
}
