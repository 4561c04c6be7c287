/// Delimiters a project writes attributes between in place of `{` and `}`, as
/// markdown-it-attrs lets VitePress set them (`%{#id}%`). Only those that end with `{`
/// and start with `}` are kept: a heading's attributes are then written over as `{…}`,
/// byte for byte, so every column stays where it was.
public struct AttributeDelimiters: Sendable, Hashable {
  let open: [UInt8]
  let close: [UInt8]

  /// The delimiters `open` and `close`; nil for the usual ones, or ones that cannot be
  /// written over `{` and `}`.
  public init?(open: String, close: String) {
    self.open = Array(open.utf8)
    self.close = Array(close.utf8)
    guard self.open.last == 0x7B, self.close.first == 0x7D, self.open.count > 1 || self.close.count > 1,
      self.open.count <= 8, self.close.count <= 8
    else { return nil }
  }

  /// Rewrites the attributes at the end of each ATX heading line (outside code fences)
  /// as `{…}`: the delimiters' other bytes become spaces.
  func rewriteHeadings(_ bytes: inout [UInt8]) {
    var fence: (byte: UInt8, count: Int)?
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      let inFence = fence != nil
      fence = IncludedLines.fence(after: fence, line: bytes[start..<end])
      if !inFence, fence == nil { rewrite(&bytes, line: start..<end) }
      start = end + 1
    }
  }

  private func rewrite(_ bytes: inout [UInt8], line: Range<Int>) {
    var first = line.lowerBound
    while first < line.upperBound, bytes[first] == 0x20, first - line.lowerBound < 3 { first += 1 }
    guard first < line.upperBound, bytes[first] == 0x23 else { return }
    var last = line.upperBound
    while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 || bytes[last - 1] == 0x0D { last -= 1 }
    guard last - first >= open.count + close.count, bytes[(last - close.count)..<last].elementsEqual(close) else {
      return
    }
    // The last opening delimiter before the closing one.
    var index = last - close.count - open.count
    while index >= first, !bytes[index..<(index + open.count)].elementsEqual(open) { index -= 1 }
    guard index >= first else { return }
    for offset in index..<(index + open.count - 1) { bytes[offset] = 0x20 }
    for offset in (last - close.count + 1)..<last { bytes[offset] = 0x20 }
  }
}
