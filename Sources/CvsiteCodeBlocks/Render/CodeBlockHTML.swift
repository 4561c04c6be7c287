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
    // A block with nothing between its fences has no line at all (cmark writes an empty
    // `<code>`); one holding an empty line has that line.
    let hasLines = !code.isEmpty
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
    // Read once: a static in the loop is a `swift_once` check on every token.
    let (spans, outputClass) = (Self.spans, Self.outputClass)
    let marksLines = !options.marked.isEmpty || !options.inserted.isEmpty || !options.deleted.isEmpty
    // Written through a cursor, into room counted here: the frame's fixed parts, each
    // byte of its values and of the code at its longest entity, each line at its longest
    // frame, each run at the longest span. Bytes, not strings: a block of one short line
    // is common, and building strings for its frame would cost more than colouring it.
    let runCount = tokens.runs.count
    let values = (id?.utf8.count ?? 0) + (options.title?.utf8.count ?? 0) + (options.language?.utf8.count ?? 0)
    let room =
      Self.longestFrame + (values + bytes.count) * longestHTMLEntity + tokens.lines.count * Self.longestLineFrame
      + runCount * spans.longestRun
    let html = String(unsafeUninitializedCapacity: room) { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      var cursor = ByteCursor(start: base, room: min(room, buffer.count))
      let isTerminal = id == "console" || id == "sh"
      cursor.write(isTerminal ? "<div class=\"cv-code cv-terminal\"" : "<div class=\"cv-code\"")
      if let id {
        cursor.write(" data-lang=\"")
        cursor.writeEscaped(id)
        cursor.write("\"")
      }
      cursor.write(">")
      if let title = options.title {
        cursor.write("<div class=\"cv-code-title\">")
        cursor.writeEscaped(title)
        cursor.write("</div>")
      }
      cursor.write(options.wrap ? "<pre class=\"cv-pre cv-wrap\"><code" : "<pre class=\"cv-pre\"><code")
      if let language = options.language {
        cursor.write(" class=\"language-")
        cursor.writeEscaped(language)
        if options.showLineNumbers { cursor.write(" cv-numbered") }
        cursor.write("\"")
      } else if options.showLineNumbers {
        cursor.write(" class=\"cv-numbered\"")
      }
      if options.showLineNumbers, options.startLine != 1 {
        cursor.write(" style=\"counter-reset: cv-line ")
        cursor.writeEscaped(String(options.startLine - 1))
        cursor.write("\"")
      }
      cursor.write(">")
      bytes.withUnsafeBufferPointer { code in
        for (index, line) in tokens.lines.enumerated() where hasLines {
          cursor.write("<span class=\"line")
          if marksLines {
            let number = index + 1
            if options.marked.contains(number) { cursor.write(" cv-mark") }
            if options.inserted.contains(number) { cursor.write(" cv-ins") }
            if options.deleted.contains(number) { cursor.write(" cv-del") }
          }
          let runs = tokens.runs(ofLine: index)
          // A console line that is all output is marked as such for the copy button.
          if runs.count == 1, runs[runs.startIndex].tokenClass == outputClass, !line.isEmpty {
            cursor.write(" cv-output")
          }
          cursor.write("\">")
          // Escaped as cmark escapes code, `"` included: no scan of the page's HTML for
          // ` href="` can mistake code for an attribute.
          var start = 0
          for run in runs where run.end > start {
            let text = UnsafeBufferPointer(rebasing: code[(line.lowerBound + start)..<(line.lowerBound + run.end)])
            if run.tokenClass == 0 {
              cursor.writeEscaped(text)
            } else {
              spans.writeOpening(run.tokenClass, to: &cursor)
              cursor.writeEscaped(text)
              cursor.write("</span>")
            }
            start = run.end
          }
          cursor.write("</span>\n")
        }
      }
      cursor.write(Self.footer)
      return cursor.position - base
    }
    var unknown: String?
    if let written = options.language, id == nil, !Self.plainNames.contains(written.lowercased()) { unknown = written }
    return RenderedCodeBlock(
      html: html, problems: problems, title: options.title,
      otherValues: options.otherValues,
      stoppedAtLine: tokens.stoppedAtLine, unknownLanguage: unknown)
  }

  /// Names that ask for no colour on purpose.
  static let plainNames: Set<String> = ["text", "txt", "plain", "plaintext", "none", "output", "log"]

  private static let spans = OpeningSpans()
  private static let footer: StaticString = "</code></pre></div>\n"
  /// The frame's fixed parts, at their longest (the start line's number is 20 bytes at most).
  private static let longestFrame = 256
  /// `<span class="line cv-mark cv-ins cv-del cv-output">` and `</span>\n`.
  private static let longestLineFrame = 60
  private static let outputClass = UInt8(TokenClass.names.firstIndex(of: "go") ?? 0)
}

/// `<span class="…">` for each token class, one after the other in one array: a class's
/// opening tag is copied from it without retaining an array of its own.
private struct OpeningSpans {
  let bytes: [UInt8]
  let ends: [Int]
  /// The longest opening tag with its `</span>`.
  let longestRun: Int

  init() {
    var bytes: [UInt8] = []
    var ends: [Int] = []
    for name in TokenClass.names {
      bytes += "<span class=\"\(name)\">".utf8
      ends.append(bytes.count)
    }
    self.bytes = bytes
    self.ends = ends
    longestRun = zip(ends, [0] + ends).map { $0 - $1 }.max().map { $0 + "</span>".utf8.count } ?? 0
  }

  func writeOpening(_ tokenClass: UInt8, to cursor: inout ByteCursor) {
    let index = Int(tokenClass)
    let start = index == 0 ? 0 : ends[index - 1]
    bytes.withUnsafeBufferPointer { cursor.write(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
  }
}

extension Tokenizer {
  /// Lines without colour (`lines`: `lines(code)`, when known).
  static func plainLines(_ code: [UInt8], lines known: [Range<Int>]? = nil) -> TokenizedCode {
    var result = TokenizedCode()
    result.lines = known ?? lines(code)
    result.runs = result.lines.map { Run(end: $0.count, tokenClass: 0) }
    result.lineEnds = Array(result.lines.indices.map { $0 + 1 })
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
      CodeBlockOutput.Problem(
        $0.isWarning ? .warning : .error, $0.message, infoOffset: $0.offset, suggestion: $0.suggestion)
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
    // Its attributes are classes, a language and a counter, every value escaped: no URL
    // and no id.
    return CodeBlockOutput(
      html: rendered.html, problems: problems, title: rendered.title,
      values: rendered.otherValues.map { CodeBlockOutput.Value(name: $0.name, value: $0.value, infoOffset: $0.offset) },
      facts: BodyFacts())
  }
}
