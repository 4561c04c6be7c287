import ContainerViews
import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

/// Plain CommonMark is untouched: for generated inputs without cvsite syntax, the body
/// equals libcmark's own rendering, apart from the heading ids. (With GFM off: with it on,
/// `GFMDifferentialTests` compares with `cmark-gfm`.)
@Suite struct DifferentialTests {
  static let inputCount = 3000

  @Test func generatedDocumentsRenderAsCmark() {
    var generator = CommonMarkGenerator(seed: 20_240_501)
    var ran = 0
    var failures: [String] = []
    while ran < Self.inputCount {
      guard let text = generator.document() else { continue }
      ran += 1
      for allowRaw in [false, true] where allowRaw == false || ran % 4 == 0 {
        // Raw HTML as written (`rawHTML: trusted`) is cmark's `--unsafe`.
        var options = MarkdownOptions(allowRawHTML: allowRaw, gfm: false)
        options.trustsRawHTML = true
        let page = parse(text, options: options)
        let ours = strippingHeadingIDs(html(page))
        let oracle = CommonMark.html(text, allowRawHTML: allowRaw)
        if ours != oracle, failures.count < 5 {
          failures.append("INPUT:\n\(text)\n--- cmark:\n\(oracle)\n--- cvsite:\n\(ours)")
        }
      }
      #expect(parse(text, options: MarkdownOptions(gfm: false)).diagnostics.isEmpty)
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n=====\n"))")
    print("differential: \(ran) generated documents compared with libcmark")
  }

  /// `CommonMark.html` is the `cmark` command: checked on a sample through the CLI.
  @Test func oracleMatchesCmarkCommand() throws {
    let cmark = try requiredTool("/usr/bin/cmark")
    var generator = CommonMarkGenerator(seed: 7)
    var checked = 0
    while checked < 60 {
      guard let text = generator.document() else { continue }
      checked += 1
      let process = Process()
      process.executableURL = cmark
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      input.fileHandleForWriting.write(Data(text.utf8))
      try input.fileHandleForWriting.close()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let page = parse(text, options: MarkdownOptions(gfm: false))
      #expect(String(decoding: data, as: UTF8.self) == strippingHeadingIDs(html(page)))
    }
  }

  @Test func headingsGetSlugIDsAndOptionalAnchors() {
    let page = parse(
      "# Hello, World!\n\n## Hello world\n\n## Hello world\n", options: MarkdownOptions(headingAnchors: true))
    #expect(page.headings.map(\.id) == ["hello-world", "hello-world-1", "hello-world-2"])
    #expect(html(page).contains("<h1 id=\"hello-world\">Hello, World! <a class=\"cv-anchor\" href=\"#hello-world\""))
  }

  @Test func rawHTMLIsOmittedUnlessAllowed() {
    let text = "<script>alert(1)</script>\n\nA <b>tag</b>.\n"
    #expect(html(parse(text)).contains("<!-- raw HTML omitted -->"))
    #expect(!html(parse(text)).contains("<script>"))
    #expect(html(parse(text, options: MarkdownOptions(allowRawHTML: true))).contains("A <b>tag</b>."))
    // Allowed raw HTML is sanitised, script and all, with or without GFM.
    for gfm in [true, false] {
      let page = parse(text, options: MarkdownOptions(allowRawHTML: true, gfm: gfm))
      #expect(!html(page).contains("script") && !html(page).contains("alert"))
      #expect(page.diagnostics.contains { $0.message.hasPrefix("raw HTML: `<script>` left out") })
    }
    var trusted = MarkdownOptions(allowRawHTML: true)
    trusted.trustsRawHTML = true
    #expect(html(parse(text, options: trusted)).contains("<script>alert(1)</script>"))
  }
}
