import ContainerViews
import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

/// MkDocs' blocks as Python-Markdown reads them: generated documents of admonitions,
/// collapsible blocks and content tabs, nested in each other and in lists, with fences
/// inside, are rendered by Python-Markdown with the pymdownx extensions MkDocs Material
/// uses and by cvsite, and compared as outlines (`Tests/differential/python_markdown.py`):
/// the same callouts with the same titles and folding, the same tab groups with the same
/// labels, the same paragraphs, list items and code, in the same nesting.
@Suite struct PythonMarkdownDifferentialTests {
  static let documentCount = 240

  @Test func generatedDocumentsOutlineAsPythonMarkdown() throws {
    let python = try requiredTool("/usr/bin/env")
    var generator = MkDocsGenerator(seed: 20_261_127)
    var cases: [[String: String]] = []
    for _ in 0..<Self.documentCount {
      let text = generator.document()
      let page = parse(text, schema: PythonMarkdownBlockTests.schema)
      #expect(page.diagnostics.isEmpty, "\(text)\n\(page.diagnostics)")
      cases.append(["markdown": text, "cvsite": renderHTML(page.body)])
    }
    let data = try withTemporaryFolder { folder in
      let input = folder.appendingPathComponent("cases.json")
      try JSONSerialization.data(withJSONObject: cases).write(to: input)
      return try Self.run(python, input: input)
    }
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(report["compared"] as? Int == Self.documentCount)
    #expect(report["mismatchCount"] as? Int == 0, "\(report["mismatches"] ?? "")")
  }

  /// Marks, keys, abbreviations, definition lists, attribute lists and Markdown in HTML,
  /// read in MkDocs pages, compared with Python-Markdown's extensions as elements and text.
  @Test func generatedInlineDocumentsReadAsPythonMarkdown() throws {
    let python = try requiredTool("/usr/bin/env")
    var generator = PythonMarkdownInlineGenerator(seed: 20_261_127)
    var options = MarkdownOptions(allowRawHTML: true)
    options.dialect = .mkdocs
    // Python-Markdown publishes raw HTML as written.
    options.trustsRawHTML = true
    var cases: [[String: String]] = []
    for _ in 0..<Self.documentCount {
      let text = generator.document()
      let page = parse(text, schema: PythonMarkdownBlockTests.schema, options: options)
      #expect(page.diagnostics.isEmpty, "\(text)\n\(page.diagnostics)")
      cases.append(["markdown": text, "cvsite": renderHTML(page.body)])
    }
    let data = try withTemporaryFolder { folder in
      let input = folder.appendingPathComponent("cases.json")
      try JSONSerialization.data(withJSONObject: cases).write(to: input)
      return try Self.run(python, input: input, mode: "inline")
    }
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(report["compared"] as? Int == Self.documentCount)
    #expect(report["mismatchCount"] as? Int == 0, "\(report["mismatches"] ?? "")")
  }

  /// Runs the comparing script on the cases in `input`; its JSON report.
  static func run(_ env: URL, input: URL, mode: String? = nil) throws -> Data {
    let script = repositoryRoot.appendingPathComponent("Tests/differential/python_markdown.py")
    let process = Process()
    process.executableURL = env
    process.arguments = ["python3", script.path, input.path] + (mode.map { [$0] } ?? [])
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // Python-Markdown and pymdown-extensions come from scripts/install-test-deps.sh.
    try #require(process.terminationStatus == 0, "python_markdown.py failed: \(problem)")
    return data
  }
}

/// Random MkDocs documents: paragraphs, lists, fences, admonitions (`!!!`, `???`,
/// `???+`, titled, untitled, by type alias) and tab groups, nested up to three deep.
struct MkDocsGenerator {
  var random: SeededRandom
  private var labelNumber = 0

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  static let words = ["alpha", "beta", "gamma", "delta", "install", "build", "serve", "page", "theme", "value"]
  static let types = ["note", "tip", "warning", "danger", "abstract", "info", "success", "question", "bug", "example"]

  mutating func document() -> String {
    blocks(depth: 0, count: 1 + random.below(4)).joined(separator: "\n")
  }

  private mutating func sentence() -> String {
    (0..<(2 + random.below(5))).map { _ in random.pick(Self.words) }.joined(separator: " ")
  }

  private mutating func blocks(depth: Int, count: Int) -> [String] {
    var result: [String] = []
    var lastWasList = false
    for _ in 0..<count {
      let choice = depth >= 3 ? random.below(3) : random.below(6)
      // Two lists in a row would be one list, two tab groups one group: a paragraph
      // goes between them.
      let isList = choice == 1 || choice == 4 || choice == 5
      if lastWasList, isList {
        result.append(sentence() + ".\n")
        lastWasList = false
        continue
      }
      switch choice {
      case 0: result.append(sentence() + ".\n")
      case 1: result.append((0..<(1 + random.below(3))).map { _ in "- " + sentence() + "\n" }.joined())
      case 2: result.append("```python\nprint(\"\(random.pick(Self.words))\")\n!!! note\n```\n")
      case 3: result.append(admonition(depth: depth))
      case 4: result.append(tabs(depth: depth))
      default:
        // A block in a list item, four columns in.
        result.append("- " + sentence() + "\n\n" + indented(admonition(depth: depth + 1)))
      }
      lastWasList = isList
    }
    return result
  }

  private func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
      .joined(separator: "\n")
  }

  private mutating func body(depth: Int) -> String {
    let inner = blocks(depth: depth + 1, count: 1 + random.below(3)).joined(separator: "\n")
    return (random.below(3) == 0 ? "\n" : "") + indented(inner)
  }

  private mutating func admonition(depth: Int) -> String {
    let marker = random.pick(["!!!", "!!!", "???", "???+"])
    let type = random.pick(Self.types)
    let title = random.pick(["", " \"\"", " \"" + sentence() + "\""])
    return "\(marker) \(type)\(title)\n" + body(depth: depth)
  }

  private mutating func tabs(depth: Int) -> String {
    (0..<(1 + random.below(3))).map { _ in
      labelNumber += 1
      return "=== \"Tab \(labelNumber)\"\n" + body(depth: depth)
    }.joined(separator: "\n")
  }
}

/// Random MkDocs documents of paragraphs holding pymdownx's marks and keys, abbreviated
/// words, links with attribute lists, definition lists (tight and loose, several terms and
/// definitions), and Markdown inside `<div markdown>`.
struct PythonMarkdownInlineGenerator {
  var random: SeededRandom

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  static let words = ["alpha", "beta", "gamma", "delta", "install", "build", "serve", "page", "theme", "value"]
  static let abbreviations = [
    "HTML": "Hypertext Markup Language", "CSS": "Cascading Style Sheets", "W3C": "Web Consortium",
  ]
  static let keys = ["ctrl", "alt", "shift", "enter", "tab", "a", "x"]

  mutating func document() -> String {
    var used = Set<String>()
    var blocks: [String] = []
    var lastWasDefinitions = false
    for _ in 0..<(1 + random.below(4)) {
      switch random.below(3) {
      case 0:
        blocks.append(paragraph(&used))
        lastWasDefinitions = false
      case 1:
        // Two definition lists in a row would be one: a paragraph goes between them.
        if lastWasDefinitions { blocks.append(paragraph(&used)) }
        blocks.append(definitions(&used))
        lastWasDefinitions = true
      default:
        blocks.append("<div markdown>\n" + paragraph(&used) + "</div>\n")
        lastWasDefinitions = false
      }
    }
    let definitions = used.sorted().map { "*[\($0)]: \(Self.abbreviations[$0]!)\n" }.joined()
    return blocks.joined(separator: "\n") + (definitions.isEmpty ? "" : "\n" + definitions)
  }

  private mutating func phrase(_ used: inout Set<String>) -> String {
    let word = random.pick(Self.words)
    switch random.below(10) {
    case 0: return "==\(word) \(random.pick(Self.words))=="
    case 1: return "^^\(word)^^"
    case 2: return "~~\(word) \(random.pick(Self.words))~~"
    case 3: return "H~\(random.below(9))~O"
    case 4: return "x^\(random.below(9))^"
    case 5:
      return "++" + (0..<(1 + random.below(3))).map { _ in random.pick(Self.keys) }.joined(separator: "+") + "++"
    case 6:
      let term = random.pick(Self.abbreviations.keys.sorted())
      used.insert(term)
      return term
    case 7: return "[\(word)](\(word).md){ .md-button }"
    default: return word
    }
  }

  private mutating func sentence(_ used: inout Set<String>) -> String {
    (0..<(2 + random.below(5))).map { _ in phrase(&used) }.joined(separator: " ")
  }

  private mutating func paragraph(_ used: inout Set<String>) -> String { sentence(&used) + ".\n" }

  private mutating func definitions(_ used: inout Set<String>) -> String {
    var text = ""
    for entry in 0..<(1 + random.below(2)) {
      if entry > 0 { text += "\n" }
      text += (0..<(1 + random.below(2))).map { _ in random.pick(Self.words).capitalized + "\n" }.joined()
      var continued = false
      for definition in 0..<(1 + random.below(2)) {
        // A definition right after another's second paragraph nests in Python-Markdown
        // as no one writes it: a blank line goes before it there.
        if random.below(2) == 0 || definition > 0 && continued { text += "\n" }
        text += ":   " + sentence(&used) + ".\n"
        continued = random.below(3) == 0
        if continued { text += "\n    " + sentence(&used) + ".\n" }
      }
    }
    return text
  }
}
