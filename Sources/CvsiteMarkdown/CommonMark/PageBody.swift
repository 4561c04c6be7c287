/// The page body as libcmark reads it: the file's bytes with the front matter's lines left
/// empty, so line numbers match the file. Reads lines through the file's own line index.
struct PageBody {
  let source: SourceText
  /// Lines `1...frontMatterLines` are front matter (empty in the body).
  let frontMatterLines: Int
  /// Lines that ``DialectBlocks`` made markers of, with the directives each stands for.
  var writtenBlocks: [Int: DirectiveLine] = [:]
  /// Lines whose list item is a definition (``PythonMarkdownLines``).
  var definitionLines = Set<Int>()

  /// Byte offset in the file where the body starts.
  private var bodyStart: Int {
    frontMatterLines < source.lineCount ? source.lineStarts[frontMatterLines] : source.bytes.count
  }

  var lineCount: Int { source.lineCount }

  /// Line `n` without its line ending; empty for front-matter lines.
  func line(_ n: Int) -> ArraySlice<UInt8> {
    n > frontMatterLines ? source.bytes[source.lineRange(n)] : source.bytes[0..<0]
  }

  /// The bytes libcmark parses when nothing is rewritten.
  func bytes() -> [UInt8] {
    guard frontMatterLines > 0 else { return source.bytes }
    var output = [UInt8](repeating: 0x0A, count: frontMatterLines)
    output += source.bytes[bodyStart...]
    return output
  }

  /// The body with each directive line from its first colon on replaced by a one-line
  /// marker comment, and each cut attribute block (with the spaces before it) removed.
  func rewritten(
    directives: [Int: DirectiveLine], headings: [Int: AttributeBlock], footnotes: [Int: FootnoteLine] = [:]
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(frontMatterLines + source.bytes.count - bodyStart + directives.count * 16)
    output.append(contentsOf: repeatElement(0x0A, count: frontMatterLines))
    let bytes = source.bytes
    var copied = bodyStart
    // Disjoint: a directive line is never also a heading's or a footnote's.
    for line in (Array(directives.keys) + headings.keys + footnotes.keys).sorted() {
      let range = source.lineRange(line)
      output += bytes[copied..<range.lowerBound]
      if let directive = directives[line] {
        output += bytes[range.lowerBound..<(range.lowerBound + directive.offset)]
        output += PreparedBody.markerPrefix.utf8
        appendDecimal(line, to: &output)
        output += "-->".utf8
      } else if let footnote = footnotes[line] {
        output += footnote.rewritten
      } else if let block = headings[line] {
        var end = block.start
        while end > range.lowerBound, isSpace(bytes[end - 1]) { end -= 1 }
        output += bytes[range.lowerBound..<end]
      }
      copied = range.upperBound
    }
    output += bytes[copied...]
    return output
  }

  /// Lines that may be directive fences (`::` after indentation and `>`) or headings
  /// ending with `}`, or (with `footnotes`) footnote definitions (`[^` after indentation
  /// and `>`): a cheap filter so plain pages are parsed once.
  func candidateLines(footnotes: Bool = false) -> [Int] {
    var result: [Int] = []
    guard frontMatterLines < lineCount else { return result }
    let bytes = source.bytes
    for line in (frontMatterLines + 1)...lineCount {
      let range = source.lineRange(line)
      guard !range.isEmpty else { continue }
      let start = directiveStart(bytes[range])
      if start + 1 < range.upperBound, bytes[start] == 0x3A, bytes[start + 1] == 0x3A {
        result.append(line)
        continue
      }
      if footnotes {
        let definition = skippingListMarkers(bytes[range], from: start)
        if definition + 1 < range.upperBound, bytes[definition] == 0x5B, bytes[definition + 1] == 0x5E {
          result.append(line)
          continue
        }
      }
      var end = range.upperBound
      while end > range.lowerBound, isSpace(bytes[end - 1]) { end -= 1 }
      if end > range.lowerBound, bytes[end - 1] == 0x7D { result.append(line) }
    }
    return result
  }
}

/// Whether a line holds nothing but spaces, tabs and `>`: it ends any open paragraph.
extension PageBody {
  /// The footnote definition starting on `line`, if it scans as one.
  func footnoteLine(_ line: Int) -> FootnoteLine? {
    let text = self.line(line)
    guard mayStartFootnoteDefinition(text) else { return nil }
    return scanFootnoteLine(text, avoiding: neighbouringBullets(of: line))
  }

  /// The bullets of the list items a definition on `line` could join: those of the list
  /// open above it and of the first line after it and its continuation (its paragraph,
  /// blank and indented lines).
  private func neighbouringBullets(of line: Int) -> Set<UInt8> {
    var bullets = Set<UInt8>()
    func bullet(_ text: ArraySlice<UInt8>) -> (bullet: UInt8?, atMargin: Bool) {
      let start = directiveStart(text)
      let atMargin = start == text.startIndex || text[text.startIndex] == 0x3E
      guard start + 1 < text.endIndex, [0x2D, 0x2B, 0x2A].contains(text[start]),
        text[start + 1] == 0x20 || text[start + 1] == 0x09
      else { return (nil, atMargin) }
      return (text[start], atMargin)
    }
    // Upwards to the nearest list item at the margin (the list a definition could join),
    // across lazy and indented lines; a paragraph at the margin after a blank line ends it.
    var previous = line - 1
    while previous > frontMatterLines {
      let text = self.line(previous)
      previous -= 1
      if isBlankAfterQuotes(text) { continue }
      let (found, atMargin) = bullet(text)
      if let found {
        bullets.insert(found)
        if atMargin { break }
      } else if atMargin, previous <= frontMatterLines || isBlankAfterQuotes(self.line(previous)) {
        break
      }
    }
    // The definition's own paragraph goes on (lazily) to the first blank line.
    var next = line + 1
    while next <= lineCount, !isBlankAfterQuotes(self.line(next)) { next += 1 }
    while next <= lineCount {
      let text = self.line(next)
      next += 1
      if isBlankAfterQuotes(text) || text.first == 0x20 || text.first == 0x09 { continue }
      if let found = bullet(text).bullet { bullets.insert(found) }
      break
    }
    return bullets
  }
}

func isBlankAfterQuotes(_ line: ArraySlice<UInt8>) -> Bool {
  line.allSatisfy { isSpace($0) || $0 == 0x3E }
}

/// Whether a line, after indentation and `>` markers, starts with `#`: it may be an ATX
/// heading whose attribute block the optimistic rewrite cuts.
func looksLikeATXHeading(_ line: ArraySlice<UInt8>) -> Bool {
  let start = directiveStart(line)
  return start < line.endIndex && line[start] == 0x23
}

/// Appends the decimal digits of a non-negative number.
func appendDecimal(_ number: Int, to output: inout [UInt8]) {
  let start = output.count
  var rest = max(0, number)
  repeat {
    output.append(0x30 + UInt8(rest % 10))
    rest /= 10
  } while rest > 0
  output[start...].reverse()
}
