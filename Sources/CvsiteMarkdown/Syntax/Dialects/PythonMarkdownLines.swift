import Foundation

/// The line syntax of Python-Markdown's extensions beyond blocks, read in MkDocs pages as
/// the page's ``LineWalk`` offers them (outside code, after the blocks' indentation):
///
/// ```
/// *[HTML]: Hypertext Markup Language   abbr: left out, its word marked on the page
/// Term                                 def_list: the `:` becomes a `+` list marker, and
/// :   Definition                       the list and its terms become a <dl> once parsed
/// <div class="grid" markdown>          md_in_html: the attribute goes, and blank lines
///                                      around the content make cmark read it as Markdown
/// ```
struct PythonMarkdownLines: DialectLineReader {
  /// The abbreviations the page defines, in written order.
  var abbreviations: [Abbreviation] = []
  /// The lines whose `:` became a list marker.
  var definitionLines = Set<Int>()
  /// Whether the last line with text could be a definition's term.
  private var termsBefore = false
  /// Whether a definition is being read (its indented lines continue it).
  private var inDefinition = false
  /// The md_in_html elements open, innermost last.
  private var openElements: [String] = []

  /// The list marker a definition's `:` becomes: not `-` or `*`, so that a list written
  /// right after it stays a list of its own.
  static let definitionMarker: UInt8 = 0x2B

  /// What becomes of a line.
  enum Action: Equatable {
    /// An abbreviation's definition: the line stays, empty.
    case leaveOut
    /// Written as `text` after `indent` spaces; with `blankAfter`, a blank line follows.
    case replace(indent: Int, text: [UInt8], blankAfter: Bool)
    /// The line stays, after a blank line (an md_in_html element's closing tag).
    case blankBefore
  }

  /// Reads a line with text: `text` from its first non-space byte, `width` its
  /// indentation past the blocks around it.
  mutating func read(_ text: ArraySlice<UInt8>, width: Int, line: Int) -> Action? {
    if width <= 3, let abbreviation = Abbreviation(definition: text) {
      abbreviations.removeAll { $0.term == abbreviation.term }
      if !abbreviation.title.isEmpty { abbreviations.append(abbreviation) }
      return .leaveOut
    }
    if width <= 3, termsBefore || inDefinition, text.count >= 2, text.first == 0x3A,
      isSpace(text[text.startIndex + 1])
    {
      definitionLines.insert(line)
      inDefinition = true
      termsBefore = false
      return .replace(indent: width, text: [Self.definitionMarker] + text.dropFirst(), blankAfter: false)
    }
    if width <= 3, let (name, kept) = Self.markdownElement(text) {
      openElements.append(name)
      termsBefore = false
      inDefinition = false
      return .replace(indent: width, text: kept, blankAfter: true)
    }
    if width <= 3, let name = openElements.last, Self.isClosingTag(text, name: name) {
      openElements.removeLast()
      termsBefore = false
      inDefinition = false
      return .blankBefore
    }
    if inDefinition, width >= 4 { return nil }
    inDefinition = false
    termsBefore = width < 4 && Self.mayBeTerm(text)
    return nil
  }

  /// Whether a line could be a definition's term: paragraph text, not the start of a
  /// heading, quote, list, table, HTML or code.
  private static func mayBeTerm(_ text: ArraySlice<UInt8>) -> Bool {
    guard let first = text.first else { return false }
    switch first {
    case 0x23, 0x3E, 0x7C, 0x3C, 0x60, 0x7E, 0x3A: return false
    case 0x2D, 0x2A, 0x2B:
      return text.count > 1 && !isSpace(text[text.startIndex + 1])
    case 0x30...0x39:
      let digits = text.prefix { (0x30...0x39).contains($0) }
      guard let after = text.dropFirst(digits.count).first else { return true }
      return after != 0x2E && after != 0x29
    default: return true
    }
  }

  /// An opening tag alone on its line with a `markdown` attribute (`markdown`,
  /// `markdown="1"`, `"block"`, `"span"`): the element's name and the tag without it.
  static func markdownElement(_ text: ArraySlice<UInt8>) -> (name: String, tag: [UInt8])? {
    var end = text.endIndex
    while end > text.startIndex, isSpace(text[end - 1]) { end -= 1 }
    guard end - text.startIndex >= 12, text.first == 0x3C, text[end - 1] == 0x3E else { return nil }
    let nameBytes = text.dropFirst().prefix { isASCIILetterOrDigit($0) }
    guard let first = nameBytes.first, isASCIILetter(first) else { return nil }
    let tag = text[text.startIndex..<end]
    guard let found = tag.firstRange(of: Array(" markdown".utf8)) else { return nil }
    var after = found.upperBound
    if after < tag.endIndex, tag[after] == 0x3D {
      after += 1
      guard after < tag.endIndex, tag[after] == 0x22 || tag[after] == 0x27 else { return nil }
      let quote = tag[after]
      guard let close = tag[(after + 1)...].firstIndex(of: quote) else { return nil }
      let value = String(decoding: tag[(after + 1)..<close], as: UTF8.self)
      guard ["1", "block", "span"].contains(value) else { return nil }
      after = close + 1
    }
    guard after < tag.endIndex, isSpace(tag[after]) || tag[after] == 0x3E || tag[after] == 0x2F else { return nil }
    let name = String(decoding: nameBytes, as: UTF8.self).lowercased()
    return (name, Array(tag[..<found.lowerBound]) + Array(tag[after...]))
  }

  /// Whether `text` is `</name>` (and spaces).
  static func isClosingTag(_ text: ArraySlice<UInt8>, name: String) -> Bool {
    let expected = Array("</\(name)>".utf8)
    guard text.count >= expected.count else { return false }
    return zip(text.prefix(expected.count), expected).allSatisfy { $0 | 0x20 == $1 | 0x20 }
      && text.dropFirst(expected.count).allSatisfy(isSpace)
  }

  /// Whether some line may hold what ``read(_:width:line:)`` reads: a `*[`, a `:` and a
  /// space, or a tag with ` markdown`, at the start of a line's text.
  static func mayHaveLines(_ source: SourceText, from firstLine: Int) -> Bool {
    let bytes = source.bytes
    for line in firstLine...source.lineCount {
      var index = source.lineStarts[line - 1]
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      guard index + 1 < bytes.count else { continue }
      switch bytes[index] {
      case 0x2A where bytes[index + 1] == 0x5B: return true
      case 0x3A where isSpace(bytes[index + 1]): return true
      case 0x3C:
        let end = source.lineRange(line).upperBound
        if markdownElement(bytes[index..<end]) != nil { return true }
      default: continue
      }
    }
    return false
  }
}

/// An abbreviation a page defines: `*[HTML]: Hypertext Markup Language`.
struct Abbreviation: Equatable, Sendable {
  var term: String
  var title: String

  /// Reads a definition line (from its first non-space byte).
  init?(definition text: ArraySlice<UInt8>) {
    guard text.count >= 5, text.first == 0x2A, text[text.startIndex + 1] == 0x5B,
      let close = text.firstIndex(of: 0x5D), close > text.startIndex + 2, close + 1 < text.endIndex,
      text[close + 1] == 0x3A
    else { return nil }
    let term = String(decoding: text[(text.startIndex + 2)..<close], as: UTF8.self)
    guard !term.contains(where: { $0 == "[" || $0 == "]" }) else { return nil }
    self.term = term
    self.title = String(decoding: text[(close + 2)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
  }
}

private func isASCIILetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
private func isASCIILetterOrDigit(_ byte: UInt8) -> Bool { isASCIILetter(byte) || (0x30...0x39).contains(byte) }

extension PythonMarkdownLines {
  func mayRead(_ source: SourceText, from firstLine: Int) -> Bool {
    Self.mayHaveLines(source, from: firstLine)
  }

  mutating func read(_ line: inout WalkedLine, walk: inout LineWalk) -> Bool {
    guard let action = read(line.text, width: line.relativeWidth, line: line.number) else { return false }
    switch action {
    case .leaveOut:
      walk.leaveOut(line.number, after: line.closings.events, indent: line.closings.indent)
    case .replace(let indent, let kept, let blankAfter):
      walk.place(line.closings.events, line: line.number, indent: line.closings.indent)
      walk.replacedLines[line.number] = ArraySlice(Array(repeating: 0x20, count: max(0, indent)) + kept)
      if blankAfter { walk.blankBefore.insert(line.number + 1) }
      walk.trackLists(line.text, width: line.width)
      walk.blankLine = nil
    case .blankBefore:
      walk.blankBefore.insert(line.number)
      return false
    }
    return true
  }

  /// Hands over the abbreviations the page defines and its definition lines.
  func finish(walk: inout LineWalk) {
    walk.abbreviations = abbreviations
    walk.definitionLines = definitionLines
  }
}
