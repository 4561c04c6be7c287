import CvsiteTestSupport

/// Builds plain CommonMark documents (no cvsite syntax) from every block and inline
/// construct, nested, with edge cases: the inputs of the differential test.
struct CommonMarkGenerator {
  var random: SeededRandom

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  mutating func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
  mutating func chance(_ percent: Int) -> Bool { Int(random.next() % 100) < percent }

  static let words = ["alpha", "beta", "gamma", "delta", "x", "foo_bar", "a*b", "2 < 3", "AT&T", "café", "naïve", "日本"]

  mutating func inline() -> String {
    let w = pick(Self.words)
    return pick([
      w, "*\(w)*", "**\(w)**", "_\(w)_", "__\(w)__", "`\(w)`", "``a ` b``", "[\(w)](/url \"title\")", "[\(w)][ref]",
      "![img](/i.png)", "<https://example.com/\(w)>", "<mail@example.com>", "<span>\(w)</span>", "&amp; &copy; &#35;",
      "\\*not emphasis\\*", "\\[x\\]", "a  \nb", "line\\\nbreak", "***strong emph***", "*a **b** c*", "[link *em*](/u)",
      "~~strike~~", "http://bare.example", "foo\tbar", "<!-- comment -->", "1. not list", "# not heading", "a_b_c",
      "*unclosed", "`unclosed", "[unclosed", "**", "&nosuch;", "\\", "<a href=\"x\">", "[](/empty)",
    ])
  }

  mutating func line() -> String { (0..<(1 + Int(random.next() % 5))).map { _ in inline() }.joined(separator: " ") }

  mutating func block(depth: Int) -> String {
    let kinds = depth > 3 ? 7 : 11
    switch Int(random.next() % UInt64(kinds)) {
    case 0, 1: return (0..<(1 + Int(random.next() % 3))).map { _ in line() }.joined(separator: "\n")
    case 2:
      let level = 1 + Int(random.next() % 6)
      let closing = chance(20) ? " " + String(repeating: "#", count: level) : ""
      return String(repeating: "#", count: level) + (chance(5) ? "" : " " + line()) + closing
    case 3: return line() + "\n" + pick(["===", "---", "=", "- - -"])
    case 4:
      let fence = pick(["```", "~~~", "````"])
      return fence + pick(["", "swift", "js extra", "a`b"]) + "\n"
        + pick(["let x = 1", "<b>&</b>", "", "  indented\n\tab"])
        + "\n" + (chance(90) ? fence : "")
    case 5: return "    code line\n    " + pick(["<tag>", "more", "*x*"])
    case 6:
      return pick([
        "***", "---", "___", " * * *", "<div>\n*raw*\n</div>", "<!-- block -->", "<pre>\nx\n</pre>",
        "[ref]: /target \"T\"", "<table><tr><td>x</td></tr></table>", "", "&copy;",
      ])
    case 7, 8:
      let inner = blocks(depth: depth + 1, count: 1 + Int(random.next() % 3))
      let lazy = chance(15)
      return inner.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, text in
        lazy && index > 0 && !text.isEmpty ? String(text) : "> " + text
      }.joined(separator: "\n")
    default:
      let ordered = chance(50)
      let loose = chance(40)
      let start = pick([1, 1, 3, 0, 10])
      var items: [String] = []
      for k in 0..<(1 + Int(random.next() % 4)) {
        let marker = ordered ? "\(start + k)\(pick([".", ")"])) " : pick(["- ", "* ", "+ "])
        let indent = String(repeating: " ", count: marker.count)
        let body = blocks(depth: depth + 1, count: 1 + Int(random.next() % 2))
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let text = lines.enumerated().map { index, text in
          index == 0 ? marker + text : (text.isEmpty ? "" : indent + text)
        }.joined(separator: "\n")
        items.append(text)
      }
      return items.joined(separator: loose ? "\n\n" : "\n")
    }
  }

  mutating func blocks(depth: Int, count: Int) -> String {
    (0..<count).map { _ in block(depth: depth) }.joined(separator: pick(["\n\n", "\n", "\n\n\n"]))
  }

  /// One document; `nil` when it happens to contain cvsite syntax.
  mutating func document() -> String? {
    var text = blocks(depth: 0, count: 1 + Int(random.next() % 6)) + (chance(80) ? "\n" : "")
    if chance(5) { text = text.replacingTabs() }
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

extension String {
  func replacingTabs() -> String { split(separator: " ", omittingEmptySubsequences: false).joined(separator: "\t") }
}

extension Substring {
  var trimmingTrailing: Substring {
    var end = endIndex
    while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
      end = index(before: end)
    }
    return self[startIndex..<end]
  }
}
