import ContainerViews
import CvsiteCore

/// What a `:name:` shortcode stands for: an emoji or an icon set's picture.
public protocol ShortcodeIndex: Sendable {
  /// The HTML of `name` (written between colons); ``ShortcodeMeaning/missingIcon`` for a
  /// name of an icon set without its picture; ``ShortcodeMeaning/none`` for a name that
  /// is no shortcode (it stays text: `10:30:00` holds `:30:`).
  func meaning(of name: String) -> ShortcodeMeaning
  /// The warning for icons of a paragraph whose pictures are missing (`names`).
  func missingIconsMessage(_ names: [String]) -> String
}

/// What ``ShortcodeIndex/meaning(of:)`` found.
public enum ShortcodeMeaning: Sendable, Equatable {
  case html(String)
  case missingIcon
  case none
}

extension GFMPass {
  /// pymdownx.emoji's `:name:` (letters, digits, `_`, `+`, `-`) in each text node below
  /// `parent`: replaced by what ``MarkdownOptions/shortcodes`` makes of it. Icons whose
  /// picture is missing leave the page, named in one warning for the paragraph.
  static func markShortcodes(in parent: CMarkNode, index: any ShortcodeIndex, missing: inout [String], depth: Int = 0) {
    var cursor = parent.firstChild
    while let node = cursor {
      cursor = node.next
      switch node.kind {
      case .emphasis, .strong, .customInline, .link:
        if depth < Self.maximumInlineDepth {
          markShortcodes(in: node, index: index, missing: &missing, depth: depth + 1)
        }
      case .text where node.literalContains(0x3A):
        let literal = node.literalBytes
        var pieces: [(range: Range<Int>, html: String)] = []
        var from = 0
        while let open = literal[from...].firstIndex(of: 0x3A) {
          var end = open + 1
          while end < literal.count, isShortcodeByte(literal[end]) { end += 1 }
          guard end < literal.count, literal[end] == 0x3A, end > open + 1 else {
            from = end > open + 1 ? end : open + 1
            continue
          }
          let name = String(decoding: literal[(open + 1)..<end], as: UTF8.self)
          switch index.meaning(of: name) {
          case .html(let html):
            // `:icon:{ .class title="…" }` (attr_list): on the icon's element.
            if let (attributed, after) = withAttributeList(html, literal: literal, at: end + 1) {
              pieces.append((open..<after, attributed))
              from = after
            } else {
              pieces.append((open..<(end + 1), html))
              from = end + 1
            }
          case .missingIcon:
            pieces.append((open..<(end + 1), ""))
            if !missing.contains(name) { missing.append(name) }
            from = end + 1
          case .none:
            // The closing colon may open the next shortcode.
            from = end
          }
        }
        if !pieces.isEmpty { Self.replace(node, literal: literal, pieces: pieces) }
      default: break
      }
    }
  }
}

/// An icon's `html` with the attribute list written right after it (`{ .heart }`, `{ title="Tip" }`:
/// classes, an id and a title), and the offset past the list; nil when none follows.
private func withAttributeList(_ html: String, literal: [UInt8], at start: Int) -> (String, Int)? {
  let opening = "<span class=\"twemoji\""
  guard html.hasPrefix(opening), start < literal.count, literal[start] == 0x7B,
    case .success(let block) = parseAttributeBlock(literal[...], at: start)
  else { return nil }
  var classes = ["twemoji"]
  var attributes = ""
  for attribute in block.attributes {
    switch attribute.kind {
    case .cssClass(let name): classes.append(name)
    case .id(let id): attributes += " id=\"\(escapeHTML(id))\""
    case .pair(key: "title", let value?): attributes += " title=\"\(escapeHTML(value))\""
    case .pair: continue
    }
  }
  let tag = "<span class=\"\(escapeHTML(classes.joined(separator: " ")))\"" + attributes
  return (tag + html.dropFirst(opening.count), block.end)
}

private func isShortcodeByte(_ byte: UInt8) -> Bool {
  byte == 0x5F || byte == 0x2B || byte == 0x2D || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
}
