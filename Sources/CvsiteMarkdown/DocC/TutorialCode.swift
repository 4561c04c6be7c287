/// `@Code(name: "Shop.swift", file: "shop-02.swift", previousFile: "shop-01.swift")`, a
/// step's code in a DocC tutorial: the file shown under its name, the lines changed
/// since the previous file marked.
struct TutorialCode {
  /// The line's indentation, which the code block keeps.
  var indent: ArraySlice<UInt8>
  var name: String?
  var file: String
  var previousFile: String?

  /// The code block's language, from the file's extension.
  var language: String {
    guard let dot = file.lastIndex(of: ".") else { return "" }
    let suffix = file[file.index(after: dot)...].lowercased()
    return suffix.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" } ? suffix : ""
  }

  /// The `@Code` of `text`; nil for another line, or one without its `file`.
  init?(_ text: ArraySlice<UInt8>) {
    var start = text.startIndex
    while start < text.endIndex, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
    guard text[start...].starts(with: "@Code(".utf8) else { return nil }
    let arguments = DocCDirectiveLines.arguments(text[start...])
    guard let file = arguments.first(where: { $0.label == "file" })?.value, !file.isEmpty else { return nil }
    indent = text[text.startIndex..<start]
    self.file = file
    name = arguments.first { $0.label == "name" }?.value
    previousFile = arguments.first { $0.label == "previousFile" }?.value
  }

  /// The lines of `lines` (numbered from 1) that a longest common subsequence with
  /// `previous` leaves out: those added or changed. Nothing for files too large to
  /// compare (over four million pairs of lines).
  static func insertedLines(_ lines: [ArraySlice<UInt8>], since previous: [ArraySlice<UInt8>]) -> [Int] {
    let (n, m) = (lines.count, previous.count)
    guard n > 0, n * max(m, 1) <= 4_000_000 else { return [] }
    // lengths[i][j]: the common subsequence of lines[i...] and previous[j...].
    var lengths = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] =
          lines[i] == previous[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var inserted: [Int] = []
    var (i, j) = (0, 0)
    while i < n {
      if j < m, lines[i] == previous[j] {
        (i, j) = (i + 1, j + 1)
      } else if j < m, lengths[i][j + 1] >= lengths[i + 1][j] {
        j += 1
      } else {
        inserted.append(i + 1)
        i += 1
      }
    }
    return inserted
  }

  /// The longest run of backticks in `lines`.
  static func longestBacktickRun(_ lines: [ArraySlice<UInt8>]) -> Int {
    var longest = 0
    for line in lines {
      var run = 0
      for byte in line {
        run = byte == UInt8(ascii: "`") ? run + 1 : 0
        longest = max(longest, run)
      }
    }
    return longest
  }
}
