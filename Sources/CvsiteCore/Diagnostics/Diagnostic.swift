/// A problem found in a page, a theme or a site: a value, never a print.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How bad a problem is: only errors fail a build.
  public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning, note
  }

  /// Error, warning or note.
  public var severity: Severity
  /// What is wrong, in one sentence, without the location.
  public var message: String
  /// Where the problem is; `nil` for problems of the whole site or command.
  public var location: SourceLocation?
  /// The text of the offending source line, shown under the message with a caret.
  public var sourceLine: String?
  /// A replacement that is probably meant ("did you mean `highlighted`?").
  public var suggestion: String?

  /// A diagnostic; `sourceLine` and `suggestion` are shown when given.
  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation? = nil,
    sourceLine: String? = nil, suggestion: String? = nil
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.sourceLine = sourceLine
    self.suggestion = suggestion
  }

  /// `path:line:col: error: message`, then the source line and a caret under the column.
  public var description: String {
    var text = ""
    if let location { text += "\(location): " }
    text += "\(severity.rawValue): \(message)"
    if let suggestion { text += " (did you mean `\(suggestion)`?)" }
    if let sourceLine, let location {
      text += "\n" + sourceLine + "\n"
      text += String(repeating: " ", count: max(0, caretOffset(in: sourceLine, column: location.column))) + "^"
    }
    return text
  }
}

/// Display offset of a UTF-8 byte column within a line (tabs count as one column).
func caretOffset(in line: String, column: Int) -> Int {
  let bytes = Array(line.utf8.prefix(max(0, column - 1)))
  return String(decoding: bytes, as: UTF8.self).count
}

extension Sequence where Element == Diagnostic {
  /// Whether any of the diagnostics is an error: what fails a parse, a theme load or a
  /// build (warnings and notes never do).
  public var hasErrors: Bool { contains { $0.severity == .error } }
}
