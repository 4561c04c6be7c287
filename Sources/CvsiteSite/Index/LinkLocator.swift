import CvsiteCore
import CvsiteMarkdown

/// Finds where a link is written in a page's Markdown source, for a diagnostic about it.
///
/// A link its parse placed (``SourcePlace``) is looked for on its line: a URL written
/// twice, once in code, is placed at the link. The URL of a reference link is written
/// with its definition, elsewhere, and found as the URL of a link not placed is.
///
/// A page's links come in the order they are written, so each is looked for from where
/// the one before it of the same kind was found (`kind`: an attribute, or the rewriter's
/// problems): a page of thousands of broken links is read once, not once per link, and
/// a URL written twice is placed at the occurrence that is broken rather than at the
/// first. A link is looked for as the page's HTML has it, then percent-decoded (`[x](<no
/// where/>)` is `no%20where/` in the HTML); one not found from the last is looked for from
/// the top, a bounded number of times (a destination written with an entity or a
/// backslash is in the source as neither), then placed at the top.
struct LinkLocator {
  private let bytes: [UInt8]
  /// The offset where each line starts.
  private let lineStarts: [Int]
  private var cursors: [String: Int] = [:]
  private var searchesFromTop = 0
  /// How many links of a page are looked for from the top once not found after the
  /// last one.
  static let searchesFromTopLimit = 64

  init(source: [UInt8]) {
    bytes = source
    // Lines end at LF, CRLF or a lone CR, as the Markdown reader's lines do.
    var starts = [0]
    for (offset, byte) in source.enumerated()
    where byte == 0x0A || (byte == 0x0D && (offset + 1 == source.count || source[offset + 1] != 0x0A)) {
      starts.append(offset + 1)
    }
    lineStarts = starts
  }

  /// Line, column (1-based, in bytes) and the line's text of `target` (an attribute
  /// value as the page's HTML has it, `&amp;` standing for `&`), `place` where its
  /// parse placed the link, if it did. Not found, it is at its place, else at line 1,
  /// column 1.
  mutating func locate(
    _ target: String, kind: String, near place: SourcePlace? = nil
  ) -> (line: Int, column: Int, text: ArraySlice<UInt8>?) {
    let written = PageIDs.decodingAmpersands(target)
    // As the HTML has it, else percent-decoded: `[x](<no where/>)` is `no%20where/` there.
    var needles = [Array(written.utf8)]
    let decoded = PageURL.decoded(written)
    if decoded != written { needles.append(Array(decoded.utf8)) }
    // As Markdown may write it: a backslash before punctuation, an entity (`&eacute;`,
    // `&amp;`, `&#47;`) or a percent escape where the HTML has the character.
    let loose = decoded.utf8.isEmpty ? nil : Array(decoded.utf8)
    var found: (offset: Int, count: Int)?
    // A link the parse placed: its URL on its line from its column, else anywhere on its
    // line (libcmark places a link written over several lines on its last line, at the
    // column where it starts on its first).
    let placed = place.flatMap(offsets(of:))
    if let placed {
      for from in [placed.column, placed.line.lowerBound] where found == nil {
        for needle in needles where found == nil {
          found = search(needle, from: from, to: placed.line.upperBound).map { ($0, needle.count) }
        }
        if found == nil, let loose { found = looseSearch(loose, from: from, to: placed.line.upperBound) }
      }
    }
    let start = cursors[kind] ?? 0
    for needle in needles where found == nil {
      found = search(needle, from: start, to: bytes.count).map { ($0, needle.count) }
    }
    if found == nil, start > 0, searchesFromTop < Self.searchesFromTopLimit {
      searchesFromTop += 1
      for needle in needles where found == nil {
        found = search(needle, from: 0, to: min(bytes.count, start + needle.count)).map { ($0, needle.count) }
      }
    }
    if found == nil, let loose {
      found = looseSearch(loose, from: start)
      if found == nil, start > 0, searchesFromTop < Self.searchesFromTopLimit {
        searchesFromTop += 1
        found = looseSearch(loose, from: 0)
      }
    }
    // Not spelled anywhere: where the link was placed.
    guard let (offset, count) = found ?? placed.map({ ($0.column, 0) }) else { return (1, 1, lineText(0)) }
    cursors[kind] = offset + max(1, count)
    let line = lineIndex(of: offset)
    return (line + 1, offset - lineStarts[line] + 1, lineText(line))
  }

  /// The bytes of a place's line (its line ending included) and the offset of its column
  /// (at most the line's last byte); nil when the place is not in the source.
  private func offsets(of place: SourcePlace) -> (line: Range<Int>, column: Int)? {
    let index = Int(place.line) - 1
    guard place.isKnown, index < lineStarts.count else { return nil }
    let line = lineStarts[index]..<(index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count)
    return (line, min(line.lowerBound + Int(place.column) - 1, max(line.lowerBound, line.upperBound - 1)))
  }

  /// The index of the line holding byte `offset`: the last line starting at or before it.
  private func lineIndex(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The first place from `start` (and before `end`, when given) where the source spells
  /// `needle` (decoded bytes) with escapes: its offset and length in the source.
  private func looseSearch(_ needle: [UInt8], from start: Int, to end: Int? = nil) -> (Int, Int)? {
    guard let first = needle.first else { return nil }
    var offset = start
    while offset < end ?? bytes.count {
      let byte = bytes[offset]
      if byte == first || byte == 0x5C || byte == 0x26 || byte == 0x25, let length = looseMatch(needle, at: offset) {
        return (offset, length)
      }
      offset += 1
    }
    return nil
  }

  /// The length of the source from `offset` that spells `needle`, if it does.
  private func looseMatch(_ needle: [UInt8], at offset: Int) -> Int? {
    var (source, index) = (offset, 0)
    while index < needle.count {
      guard source < bytes.count else { return nil }
      let byte = bytes[source]
      // `&amp;` is read as an entity first: Markdown reads it so.
      if byte == 0x26, let (text, length) = entity(at: source), Array(text.utf8) != [0x26] || needle[index] == 0x26,
        needle[index...].starts(with: text.utf8)
      {
        (source, index) = (source + length, index + text.utf8.count)
      } else if byte == needle[index] {
        (source, index) = (source + 1, index + 1)
      } else if byte == 0x5C, source + 1 < bytes.count, bytes[source + 1] == needle[index],
        isASCIIPunctuation(needle[index])
      {
        (source, index) = (source + 2, index + 1)
      } else if byte == 0x25, source + 2 < bytes.count,
        let value = UInt8(
          String(decoding: bytes[(source + 1)...(source + 2)], as: UTF8.self), radix: 16), value == needle[index]
      {
        (source, index) = (source + 3, index + 1)
      } else {
        return nil
      }
    }
    return source - offset
  }

  /// The text an entity at `offset` (`&eacute;`, `&#233;`, `&#xE9;`) stands for, and its
  /// length, as Markdown reads it.
  private func entity(at offset: Int) -> (String, Int)? {
    guard let end = bytes[offset..<min(bytes.count, offset + 40)].firstIndex(of: 0x3B), end > offset + 1 else {
      return nil
    }
    let reference = String(decoding: bytes[offset...end], as: UTF8.self)
    return characterReferenceText(reference).map { ($0, end + 1 - offset) }
  }

  private func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }

  private func search(_ needle: [UInt8], from start: Int, to end: Int) -> Int? {
    guard !needle.isEmpty, start < end else { return nil }
    return bytes.withUnsafeBufferPointer { firstOffset(of: needle, in: $0, within: start..<end) }
  }

  /// The bytes of the line at `index` (0-based), without its line ending, not copied; nil
  /// past the end.
  private func lineText(_ index: Int) -> ArraySlice<UInt8>? {
    guard index < lineStarts.count else { return nil }
    let start = lineStarts[index]
    var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    guard start <= end, start < bytes.count || index == 0 else { return nil }
    return bytes[start..<max(start, end)]
  }
}
