#if canImport(Glibc)
import CvsiteCore
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one page (or settings file) and where its lines start: the base of every
/// source location. A diagnostic shows its line as a slice of the one buffer, so the many
/// places a reader records on one long line share it rather than copy it each.
public struct SourceText: Sendable {
  let path: String
  let bytes: [UInt8]
  /// Byte offset where each line starts; line `n` (1-based) starts at `lineStarts[n - 1]`.
  let lineStarts: [Int]
  /// The page as written, when these bytes were rewritten from another generator's
  /// syntax (``DialectBlocks``): diagnostics show its lines, at its columns.
  var asWritten: AsWritten?

  /// A page as written, the bytes each of its rewritten lines lost at its start, and
  /// (when the rewrite added lines) the written line of each line.
  final class AsWritten: Sendable {
    let bytes: [UInt8]
    let lineStarts: [Int]
    let columnShift: [Int: Int]
    let writtenLines: [Int]?

    init(_ text: SourceText, columnShift: [Int: Int], writtenLines: [Int]?) {
      bytes = text.bytes
      lineStarts = text.lineStarts
      self.columnShift = columnShift
      self.writtenLines = writtenLines
    }

    /// A second rewrite of a text this one already describes: its lines (`writtenLines`,
    /// of the text it rewrote) and column shifts traced back to the page as written. A
    /// shift holds only on a line written once (not on lines a file included).
    init(composing earlier: AsWritten, columnShift: [Int: Int], writtenLines: [Int]) {
      bytes = earlier.bytes
      lineStarts = earlier.lineStarts
      var uses: [Int: Int] = [:]
      if let lines = earlier.writtenLines { for line in lines { uses[line, default: 0] += 1 } }
      var shift = earlier.columnShift
      for (line, columns) in columnShift {
        let original = earlier.line(line)
        if uses[original, default: 1] == 1 { shift[original, default: 0] += columns }
      }
      self.columnShift = shift
      self.writtenLines = writtenLines.map { earlier.line($0) }
    }

    /// The written line of line `line` of the rewritten text.
    func line(_ line: Int) -> Int {
      guard let writtenLines else { return line }
      return line >= 0 && line < writtenLines.count ? writtenLines[line] : line
    }
  }

  /// The text `bytes` of the file at `path`.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    var starts = [0]
    starts.reserveCapacity(bytes.count / 32 + 1)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var index = 0
      while index < buffer.count, let found = memchr(base + index, 0x0A, buffer.count - index) {
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        starts.append(index)
      }
    }
    if starts.count > 1, starts.last == bytes.count { starts.removeLast() }
    lineStarts = starts
  }

  var lineCount: Int { lineStarts.count }

  /// Byte range of line `n` (1-based) without its line ending.
  func lineRange(_ line: Int) -> Range<Int> {
    guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == 0x0A { end -= 1 }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    return start..<max(start, end)
  }

  /// The text of line `n`, for a diagnostic's source line.
  func lineText(_ line: Int) -> String {
    String(decoding: lineBytes(line), as: UTF8.self)
  }

  /// The bytes of ``lineText(_:)``, not copied.
  func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
    if let written = asWritten {
      let text = SourceText(lineStarts: written.lineStarts, bytes: written.bytes)
      return written.bytes[text.lineRange(written.line(line))]
    }
    return bytes[lineRange(line)]
  }

  func location(line: Int, column: Int) -> SourceLocation {
    guard let written = asWritten else { return SourceLocation(path: path, line: line, column: column) }
    let line = written.line(line)
    return SourceLocation(path: path, line: line, column: column + (written.columnShift[line] ?? 0))
  }

  /// `place` of these bytes in the page as written (as ``location(line:column:)``).
  func writtenPlace(_ place: SourcePlace) -> SourcePlace {
    guard place.isKnown, asWritten != nil else { return place }
    let written = location(line: Int(place.line), column: Int(place.column))
    return SourcePlace(line: written.line, column: written.column)
  }

  /// Lines over bytes whose line starts are known already.
  private init(lineStarts: [Int], bytes: [UInt8]) {
    path = ""
    self.bytes = bytes
    self.lineStarts = lineStarts
  }

  /// A diagnostic at `line:column` showing that line.
  public func diagnostic(
    _ severity: Diagnostic.Severity, _ message: String, line: Int, column: Int, suggestion: String? = nil
  ) -> Diagnostic {
    // A long line is cut around the column before it is made text: a page of one long
    // line with thousands of problems copies each excerpt, not the line.
    Diagnostic(
      severity, message, at: location(line: line, column: max(1, column)), sourceLineBytes: lineBytes(line),
      suggestion: suggestion)
  }

  /// The 1-based line and column of byte `offset`.
  func position(ofByte offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return (low + 1, offset - lineStarts[low] + 1)
  }
}
