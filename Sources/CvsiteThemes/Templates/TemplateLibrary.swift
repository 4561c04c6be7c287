/// A theme's compiled templates by name (`page`, `containers/cards`, `partials/nav`),
/// rendered against ``TemplateValue`` contexts.
///
/// Rendering walks the compiled nodes once, appending to one string; names are looked
/// up in typed objects, so no run-time casts are involved.
struct TemplateLibrary: Sendable {
  private(set) var templates: [String: [TemplateNode]] = [:]

  /// How deeply partials and blocks may nest, and how many may render in all, before
  /// rendering gives up: a partial that includes itself without end (or branches at
  /// every level) would otherwise never finish.
  static let maximumDepth = 100
  static let maximumExpansions = 1_000_000

  mutating func register(_ nodes: [TemplateNode], named name: String) { templates[name] = nodes }

  /// The output of template `name` for `context`, or `nil` when there is no such
  /// template or partials nest deeper than ``maximumDepth`` or more than
  /// ``maximumExpansions`` of them render.
  func render(_ context: TemplateValue, withTemplate name: String) -> String? {
    if case .rendered(let output) = outcome(context, withTemplate: name) { return output }
    return nil
  }

  /// What rendering template `name` for `context` gave. `capacity` is the size the
  /// output is expected to reach (the HTML the context carries, plus the template's
  /// own): reserved up front, it spares the output its successive copies as it grows.
  func outcome(_ context: TemplateValue, withTemplate name: String, capacity: Int = 0) -> TemplateOutcome {
    guard let nodes = templates[name] else { return .missing }
    var renderer = Renderer(library: self, stack: [context])
    var output = ""
    output.reserveCapacity(capacity)
    renderer.render(nodes, into: &output)
    return renderer.tooDeep ? .gaveUp : .rendered(output)
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
        case .partial(let partial, _, let overrides):
          if visited.insert(partial).inserted, let nodes = templates[partial] { pending.append(nodes) }
          pending.append(contentsOf: (overrides ?? [:]).values)
        case .block(_, let defaultNodes, _):
          pending.append(defaultNodes)
        }
      }
    }
    return words
  }

  /// Why template `name` produced nothing, in a sentence for a diagnostic.
  static func gaveUpMessage(_ name: String) -> String {
    "template `\(name)` gave up: its partials and blocks nest more than \(maximumDepth) deep or render more than "
      + "1,000,000 times (does a partial include itself without end?)"
  }
}

/// The result of rendering one template.
enum TemplateOutcome {
  case rendered(String)
  /// No template has that name.
  case missing
  /// Rendering stopped at ``TemplateLibrary/maximumDepth`` or ``TemplateLibrary/maximumExpansions``.
  case gaveUp
}

extension TemplateLibrary {
  /// The state of one rendering: the context stack, the block overrides in force and
  /// the indentation of the standalone partial being rendered.
  fileprivate struct Renderer {
    let library: TemplateLibrary
    var stack: [TemplateValue]
    var overrides: [String: [TemplateNode]] = [:]
    var indentation = ""
    var depth = 0
    var expansions = 0
    var tooDeep = false

    mutating func render(_ nodes: [TemplateNode], into output: inout String) {
      guard !indentation.isEmpty else {
        // By index: each node is passed borrowed, not copied out by an iterator.
        for index in nodes.indices { render(nodes[index], into: &output) }
        return
      }
      // Inside an indented partial, a node's output that starts a line is indented. As
      // in swift-mustache, a line ended by `\r\n` is not (it is one `Character`).
      var local = ""
      for node in nodes {
        var piece = ""
        render(node, into: &piece)
        if !piece.isEmpty, local.last == "\n" { local += indentation }
        local += piece
      }
      output += local
    }

    mutating func render(_ node: TemplateNode, into output: inout String) {
      switch node {
      case .text(let text):
        output += text
      case .variable(let name, let escaped):
        guard let value = lookup(name) else { return }
        switch value {
        case .string(let text): escaped ? appendEscapedHTML(text, to: &output) : (output += text)
        case .int(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .list, .object: return
        }
      case .section(let name, let children):
        guard let value = lookup(name) else { return }
        switch value {
        case .bool(let flag):
          if flag { render(children, into: &output) }
        case .list(let items):
          for item in items {
            stack.append(item)
            render(children, into: &output)
            stack.removeLast()
          }
        default:
          stack.append(value)
          render(children, into: &output)
          stack.removeLast()
        }
      case .inverted(let name, let children):
        let value = lookup(name)
        guard !(value?.isTruthy ?? false) else { return }
        if case .list = value {
          // The empty list is the top of the stack inside (what `.` and `.name` see).
          stack.append(.list([]))
          render(children, into: &output)
          stack.removeLast()
        } else {
          render(children, into: &output)
        }
      case .partial(let name, let partialIndentation, let partialOverrides):
        guard let nodes = library.templates[name] else { return }
        guard partialOverrides != nil || !(partialIndentation ?? "").isEmpty else {
          // Nothing to set up and restore: the common `{{> name}}`.
          nested(nodes, into: &output)
          return
        }
        let saved = (overrides, indentation)
        if let partialIndentation { indentation += partialIndentation }
        if let partialOverrides { overrides.merge(partialOverrides) { outer, _ in outer } }
        nested(nodes, into: &output)
        (overrides, indentation) = saved
      case .block(let name, let defaultNodes, let blockIndentation):
        let saved = (overrides, indentation)
        indentation += blockIndentation
        if let override = overrides.removeValue(forKey: name) {
          // Inside its own override, `{{$name}}` means the default: no endless recursion.
          nested(override, into: &output)
        } else {
          nested(defaultNodes, into: &output)
        }
        (overrides, indentation) = saved
      }
    }

    private mutating func nested(_ nodes: [TemplateNode], into output: inout String) {
      expansions += 1
      guard depth < TemplateLibrary.maximumDepth, expansions <= TemplateLibrary.maximumExpansions, !tooDeep else {
        tooDeep = true
        return
      }
      depth += 1
      render(nodes, into: &output)
      depth -= 1
    }

    /// `a.b.c`: `a` from the innermost object on the stack that has it, then `b` and
    /// `c` from there (no further search); `.` and `.a` read only the top of the stack.
    func lookup(_ name: TemplateName) -> TemplateValue? {
      let parts = name.parts
      guard let first = parts.first else { return name.topOnly ? stack.last : nil }
      var value: TemplateValue?
      if name.topOnly {
        value = stack.last?[first]
      } else {
        // By index, innermost first: the stack's values are read in place, not copied.
        var position = stack.count - 1
        while position >= 0 {
          if let found = stack[position][first] {
            value = found
            break
          }
          position -= 1
        }
      }
      var index = 1
      while index < parts.count, let current = value {
        value = current[parts[index]]
        index += 1
      }
      return value
    }
  }
}

/// Appends `text` with `&`, `<`, `>`, `"` and `'` escaped, as Mustache's `{{…}}` does.
func appendEscapedHTML(_ text: String, to output: inout String) {
  let utf8 = text.utf8
  var runStart = utf8.startIndex
  var index = runStart
  while index != utf8.endIndex {
    let replacement: String?
    switch utf8[index] {
    case UInt8(ascii: "&"): replacement = "&amp;"
    case UInt8(ascii: "<"): replacement = "&lt;"
    case UInt8(ascii: ">"): replacement = "&gt;"
    case UInt8(ascii: "\""): replacement = "&quot;"
    case UInt8(ascii: "'"): replacement = "&#39;"
    default: replacement = nil
    }
    if let replacement {
      output += text[runStart..<index]
      output += replacement
      runStart = utf8.index(after: index)
    }
    index = utf8.index(after: index)
  }
  if runStart == utf8.startIndex {
    output += text
  } else {
    output += text[runStart..<utf8.endIndex]
  }
}
