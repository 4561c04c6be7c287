/// A position in a source file: 1-based line and column (in UTF-8 bytes + 1).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The file's path as given to the parser (relative to the site root in builds).
  public var path: String
  public var line: Int
  public var column: Int

  public init(path: String, line: Int, column: Int) {
    self.path = path
    self.line = line
    self.column = column
  }

  public var description: String { "\(path):\(line):\(column)" }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.path, a.line, a.column) < (b.path, b.line, b.column)
  }
}

/// A problem found in a page, a theme or a site: a value, never a print.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning, note
  }

  public var severity: Severity
  public var message: String
  public var location: SourceLocation?
  /// The text of the offending source line, shown under the message with a caret.
  public var sourceLine: String?
  /// A replacement that is probably meant ("did you mean `highlighted`?").
  public var suggestion: String?

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
