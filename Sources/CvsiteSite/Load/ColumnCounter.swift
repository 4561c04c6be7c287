/// The column of a reader's cursor in UTF-8 text, in characters from the start of its
/// line (continuation bytes not counted), remembered from one question to the next: a
/// reader moving forward along a long line (a minified settings file) counts each byte
/// once, not once per value.
final class ColumnCounter {
  private var lineStart = -1
  private var counted = 0
  private var column = 1

  /// The 1-based column of byte `index` of `bytes`, on the line starting at `lineStart`.
  func column(of index: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
    let end = min(max(index, lineStart), bytes.count)
    if lineStart != self.lineStart || end < counted {
      self.lineStart = lineStart
      counted = lineStart
      column = 1
    }
    while counted < end {
      if bytes[counted] & 0xC0 != 0x80 { column += 1 }
      counted += 1
    }
    return column
  }
}
