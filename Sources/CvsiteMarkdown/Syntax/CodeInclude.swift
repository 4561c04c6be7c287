import CvsiteCore

/// The include lines of MkDocs projects beyond pymdownx.snippets, as ``IncludedLines``
/// reads them:
///
/// ```
/// {! ../docs_src/intro.md !}                   mdx_include: the file's text
/// {* ../docs_src/app.py ln[3:8,12] hl[5] *}    markdown-include-variants: a code block of
///                                              the lines of `ln` (all without), with the
///                                              lines of `hl` marked and the omitted ones said
/// ```
struct CodeInclude: Equatable {
  /// The groups of lines taken (1-based, inclusive, in order); empty for the whole file.
  var groups: [ClosedRange<Int>] = []
  /// The lines marked, by their number in the file.
  var marked: [ClosedRange<Int>] = []
  var title: String?
  /// The code block's language: the file's extension.
  var language = ""

  /// What a line (from its first non-space byte) asks to include: the path, the lines
  /// of an `{! … !}`, and for `{* … *}` how to show it as code; nil for any other line.
  static func request(_ text: ArraySlice<UInt8>) -> (path: String, lines: ClosedRange<Int>?, code: CodeInclude?)? {
    let line = String(decoding: text, as: UTF8.self).trimmingSpaces
    if line.hasPrefix("{!"), line.hasSuffix("!}"), line.count > 4 {
      // `{!+ …`, `{!- …` (recursion on, off) and `{!> …` (indentation kept) read alike:
      // included text is read for includes, and takes the including line's indentation.
      var inner = line.dropFirst(2).dropLast(2)
      if inner.first == "+" || inner.first == "-" { inner = inner.dropFirst() }
      if inner.first == ">" { inner = inner.dropFirst() }
      // `| encoding` after the path: files are read as UTF-8.
      if let bar = inner.lastIndex(of: "|") { inner = inner[..<bar] }
      var path = String(inner).trimmingSpaces
      var lines: ClosedRange<Int>?
      if let open = path.range(of: "[ln:"), path.hasSuffix("]") {
        lines = ranges(String(path[open.upperBound...].dropLast()), separator: "-").first
        path = String(path[..<open.lowerBound]).trimmingSpaces
      }
      return path.isEmpty ? nil : (path, lines, nil)
    }
    guard line.hasPrefix("{*"), line.hasSuffix("*}"), line.count > 4 else { return nil }
    let inner = line.dropFirst(2).dropLast(2).drop { $0 == " " || $0 == "\t" }
    let path = String(inner.prefix { $0 != " " && $0 != "\t" })
    guard !path.isEmpty else { return nil }
    var code = CodeInclude()
    code.language =
      path.split(separator: "/").last.flatMap { name in
        name.contains(".") ? name.split(separator: ".").last.map(String.init) : nil
      } ?? ""
    for (name, value) in options(String(inner.dropFirst(path.count))) {
      switch name {
      case "ln": code.groups += ranges(value, separator: ":")
      case "hl": code.marked += ranges(value, separator: ":")
      case "title" where value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\""):
        code.title = String(value.dropFirst().dropLast())
      default: continue
      }
    }
    code.groups.sort { $0.lowerBound < $1.lowerBound }
    return (path, nil, code)
  }

  /// `name[value]` options, in order.
  private static func options(_ text: String) -> [(String, String)] {
    var found: [(String, String)] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
      let name = rest[..<open].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed()
      found.append((String(name), String(rest[rest.index(after: open)..<close])))
      rest = rest[rest.index(after: close)...]
    }
    return found
  }

  /// `3:5,7` (with `:`; `3-5` with `-`) as ranges of lines; what does not read as one is
  /// passed over.
  private static func ranges(_ text: String, separator: Character) -> [ClosedRange<Int>] {
    text.split(separator: ",").compactMap { part -> ClosedRange<Int>? in
      let ends = part.split(separator: separator, maxSplits: 1).map { Int(String($0).trimmingSpaces) }
      guard let first = ends.first ?? nil, first >= 0 else { return nil }
      let last = ends.count == 2 ? (ends[1] ?? first) : first
      return first...max(first, last)
    }
  }

  /// The code block showing `source`, each line after `indent`: the groups taken, with a
  /// comment where lines are left out, and the marked lines renumbered as the block
  /// shows them. A group past the file's end is said to `warn` (the block is still
  /// shown, as markdown-include-variants shows it).
  func block(of source: SourceText, indent: ArraySlice<UInt8>, warn: (String) -> Void) -> [UInt8] {
    var lines = source.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    let (shown, marks) = shownLines(lines, warn: warn)
    var info = language
    if !marks.isEmpty {
      let spans = marks.map {
        $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
      }
      info += " hl_lines=\"" + spans.joined(separator: " ") + "\""
    }
    if let title { info += " title=\"" + title.replacingOccurrences(of: "\"", with: "'") + "\"" }
    let fence = Array(repeating: UInt8(ascii: "`"), count: max(3, TutorialCode.longestBacktickRun(shown) + 1))
    var output = Array(indent) + fence + Array(info.utf8) + [0x0A]
    for line in shown {
      if !line.isEmpty { output += indent }
      output += line
      output.append(0x0A)
    }
    output += Array(indent) + fence + [0x0A]
    return output
  }

  /// The lines the block shows and its marked lines, numbered as it shows them.
  private func shownLines(_ lines: [ArraySlice<UInt8>], warn: (String) -> Void) -> (
    [ArraySlice<UInt8>], [ClosedRange<Int>]
  ) {
    guard !groups.isEmpty else { return (lines, marked) }
    let comment = ["py", "sh", "bash", "toml", "yaml", "yml", "rb", "r"].contains(language) ? "# " : "// "
    func note(_ text: String) -> ArraySlice<UInt8> { ArraySlice((comment + text).utf8) }
    var shown: [ArraySlice<UInt8>] = []
    var marks: [ClosedRange<Int>] = []
    for (index, group) in groups.enumerated() {
      guard group.lowerBound >= 1, group.lowerBound <= lines.count else {
        warn("lines \(group.lowerBound)–\(group.upperBound) are past the end of the file (\(lines.count) lines)")
        continue
      }
      if index == 0, group.lowerBound > 1 { shown += [note("Code above omitted 👆"), []] }
      if index > 0 { shown += [[], note("Code here omitted 👈"), []] }
      let offset = shown.count - group.lowerBound + 1
      for mark in marked where group.contains(mark.lowerBound) && group.contains(mark.upperBound) {
        marks.append((mark.lowerBound + offset)...(mark.upperBound + offset))
      }
      shown += lines[(group.lowerBound - 1)..<min(group.upperBound, lines.count)]
    }
    if let last = groups.last, last.upperBound < lines.count, !shown.isEmpty {
      shown += [[], note("Code below omitted 👇")]
    }
    return (shown, marks)
  }
}
