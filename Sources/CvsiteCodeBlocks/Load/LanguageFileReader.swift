import CvsiteCore

/// Turns a `.lang` file into a ``LanguageDefinition``, with located diagnostics for what
/// it cannot read.
struct LanguageFileReader {
  let path: String
  var diagnostics: [Diagnostic] = []

  init(path: String) { self.path = path }

  private mutating func problem(_ message: String, line: Int, column: Int, suggestion: String? = nil) {
    diagnostics.append(
      Diagnostic(.error, message, at: SourceLocation(path: path, line: line, column: column), suggestion: suggestion))
  }

  /// The definition in `text`, or `nil` (and a diagnostic) when it is not a language.
  mutating func read(_ text: String) -> LanguageDefinition? {
    let root: XMLElement
    do {
      root = try LangXMLReader.parse(text)
    } catch {
      problem(
        "this language definition is not well-formed XML: \(error.message)", line: error.line, column: error.column)
      return nil
    }
    guard root.name == "language" else {
      problem(
        "a language definition's root element is <language>, not <\(root.name)>", line: root.line, column: root.column)
      return nil
    }
    guard let id = root.attributes["id"], !id.isEmpty else {
      problem("<language> has no `id`", line: root.line, column: root.column)
      return nil
    }
    guard root.attributes["version"] == "2.0" else {
      problem(
        "language `\(id)` is version \(root.attributes["version"] ?? "(none)"); only version 2.0 definitions are read",
        line: root.line, column: root.column)
      return nil
    }
    let (name, extensions) = root.languageNameAndExtensions
    let language = LanguageDefinition(id: id, name: name ?? id, path: path)
    language.hidden = root.attributes["hidden"] == "true"
    language.extensions = extensions
    for style in root.child("styles")?.children("style") ?? [] {
      guard let styleID = style.attributes["id"] else {
        problem("<style> has no `id`", line: style.line, column: style.column)
        continue
      }
      language.styles[styleID] = .some(style.attributes["map-to"])
    }
    guard let definitions = root.child("definitions") else {
      problem("language `\(id)` has no <definitions>", line: root.line, column: root.column)
      return language
    }
    if let options = root.child("default-regex-options") ?? definitions.child("default-regex-options") {
      language.caseSensitive = options.attributes["case-sensitive"] != "false"
      language.extended = options.attributes["extended"] == "true"
    }
    if let characters = root.child("keyword-char-class") ?? definitions.child("keyword-char-class") {
      language.keywordCharacterClass = characters.text
    }
    for element in definitions.children {
      switch element.name {
      case "define-regex":
        guard let regexID = element.attributes["id"] else {
          problem("<define-regex> has no `id`", line: element.line, column: element.column)
          continue
        }
        language.regexes[regexID] = pattern(element)
      case "context":
        _ = context(element, in: language, depth: 0)
      case "replace":
        if let target = element.attributes["id"], let ref = element.attributes["ref"] {
          language.replacements.append((target, ref))
        } else {
          problem("<replace> needs `id` and `ref`", line: element.line, column: element.column)
        }
      case "default-regex-options", "keyword-char-class":
        break
      default:
        problem(
          "<\(element.name)> is not a definition", line: element.line, column: element.column,
          suggestion: closest(element.name, ["context", "define-regex", "replace"]))
      }
    }
    if language.mainContext == nil {
      problem(
        "language `\(id)` has no context with its own id `\(id)` (its main context)", line: definitions.line,
        column: definitions.column)
    }
    return language
  }

  private func pattern(_ element: XMLElement) -> PatternSource {
    PatternSource(
      text: element.text, caseSensitive: element.attributes["case-sensitive"].map { $0 != "false" },
      extended: element.attributes["extended"].map { $0 == "true" }, line: element.line, column: element.column)
  }

  private static let attributes: Set<String> = [
    "id", "ref", "style-ref", "style-inside", "end-at-line-end", "extend-parent", "end-parent", "once-only",
    "first-line-only", "class", "class-disabled", "sub-pattern", "where", "original", "ignore-style", "_name", "name",
  ]

  private mutating func context(_ element: XMLElement, in language: LanguageDefinition, depth: Int)
    -> ContextDefinition?
  {
    guard depth < 64 else {
      problem("contexts nested more than 64 deep", line: element.line, column: element.column)
      return nil
    }
    for name in element.attributes.keys where !Self.attributes.contains(name) {
      problem(
        "<context> has no attribute `\(name)`", line: element.line, column: element.column,
        suggestion: closest(name, Self.attributes))
    }
    let flag = { (name: String, fallback: Bool) -> Bool in
      element.attributes[name].map { $0 == "true" } ?? fallback
    }
    let kind: ContextDefinition.Kind
    if let ref = element.attributes["ref"] {
      kind = .reference(ref, original: flag("original", false), ignoreStyle: flag("ignore-style", false))
    } else if let group = element.attributes["sub-pattern"] {
      let place = element.attributes["where"] ?? ""
      guard let parsed = ContextDefinition.SubPatternPlace(rawValue: place) else {
        problem(
          "`where` is `start` or `end`, not `\(place)`", line: element.line, column: element.column,
          suggestion: closest(place, ["start", "end"]))
        return nil
      }
      kind = .subPattern(group: group, place: parsed)
    } else if let match = element.child("match") {
      kind = .simple(pattern(match))
    } else if !element.children("keyword").isEmpty {
      let prefix = element.child("prefix")?.text ?? "\\%["
      let suffix = element.child("suffix")?.text ?? "\\%]"
      let words = element.children("keyword").map(\.text).joined(separator: "|")
      let first = element.children("keyword")[0]
      kind = .simple(
        PatternSource(
          text: "\(prefix)(?:\(words))\(suffix)", caseSensitive: nil, extended: nil, line: first.line,
          column: first.column))
    } else {
      kind = .container(start: element.child("start").map(pattern), end: element.child("end").map(pattern))
      if element.child("start") == nil, element.child("end") != nil {
        problem("a context with <end> needs a <start>", line: element.line, column: element.column)
      }
    }
    let context = ContextDefinition(kind: kind, language: language, line: element.line, column: element.column)
    context.id = element.attributes["id"]
    context.styleRef = element.attributes["style-ref"]
    context.styleInside = flag("style-inside", false)
    context.endAtLineEnd = flag("end-at-line-end", false)
    context.extendParent = flag("extend-parent", true)
    context.endParent = flag("end-parent", false)
    context.onceOnly = flag("once-only", false)
    context.firstLineOnly = flag("first-line-only", false)
    if let styleRef = context.styleRef, !styleRef.contains(":"), language.styles[styleRef] == nil {
      problem(
        "style `\(styleRef)` is not declared in <styles>", line: element.line, column: element.column,
        suggestion: closest(styleRef, language.styles.keys))
    }
    for include in element.children("include") {
      for child in include.children {
        if child.name == "context" {
          if let nested = self.context(child, in: language, depth: depth + 1) { context.includes.append(nested) }
        } else if child.name == "define-regex", let regexID = child.attributes["id"] {
          language.regexes[regexID] = pattern(child)
        }
      }
    }
    if let id = context.id {
      if language.contexts[id] != nil {
        problem("context `\(id)` is defined twice", line: element.line, column: element.column)
      }
      language.contexts[id] = context
    }
    return context
  }
}
