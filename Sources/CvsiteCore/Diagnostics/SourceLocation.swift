/// A position in a source file: 1-based line and column (in UTF-8 bytes + 1).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The file's path as given to the parser (relative to the site root in builds).
  public var path: String
  /// 1-based line.
  public var line: Int
  /// 1-based column, counted in UTF-8 bytes.
  public var column: Int

  /// A location at `line` and `column` of `path`.
  public init(path: String, line: Int, column: Int) {
    self.path = path
    self.line = line
    self.column = column
  }

  /// `path:line:column`, the form editors and terminals link.
  public var description: String { "\(path):\(line):\(column)" }

  /// By path, then line, then column: the order diagnostics are printed in.
  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.path, a.line, a.column) < (b.path, b.line, b.column)
  }
}
