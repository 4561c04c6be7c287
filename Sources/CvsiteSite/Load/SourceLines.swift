import CvsiteCore

/// A settings file's text as UTF-8 and where each of its lines starts. A line is handed
/// out as a slice of the one buffer, so the many places a reader records on one long
/// line (a navigation written on a single line, a minified sidebars file) share it
/// rather than copy it each.
struct SourceLines: Sendable {
  let bytes: [UInt8]
  /// The offset of each line's first byte.
  private let starts: [Int]

  init(_ text: String) {
    bytes = Array(text.utf8)
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
    self.starts = starts
  }

  /// How many lines the text has (a final newline starts an empty last line).
  var count: Int { starts.count }

  /// Line `number` (1-based) without its line break; nil past the text.
  func line(_ number: Int) -> ArraySlice<UInt8>? {
    guard number >= 1, number <= starts.count else { return nil }
    var end = number < starts.count ? starts[number] - 1 : bytes.count
    if end > starts[number - 1], bytes[end - 1] == 0x0D { end -= 1 }
    return bytes[starts[number - 1]..<end]
  }

  /// A diagnostic at `location` showing its line (an excerpt when the line is long).
  func diagnostic(
    _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation, suggestion: String? = nil
  ) -> Diagnostic {
    guard let line = line(location.line) else {
      return Diagnostic(severity, message, at: location, suggestion: suggestion)
    }
    return Diagnostic(severity, message, at: location, sourceLineBytes: line, suggestion: suggestion)
  }
}
