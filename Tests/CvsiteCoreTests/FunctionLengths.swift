/// The functions and initialisers of a Swift source, each with the line it starts on
/// and how many lines it spans, from its declaration to its closing brace. Strings and
/// comments are skipped, so a brace inside them does not count.
enum FunctionLengths {
  struct Function: Equatable {
    var name: String
    var line: Int
    var lines: Int
  }

  static func functions(in source: String) -> [Function] {
    let code = blanked(Array(source.utf8))
    var found: [Function] = []
    var lineStarts = [0]
    for (offset, byte) in code.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    for (number, start) in lineStarts.enumerated() {
      guard let name = declaredName(in: code, from: start) else { continue }
      guard let open = code[start...].firstIndex(of: UInt8(ascii: "{")),
        let close = matchingBrace(in: code, from: open)
      else { continue }
      let endLine = lineStarts.lastIndex { $0 <= close } ?? number
      found.append(Function(name: name, line: number + 1, lines: endLine - number + 1))
    }
    return found
  }

  /// The name of the function or initialiser declared on the line at `start`, if any:
  /// attributes and modifiers first, then `func name` or `init`.
  private static func declaredName(in code: [UInt8], from start: Int) -> String? {
    let end = code[start...].firstIndex(of: 0x0A) ?? code.endIndex
    let words = String(decoding: code[start..<end], as: UTF8.self).split { $0 == " " || $0 == "\t" }
    let modifiers: Set<Substring> = [
      "public", "private", "fileprivate", "internal", "package", "static", "class", "mutating", "nonmutating",
      "nonisolated", "override", "final", "convenience", "required", "consuming", "borrowing",
    ]
    var index = 0
    while index < words.count, words[index].hasPrefix("@") || modifiers.contains(words[index]) { index += 1 }
    guard index < words.count else { return nil }
    if words[index] == "func", index + 1 < words.count {
      return String(words[index + 1].prefix { $0 != "(" && $0 != "<" })
    }
    if words[index].hasPrefix("init(") || words[index].hasPrefix("init?(") || words[index].hasPrefix("init<") {
      return "init"
    }
    return nil
  }

  private static func matchingBrace(in code: [UInt8], from open: Int) -> Int? {
    var depth = 0
    for index in open..<code.count {
      if code[index] == UInt8(ascii: "{") { depth += 1 }
      if code[index] == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// `source` with every string literal and comment turned into spaces, line breaks kept.
  static func blanked(_ source: [UInt8]) -> [UInt8] {
    var code = source
    var index = 0
    func blank(_ range: Range<Int>) {
      for offset in range where code[offset] != 0x0A { code[offset] = 0x20 }
    }
    func starts(_ text: String, at offset: Int) -> Bool {
      let bytes = Array(text.utf8)
      return offset + bytes.count <= source.count && Array(source[offset..<offset + bytes.count]) == bytes
    }
    while index < source.count {
      if starts("//", at: index) {
        let end = source[index...].firstIndex(of: 0x0A) ?? source.count
        blank(index..<end)
        index = end
      } else if starts("/*", at: index) {
        var end = index + 2
        while end < source.count, !starts("*/", at: end) { end += 1 }
        end = min(source.count, end + 2)
        blank(index..<end)
        index = end
      } else if starts("\"\"\"", at: index) {
        var end = index + 3
        while end < source.count, !starts("\"\"\"", at: end) { end += source[end] == 0x5C ? 2 : 1 }
        end = min(source.count, end + 3)
        blank(index..<end)
        index = end
      } else if source[index] == UInt8(ascii: "\"") {
        var end = index + 1
        while end < source.count, source[end] != UInt8(ascii: "\""), source[end] != 0x0A {
          end += source[end] == 0x5C ? 2 : 1
        }
        end = min(source.count, end + 1)
        blank(index..<end)
        index = end
      } else {
        index += 1
      }
    }
    return code
  }
}
