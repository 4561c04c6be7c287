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
    let language = options.language.map { escapeHTML($0) }
    let isTerminal = ["console", "sh"].contains(id ?? "")
    out += Array("<div class=\"cv-code\(isTerminal ? " cv-terminal" : "")\"".utf8)
    if let id { out += Array(" data-lang=\"\(escapeHTML(id))\"".utf8) }
    out += Array(">".utf8)
    if let title = options.title {
      out += Array("<div class=\"cv-code-title\">\(escapeHTML(title))</div>".utf8)
    }
    out += Array("<pre class=\"cv-pre\(options.wrap ? " cv-wrap" : "")\"><code".utf8)
    var classes: [String] = []
    if let language { classes.append("language-\(language)") }
    if options.showLineNumbers { classes.append("cv-numbered") }
    if !classes.isEmpty { out += Array(" class=\"\(classes.joined(separator: " "))\"".utf8) }
    if options.showLineNumbers, options.startLine != 1 {
      out += Array(" style=\"counter-reset: cv-line \(options.startLine - 1)\"".utf8)
    }
    out += Array(">".utf8)
    for (index, line) in tokens.lines.enumerated() {
      let number = index + 1
      var lineClass = "line"
      if options.marked.contains(number) { lineClass += " cv-mark" }
      if options.inserted.contains(number) { lineClass += " cv-ins" }
      if options.deleted.contains(number) { lineClass += " cv-del" }
      let runs = tokens.runs[index]
      // A console line that is all output is marked as such for the copy button.
      if runs.count == 1, runs[0].tokenClass == Self.outputClass, !line.isEmpty { lineClass += " cv-output" }
      out += Array("<span class=\"\(lineClass)\">".utf8)
      var start = 0
      for run in runs where run.end > start {
        let text = bytes[(line.lowerBound + start)..<(line.lowerBound + run.end)]
        if run.tokenClass == 0 {
          appendEscaped(text, to: &out)
        } else {
          out += Self.openSpans[Int(run.tokenClass)]
          appendEscaped(text, to: &out)
          out += Self.closeSpan
        }
        start = run.end
      }
      out += Array("</span>\n".utf8)
    }
    out += Array("</code></pre></div>\n".utf8)
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

private func appendEscaped(_ text: ArraySlice<UInt8>, to out: inout [UInt8]) {
  for byte in text {
    switch byte {
    case UInt8(ascii: "&"): out += [0x26, 0x61, 0x6D, 0x70, 0x3B]
    case UInt8(ascii: "<"): out += [0x26, 0x6C, 0x74, 0x3B]
    case UInt8(ascii: ">"): out += [0x26, 0x67, 0x74, 0x3B]
    default: out.append(byte)
    }
  }
}

extension Tokenizer {
  /// Lines without colour.
  static func plainLines(_ code: [UInt8]) -> TokenizedCode {
    var result = TokenizedCode()
    var lineStart = 0
    for index in code.indices where code[index] == 0x0A {
      let end = index > lineStart && code[index - 1] == 0x0D ? index - 1 : index
      result.lines.append(lineStart..<end)
      lineStart = index + 1
    }
    if lineStart < code.count || code.isEmpty { result.lines.append(lineStart..<code.count) }
    result.runs = result.lines.map { [Run(end: $0.count, tokenClass: 0)] }
    return result
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
