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
  /// `previous` leaves out: those added or changed. The lines both files begin and end
  /// with are matched first, in linear time, so a step that adds or edits a few lines of
  /// a large file costs what the files hold. When what remains between them is too large
  /// to compare (over ``maximumPairs`` pairs of lines), all of it is marked, never none.
  static func insertedLines(_ lines: [ArraySlice<UInt8>], since previous: [ArraySlice<UInt8>]) -> [Int] {
    var (low, high, previousHigh) = (0, lines.count, previous.count)
    while low < high, low < previousHigh, lines[low] == previous[low] { low += 1 }
    while high > low, previousHigh > low, lines[high - 1] == previous[previousHigh - 1] {
      high -= 1
      previousHigh -= 1
    }
    let middle = lines[low..<high]
    let previousMiddle = previous[low..<previousHigh]
    if middle.isEmpty { return [] }
    guard !previousMiddle.isEmpty, middle.count * previousMiddle.count <= maximumPairs else {
      return Array((low + 1)...high)
    }
    return longestCommonGaps(Array(middle), Array(previousMiddle)).map { $0 + low + 1 }
  }

  /// The most pairs of lines ``insertedLines(_:since:)`` compares between the parts of
  /// two files that differ.
  static let maximumPairs = 4_000_000

  /// The offsets in `lines` that a longest common subsequence with `previous` leaves out.
  private static func longestCommonGaps(_ lines: [ArraySlice<UInt8>], _ previous: [ArraySlice<UInt8>]) -> [Int] {
    let (n, m) = (lines.count, previous.count)
    // Lines compared as numbers: equal lines get the same one.
    var numbers: [ArraySlice<UInt8>: Int32] = [:]
    var new: [Int32] = []
    new.reserveCapacity(n)
    for line in lines {
      let number = numbers[line] ?? Int32(numbers.count)
      numbers[line] = number
      new.append(number)
    }
    let old = previous.map { numbers[$0] ?? -1 }
    // lengths[i * (m + 1) + j]: the common subsequence of new[i...] and old[j...].
    var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i * (m + 1) + j] =
          new[i] == old[j]
          ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
      }
    }
    var gaps: [Int] = []
    var (i, j) = (0, 0)
    while i < n {
      if j < m, new[i] == old[j] {
        (i, j) = (i + 1, j + 1)
      } else if j < m, lengths[i * (m + 1) + j + 1] >= lengths[(i + 1) * (m + 1) + j] {
        j += 1
      } else {
        gaps.append(i)
        i += 1
      }
    }
    return gaps
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
