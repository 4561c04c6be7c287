import CvsiteTestSupport

/// Builds documents that use every GFM extension (tables, task lists, strikethrough,
/// extended autolinks, footnotes) mixed with plain CommonMark blocks: the inputs of the
/// differential test against `cmark-gfm`.
struct GFMGenerator {
  var plain: CommonMarkGenerator
  var footnoteLabels: [String] = []

  init(seed: UInt64) { plain = CommonMarkGenerator(seed: seed) }

  mutating func pick<T>(_ options: [T]) -> T { plain.pick(options) }
  mutating func chance(_ percent: Int) -> Bool { plain.chance(percent) }
  mutating func count(_ upTo: Int) -> Int { 1 + Int(plain.random.next() % UInt64(upTo)) }

  mutating func inline() -> String {
    switch Int(plain.random.next() % 10) {
    case 0: return pick(["~~gone~~", "~one~", "~~a *b* c~~", "a~~b~~c", "~~~three~~~", "~~open", "x ~~ y"])
    case 1:
      return pick([
        "www.example.com", "www.example.com/path?q=1.", "https://example.org/a_(b)", "(www.x.org)",
        "http://a.b/c?d!", "mail@example.com", "first.last+tag@mail.example.org.", "www.bad_host.com",
        "ftp://files.example.net/x", "x@y",
      ])
    case 2:
      guard !footnoteLabels.isEmpty || chance(30) else { return plain.inline() }
      return "[^" + (footnoteLabels.isEmpty ? "missing" : pick(footnoteLabels)) + "]"
    default: return plain.inline()
    }
  }

  mutating func line() -> String { (0..<count(4)).map { _ in inline() }.joined(separator: " ") }

  mutating func cell() -> String {
    pick([
      "a", "**bold**", "`code`", "`a \\| b`", "x \\| y", "", "[link](/u)", "~~old~~", "www.cell.org", "*em*", "1", "é",
      "[ref]", "<b>x</b>", "a | b",
    ])
  }

  mutating func table() -> String {
    let columns = count(4)
    let outerPipes = chance(70)
    func row(_ cells: [String]) -> String {
      let inner = cells.joined(separator: " | ")
      return outerPipes ? "| " + inner + " |" : inner
    }
    var lines: [String] = []
    if chance(20) { lines.append(line()) }
    lines.append(row((0..<columns).map { _ in pick(["Name", "Value", "*Type*", "`x`", "Notes"]) }))
    lines.append(row((0..<columns).map { _ in pick(["---", ":--", "--:", ":-:", "-"]) }))
    for _ in 0..<Int(plain.random.next() % 4) {
      let width = max(1, columns + pick([0, 0, 0, -1, 1]))
      lines.append(row((0..<width).map { _ in cell() }))
    }
    return lines.joined(separator: "\n")
  }

  mutating func taskList() -> String {
    let marker = pick(["- ", "* ", "1. "])
    return (0..<count(4)).map { _ in
      marker + pick(["[ ] ", "[x] ", "[X] ", "[ ]\t", "[y] ", ""]) + "task "
        + pick(["one", "*two*", "`three`", "~~four~~", "www.five.org", "[link](/u)"])
    }
    .joined(separator: "\n")
  }

  mutating func footnoteDefinition() -> String {
    let label = pick(["1", "note", "Long-Label", "x_y"])
    footnoteLabels.append(label)
    var text = "[^\(label)]: " + line()
    if chance(30) { text += "\n\n    " + line() }
    if chance(15) { text += "\n\n        indented code" }
    return text
  }

  mutating func block(depth: Int) -> String {
    // `cmark-gfm` 0.29.0.gfm.6 reads no task item and no indented footnote continuation
    // inside a block quote; cvsite does (as GitHub renders them), so those stay at the top.
    switch Int(plain.random.next() % 9) {
    case 0, 1: return table()
    case 2 where depth == 0: return taskList()
    case 3 where depth == 0: return footnoteDefinition()
    case 4: return (0..<count(3)).map { _ in line() }.joined(separator: "\n")
    case 5 where depth < 2:
      return blocks(depth: depth + 1, count: count(2)).split(separator: "\n", omittingEmptySubsequences: false)
        .map { "> " + $0 }.joined(separator: "\n")
    case 6 where depth < 2:
      let body = blocks(depth: depth + 1, count: 1).split(separator: "\n", omittingEmptySubsequences: false)
      return body.enumerated().map { $0 == 0 ? "- " + $1 : ($1.isEmpty ? "" : "  " + $1) }.joined(separator: "\n")
    default: return plain.block(depth: 3)
    }
  }

  mutating func blocks(depth: Int, count: Int) -> String {
    (0..<count).map { _ in block(depth: depth) }.joined(separator: "\n\n")
  }

  /// One document; `nil` when it happens to contain cvsite syntax.
  mutating func document() -> String? {
    footnoteLabels = []
    let text = blocks(depth: 0, count: count(6)) + "\n\n[ref]: /target\n"
    let hasCvsiteSyntax = text.split(separator: "\n").contains { line in
      let trimmed = line.drop { $0 == " " || $0 == ">" || $0 == "\t" }
      return trimmed.hasPrefix("::") || line.trimmingTrailing.hasSuffix("}")
    }
    // cvsite reads front matter after blank lines too: such a page is not plain Markdown.
    let frontMatterLike =
      text.split(separator: "\n", omittingEmptySubsequences: false).first {
        !$0.allSatisfy { $0 == " " || $0 == "\t" }
      }?.trimmingTrailing == "---"
    return hasCvsiteSyntax || frontMatterLike ? nil : text
  }
}
