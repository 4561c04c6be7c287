import CvsiteCore

/// A footnote definition's first line, `[^label]: text`, as the rewrite sees it.
struct FootnoteLine {
  /// The label as written.
  var label: String
  /// The line as libcmark parses it: a bullet list item whose content starts four
  /// columns after its marker, as a footnote's continuation lines do in `cmark-gfm`, so
  /// that cmark reads the definition's blocks (lazy lines, indented paragraphs and code)
  /// the way `cmark-gfm` does.
  var rewritten: [UInt8]
}

/// Reads `[^label]:` at the start of a line (after block-quote markers and indentation).
/// The label is at least one character, none of them a space, tab or `]`.
func scanFootnoteLine(_ line: ArraySlice<UInt8>, avoiding bullets: Set<UInt8> = []) -> FootnoteLine? {
  let start = skippingListMarkers(line, from: directiveStart(line))
  guard start + 4 < line.endIndex, line[start] == 0x5B, line[start + 1] == 0x5E else { return nil }
  var index = start + 2
  while index < line.endIndex, line[index] != 0x5D, line[index] != 0x20, line[index] != 0x09 { index += 1 }
  guard index > start + 2, index + 1 < line.endIndex, line[index] == 0x5D, line[index + 1] == 0x3A else { return nil }
  let label = String(decoding: line[(start + 2)..<index], as: UTF8.self)
  var content = index + 2
  while content < line.endIndex, line[content] == 0x20 || line[content] == 0x09 { content += 1 }
  // The item's marker goes where the container's content starts: after the last `>` or
  // list marker and the one space that belongs to it, before the definition's own
  // indentation.
  var marker = start
  while marker > line.startIndex, line[marker - 1] == 0x20 || line[marker - 1] == 0x09 { marker -= 1 }
  if marker > line.startIndex, marker < start { marker += 1 }
  var rewritten = Array(line[line.startIndex..<marker])
  rewritten.append([0x2D, 0x2B, 0x2A].first { !bullets.contains($0) } ?? 0x2D)
  rewritten += [0x20, 0x20, 0x20]
  rewritten += line[content...]
  return FootnoteLine(label: label, rewritten: rewritten)
}

/// Whether a line may start a footnote definition: `[^` after markers (a cheap filter).
func mayStartFootnoteDefinition(_ line: ArraySlice<UInt8>) -> Bool {
  let start = skippingListMarkers(line, from: directiveStart(line))
  return start + 1 < line.endIndex && line[start] == 0x5B && line[start + 1] == 0x5E
}

/// The offset after any list markers (`-`, `+`, `*`, `1.`, `1)` followed by a space) and
/// the spaces and `>` around them, from `start`.
func skippingListMarkers(_ line: ArraySlice<UInt8>, from start: Int) -> Int {
  var index = start
  while index < line.endIndex {
    var end = index
    if line[end] == 0x2D || line[end] == 0x2B || line[end] == 0x2A {
      end += 1
    } else {
      while end < line.endIndex, end - index < 9, isASCIIDigit(line[end]) { end += 1 }
      guard end > index, end < line.endIndex, line[end] == 0x2E || line[end] == 0x29 else { return index }
      end += 1
    }
    guard end < line.endIndex, line[end] == 0x20 || line[end] == 0x09 else { return index }
    index = end
    while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x3E { index += 1 }
  }
  return index
}
