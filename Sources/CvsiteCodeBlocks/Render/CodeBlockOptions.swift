import CvsiteCore

/// What a fence's info string says about its block: ` ```swift title="Package.swift" {3,5-7} `.
public struct CodeBlockOptions: Equatable, Sendable {
  /// The language as written (the info string's first word), `nil` when there is none.
  public var language: String?
  public var title: String?
  /// 1-based line numbers of the block, as written (before `startLine`).
  public var marked: Set<Int> = []
  public var inserted: Set<Int> = []
  public var deleted: Set<Int> = []
  public var showLineNumbers = false
  public var startLine = 1
  public var wrap = false
  /// Values after the language that are not the block's own (`label=npm`, `default`): the
  /// container values the block's subview carries, typed by the caller against its theme.
  public var otherValues: [WrittenValue] = []

  /// A `name[=value]` written in an info string that is not one of ``names``.
  public struct WrittenValue: Equatable, Sendable {
    public var name: String
    /// `nil` for a bare flag.
    public var value: String?
    /// The byte offset of the name in the info string.
    public var offset: Int
  }

  /// The values an info string may carry after the language.
  public static let names = [
    "title", "mark", "ins", "del", "showLineNumbers", "startLine", "wrap", "hl_lines", "linenums",
  ]

  /// A problem in an info string: its message and the byte offset in the info string.
  public struct Problem: Equatable, Sendable {
    public var message: String
    public var offset: Int
    public var suggestion: String?
    /// What is only not read (another generator's syntax), rather than wrong.
    public var isWarning = false
  }

  /// Expressive Code's (Starlight's) options that change how a block is framed or folded,
  /// not what it shows: read and set aside.
  /// `lang` (the language a `diff` block's lines are in) is set aside too.
  static let framingNames: Set<String> = [
    "frame", "collapse", "collapseStyle", "preserveIndent", "hangingIndent", "lang", "useDiffSyntax",
  ]

  /// Reads `info`; `lineCount` is the number of lines of the block (for range checks).
  public static func parse(_ info: String, lineCount: Int) -> (CodeBlockOptions, [Problem]) {
    var options = CodeBlockOptions()
    // Most info strings are a language and nothing else.
    if info.utf8.allSatisfy({
      $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "{") && $0 != UInt8(ascii: ":")
    }) {
      if !info.isEmpty { options.language = info }
      return (options, [])
    }
    var problems: [Problem] = []
    let bytes = Array(info.utf8)
    var index = 0
    // Expressive Code's marks on text within lines: set aside, with a warning.
    func textMarkNotRead(_ written: String, at offset: Int) {
      problems.append(
        Problem(
          message: "marks on text within lines (`\(written)`) are not read: the block is shown without them",
          offset: offset, isWarning: true))
    }
    func skipSpace() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
    // Inside pymdownx.superfences' braced form.
    var braced = false
    func word() -> String {
      let start = index
      while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != UInt8(ascii: "="),
        bytes[index] != UInt8(ascii: "{"), !braced || bytes[index] != UInt8(ascii: "}")
      {
        index += 1
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
    skipSpace()
    // pymdownx.superfences' braced form, `{ .sh .no-copy #id hl_lines="2" }`: the first
    // class is the language, the other classes are set aside, the pairs read as below.
    if index < bytes.count, bytes[index] == UInt8(ascii: "{"), isAttributeList(bytes[(index + 1)...]) {
      braced = true
      index += 1
      skipSpace()
      while index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "#") {
        let sigil = bytes[index]
        index += 1
        let name = word()
        if sigil == UInt8(ascii: "."), options.language == nil, !name.isEmpty { options.language = name }
        skipSpace()
      }
    } else if index < bytes.count, bytes[index] != UInt8(ascii: "{") {
      let start = index
      let language = word()
      // ` ``` title="x" `: no language, the first word is an option's name.
      if index < bytes.count, bytes[index] == UInt8(ascii: "="), names.contains(language) {
        index = start
      } else if !language.isEmpty {
        // `swift{3}`: lines right after the language, as VitePress writes them.
        options.language = language
        // VitePress' `ts:line-numbers`, `ts:line-numbers=5` and `ts:no-line-numbers`.
        if let colon = language.firstIndex(of: ":") {
          let flag = language[language.index(after: colon)...]
          if flag == "line-numbers" || flag == "no-line-numbers" {
            options.language = String(language[..<colon])
            options.showLineNumbers = flag == "line-numbers"
            if flag == "line-numbers", index < bytes.count, bytes[index] == UInt8(ascii: "=") {
              index += 1
              let first = word()
              if let number = Int(first), number >= 0 {
                options.startLine = number
              } else {
                problems.append(
                  Problem(
                    message: "`line-numbers=` is the first line's number, like `ts:line-numbers=5`", offset: start))
              }
            }
          }
        }
      }
    }
    // `lenient`: lines past the block are a warning (Python-Markdown ignores them).
    func ranges(_ text: String, at offset: Int, into set: inout Set<Int>, lenient: Bool = false) {
      for part in text.split(separator: ",") {
        var piece = part.trimmingCharacters(in: " ")
        // Expressive Code's labelled ranges, `"A":3-5`: the lines, without the label.
        if piece.hasPrefix("\""), let colon = piece.range(of: "\":") {
          piece = String(piece[colon.upperBound...]).trimmingCharacters(in: " ")
        }
        let bounds = piece.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds.last!), low >= 1,
          low <= high
        else {
          problems.append(
            Problem(message: "`\(piece)` is not a line or a range of lines like `3` or `5-7`", offset: offset))
          continue
        }
        guard high <= lineCount else {
          problems.append(
            Problem(
              message: "line \(high) is outside the block, which has \(lineCount) line\(lineCount == 1 ? "" : "s")",
              offset: offset, isWarning: lenient))
          if lenient, low <= lineCount { set.formUnion(low...lineCount) }
          continue
        }
        set.formUnion(low...high)
      }
    }
    while true {
      skipSpace()
      guard index < bytes.count else { break }
      let start = index
      if braced, bytes[index] == UInt8(ascii: "}") {
        index += 1
        continue
      }
      if braced, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "#") {
        // A further class or id of the braced form: styling cvsite does not read.
        index += 1
        _ = word()
        continue
      }
      if bytes[index] == UInt8(ascii: "{") {
        guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
          problems.append(Problem(message: "`{` is not closed", offset: start))
          break
        }
        ranges(String(decoding: bytes[(index + 1)..<close], as: UTF8.self), at: start, into: &options.marked)
        index = close + 1
        continue
      }
      // `'text'`, `"text"` and `/pattern/`: Expressive Code's marks on text within lines.
      if bytes[index] == 0x27 || bytes[index] == 0x22 || bytes[index] == 0x2F {
        let quote = bytes[index]
        let close = bytes[(index + 1)...].firstIndex(of: quote) ?? bytes.count - 1
        textMarkNotRead(String(decoding: bytes[index...close], as: UTF8.self), at: start)
        index = close + 1
        continue
      }
      // `sh [npm]`: the block's title, as VitePress names the tabs of a code group.
      if bytes[index] == UInt8(ascii: "["), options.title == nil,
        let close = bytes[index...].firstIndex(of: UInt8(ascii: "]")), close > index + 1
      {
        options.title = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
        index = close + 1
        continue
      }
      let name = word()
      var value: String?
      if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
        index += 1
        if index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 {
          let quote = bytes[index]
          guard let close = bytes[(index + 1)...].firstIndex(of: quote) else {
            problems.append(Problem(message: "the value of `\(name)` is not closed", offset: index))
            break
          }
          value = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
          index = close + 1
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
          // Expressive Code's `ins=/pattern/`: a mark on text, not lines.
          let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count - 1
          textMarkNotRead("\(name)=" + String(decoding: bytes[index...close], as: UTF8.self), at: start)
          index = close + 1
          continue
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
          let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count - 1
          value = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
          index = close + 1
        } else {
          value = word()
        }
      }
      if name.isEmpty {
        problems.append(
          Problem(message: "a value needs a name before `=`, like `title=\"Package.swift\"`", offset: start))
        continue
      }
      switch name {
      case "title":
        if let value, !value.isEmpty {
          options.title = value
        } else {
          problems.append(Problem(message: "`title` needs a value: `title=\"Package.swift\"`", offset: start))
        }
      case "mark", "ins", "del":
        guard let value else {
          problems.append(Problem(message: "`\(name)` needs lines: `\(name)=3,5-7`", offset: start))
          continue
        }
        // Expressive Code's `ins="text"`: marks on text, not lines.
        if !value.contains(where: \.isNumber) {
          textMarkNotRead("\(name)=\"\(value)\"", at: start)
          continue
        }
        switch name {
        case "mark": ranges(value, at: start, into: &options.marked)
        case "ins": ranges(value, at: start, into: &options.inserted)
        default: ranges(value, at: start, into: &options.deleted)
        }
      case "showLineNumbers", "wrap":
        let flag: Bool
        switch value {
        case nil, "true": flag = true
        case "false": flag = false
        default:
          problems.append(Problem(message: "`\(name)` is `true` or `false`, not `\(value!)`", offset: start))
          continue
        }
        if name == "wrap" { options.wrap = flag } else { options.showLineNumbers = flag }
      case "hl_lines":
        // MkDocs Material's spelling of `mark`: lines separated by spaces.
        guard let value else {
          problems.append(Problem(message: "`hl_lines` needs lines: `hl_lines=\"3 5-7\"`", offset: start))
          continue
        }
        ranges(value.split(separator: " ").joined(separator: ","), at: start, into: &options.marked, lenient: true)
      case "linenums":
        // MkDocs Material's spelling of `startLine`: numbered from the value.
        guard let value, let number = Int(value), number >= 0 else {
          problems.append(
            Problem(message: "`linenums` is the first line's number, like `linenums=\"1\"`", offset: start))
          continue
        }
        options.startLine = max(1, number)
        options.showLineNumbers = true
      case _ where framingNames.contains(name):
        continue
      case "startLine", "startLineNumber":
        guard let value, let number = Int(value), number >= 0 else {
          problems.append(Problem(message: "`startLine` is a whole number, like `startLine=40`", offset: start))
          continue
        }
        options.startLine = number
        options.showLineNumbers = true
      default:
        options.otherValues.append(WrittenValue(name: name, value: value, offset: start))
      }
    }
    return (options, problems)
  }
}

/// Whether the text after a `{` reads as an attribute list (`.class`, `#id` or a
/// `name=value` first), not as line ranges (`{3,5-7}`).
private func isAttributeList(_ bytes: ArraySlice<UInt8>) -> Bool {
  guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
  return first == UInt8(ascii: ".") || first == UInt8(ascii: "#") || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A)
}

extension String {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    String(self).trimmingCharacters(in: character)
  }
}
