import ContainerViews
import CvsiteCore

/// A code block's HTML and what is wrong with it.
public struct RenderedCodeBlock: Sendable {
  public var html: String
  /// Problems in the info string (offsets in it) and, with `stoppedAtLine`, a block
  /// whose colouring gave up.
  public var problems: [CodeBlockOptions.Problem]
  /// The block's title, for containers that label their children (`:::code-group`).
  public var title: String?
  /// The info string's values that are not the block's own, for its subview.
  public var otherValues: [CodeBlockOptions.WrittenValue]
  /// The 0-based line where colouring stopped, when it did.
  public var stoppedAtLine: Int?
  /// The language as written, when cvsite does not know it.
  public var unknownLanguage: String?
}

extension CodeLanguages {
  /// The HTML of a fenced code block: a frame with its title, one `<span class="line">`
  /// per line (marked, inserted or deleted as the info string says), token spans whose
  /// classes the theme colours. Plain when the language is unknown.
  public func render(code: String, info: String) -> RenderedCodeBlock {
    var bytes = Array(code.utf8)
    if bytes.last == 0x0A { bytes.removeLast() }
    let lineCount = bytes.isEmpty ? 0 : bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let (options, problems) = CodeBlockOptions.parse(info, lineCount: max(1, lineCount))
    let id = options.language.flatMap(languageID(for:))
    let tokens: TokenizedCode
    if let id, let coloured = tokenize(bytes, languageID: id) {
      tokens = coloured
    } else {
      tokens = Tokenizer.plainLines(bytes)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2 + 200)
    // Appended as bytes: a block of one short line is common, and building strings for
    // its frame would cost more than colouring it.
    let isTerminal = id == "console" || id == "sh"
    out.append(contentsOf: isTerminal ? "<div class=\"cv-code cv-terminal\"".utf8 : "<div class=\"cv-code\"".utf8)
    if let id { appendAttribute(" data-lang", id, to: &out) }
    out.append(UInt8(ascii: ">"))
    if let title = options.title {
      out.append(contentsOf: "<div class=\"cv-code-title\">".utf8)
      out.append(contentsOf: escapeHTML(title).utf8)
      out.append(contentsOf: "</div>".utf8)
    }
    out.append(
      contentsOf: options.wrap ? "<pre class=\"cv-pre cv-wrap\"><code".utf8 : "<pre class=\"cv-pre\"><code".utf8)
    if let language = options.language {
      appendAttribute(" class", "language-" + language + (options.showLineNumbers ? " cv-numbered" : ""), to: &out)
    } else if options.showLineNumbers {
      out.append(contentsOf: " class=\"cv-numbered\"".utf8)
    }
    if options.showLineNumbers, options.startLine != 1 {
      out.append(contentsOf: " style=\"counter-reset: cv-line \(options.startLine - 1)\"".utf8)
    }
    out.append(UInt8(ascii: ">"))
    // Read once: a static in the loop is a `swift_once` check on every token.
    let (openSpans, closeSpan, outputClass) = (Self.openSpans, Self.closeSpan, Self.outputClass)
    for (index, line) in tokens.lines.enumerated() {
      let number = index + 1
      out.append(contentsOf: "<span class=\"line".utf8)
      if options.marked.contains(number) { out.append(contentsOf: " cv-mark".utf8) }
      if options.inserted.contains(number) { out.append(contentsOf: " cv-ins".utf8) }
      if options.deleted.contains(number) { out.append(contentsOf: " cv-del".utf8) }
      let runs = tokens.runs[index]
      // A console line that is all output is marked as such for the copy button.
      if runs.count == 1, runs[0].tokenClass == outputClass, !line.isEmpty {
        out.append(contentsOf: " cv-output".utf8)
      }
      out.append(contentsOf: "\">".utf8)
      var start = 0
      for run in runs where run.end > start {
        let text = bytes[(line.lowerBound + start)..<(line.lowerBound + run.end)]
        if run.tokenClass == 0 {
          appendEscaped(text, to: &out)
        } else {
          out += openSpans[Int(run.tokenClass)]
          appendEscaped(text, to: &out)
          out += closeSpan
        }
        start = run.end
      }
      out.append(contentsOf: "</span>\n".utf8)
    }
    out.append(contentsOf: "</code></pre></div>\n".utf8)
    var unknown: String?
    if let written = options.language, id == nil, !Self.plainNames.contains(written.lowercased()) { unknown = written }
    return RenderedCodeBlock(
      html: String(decoding: out, as: UTF8.self), problems: problems, title: options.title,
      otherValues: options.otherValues,
      stoppedAtLine: tokens.stoppedAtLine, unknownLanguage: unknown)
  }

  /// Names that ask for no colour on purpose.
  static let plainNames: Set<String> = ["text", "txt", "plain", "plaintext", "none", "output", "log"]

  private static let openSpans: [[UInt8]] = TokenClass.names.map { Array("<span class=\"\($0)\">".utf8) }
  private static let closeSpan = Array("</span>".utf8)
  private static let outputClass = UInt8(TokenClass.names.firstIndex(of: "go") ?? 0)
}

/// ` name="value"`, the value escaped.
private func appendAttribute(_ name: String, _ value: String, to out: inout [UInt8]) {
  out.append(contentsOf: name.utf8)
  out.append(contentsOf: "=\"".utf8)
  out.append(contentsOf: escapeHTML(value).utf8)
  out.append(UInt8(ascii: "\""))
}

/// Escapes `&`, `<`, `>` and `"`, as cmark escapes code. As cmark does, text never
/// holds a `"`, so no scan of the page's HTML for ` href="` can mistake code for an
/// attribute.
private func appendEscaped(_ text: ArraySlice<UInt8>, to out: inout [UInt8]) {
  text.withUnsafeBufferPointer { appendEscapedHTML(utf8: $0, to: &out) }
}

extension Tokenizer {
  /// Lines without colour.
  static func plainLines(_ code: [UInt8]) -> TokenizedCode {
    var result = TokenizedCode()
    result.lines = lines(code)
    result.runs = result.lines.map { [Run(end: $0.count, tokenClass: 0)] }
    return result
  }

  /// The byte range of each line of `code`, without its line ending (`\n` or `\r\n`).
  static func lines(_ code: [UInt8]) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var lineStart = 0
    for index in code.indices where code[index] == 0x0A {
      let end = index > lineStart && code[index - 1] == 0x0D ? index - 1 : index
      lines.append(lineStart..<end)
      lineStart = index + 1
    }
    if lineStart < code.count || code.isEmpty { lines.append(lineStart..<code.count) }
    return lines
  }
}

extension CodeLanguages: CodeBlockRendering {
  public var valueNames: [String] { CodeBlockOptions.names }

  /// Renders the block, its info-string problems errors, an unknown language and colouring
  /// that gave up warnings.
  public func renderCodeBlock(code: String, info: String) -> CodeBlockOutput {
    let rendered = render(code: code, info: info)
    var problems = rendered.problems.map {
      CodeBlockOutput.Problem(.error, $0.message, infoOffset: $0.offset, suggestion: $0.suggestion)
    }
    if let unknown = rendered.unknownLanguage {
      problems.append(
        CodeBlockOutput.Problem(
          .warning, "no language called `\(unknown)` is known: the block is shown without colour", infoOffset: 0,
          suggestion: closest(unknown, knownNames)))
    }
    if let line = rendered.stoppedAtLine {
      problems.append(
        CodeBlockOutput.Problem(
          .warning,
          "colouring stopped at line \(line + 1) of this block: a pattern of its language backtracks too much there; the rest is plain",
          infoOffset: nil))
    }
    return CodeBlockOutput(
      html: rendered.html, problems: problems, title: rendered.title,
      values: rendered.otherValues.map { CodeBlockOutput.Value(name: $0.name, value: $0.value, infoOffset: $0.offset) })
  }
}
