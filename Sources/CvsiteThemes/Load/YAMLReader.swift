import CvsiteCore
import Yams

/// Reads a YAML file as a node tree with positions, collecting diagnostics that point
/// at the offending node (`theme.yml:12:5: error: …`).
struct YAMLReader {
  let path: String
  let lines: [Substring]
  var diagnostics: [Diagnostic] = []

  init(path: String, text: String) {
    self.path = path
    self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The root node, or `nil` (with a diagnostic) when the text is not YAML.
  mutating func compose(_ text: String) -> Node? {
    do {
      return try composeBoundedYAML(text)
    } catch {
      let (line, column, message) = yamlErrorPosition(error)
      report("invalid YAML: \(message)", line: line, column: column)
      return nil
    }
  }

  func location(_ node: Node?) -> SourceLocation {
    SourceLocation(path: path, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1)
  }

  mutating func report(_ message: String, line: Int, column: Int, suggestion: String? = nil) {
    let source = line >= 1 && line <= lines.count ? String(lines[line - 1]) : nil
    diagnostics.append(
      Diagnostic(
        .error, message, at: SourceLocation(path: path, line: line, column: column), sourceLine: source,
        suggestion: suggestion))
  }

  mutating func error(_ message: String, at node: Node?, suggestion: String? = nil) {
    let at = location(node)
    report(message, line: at.line, column: at.column, suggestion: suggestion)
  }

  /// The pairs of a mapping with string keys; reports anything else. Keys outside
  /// `allowed` (when given) are reported with the closest allowed spelling.
  mutating func mapping(_ node: Node, _ what: String, allowed: [String]? = nil) -> [(
    key: String, keyNode: Node, value: Node
  )] {
    guard let mapping = node.mapping else {
      error("\(what) must be a mapping (`key: value` lines)", at: node)
      return []
    }
    var pairs: [(key: String, keyNode: Node, value: Node)] = []
    for (keyNode, value) in mapping {
      guard let key = keyNode.scalar?.string else {
        error("keys of \(what) must be plain names", at: keyNode)
        continue
      }
      if let allowed, !allowed.contains(key) {
        let list = allowed.map { "`\($0)`" }.joined(separator: ", ")
        error(
          "unknown key `\(key)` in \(what) (expected one of \(list))", at: keyNode, suggestion: closest(key, allowed))
        continue
      }
      pairs.append((key, keyNode, value))
    }
    return pairs
  }

  /// A scalar's text, or `nil` with a diagnostic.
  mutating func string(_ node: Node, _ what: String) -> String? {
    guard let scalar = node.scalar else {
      error("\(what) must be a single value", at: node)
      return nil
    }
    return scalar.string
  }

  /// A list of scalars (a single scalar counts as a one-item list).
  mutating func strings(_ node: Node, _ what: String) -> [(String, Node)] {
    if let scalar = node.scalar { return scalar.string.isEmpty ? [] : [(scalar.string, node)] }
    guard let sequence = node.sequence else {
      error("\(what) must be a list (`[a, b]`)", at: node)
      return []
    }
    var result: [(String, Node)] = []
    for item in sequence {
      if let text = string(item, "an item of \(what)") { result.append((text, item)) }
    }
    return result
  }
}
