import CvsiteCore
import CvsiteMarkdown
import Yams

/// Reads a YAML mapping with positions, for files whose every error needs a line.
struct YAMLDocument {
  let path: String
  let source: SourceText
  let root: Node?

  /// Parses `text`; a syntax error becomes a diagnostic at the line Yams reports.
  static func parse(_ text: String, path: String, lineOffset: Int = 0) -> (YAMLDocument, [Diagnostic]) {
    let source = SourceText(path: path, bytes: Array(text.utf8))
    do {
      let root = try composeBoundedYAML(text)
      return (YAMLDocument(path: path, source: source, root: root), [])
    } catch {
      let (line, column, message) = yamlErrorPosition(error)
      var diagnostic = source.diagnostic(.error, "invalid YAML: \(message)", line: line, column: column)
      diagnostic.location?.line += lineOffset
      return (YAMLDocument(path: path, source: source, root: nil), [diagnostic])
    }
  }

  /// The location of a node, shifted by `lineOffset` lines.
  func location(of node: Node, lineOffset: Int = 0) -> SourceLocation {
    let mark = node.mark
    return SourceLocation(path: path, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
  }

  func diagnostic(
    _ severity: Diagnostic.Severity, _ message: String, at node: Node, lineOffset: Int = 0, suggestion: String? = nil
  ) -> Diagnostic {
    let place = location(of: node)
    var diagnostic = source.diagnostic(
      severity, message, line: place.line, column: place.column, suggestion: suggestion)
    diagnostic.location?.line += lineOffset
    return diagnostic
  }
}
