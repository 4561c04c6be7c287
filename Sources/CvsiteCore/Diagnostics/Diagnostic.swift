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
  /// The text of the offending source line, shown under the message with a caret. A
  /// line longer than ``maximumSourceLineLength`` bytes is kept as an excerpt around the
  /// column, `…` marking what was cut.
  public private(set) var sourceLine: String?
  /// A replacement that is probably meant ("did you mean `highlighted`?").
  public var suggestion: String?
  /// Whether the problem is the file system's (a file that cannot be read or written),
  /// not the content's: commands exit with 2 for these, 1 for content errors.
  public var isIOFailure = false
  /// Whether the problem leaves some of the author's text out of the page: an error even
  /// where others are warnings (in a project written for another generator).
  public var leavesTextOut = false
  /// How many bytes of the line come before ``sourceLine``'s first byte, less the `…`
  /// marking the cut: subtracted from the column to place the caret in the excerpt.
  private var excerptShift = 0

  /// The longest source line a diagnostic keeps whole, in UTF-8 bytes. A minified file or
  /// a line of thousands of attributes would otherwise be copied into every diagnostic
  /// about it.
  public static let maximumSourceLineLength = 160

  /// A diagnostic; `sourceLine` and `suggestion` are shown when given.
  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation? = nil,
    sourceLine: String? = nil, suggestion: String? = nil
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.suggestion = suggestion
    if let sourceLine, sourceLine.utf8.count > Self.maximumSourceLineLength {
      (self.sourceLine, excerptShift) = Self.excerpt(
        of: Array(sourceLine.utf8)[...], aroundColumn: location?.column ?? 1)
    } else {
      self.sourceLine = sourceLine
    }
  }

  /// A diagnostic showing the source line `sourceLineBytes` (UTF-8), of which only the
  /// part shown is copied.
  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation?, sourceLineBytes: ArraySlice<UInt8>,
    suggestion: String? = nil
  ) {
    self.init(severity, message, at: location, suggestion: suggestion)
    if sourceLineBytes.count > Self.maximumSourceLineLength {
      (sourceLine, excerptShift) = Self.excerpt(of: sourceLineBytes, aroundColumn: location?.column ?? 1)
    } else {
      sourceLine = String(decoding: sourceLineBytes, as: UTF8.self)
    }
  }

  /// An error of the file system: `message` says what could not be done to which file,
  /// `error` why (``describeIOError(_:)``).
  public static func ioFailure(_ message: String, _ error: (any Error)? = nil, at location: SourceLocation? = nil)
    -> Diagnostic
  {
    var diagnostic = Diagnostic(.error, error.map { "\(message): \(describeIOError($0))" } ?? message, at: location)
    diagnostic.isIOFailure = true
    return diagnostic
  }

  /// The diagnostic with its line of `source` (the whole file it locates, as UTF-8)
  /// shown under it; unchanged when it has no location, already shows a line, or the
  /// line is not in `source`. For problems found after parsing (a container's theme),
  /// whose finder no longer holds the text.
  public func showingLine(of source: [UInt8]) -> Diagnostic {
    guard sourceLine == nil, let location, location.line >= 1 else { return self }
    let lines = source.split(separator: 0x0A, maxSplits: location.line, omittingEmptySubsequences: false)
    guard location.line <= lines.count else { return self }
    var line = lines[location.line - 1]
    if line.last == 0x0D { line = line.dropLast() }
    return Diagnostic(
      severity, message, at: location, sourceLine: String(decoding: line, as: UTF8.self), suggestion: suggestion)
  }

  /// At most ``maximumSourceLineLength`` bytes of `line` around the byte `column`, cut at
  /// character boundaries, with `…` where text was left out; and the column shift.
  private static func excerpt(of line: ArraySlice<UInt8>, aroundColumn column: Int) -> (String, Int) {
    let base = line.startIndex
    let count = line.count
    let byte = { (offset: Int) in line[base + offset] }
    let ellipsis = Array("…".utf8)
    let width = maximumSourceLineLength - 2 * ellipsis.count
    var start = min(max(0, column - 1 - width / 3), max(0, count - width))
    while start > 0, start < count, byte(start) & 0xC0 == 0x80 { start -= 1 }
    var end = min(count, start + width)
    while end < count, end > start, byte(end) & 0xC0 == 0x80 { end -= 1 }
    var excerpt = start > 0 ? ellipsis : []
    excerpt += line[(base + start)..<(base + end)]
    if end < count { excerpt += ellipsis }
    return (String(decoding: excerpt, as: UTF8.self), start > 0 ? start - ellipsis.count : 0)
  }

  /// `path:line:col: error: message`, then the source line and a caret under the column.
  public var description: String {
    var text = ""
    if let location { text += "\(location): " }
    text += "\(severity.rawValue): \(message)"
    if let suggestion { text += " (did you mean `\(suggestion)`?)" }
    if let sourceLine, let location {
      text += "\n" + sourceLine + "\n"
      let column = location.column - excerptShift
      text += String(repeating: " ", count: max(0, caretOffset(in: sourceLine, column: column))) + "^"
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
  /// Whether any error is the file system's (``Diagnostic/isIOFailure``): exit status 2.
  public var hasIOFailures: Bool { contains { $0.severity == .error && $0.isIOFailure } }

  /// Whether any of the diagnostics is an error: what fails a parse, a theme load or a
  /// build (warnings and notes never do).
  public var hasErrors: Bool { contains { $0.severity == .error } }
}

extension Array where Element == Diagnostic {
  /// The diagnostics in the order they are shown: by file, line and column, then by
  /// message, whatever order the workers that found them finished in.
  public func sortedByPlace() -> [Diagnostic] {
    func key(_ d: Diagnostic) -> (String, Int, Int, String) {
      (d.location?.path ?? "", d.location?.line ?? 0, d.location?.column ?? 0, d.message)
    }
    return sorted { key($0) < key($1) }
  }

  /// The diagnostics with at most `perFile` for each file and `total` in all, errors kept
  /// before warnings and notes, order otherwise kept. What is left out is counted in one
  /// note per file that went over `perFile` and one note for the rest, so a file with
  /// thousands of problems cannot flood the output or hide the other files' errors.
  public func capped(perFile: Int = 50, total: Int = 500) -> [Diagnostic] {
    guard count > Swift.min(perFile, total) else { return self }
    var kept = [Bool](repeating: false, count: count)
    var keptPerFile: [String: Int] = [:]
    var overPerFile: [String: Int] = [:]
    var files: [String] = []
    var overTotal = 0
    var keptTotal = 0
    let errorsFirst = indices.filter { self[$0].severity == .error } + indices.filter { self[$0].severity != .error }
    for index in errorsFirst {
      let path = self[index].location?.path ?? ""
      if keptPerFile[path, default: 0] >= perFile {
        if overPerFile[path] == nil { files.append(path) }
        overPerFile[path, default: 0] += 1
      } else if keptTotal >= total {
        overTotal += 1
      } else {
        kept[index] = true
        keptPerFile[path, default: 0] += 1
        keptTotal += 1
      }
    }
    var result = indices.filter { kept[$0] }.map { self[$0] }
    for path in files {
      let more = overPerFile[path, default: 0]
      result.append(
        Diagnostic(
          .note, "\(more) more problem\(more == 1 ? "" : "s") in this file not shown (at most \(perFile) a file)",
          at: path.isEmpty ? nil : SourceLocation(path: path, line: 1, column: 1)))
    }
    if overTotal > 0 {
      result.append(
        Diagnostic(.note, "\(overTotal) more problem\(overTotal == 1 ? "" : "s") not shown (at most \(total) in all)"))
    }
    return result
  }
}

extension Diagnostic {
  /// The same problem as a warning, if it was an error.
  public var asWarning: Diagnostic {
    var warning = self
    if warning.severity == .error { warning.severity = .warning }
    return warning
  }
}
