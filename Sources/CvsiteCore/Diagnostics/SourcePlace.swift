/// Where something is written in a page's source, as its parse found it: a line and a
/// column (1-based, the column in UTF-8 bytes). Kept small: a page keeps one for every
/// link it writes until its links are checked.
public struct SourcePlace: Sendable, Hashable {
  public var line: Int32
  public var column: Int32

  public init(line: Int, column: Int) {
    self.line = Int32(clamping: line)
    self.column = Int32(clamping: column)
  }

  /// No place known.
  public static let unknown = SourcePlace(line: 0, column: 0)

  /// Whether the place is known (a line and a column of 1 or more).
  public var isKnown: Bool { line > 0 && column > 0 }
}
