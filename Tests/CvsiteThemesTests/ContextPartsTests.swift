import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteThemes

/// A container context leaves out the members its templates can never read (`is`,
/// `split`, `layout`, `headings`, `counts`), and only those.
@Suite struct ContextPartsTests {
  static func library(_ templates: [String: String]) throws -> TemplateLibrary {
    var library = TemplateLibrary()
    for (name, text) in templates { library.register(try TemplateParser.parse(text).get().nodes, named: name) }
    return library
  }

  @Test func wordsReachThroughPartialsBlocksAndOverrides() throws {
    let library = try Self.library([
      "containers/x": "{{a.b}}{{> partials/p}}{{<parent}}{{$slot}}{{#o}}{{/o}}{{/slot}}{{/parent}}{{^neg}}{{/neg}}",
      // Includes itself: the walk must end.
      "partials/p": "{{#c}}{{{d.e}}}{{> partials/p}}{{/c}}",
      "parent": "{{$slot}}{{fallback}}{{/slot}}",
      "unrelated": "{{never}}",
    ])
    #expect(library.words(reachableFrom: "containers/x") == ["a", "b", "c", "d", "e", "o", "neg", "fallback"])
    #expect(library.words(reachableFrom: "partials/p") == ["c", "d", "e"])
    #expect(library.words(reachableFrom: "missing") == nil)
  }

  @Test func partsFollowTheWords() {
    #expect(ContextParts(words: nil) == .all)
    #expect(ContextParts(words: []) == .valuesOnly)
    let some = ContextParts(words: ["subviews", "is", "headings", "values"])
    #expect(some.flags && some.headings)
    #expect(!some.split && !some.layout && !some.counts)
  }

  static let manifest = """
    name: parts
    cvsite: ">=0.1"
    values:
      tags: string
      status: {type: enum, cases: [todo, done], default: todo}
      span: {type: int, default: 1, layout: true}
    containers:
      plain:
        reads: [tags, status, span]
      deep:
        reads: [tags, status, span]

    """

  static func renderer() throws -> ThemeRenderer {
    let files = [
      "theme.yml": manifest, "layouts/page.mustache": "{{{content}}}",
      "layouts/containers/plain.mustache": "{{#subviews}}<{{values.tags}}|{{values.status}}>{{/subviews}}",
      // Every optional member is read, but only through a partial.
      "layouts/containers/deep.mustache": "{{#subviews}}{{> partials/item}}{{/subviews}}{{> partials/total}}",
      "layouts/partials/item.mustache":
        "<{{#split.tags}}[{{text}}]{{/split.tags}}{{#is.status.done}}D{{/is.status.done}}{{layout.span}}"
        + "{{#headings}}#{{id}}{{/headings}}>",
      "layouts/partials/total.mustache": "({{container.counts.status.done}})",
    ]
    let (theme, diagnostics) = try withThemeFolder(files) { Theme.load(layers: [ThemeLayer(folder: $0)]) }
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return try #require(theme).renderer
  }

  static func children() -> [ContainerChild] {
    var first = child(0, values: ["tags": .string("a, b"), "status": .enumCase("done"), "span": .int(2)])
    first.headings = [HeadingInfo(level: 3, id: "h1", text: "H")]
    return [first, child(1, values: ["tags": .string("c")])]
  }

  @Test func membersReadThroughAPartialAreBuilt() throws {
    let html = try Self.renderer().render(instance("deep", children: Self.children()))
    #expect(html == "<[a][b]D2#h1><[c]1>(1)")
  }

  @Test func unreadMembersAreLeftOutWhenRendering() throws {
    let renderer = try Self.renderer()
    #expect(renderer.contexts["plain"]?.parts == .valuesOnly)
    #expect(renderer.contexts["deep"]?.parts == .all)
    #expect(try renderer.render(instance("plain", children: Self.children())) == "<a, b|done><c|todo>")
    // What tools and tests see stays whole.
    let context = try #require(renderer.context(for: instance("plain", children: Self.children())))
    for key in ["is", "split", "layout", "headings"] {
      #expect(context["subviews"].flatMap { if case .list(let items) = $0 { items.first } else { nil } }?[key] != nil)
    }
    #expect(context["container"]?["counts"] != nil)
  }
}
