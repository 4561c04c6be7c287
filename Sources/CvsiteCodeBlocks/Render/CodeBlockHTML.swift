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
    let lines = Tokenizer.lines(bytes)
    // Lines as the info string counts them: a last line break after the one removed
    // above ends an empty line.
    let lineCount = bytes.isEmpty ? 1 : lines.count + (bytes.last == 0x0A ? 1 : 0)
    let (options, problems) = CodeBlockOptions.parse(info, lineCount: lineCount)
    let id = options.language.flatMap(languageID(for:))
    let tokens: TokenizedCode
    if let id, let coloured = tokenize(bytes, lines: lines, languageID: id) {
      tokens = coloured
    } else {
      tokens = Tokenizer.plainLines(bytes, lines: lines)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2 + 200)
    // Appended as bytes: a block of one short line is common, and building strings for
    // its frame would cost more than colouring it.
    let isTerminal = id == "console" || id == "sh"
    out.append(isTerminal ? "<div class=\"cv-code cv-terminal\"" : "<div class=\"cv-code\"")
    if let id { appendAttribute(" data-lang=\"", id, to: &out) }
    out.append(">")
    if let title = options.title {
      out.append("<div class=\"cv-code-title\">")
      appendEscapedHTML(title, to: &out)
      out.append("</div>")
    }
    out.append(options.wrap ? "<pre class=\"cv-pre cv-wrap\"><code" : "<pre class=\"cv-pre\"><code")
    if let language = options.language {
      out.append(" class=\"language-")
      appendEscapedHTML(language, to: &out)
      if options.showLineNumbers { out.append(" cv-numbered") }
      out.append("\"")
    } else if options.showLineNumbers {
      out.append(" class=\"cv-numbered\"")
    }
    if options.showLineNumbers, options.startLine != 1 {
      out.append(contentsOf: " style=\"counter-reset: cv-line \(options.startLine - 1)\"".utf8)
    }
    out.append(">")
    // Read once: a static in the loop is a `swift_once` check on every token.
    let (spans, outputClass) = (Self.spans, Self.outputClass)
    let marksLines = !options.marked.isEmpty || !options.inserted.isEmpty || !options.deleted.isEmpty
    bytes.withUnsafeBufferPointer { code in
      for (index, line) in tokens.lines.enumerated() {
        out.append("<span class=\"line")
        if marksLines {
          let number = index + 1
          if options.marked.contains(number) { out.append(" cv-mark") }
          if options.inserted.contains(number) { out.append(" cv-ins") }
          if options.deleted.contains(number) { out.append(" cv-del") }
        }
        let runs = tokens.runs[index]
        // A console line that is all output is marked as such for the copy button.
        if runs.count == 1, runs[0].tokenClass == outputClass, !line.isEmpty {
          out.append(" cv-output")
        }
        out.append("\">")
        // Escaped as cmark escapes code, `"` included: no scan of the page's HTML for
        // ` href="` can mistake code for an attribute.
        var start = 0
        for run in runs where run.end > start {
          let text = UnsafeBufferPointer(rebasing: code[(line.lowerBound + start)..<(line.lowerBound + run.end)])
          if run.tokenClass == 0 {
            appendEscapedHTML(utf8: text, to: &out)
          } else {
            spans.appendOpening(run.tokenClass, to: &out)
            appendEscapedHTML(utf8: text, to: &out)
            out.append("</span>")
          }
          start = run.end
        }
        out.append("</span>\n")
      }
    }
    out.append("</code></pre></div>\n")
    var unknown: String?
    if let written = options.language, id == nil, !Self.plainNames.contains(written.lowercased()) { unknown = written }
    return RenderedCodeBlock(
      html: String(decoding: out, as: UTF8.self), problems: problems, title: options.title,
      otherValues: options.otherValues,
      stoppedAtLine: tokens.stoppedAtLine, unknownLanguage: unknown)
  }

  /// Names that ask for no colour on purpose.
  static let plainNames: Set<String> = ["text", "txt", "plain", "plaintext", "none", "output", "log"]

  private static let spans = OpeningSpans()
  private static let outputClass = UInt8(TokenClass.names.firstIndex(of: "go") ?? 0)
}

/// `<span class="…">` for each token class, one after the other in one array: a class's
/// opening tag is copied from it without retaining an array of its own.
private struct OpeningSpans {
  let bytes: [UInt8]
  let ends: [Int]

  init() {
    var bytes: [UInt8] = []
    var ends: [Int] = []
    for name in TokenClass.names {
      bytes += "<span class=\"\(name)\">".utf8
      ends.append(bytes.count)
    }
    self.bytes = bytes
    self.ends = ends
  }

  func appendOpening(_ tokenClass: UInt8, to out: inout [UInt8]) {
    let index = Int(tokenClass)
    let start = index == 0 ? 0 : ends[index - 1]
    bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
  }
}

/// ` name="value"` with `nameQuote` the ` name="` part: the value escaped.
private func appendAttribute(_ nameQuote: StaticString, _ value: String, to out: inout [UInt8]) {
  out.append(nameQuote)
  appendEscapedHTML(value, to: &out)
  out.append("\"")
}

extension Tokenizer {
  /// Lines without colour (`lines`: `lines(code)`, when known).
  static func plainLines(_ code: [UInt8], lines known: [Range<Int>]? = nil) -> TokenizedCode {
    var result = TokenizedCode()
    result.lines = known ?? lines(code)
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
