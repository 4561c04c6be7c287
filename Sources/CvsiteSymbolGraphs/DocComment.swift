/// A documentation comment split as DocC reads it: the abstract (its first paragraph),
/// the `- Parameters:` / `- Parameter name:`, `- Returns:` and `- Throws:` items, and
/// the discussion (the rest), with `- Note:` and the other callouts DocC knows as asides.
struct DocComment: Sendable {
  var abstract = ""
  var parameters: [(name: String, description: String)] = []
  var returns: String?
  var throwing: String?
  var discussion = ""

  /// The callouts DocC shows as asides when written as list items.
  static let asides: Set<String> = [
    "attention", "author", "authors", "bug", "complexity", "copyright", "date", "experiment", "important",
    "invariant", "mutatingvariant", "nonmutatingvariant", "note", "postcondition", "precondition", "remark",
    "requires", "seealso", "since", "tip", "todo", "version", "warning",
  ]

  init(_ lines: [String]) {
    // The comment's common indentation goes (`///   text` keeps its spaces).
    let indentation = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    let lines = lines.map { String($0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count))) }
    var index = 0
    // The abstract: the first paragraph.
    while index < lines.count, lines[index].allSatisfy(\.isWhitespace) { index += 1 }
    var abstract: [String] = []
    while index < lines.count, !lines[index].allSatisfy(\.isWhitespace), !Self.isItem(lines[index]) {
      abstract.append(lines[index].trimmingSpaces)
      index += 1
    }
    self.abstract = abstract.joined(separator: "\n")
    var rest: [String] = []
    var inFence = false
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingSpaces
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
      guard !inFence, line.hasPrefix("- ") || line.hasPrefix("* "), let (tag, value) = Self.tag(of: line) else {
        rest.append(line)
        index += 1
        continue
      }
      // The item's text: its first line's rest and the indented lines after it.
      var body = [value]
      index += 1
      while index < lines.count, lines[index].hasPrefix("  ") || lines[index].allSatisfy(\.isWhitespace) {
        if lines[index].allSatisfy(\.isWhitespace), index + 1 < lines.count, !lines[index + 1].hasPrefix("  ") { break }
        body.append(String(lines[index].dropFirst(min(2, lines[index].prefix { $0 == " " }.count))))
        index += 1
      }
      let text = body.joined(separator: "\n").trimmingSpaces
      let lowered = tag.lowercased()
      if lowered == "parameters" {
        // Nested `- name: description` items.
        for item in Self.items(text) { parameters.append(item) }
      } else if lowered.hasPrefix("parameter ") {
        parameters.append((String(tag.dropFirst("parameter ".count)).trimmingSpaces, text))
      } else if lowered == "returns" {
        returns = text
      } else if lowered == "throws" {
        throwing = text
      } else if Self.asides.contains(lowered.replacingASCII([0x20: ""])) {
        rest.append("> \(tag): " + text.replacingASCII([0x0A: "\n> "]))
        rest.append("")
      } else {
        rest.append(line)
        rest += body.dropFirst().map { "  " + $0 }
      }
    }
    discussion = rest.joined(separator: "\n").trimmingEnds(of: "\n ")
  }

  /// Whether `line` is a callout item (`- Returns: …`).
  static func isItem(_ line: String) -> Bool {
    (line.hasPrefix("- ") || line.hasPrefix("* ")) && tag(of: line) != nil
  }

  /// The callout's name and the rest of its first line: `- Parameter x: text` gives
  /// (`Parameter x`, `text`).
  static func tag(of line: String) -> (String, String)? {
    let item = line.dropFirst(2)
    guard let colon = item.firstIndex(of: ":") else { return nil }
    let tag = String(item[..<colon]).trimmingSpaces
    let lowered = tag.lowercased()
    guard
      lowered == "parameters" || lowered == "returns" || lowered == "throws" || lowered.hasPrefix("parameter ")
        || asides.contains(lowered.replacingASCII([0x20: ""]))
    else { return nil }
    return (tag, String(item[item.index(after: colon)...]).trimmingSpaces)
  }

  /// The `- name: description` items of a `- Parameters:` list.
  static func items(_ text: String) -> [(name: String, description: String)] {
    var items: [(name: String, description: String)] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingSpaces
      if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* "), let colon = trimmed.firstIndex(of: ":") {
        let name = String(trimmed.dropFirst(2)[..<colon]).trimmingSpaces
        items.append((name, String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces))
      } else if !items.isEmpty, !trimmed.isEmpty {
        items[items.count - 1].description += "\n" + trimmed
      }
    }
    return items
  }
}

extension StringProtocol {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    trimming { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
  }

  /// Without the characters of `set` (ASCII) at either end.
  func trimmingEnds(of set: String) -> String {
    let bytes = Set(set.utf8)
    return trimming { bytes.contains($0) }
  }

  /// Without the bytes `drops` holds at either end (ASCII bytes: a cut never falls
  /// inside a character).
  private func trimming(_ drops: (UInt8) -> Bool) -> String {
    let text = String(self)
    let utf8 = text.utf8
    guard let first = utf8.firstIndex(where: { !drops($0) }), let last = utf8.lastIndex(where: { !drops($0) })
    else { return "" }
    return String(text[first...last])
  }
}
