import ContainerViews
import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

/// GFM as `cmark-gfm` renders it: generated documents with tables, task lists,
/// strikethrough, autolinks and footnotes render as `cmark-gfm -e table -e strikethrough
/// -e autolink -e tasklist -e footnotes` does, up to the markup cvsite adds (undone by
/// ``undoingCvsiteMarkup(_:)``, which lists every addition).
@Suite struct GFMDifferentialTests {
  static let inputCount = 600
  static let extensions = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", "-e", "footnotes"]

  @Test func generatedDocumentsRenderAsCmarkGFM() throws {
    var generator = GFMGenerator(seed: 20_261_123)
    var compared = 0
    var skipped = 0
    var failures: [String] = []
    var attempts = 0
    while compared < Self.inputCount, attempts < Self.inputCount * 3 {
      attempts += 1
      guard let text = generator.document() else { continue }
      // cmark-gfm is CommonMark 0.29 and libcmark 0.30: where the two differ without any
      // extension, the document says nothing about the extensions.
      let base = try cmarkGFM(text, arguments: [])
      guard base == CommonMark.html(text) else {
        skipped += 1
        continue
      }
      compared += 1
      let oracle = try cmarkGFM(text, arguments: Self.extensions)
      let ours = undoingCvsiteMarkup(strippingHeadingIDs(html(parse(text))))
      if ours != oracle, failures.count < 4 {
        failures.append("INPUT:\n\(text)\n--- cmark-gfm:\n\(oracle)\n--- cvsite:\n\(ours)")
      }
    }
    #expect(compared == Self.inputCount)
    #expect(skipped * 10 < compared, "too many documents where cmark-gfm and cmark differ without extensions")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n=====\n"))")
  }

  /// Plain CommonMark with GFM on still renders exactly as `cmark` does, wherever the
  /// extensions find nothing to do (`cmark-gfm` with them equals `cmark-gfm` without).
  @Test func plainDocumentsStillRenderAsCmark() throws {
    var generator = CommonMarkGenerator(seed: 99)
    var compared = 0
    var attempts = 0
    var failures: [String] = []
    while compared < 400, attempts < 2000 {
      attempts += 1
      guard let text = generator.document() else { continue }
      guard try cmarkGFM(text, arguments: Self.extensions) == cmarkGFM(text, arguments: []) else { continue }
      compared += 1
      let ours = strippingHeadingIDs(html(parse(text)))
      if ours != CommonMark.html(text), failures.count < 4 {
        failures.append("INPUT:\n\(text)\n--- cmark:\n\(CommonMark.html(text))\n--- cvsite:\n\(ours)")
      }
    }
    #expect(compared == 400)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n=====\n"))")
  }
}

/// Runs the `cmark-gfm` program (Debian package `cmark-gfm`); a missing program fails.
func cmarkGFM(_ text: String, arguments: [String]) throws -> String {
  let process = Process()
  process.executableURL = try requiredTool("/usr/bin/cmark-gfm")
  process.arguments = arguments
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  try process.run()
  input.fileHandleForWriting.write(Data(text.utf8))
  try input.fileHandleForWriting.close()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

/// cvsite's GFM output with what it adds for styling and accessibility taken out: the
/// table's scrolling wrapper, `scope` on header cells and `style` for alignment (HTML5
/// has no `align`), the task's `<label>`, the footnotes' heading for screen readers (and
/// the references' pointer to it) and numbered back-link labels.
func undoingCvsiteMarkup(_ html: String) -> String {
  // In a loose list, cmark-gfm puts the box before the item's `<p>`; cvsite puts it in
  // the paragraph, inside the `<label>`.
  var text = html.replacingOccurrences(
    of: #"<li>\n<p><label class="cv-task">(<input [^>]*/> )"#, with: "<li>$1\n<p>", options: .regularExpression)
  text = text.replacingOccurrences(of: "<div class=\"cv-table\" tabindex=\"0\">\n<table>", with: "<table>")
    .replacingOccurrences(of: "</table>\n</div>", with: "</table>")
    .replacingOccurrences(of: " scope=\"col\"", with: "")
    .replacingOccurrences(of: "<label class=\"cv-task\">", with: "")
    .replacingOccurrences(of: "</label>", with: "")
    .replacingOccurrences(
      of: " aria-labelledby=\"footnote-label\">\n<h2 id=\"footnote-label\" class=\"cv-sr\">Footnotes</h2>", with: ">"
    )
    .replacingOccurrences(of: " aria-describedby=\"footnote-label\"", with: "")
    // The same once `strippingHeadingIDs` took the heading's id.
    .replacingOccurrences(of: " aria-labelledby=\"footnote-label\">\n<h2 class=\"cv-sr\">Footnotes</h2>", with: ">")
  for alignment in ["left", "center", "right"] {
    text = text.replacingOccurrences(of: " style=\"text-align: \(alignment)\"", with: " align=\"\(alignment)\"")
  }
  while let range = text.range(of: "aria-label=\"Back to reference ") {
    guard let end = text[range.upperBound...].firstIndex(of: "\"") else { break }
    text.replaceSubrange(range.lowerBound...end, with: "aria-label=\"Back to content\"")
  }
  return text
}
