import ContainerViews
import CvsiteCore

/// The inline syntax of pymdownx and Python-Markdown's extensions in an MkDocs page, on
/// the tree cmark parsed, after GFM's own:
///
/// ```
/// ==marked==         <mark>           (pymdownx.mark)
/// ^^inserted^^       <ins>            (pymdownx.caret)
/// H^2^O, H~2~O       <sup>, <sub>     (caret, tilde: a word, no spaces)
/// ++ctrl+alt+del++   <kbd> keys       (pymdownx.keys)
/// HTML               <abbr title>     (abbr, with `*[HTML]: …` on the page)
/// :rocket:           🚀, an icon      (pymdownx.emoji, with an index of shortcodes)
/// [Go](a.md){ .md-button }            (attr_list on a link or an image)
/// ```
extension GFMPass {
  /// Everything above, in one paragraph, heading or cell.
  mutating func pythonMarkdownInlines(_ container: CMarkNode, document: CMarkDocument) {
    if container.hasText(containing: 0x5E) {
      pairRuns(of: 0x5E, in: container) { count, inner in
        if count == 2 { return ("<ins>", "</ins>") }
        return inner().contains(where: \.isWhitespace) ? nil : ("<sup>", "</sup>")
      }
    }
    if container.hasText(containing: 0x3D) {
      pairRuns(of: 0x3D, in: container) { count, _ in count == 2 ? ("<mark>", "</mark>") : nil }
    }
    // The pairing split text at each run; the passes below read whole text nodes.
    container.consolidateText()
    if let shortcodes = options.shortcodes, container.hasText(containing: 0x3A) {
      var missing: [String] = []
      Self.markShortcodes(in: container, index: shortcodes, missing: &missing)
      if !missing.isEmpty {
        diagnostics.append(
          body.source.diagnostic(
            .warning, shortcodes.missingIconsMessage(missing), line: max(1, container.startLine), column: 1))
      }
    }
    if container.hasText(containing: 0x2B) { markKeys(in: container) }
    if !abbreviations.isEmpty { markAbbreviations(in: container, terms: abbreviations) }
    if container.hasText(containing: 0x7B) { readAttributeLists(in: container, document: document) }
  }

  /// `++ctrl+alt+del++` in each text node below `parent`.
  private func markKeys(in parent: CMarkNode, depth: Int = 0) {
    var cursor = parent.firstChild
    while let node = cursor {
      cursor = node.next
      switch node.kind {
      case .emphasis, .strong, .customInline, .link:
        if depth < Self.maximumInlineDepth { markKeys(in: node, depth: depth + 1) }
      case .text where node.literalContains("++"):
        let literal = node.literalBytes
        let found = KeyCombination.all(in: literal)
        guard !found.isEmpty else { continue }
        Self.replace(node, literal: literal, pieces: found.map { ($0.range, $0.html) })
      default: break
      }
    }
  }

  /// Each abbreviation's term, as a word, in each text node below `parent`.
  private func markAbbreviations(in parent: CMarkNode, terms: [Abbreviation], depth: Int = 0) {
    var cursor = parent.firstChild
    while let node = cursor {
      cursor = node.next
      switch node.kind {
      case .emphasis, .strong, .customInline, .link:
        if depth < Self.maximumInlineDepth { markAbbreviations(in: node, terms: terms, depth: depth + 1) }
      case .text:
        let literal = node.literalBytes
        var pieces: [(Range<Int>, String)] = []
        var index = 0
        scan: while index < literal.count {
          if index == 0 || !isWordByte(literal[index - 1]) {
            for abbreviation in terms {
              let term = Array(abbreviation.term.utf8)
              let end = index + term.count
              guard end <= literal.count, literal[index..<end].elementsEqual(term),
                end == literal.count || !isWordByte(literal[end])
              else { continue }
              let html =
                "<abbr title=\"\(escapeHTML(abbreviation.title))\">\(escapeHTML(abbreviation.term))</abbr>"
              pieces.append((index..<end, html))
              index = end
              continue scan
            }
          }
          index += 1
        }
        if !pieces.isEmpty { Self.replace(node, literal: literal, pieces: pieces) }
      default: break
      }
    }
  }

  /// `{ .class #id key="value" }` right after a link or an image: its attributes set on
  /// the element cmark renders (its URL and text escaped and checked by cmark, as any
  /// link's), the block taken out of the text.
  private mutating func readAttributeLists(in parent: CMarkNode, document: CMarkDocument, depth: Int = 0) {
    var cursor = parent.firstChild
    while let node = cursor {
      cursor = node.next
      switch node.kind {
      case .emphasis, .strong, .customInline:
        if depth < Self.maximumInlineDepth { readAttributeLists(in: node, document: document, depth: depth + 1) }
      case .link, .image:
        guard let next = node.next, next.kind == .text else { continue }
        var literal = next.literalBytes
        guard literal.first == 0x7B else { continue }
        // `{: .class }`: Python-Markdown's older spelling.
        if literal.count > 1, literal[1] == 0x3A { literal[1] = 0x20 }
        guard case .success(let block) = parseAttributeBlock(literal[...], at: 0) else { continue }
        var attributes = ""
        var classes: [String] = []
        for attribute in block.attributes {
          switch attribute.kind {
          case .id(let id): attributes += " id=\"\(escapeHTML(id))\""
          case .cssClass(let name): classes.append(name)
          case .pair(key: "class", let value?): classes += value.split(separator: " ").map(String.init)
          case .pair(let key, let value):
            if let problem = HTMLAttributeName.problem(key) {
              diagnostics.append(
                body.source.diagnostic(.warning, problem, line: max(1, parent.startLine), column: 1))
              continue
            }
            attributes += " \(escapeHTML(key))=\"\(escapeHTML(value ?? ""))\""
          }
        }
        if !classes.isEmpty { attributes = " class=\"\(escapeHTML(classes.joined(separator: " ")))\"" + attributes }
        let html = document.html(node)
        let tag = node.kind == .link ? "<a" : "<img"
        guard html.hasPrefix(tag),
          let element = CMarkNode.customInline(enter: tag + attributes + html.dropFirst(tag.count))
        else { continue }
        node.insertBefore(element)
        node.unlink()
        let rest = Array(literal[block.end...])
        if rest.isEmpty {
          cursor = next.next
          next.unlink()
        } else {
          next.setLiteral(bytes: rest)
        }
      default: break
      }
    }
  }

  /// Replaces `node` by its literal's pieces: the text between `pieces`, and each piece's
  /// HTML as a custom inline.
  static func replace(_ node: CMarkNode, literal: [UInt8], pieces: [(range: Range<Int>, html: String)]) {
    var last = node
    var copied = 0
    node.setLiteral(bytes: Array(literal[0..<pieces[0].range.lowerBound]))
    for (range, html) in pieces {
      if range.lowerBound > copied, copied > 0,
        let text = CMarkNode.text(String(decoding: literal[copied..<range.lowerBound], as: UTF8.self))
      {
        last.insertAfter(text)
        last = text
      }
      guard let made = CMarkNode.customInline(enter: html) else { continue }
      last.insertAfter(made)
      last = made
      copied = range.upperBound
    }
    if copied < literal.count, let rest = CMarkNode.text(String(decoding: literal[copied...], as: UTF8.self)) {
      last.insertAfter(rest)
    }
  }
}

/// A word byte of Python's `\b`: an ASCII letter, digit or `_`, or any byte of a
/// non-ASCII character.
private func isWordByte(_ byte: UInt8) -> Bool {
  byte >= 0x80 || byte == 0x5F || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
}

/// pymdownx.keys' `++ctrl+alt+del++`: keys joined by `+` between `++`, each a name from
/// the key map (shown as the key is labelled), a single character, or `"quoted text"`.
struct KeyCombination {
  var range: Range<Int>
  var html: String

  /// Every combination in `text`, in order.
  static func all(in text: [UInt8]) -> [KeyCombination] {
    var found: [KeyCombination] = []
    var index = 0
    while index + 4 < text.count {
      guard text[index] == 0x2B, text[index + 1] == 0x2B, let combination = read(text, from: index) else {
        index += 1
        continue
      }
      found.append(combination)
      index = combination.range.upperBound
    }
    return found
  }

  private static func read(_ text: [UInt8], from start: Int) -> KeyCombination? {
    var keys: [(name: String, label: String)] = []
    var index = start + 2
    while true {
      if index < text.count, text[index] == 0x22 {
        guard let close = text[(index + 1)...].firstIndex(of: 0x22), close > index + 1 else { return nil }
        let label = String(decoding: text[(index + 1)..<close], as: UTF8.self)
        keys.append(("", label))
        index = close + 1
      } else {
        let nameEnd = text[index...].firstIndex { !isKeyNameByte($0) } ?? text.count
        guard nameEnd > index else { return nil }
        let name = String(decoding: text[index..<nameEnd], as: UTF8.self)
        keys.append(label(of: name))
        index = nameEnd
      }
      guard index < text.count, text[index] == 0x2B else { return nil }
      if index + 1 < text.count, text[index + 1] == 0x2B {
        let parts = keys.map { key in
          let cssClass = key.name.isEmpty ? "" : " class=\"key-\(escapeHTML(key.name))\""
          return "<kbd\(cssClass)>\(escapeHTML(key.label))</kbd>"
        }
        return KeyCombination(
          range: start..<(index + 2),
          html: "<span class=\"keys\">" + parts.joined(separator: "<span>+</span>") + "</span>")
      }
      index += 1
    }
  }

  /// A key's name in the map and its label: `ctrl` is `control`, labelled `Ctrl`.
  private static func label(of written: String) -> (name: String, label: String) {
    let lowered = written.lowercased()
    let name = aliases[lowered] ?? lowered
    if let label = labels[name] { return (name, label) }
    if name.count == 1 { return (name, written.uppercased()) }
    if name.first == "f", let number = Int(name.dropFirst()), (1...24).contains(number) { return (name, "F\(number)") }
    return (name, written)
  }

  private static func isKeyNameByte(_ byte: UInt8) -> Bool {
    byte == 0x2D || byte == 0x5F || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
  }

  static let aliases: [String: String] = [
    "ctrl": "control", "cmd": "command", "opt": "option", "del": "delete", "ins": "insert", "esc": "escape",
    "return": "enter", "pgup": "page-up", "pgdn": "page-down", "win": "windows", "spacebar": "space",
    "up": "arrow-up", "down": "arrow-down", "left": "arrow-left", "right": "arrow-right", "bksp": "backspace",
    "caps": "caps-lock", "prtsc": "print-screen",
  ]

  static let labels: [String: String] = [
    "control": "Ctrl", "alt": "Alt", "shift": "Shift", "command": "Cmd", "option": "Option", "meta": "Meta",
    "windows": "Win", "super": "Super", "fn": "Fn", "delete": "Del", "insert": "Ins", "escape": "Esc",
    "enter": "Enter", "tab": "Tab", "space": "Space", "backspace": "Backspace", "home": "Home", "end": "End",
    "page-up": "Page Up", "page-down": "Page Down", "arrow-up": "Up", "arrow-down": "Down", "arrow-left": "Left",
    "arrow-right": "Right", "caps-lock": "Caps Lock", "print-screen": "Print Screen", "num-lock": "Num Lock",
    "scroll-lock": "Scroll Lock", "pause": "Pause", "menu": "Menu", "plus": "+", "minus": "-",
  ]
}
