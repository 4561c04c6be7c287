import CvsiteTestSupport

/// A site of pages made from every construct cvsite reads, in seeded combinations,
/// mistakes among them: the same files for the same seed, on every machine.
enum JunkSite {
  /// The site's files (`cvsite.yml` is added by ``TemporarySite/init(site:config:)``).
  static func files(pages: Int, seed: UInt64) -> [String: String] {
    var random = SeededRandom(seed: seed)
    var files: [String: String] = ["content/_index.md": "---\ntitle: Junk\n---\nThe home page.\n"]
    let folders = ["", "guide/", "guide/deep/", "blog/", "ref/"]
    for index in 0..<pages {
      let folder = folders[random.below(folders.count)]
      let name = index % 17 == 0 ? "\(folder)_index.md" : "\(folder)page-\(index).md"
      var text = frontMatter(index, &random)
      for _ in 0..<(2 + random.below(8)) { text += blocks[random.below(blocks.count)](index, &random) + "\n" }
      if index % 11 == 0 { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
      files["content/" + name] = text
    }
    files["static/logo.txt"] = "logo\n"
    return files
  }

  static func frontMatter(_ index: Int, _ random: inout SeededRandom) -> String {
    var lines = ["---"]
    if random.below(5) > 0 {
      lines.append("title: \"Page \(index) \(["ünïcødé", "a & b", "<tag>", "plain"][random.below(4)])\"")
    }
    if random.below(3) == 0 { lines.append("date: 2024-0\(1 + random.below(9))-1\(random.below(10))") }
    if random.below(4) == 0 { lines.append("weight: \(random.below(20) - 5)") }
    if random.below(4) == 0 {
      lines.append(
        "tags: [\(["swift", "Swift", "docs", "c++", "ünï"].shuffled(&random).prefix(2).joined(separator: ", "))]")
    }
    if random.below(9) == 0 { lines.append("draft: true") }
    if random.below(12) == 0 { lines.append("date: 2024-02-30") }
    if random.below(12) == 0 { lines.append("titel: misspelt") }
    if random.below(10) == 0 { lines.append("description: A page about \(index).") }
    if random.below(15) == 0 { lines.append("aliases: [/old-\(index)/]") }
    lines.append("---")
    return lines.joined(separator: "\n") + "\n"
  }

  typealias Block = @Sendable (Int, inout SeededRandom) -> String

  static let blocks: [Block] = [
    { index, random in "# Heading \(index) {#h-\(index)-\(random.below(3))}\n" },
    { _, random in "## Section \(random.below(5))\n\nText with *emphasis*, `code`, **strong** and ~~strike~~.\n" },
    { _, random in
      "Paragraph \(random.below(100)) with a [link](/guide/) and a [broken one](/nowhere-\(random.below(3))/).\n"
    },
    { _, _ in "See [the guide](../guide/page-1.md#section-1) and <https://example.com>.\n" },
    { _, random in "```swift {\(1 + random.below(3))}\nlet x = \(random.below(9))\nprint(x)\n```\n" },
    { _, _ in "```console\n$ cvsite build\nBuilt.\n```\n" },
    { _, _ in "```\n```\n" },
    { _, random in "| a | b |\n|---|:-:|\n| \(random.below(9)) | x |\n| y | z |\n" },
    { _, _ in "- [ ] todo\n- [x] done\n  - nested\n" },
    { index, _ in "Text with a note[^n\(index)] and a missing one[^gone].\n\n[^n\(index)]: The note.\n" },
    { _, random in ":::tabs\n## One\nFirst \(random.below(9)).\n## Two {default=true}\nSecond.\n:::\n" },
    { _, _ in ":::cards{cols=2}\n## Card {badge=new href=/guide/}\nA card.\n## Other {badge=shiny}\nBad badge.\n:::\n"
    },
    { _, _ in ":::steps\n## Install {status=done}\nDone.\n## Build {status=current}\nNow.\n:::\n" },
    { _, _ in ":::callout{kind=warning}\nCareful.\n:::\n" },
    { _, _ in "> [!NOTE]\n> A GitHub note.\n" },
    { _, _ in ":::nosuch\nUnknown container.\n:::\n" },
    { _, _ in ":::tabs\n## Unclosed\nThe fence never closes.\n" },
    { _, _ in "<div onclick=\"x()\">raw</div>\n\n<script>alert(1)</script>\n" },
    { _, _ in "[js](javascript:alert(1)) and ![img](missing.png)\n" },
    { _, random in "Control \u{1} character, U+FFFE \u{FFFE}, tab\there, \(random.below(9)) &amp; &lt;.\n" },
    { _, _ in "Term\n: A definition list line that GFM reads as text.\n" },
    { _, _ in "    indented code\n    block\n" },
    { _, random in String(repeating: "Long line of words to fill a summary. ", count: 5 + random.below(10)) + "\n" },
    { _, random in
      "!!! warning \"Mind \(random.below(9))\"\n    Body with [a link](/nowhere/).\n\n    ```sh\n    echo hi\n    ```\n"
    },
    { _, _ in "=== \"Linux\"\n\n    apt\n\n=== \"macOS\"\n    brew\n" },
    { _, _ in "??? tip\n    Folded.\nText right after.\n\n!!! nosuchtype\n    An unknown kind.\n" },
    { _, _ in "- item\n\n    !!! note\n        In a list item.\n" },
  ]
}

extension Array {
  /// The elements in an order `random` chooses.
  fileprivate func shuffled(_ random: inout SeededRandom) -> [Element] {
    var copy = self
    for index in copy.indices.reversed() where index > 0 { copy.swapAt(index, random.below(index + 1)) }
    return copy
  }
}
