import CvsiteCore

/// The checked attributes of one heading or directive.
struct WrittenAttributes {
  var id: String?
  var classes: [String] = []
  /// Declared values written for the enclosing container, in written order.
  var values: [(name: String, value: TypedValue, column: Int)] = []
  /// The container's or leaf directive's own attributes (`cols`, `sync`).
  var own: [String: TypedValue] = [:]
  /// Other HTML attributes, as Python-Markdown's attr_list sets them (`data-x="y"`), in
  /// written order: only in MkDocs pages.
  var html: [(name: String, value: String)] = []
  /// The heading's text in the table of contents (attr_list's `data-toc-label`).
  var tocLabel: String?

  var isEmpty: Bool { id == nil && classes.isEmpty && values.isEmpty && own.isEmpty && html.isEmpty }

  var declaredValues: DeclaredValues {
    var result = DeclaredValues()
    for entry in values { result[entry.name] = entry.value }
    return result
  }
}

/// Types an attribute block against the schema, reporting every problem.
struct AttributeChecker {
  let schema: Schema
  let source: SourceText
  /// Whether a key nothing declares is an HTML attribute (MkDocs' attr_list), not an error.
  var setsHTMLAttributes = false

  /// - Parameters:
  ///   - own: the attributes of the directive itself (empty for headings).
  ///   - line: the source line of the block.
  ///   - columnOffset: added to the block's offsets to give source columns, for a block
  ///     parsed out of text that does not start at the line's first byte.
  func check(
    _ block: AttributeBlock?, own: [ValueDeclaration], line: Int, columnOffset: Int = 0,
    into diagnostics: inout [Diagnostic]
  ) -> WrittenAttributes {
    var written = WrittenAttributes()
    guard let block else { return written }
    var seen = Set<String>()
    for attribute in block.attributes {
      let column = max(1, attribute.offset + 1 + columnOffset)
      func report(_ message: String, _ suggestion: String? = nil) {
        diagnostics.append(source.diagnostic(.error, message, line: line, column: column, suggestion: suggestion))
      }
      switch attribute.kind {
      case .cssClass(let name):
        written.classes.append(name)
      case .id(let id):
        if written.id != nil { report("repeated `#id`: a subview has one id") } else { written.id = id }
      case .pair(key: "class", let value?):
        written.classes += value.split(separator: " ").map(String.init)
      case .pair(key: "id", let value):
        if written.id != nil { report("repeated `#id`: a subview has one id") } else { written.id = value ?? "" }
      case .pair(let key, let value):
        guard seen.insert(key).inserted else {
          report("repeated key `\(key)`")
          continue
        }
        let declaration = own.first { $0.name == key } ?? schema.values[key]
        if declaration == nil, setsHTMLAttributes {
          if key == "data-toc-label" {
            written.tocLabel = value ?? ""
          } else if let problem = HTMLAttributeName.problem(key) {
            diagnostics.append(source.diagnostic(.warning, problem, line: line, column: column))
          } else {
            written.html.append((key, value ?? ""))
          }
          continue
        }
        guard let declaration else {
          let names = own.map(\.name) + schema.values.keys.sorted() + ["id", "class"]
          report("unknown key `\(key)`", closest(key, names))
          continue
        }
        switch ValueTyping.typed(value, as: declaration) {
        case .success(let typed):
          if own.contains(where: { $0.name == key }) {
            written.own[key] = typed
          } else {
            written.values.append((key, typed, column))
          }
        case .failure(let problem):
          report(problem.message, problem.suggestion)
        }
      }
    }
    return written
  }
}

/// Which attribute names a page may set on an element through attr_list: a name HTML
/// allows, and none that runs script, loads a URL or styles the page from outside.
enum HTMLAttributeName {
  /// Why `name` is not set, or `nil` when it is.
  static func problem(_ name: String) -> String? {
    let lowered = name.lowercased()
    guard let first = lowered.unicodeScalars.first, ("a"..."z").contains(first),
      lowered.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_:.".unicodeScalars.contains($0)
      })
    else { return "`\(name)` is not an attribute name: it is not set" }
    if lowered.hasPrefix("on") || lowered == "style" || urlAttributes.contains(lowered) || lowered.hasSuffix(":href") {
      return "attribute `\(name)` is not set on a page's elements: it could run script or load a URL"
    }
    return nil
  }

  static let urlAttributes: Set<String> = [
    "href", "src", "srcset", "action", "formaction", "data", "poster", "background", "cite", "longdesc", "ping",
    "manifest", "codebase", "archive", "profile", "usemap", "xmlns", "is",
  ]
}
