import CvsiteCore
import CvsiteMarkdown
import Yams

/// Reads a YAML mapping with positions, for files whose every error needs a line.
struct YAMLDocument {
  let path: String
  let lines: [Substring]
  let root: Node?

  /// Parses `text`; a syntax error becomes a diagnostic at the line Yams reports.
  static func parse(_ text: String, path: String, lineOffset: Int = 0) -> (YAMLDocument, [Diagnostic]) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    do {
      let root = try Yams.compose(yaml: text)
      return (YAMLDocument(path: path, lines: lines, root: root), [])
    } catch {
      let (line, column, message) = yamlErrorPosition(error)
      let diagnostic = Diagnostic(
        .error, "invalid YAML: \(message)",
        at: SourceLocation(path: path, line: line + lineOffset, column: column),
        sourceLine: line - 1 < lines.count && line >= 1 ? String(lines[line - 1]) : nil)
      return (YAMLDocument(path: path, lines: lines, root: nil), [diagnostic])
    }
  }

  /// The location of a node, shifted by `lineOffset` lines.
  func location(of node: Node, lineOffset: Int = 0) -> SourceLocation {
    let mark = node.mark
    return SourceLocation(path: path, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
  }

  func sourceLine(_ line: Int) -> String? {
    line >= 1 && line <= lines.count ? String(lines[line - 1]) : nil
  }

  func diagnostic(
    _ severity: Diagnostic.Severity, _ message: String, at node: Node, lineOffset: Int = 0, suggestion: String? = nil
  ) -> Diagnostic {
    let location = self.location(of: node, lineOffset: lineOffset)
    return Diagnostic(
      severity, message, at: location, sourceLine: sourceLine(location.line - lineOffset), suggestion: suggestion)
  }
}
