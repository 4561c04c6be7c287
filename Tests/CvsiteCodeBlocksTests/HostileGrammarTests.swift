import CvsiteBuiltInFiles
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteCodeBlocks

@Suite("Broken definitions and hostile code")
struct HostileGrammarTests {
  private func languages(_ files: [String: String]) throws -> (CodeLanguages, [String]) {
    let folder = try TemporarySite(files: files)
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let (languages, problems) = CodeLanguages.load(trees: [BuiltInFiles.languageSpecs, .folder(folder.root)])
    return (
      languages,
      problems.map {
        "\(($0.location?.path as NSString?)?.lastPathComponent ?? ""):\($0.location?.line ?? 0): \($0.message)"
      }
    )
  }

  private static func language(_ id: String, _ contexts: String) -> String {
    """
    <?xml version="1.0"?>
    <language id="\(id)" name="\(id)" version="2.0">
      <styles><style id="k" map-to="def:keyword"/></styles>
      <definitions>
        <context id="\(id)">
          <include>
    \(contexts)
          </include>
        </context>
      </definitions>
    </language>
    """
  }

  @Test("a broken definition is a located diagnostic")
  func broken() throws {
    let (_, problems) = try languages([
      "bad.lang": "<language id=\"bad\" version=\"2.0\">\n<definitions>\n<context id=\"bad\">\n</language>\n",
      "ref.lang": Self.language("ref", "<context style-ref=\"k\"><match>\\%{nowhere}</match></context>"),
      "regex.lang": Self.language("regex", "<context style-ref=\"k\"><match>(unclosed</match></context>"),
      "local.lang": Self.language("local", "<context ref=\"locl\"/>"),
    ])
    #expect(
      problems.contains {
        $0.hasPrefix("local.lang:7: ") && $0.contains("`locl` refers to no context (did you mean `local`?)")
      })
    #expect(problems.contains { $0.hasPrefix("bad.lang:4: ") && $0.contains("</language> closes <context>") })
    #expect(
      problems.contains { $0.hasPrefix("ref.lang:7: ") && $0.contains("`\\%{nowhere}` refers to no <define-regex>") })
    #expect(problems.contains { $0.hasPrefix("regex.lang:7: ") && $0.contains("this pattern does not compile") })
  }

  @Test("catastrophic backtracking stops colouring, with a warning, and the block stays whole")
  func backtracking() throws {
    let (languages, problems) = try languages([
      "slow.lang": Self.language("slow", "<context style-ref=\"k\"><match>(a|aa)+$</match></context>")
    ])
    #expect(problems.isEmpty)
    let line = String(repeating: "a", count: 5_000) + "!"
    let output = languages.renderCodeBlock(
      code: Array(repeating: line, count: 20).joined(separator: "\n"), info: "slow")
    #expect(output.problems.contains { $0.message.hasPrefix("colouring stopped at line") })
    #expect(output.html.components(separatedBy: "<span class=\"line\">").count == 21)
  }

  @Test("many places where an expensive pattern could start: the work per search stays bounded")
  func manyCandidates() throws {
    // `\b(?:a|aa)+b` starts at every word and backtracks through each 20-letter word
    // (short of the match limit) before failing; a line holds thousands of such words.
    let (languages, problems) = try languages([
      "words.lang": Self.language("words", "<context style-ref=\"k\"><match>\\b(?:a|aa)+b</match></context>")
    ])
    #expect(problems.isEmpty, "\(problems)")
    let line = Array(repeating: String(repeating: "a", count: 20), count: 4_000).joined(separator: " ")
    let output = languages.renderCodeBlock(code: line + "\nab\n", info: "words")
    #expect(
      output.html.contains("<span class=\"k\">ab</span>")
        || output.problems.contains { $0.message.hasPrefix("colouring stopped") })
    #expect(output.html.components(separatedBy: "<span class=\"line").count == 3)
  }

  @Test("a 5 MB block and empty-matching patterns finish")
  func large() throws {
    let (languages, _) = try languages([
      "empty.lang": Self.language("empty", "<context style-ref=\"k\"><match>(?=x)|</match></context>")
    ])
    let html = languages.render(code: "xyz\n", info: "empty").html
    #expect(html.contains("xyz"))
    let big = String(repeating: "let value = \"text\" // comment\n", count: 170_000)
    let output = sharedLanguages.render(code: big, info: "swift")
    #expect(output.html.utf8.count > big.utf8.count)
  }
}
