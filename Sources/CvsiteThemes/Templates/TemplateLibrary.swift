/// A theme's compiled templates by name (`page`, `containers/cards`, `partials/nav`),
/// rendered against ``TemplateValue`` contexts.
///
/// Rendering runs the templates compiled into a ``TemplateProgram`` once, appending
/// bytes to one buffer; names are looked up in typed objects, so no run-time casts are
/// involved.
struct TemplateLibrary: Sendable {
  private(set) var templates: [String: [TemplateNode]] = [:]
  /// The same templates, compiled for rendering.
  private var program = TemplateProgram()

  /// How deeply partials and blocks may nest, and how many may render in all, before
  /// rendering gives up: a partial that includes itself without end (or branches at
  /// every level) would otherwise never finish.
  static let maximumDepth = 100
  static let maximumExpansions = 1_000_000

  mutating func register(_ nodes: [TemplateNode], named name: String) {
    templates[name] = nodes
    program.add(nodes, named: name)
  }

  /// The output of template `name` for `context`, or `nil` when there is no such
  /// template or partials nest deeper than ``maximumDepth`` or more than
  /// ``maximumExpansions`` of them render.
  func render(_ context: TemplateValue, withTemplate name: String) -> String? {
    if case .rendered(let output) = outcome(context, withTemplate: name) {
      return String(decoding: output, as: UTF8.self)
    }
    return nil
  }

  /// What rendering template `name` for `context` gave. `capacity` is the size the
  /// output is expected to reach (the HTML the context carries, plus the template's
  /// own): reserved up front, it spares the output its successive copies as it grows.
  func outcome(_ context: TemplateValue, withTemplate name: String, capacity: Int = 0) -> TemplateOutcome {
    guard let slot = program.slot(of: name), let range = program.templates[Int(slot)] else { return .missing }
    var renderer = TemplateRenderer(program: program, stack: [context])
    var output: [UInt8] = []
    output.reserveCapacity(capacity)
    renderer.run(range.lowerBound, range.upperBound, into: &output)
    return renderer.tooDeep ? .gaveUp(at: program.includeSite(renderer.gaveUpAt)) : .rendered(output)
  }

  /// Every name part (`values`, `badge` for `{{values.badge}}`) that rendering template
  /// `name` can look up: its own tags and those of every partial and block it can reach.
  /// A context member whose key is not among them can never be read, so a context
  /// builder may leave it out. `nil` when `name` is not a template.
  func words(reachableFrom name: String) -> Set<String>? {
    guard let root = templates[name] else { return nil }
    var words: Set<String> = []
    var visited: Set<String> = [name]
    var pending: [[TemplateNode]] = [root]
    while let nodes = pending.popLast() {
      for node in nodes {
        switch node {
        case .text: break
        case .variable(let tag, _): words.formUnion(tag.parts)
        case .section(let tag, let children), .inverted(let tag, let children):
          words.formUnion(tag.parts)
          pending.append(children)
        case .partial(let partial, _, let overrides, _):
          if visited.insert(partial).inserted, let nodes = templates[partial] { pending.append(nodes) }
          pending.append(contentsOf: (overrides ?? [:]).values)
        case .block(_, let defaultNodes, _):
          pending.append(defaultNodes)
        }
      }
    }
    return words
  }

  /// Why template `name` produced nothing, in a sentence for a diagnostic; with the
  /// include that went one level too deep, when it was a partial's (`site`).
  static func gaveUpMessage(_ name: String, at site: IncludeSite? = nil) -> String {
    var message =
      "template `\(name)` gave up: its partials and blocks nest more than \(maximumDepth) deep or render more than "
      + "1,000,000 times (does a partial include itself without end?)"
    if let site {
      message +=
        "; the include that went too far is `{{> \(site.partial)}}` in layouts/\(site.template).mustache, "
        + "line \(site.position.line), column \(site.position.column)"
    }
    return message
  }
}

/// The result of rendering one template.
enum TemplateOutcome {
  /// The output, as UTF-8: valid, since it joins template text and string values. A
  /// page goes to its file as it is; the caller that needs a `String` decodes it.
  case rendered([UInt8])
  /// No template has that name.
  case missing
  /// Rendering stopped at ``TemplateLibrary/maximumDepth`` or ``TemplateLibrary/maximumExpansions``.
  case gaveUp(at: IncludeSite?)
}
