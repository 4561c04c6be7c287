import CvsiteCore
import Foundation

/// Where the files a page includes come from: the site, which knows its folders. Given
/// to ``MarkdownOptions/includes``.
public protocol IncludedFileSource: Sendable {
  /// The bytes of the file a page at `page` (its site path, `docs/a.md`) names as
  /// `written`, and the site path to show for it; or why it cannot be read.
  func file(_ written: String, from page: String, as kind: IncludeKind) -> Result<IncludedFile, IncludeProblem>
}

/// How a page names a file it includes.
public enum IncludeKind: Sendable {
  /// `--8<-- "path"` (pymdownx.snippets): from the project's base paths.
  case snippet
  /// `import Part from './_part.mdx'` with `<Part />`: from the page's folder, or
  /// `@site/…` from the project's root.
  case partial
}

/// A file read for inclusion.
public struct IncludedFile: Sendable {
  public var bytes: [UInt8]
  /// Its site path, which names it in diagnostics and finds loops.
  public var path: String

  public init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
  }
}

/// Why an included file cannot be read: said at the line that includes it.
public struct IncludeProblem: Error, Sendable {
  public var message: String
  /// Whether the file is not there at all (not refused): in a project of another
  /// generator, which goes on without it, a warning.
  public var isMissing: Bool
  public init(_ message: String, isMissing: Bool = false) {
    self.message = message
    self.isMissing = isMissing
  }
}

/// The lines of a page with the files it includes put in place of the lines that include
/// them: in an MkDocs project `--8<-- "file.md"` (or `"file.md:3:8"` for lines 3 to 8;
/// pymdownx.snippets), `{! file.md !}` (mdx_include) and `{* file.py ln[3:8] hl[5] *}` (a
/// code block of the file, the lines of `ln` taken and those of `hl` marked; FastAPI's
/// markdown-include-variants); `<Part />` of `import Part from './_part.mdx'` in an MDX
/// page. Included files may
/// include others, up to ``maxDepth`` deep; a file that includes itself, through others
/// or not, is an error. Each line put in is placed, for diagnostics, at the line that
/// included it.
struct IncludedLines {
  /// Files included inside each other deeper than this are an error.
  static let maxDepth = 16
  /// The most bytes a page may grow to with what it includes.
  static let maxBytes = 8 << 20

  let files: any IncludedFileSource
  let snippets: Bool
  /// A project of another generator: a missing file or section is a warning, and the
  /// line that names it stays as written (pymdownx.snippets goes on without it).
  var tolerant = false
  /// The catalog whose files `@Code(…)` lines name, in a DocC tutorial: each such line
  /// is a code block of its file. Nil elsewhere.
  var tutorialFiles: (any DocCCatalogIndex)?
  var diagnostics: [Diagnostic] = []
  /// The site paths of the files included.
  private(set) var included = Set<String>()
  private var bytes = 0
  /// What the last include read is warned of: lines it names past its file's end, and
  /// (``tolerant``) a file or section that is not there.
  private var warnings: [String] = []

  init(files: any IncludedFileSource, snippets: Bool) {
    self.files = files
    self.snippets = snippets
  }

  /// `source` with its includes in place after its first `frontMatterLines` lines; nil
  /// when it includes nothing.
  mutating func expand(_ source: SourceText, frontMatterLines: Int) -> SourceText? {
    guard frontMatterLines < source.lineCount,
      Self.mayInclude(source.bytes, snippets: snippets, code: tutorialFiles != nil)
    else { return nil }
    var output: [UInt8] = []
    var written: [Int] = Array(0...frontMatterLines)
    output += source.bytes[0..<source.lineStarts[frontMatterLines]]
    bytes = source.bytes.count
    var changed = false
    var partials: [String: String] = [:]
    // The lines of a `@Code { … }` block (its preview) after its first: left out.
    var codeBlockDepth = 0
    // The fence of the code block the line is in: VitePress' `<<<` there is code.
    var fence: (byte: UInt8, count: Int)?
    for line in (frontMatterLines + 1)...source.lineCount {
      let range = source.lineRange(line)
      let text = source.bytes[range]
      let inFence = fence != nil
      fence = Self.fence(after: fence, line: text)
      let ending = range.upperBound..<(line < source.lineCount ? source.lineStarts[line] : source.bytes.count)
      if codeBlockDepth > 0 {
        codeBlockDepth += DocCDirectiveLines.braceBalance(text)
        written.append(line)
        output += source.bytes[ending]
        continue
      }
      if tutorialFiles != nil, let code = TutorialCode(text) {
        changed = true
        codeBlockDepth = max(0, DocCDirectiveLines.braceBalance(text))
        for piece in self.code(code, from: source, line: line) {
          written.append(line)
          output += piece
          output.append(0x0A)
        }
        continue
      }
      var included: [UInt8]?
      switch request(text, partials: &partials, inCode: inFence) {
      case .include(let request)?:
        var messages: [String] = []
        included = expanded(request, from: source.path, stack: [source.path]) { messages.append($0) }
        for message in messages {
          diagnostics.append(source.diagnostic(.error, message, line: line, column: request.column))
        }
        for message in warnings {
          diagnostics.append(source.diagnostic(.warning, message, line: line, column: request.column))
        }
        warnings = []
      case .partialImport?:
        // `import Part from './_part.mdx'`: read here; the line stays, empty.
        changed = true
        written.append(line)
        output += source.bytes[ending]
        continue
      case nil: break
      }
      guard let included else {
        written.append(line)
        output += text
        output += source.bytes[ending]
        continue
      }
      changed = true
      let lines = included.split(separator: 0x0A, omittingEmptySubsequences: false)
      for (offset, piece) in lines.enumerated() where offset < lines.count - 1 || !piece.isEmpty {
        written.append(line)
        output += piece
        output.append(0x0A)
      }
    }
    guard changed else { return nil }
    var text = SourceText(path: source.path, bytes: output)
    text.asWritten = SourceText.AsWritten(source, columnShift: [:], writtenLines: written)
    return text
  }

  /// A request to include a file, from one line of a page.
  private struct Request {
    var path: String
    var kind: IncludeKind
    var indent: ArraySlice<UInt8>
    /// 1-based: the lines of the file to take.
    var lines: ClosedRange<Int>?
    var column: Int
    /// For `{* … *}`: the file is shown as code.
    var code: CodeInclude?
    /// `file.py:name`: the lines between the file's `--8<-- [start:name]` and
    /// `--8<-- [end:name]`.
    var section: String?
  }

  /// The lines of a fenced block of the file `code` names (the lines that differ from
  /// its previous file marked as inserted), at the `@Code` line's indentation; a
  /// located error (a warning when ``tolerant``, for a file the catalog lacks), and
  /// nothing, when a file cannot be read.
  private mutating func code(_ code: TutorialCode, from source: SourceText, line: Int) -> [[UInt8]] {
    func read(_ name: String) -> [ArraySlice<UInt8>]? {
      // Found by its name in the catalog, then read as a file of the site.
      guard let path = tutorialFiles?.sitePath(ofFile: name) else {
        // (DocC reports a tutorial's missing file and builds: so does a catalog.)
        diagnostics.append(
          source.diagnostic(
            tolerant ? .warning : .error, "the catalog has no file named `\(name)`", line: line,
            column: code.indent.count + 1))
        return nil
      }
      switch files.file("/" + path, from: source.path, as: .snippet) {
      case .success(let file):
        included.insert(file.path)
        var lines = MarkdownParser.normalized(file.bytes).split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
      case .failure(let problem):
        diagnostics.append(source.diagnostic(.error, problem.message, line: line, column: code.indent.count + 1))
        return nil
      }
    }
    guard let lines = read(code.file) else { return [] }
    bytes += lines.reduce(0) { $0 + $1.count + 1 }
    guard bytes <= Self.maxBytes else {
      diagnostics.append(
        source.diagnostic(
          .error, "with `\(code.file)`, the page would pass \(Self.maxBytes >> 20) MB: left out", line: line,
          column: code.indent.count + 1))
      return []
    }
    var info = code.language
    if let name = code.name { info += " title=\"" + name.replacingOccurrences(of: "\"", with: "'") + "\"" }
    if let previous = code.previousFile.flatMap(read) {
      let inserted = TutorialCode.insertedLines(lines, since: previous)
      if !inserted.isEmpty { info += " ins={" + inserted.map(String.init).joined(separator: ",") + "}" }
    }
    // A fence longer than any run of backticks in the file.
    let fence = Array(repeating: UInt8(ascii: "`"), count: max(3, TutorialCode.longestBacktickRun(lines) + 1))
    var result = [Array(code.indent) + fence + Array(info.utf8)]
    for text in lines { result.append(text.isEmpty ? [] : Array(code.indent) + Array(text)) }
    result.append(Array(code.indent) + fence)
    return result
  }

  /// The fence open after `line`, given the one open before it (`open`): a line of three
  /// or more backticks or tildes, indented at most three spaces, opens a fence; one of
  /// the same character, at least as long and with nothing after, closes it.
  static func fence(after open: (byte: UInt8, count: Int)?, line: ArraySlice<UInt8>) -> (byte: UInt8, count: Int)? {
    var text = line
    while text.first == 0x20, line.count - text.count < 3 { text = text.dropFirst() }
    guard let open else { return LineText.fenceStart(text) }
    let closing = Fence(byte: open.byte, count: open.count, depth: 0, column: 0)
    return LineText.isFenceLine(text, closing: closing) ? nil : open
  }

  /// Whether the page may include anything: a cheap filter so most pages are read once.
  private static func mayInclude(_ bytes: [UInt8], snippets: Bool, code: Bool) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      (code && firstOffset(of: Array("@Code(".utf8), in: buffer, within: 0..<buffer.count) != nil)
        || (snippets
          && (firstOffset(of: Array("--8<--".utf8), in: buffer, within: 0..<buffer.count) != nil
            || firstOffset(of: Array("{!".utf8), in: buffer, within: 0..<buffer.count) != nil
            || firstOffset(of: Array("{*".utf8), in: buffer, within: 0..<buffer.count) != nil))
        || firstOffset(of: Array("import ".utf8), in: buffer, within: 0..<buffer.count) != nil
        || firstOffset(of: Array("<<<".utf8), in: buffer, within: 0..<buffer.count) != nil
    }
  }

  /// What a line asks for.
  private enum Asked {
    case include(Request)
    /// The import of a partial, whose tag includes it below.
    case partialImport
  }

  /// What `text` asks to include: a snippet line, or a partial's tag whose import was
  /// seen above (`partials`, filled as imports go by).
  private func request(_ text: ArraySlice<UInt8>, partials: inout [String: String], inCode: Bool = false) -> Asked? {
    var start = text.startIndex
    while start < text.endIndex, isSpace(text[start]) { start += 1 }
    let rest = text[start...]
    let indent = text[text.startIndex..<start]
    let column = start - text.startIndex + 1
    if snippets, rest.starts(with: "--8<--".utf8) {
      var index = rest.startIndex + 6
      while index < rest.endIndex, isSpace(rest[index]) { index += 1 }
      guard index < rest.endIndex, rest[index] == 0x22 || rest[index] == 0x27 else { return nil }
      let quote = rest[index]
      guard let close = rest[(index + 1)...].firstIndex(of: quote) else { return nil }
      var path = String(decoding: rest[(index + 1)..<close], as: UTF8.self)
      var lines: ClosedRange<Int>?
      // `file.md:3:8` (lines 3 to 8), `file.md::8`, `file.md:3`.
      let parts = path.split(separator: ":", omittingEmptySubsequences: false)
      func number(_ part: Substring) -> Int?? { part.isEmpty ? .some(nil) : Int(part).map { .some($0) } }
      if parts.count >= 3, let first = number(parts[parts.count - 2]), let last = number(parts[parts.count - 1]),
        first != nil || last != nil
      {
        path = parts.dropLast(2).joined(separator: ":")
        let low = max(1, first ?? 1)
        lines = low...max(low, last ?? Int.max)
      } else if parts.count >= 2, let first = Int(parts[parts.count - 1]) {
        path = parts.dropLast().joined(separator: ":")
        lines = max(1, first)...Int.max
      } else if parts.count >= 2, let name = parts.last, !name.isEmpty,
        name.utf8.allSatisfy({ isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
      {
        // `file.py:series`: a section the file marks.
        path = parts.dropLast().joined(separator: ":")
        var request = Request(path: path, kind: .snippet, indent: indent, lines: nil, column: column)
        request.section = String(name)
        return .include(request)
      }
      return .include(Request(path: path, kind: .snippet, indent: indent, lines: lines, column: column))
    }
    if snippets, let asked = CodeInclude.request(rest) {
      return .include(
        Request(
          path: asked.path, kind: .snippet, indent: indent, lines: asked.lines, column: column, code: asked.code))
    }
    if !inCode, let asked = CodeInclude.vitePressRequest(rest) {
      // `@/` is the pages' root; any other path is the page's own folder's.
      let fromRoot = asked.path.hasPrefix("@/")
      let path = fromRoot || asked.path.hasPrefix("./") || asked.path.hasPrefix("../") ? asked.path : "./" + asked.path
      return .include(
        Request(
          path: path, kind: fromRoot ? .snippet : .partial, indent: indent, lines: nil, column: column,
          code: asked.code))
    }
    if let names = MDXTag.importedNames(rest), let from = String(decoding: rest, as: UTF8.self).range(of: " from ") {
      let line = String(decoding: rest, as: UTF8.self)
      // A JavaScript string: `\_` is `_`.
      let target = line[from.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " ;\"'"))
        .replacingOccurrences(of: "\\", with: "")
      guard names.count == 1, target.hasSuffix(".md") || target.hasSuffix(".mdx") else { return nil }
      partials[names[0]] = target
      return .partialImport
    }
    if let tag = MDXTag(rest), tag.isSelfClosing, let path = partials[tag.name] {
      return .include(Request(path: path, kind: .partial, indent: indent, lines: nil, column: column))
    }
    return nil
  }

  /// The text `request` includes, its own includes in place; nil (with `report` told
  /// why) when it cannot be read.
  private mutating func expanded(
    _ request: Request, from page: String, stack: [String], report: (String) -> Void
  ) -> [UInt8]? {
    guard stack.count <= Self.maxDepth else {
      report("files included more than \(Self.maxDepth) deep: `\(request.path)` is left out")
      return nil
    }
    let file: IncludedFile
    switch files.file(request.path, from: page, as: request.kind) {
    case .success(let found): file = found
    case .failure(let problem):
      if tolerant, problem.isMissing { warnings.append(problem.message) } else { report(problem.message) }
      return nil
    }
    guard !stack.contains(file.path) else {
      report("`\(request.path)` includes itself (\((stack + [file.path]).joined(separator: " → "))): left out")
      return nil
    }
    included.insert(file.path)
    bytes += file.bytes.count
    guard bytes <= Self.maxBytes else {
      report("with `\(request.path)`, the page would pass \(Self.maxBytes >> 20) MB: left out")
      return nil
    }
    let source = SourceText(path: file.path, bytes: MarkdownParser.normalized(file.bytes))
    if let code = request.code { return code.block(of: source, indent: request.indent) { warnings.append($0) } }
    // A partial's own front matter is not part of the page.
    var skip = 0
    if request.kind == .partial {
      var ignored: [Diagnostic] = []
      skip = FrontMatter.parse(source, schema: Schema(), into: &ignored).lineCount
    }
    var output: [UInt8] = []
    var partials: [String: String] = [:]
    var range = request.lines ?? 1...Int.max
    if let section = request.section {
      guard let lines = Self.lines(of: section, in: source) else {
        let message =
          "`\(file.path)` marks no section `\(section)` (`--8<-- [start:\(section)]` … `--8<-- [end:\(section)]`)"
        if tolerant { warnings.append(message) } else { report(message) }
        return nil
      }
      range = lines
    }
    guard skip < source.lineCount else { return [] }
    for line in (skip + 1)...source.lineCount where range.contains(line) {
      let text = source.bytes[source.lineRange(line)]
      switch self.request(text, partials: &partials) {
      case .include(let inner)?:
        if let included = expanded(inner, from: file.path, stack: stack + [file.path], report: report) {
          for piece in included.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            output += request.indent
            output += piece
            output.append(0x0A)
          }
        }
        continue
      case .partialImport?:
        output.append(0x0A)
        continue
      case nil: break
      }
      // pymdownx.snippets' section markers are not part of the text.
      if request.kind == .snippet, text.firstRange(of: Array("--8<-- [".utf8)) != nil { continue }
      if !text.isEmpty { output += request.indent }
      output += text
      output.append(0x0A)
    }
    return output
  }

  /// The lines between the lines that mark the start and the end of `section` in
  /// `source` (the marks are usually in comments: `# --8<-- [start:series]`).
  private static func lines(of section: String, in source: SourceText) -> ClosedRange<Int>? {
    let start = Array("--8<-- [start:\(section)]".utf8)
    let end = Array("--8<-- [end:\(section)]".utf8)
    var first: Int?
    for line in 1...max(1, source.lineCount) {
      let text = source.bytes[source.lineRange(line)]
      if first == nil, text.firstRange(of: start) != nil {
        first = line + 1
      } else if let from = first, text.firstRange(of: end) != nil {
        // An empty section takes no line.
        return from <= line - 1 ? from...(line - 1) : Int.max...Int.max
      }
    }
    return first.map { $0...Int.max }
  }
}
