import CvsiteCore
import Foundation

/// The include lines of MkDocs projects beyond pymdownx.snippets, as ``IncludedLines``
/// reads them:
///
/// ```
/// {! ../docs_src/intro.md !}                   mdx_include: the file's text
/// {* ../docs_src/app.py ln[3:8,12] hl[5] *}    markdown-include-variants: a code block of
///                                              the lines of `ln` (all without), with the
///                                              lines of `hl` marked and the omitted ones said
/// ```
///
/// and VitePress' code imports (in any page): `<<< @/snippets/a.ts#setup{2,4-5 ts} [a.ts]`,
/// the file's region `setup` (between `#region setup` and `#endregion setup` lines), its
/// lines 2 and 4 to 5 marked, shown as TypeScript titled `a.ts`.
struct CodeInclude: Equatable {
  /// The groups of lines taken (1-based, inclusive, in order); empty for the whole file.
  var groups: [ClosedRange<Int>] = []
  /// The lines marked, by their number in the file.
  var marked: [ClosedRange<Int>] = []
  var title: String?
  /// The code block's language: the file's extension.
  var language = ""
  /// The region of the file shown (VitePress' `#region name`), marked lines numbered in it.
  var region: String?

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

  /// What a VitePress `<<<` line (from its first non-space byte) imports: the path as
  /// written (`@/…` from the pages' root, else from the page's folder) and how to show it;
  /// nil for any other line.
  static func vitePressRequest(_ text: ArraySlice<UInt8>) -> (path: String, code: CodeInclude)? {
    guard text.starts(with: "<<<".utf8) else { return nil }
    var rest = String(decoding: text.dropFirst(3), as: UTF8.self).trimmingSpaces[...]
    var code = CodeInclude()
    if rest.hasSuffix("]"), let open = rest.lastIndex(of: "[") {
      code.title = String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]).trimmingSpaces
      rest = String(rest[..<open]).trimmingSpaces[...]
    }
    var options: Substring?
    if rest.hasSuffix("}"), let open = rest.lastIndex(of: "{") {
      options = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
      rest = rest[..<open]
    }
    var path = String(rest)
    if let hash = path.lastIndex(of: "#") {
      code.region = String(path[path.index(after: hash)...])
      path = String(path[..<hash])
    }
    guard !path.isEmpty, !path.contains(where: \.isWhitespace) else { return nil }
    code.language =
      path.split(separator: "/").last.flatMap { name in
        name.contains(".") ? name.split(separator: ".").last.map(String.init) : nil
      } ?? ""
    for token in (options ?? "").split(whereSeparator: { $0 == "," || $0 == " " }) {
      let found = ranges(String(token), separator: "-")
      if found.isEmpty {
        // `ts:line-numbers`, `c#`: the language; line numbers are the theme's to show.
        code.language = String(token.prefix { $0 != ":" })
      } else {
        code.marked += found
      }
    }
    return (path, code)
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
    if let region {
      if let inside = Self.lines(ofRegion: region, in: lines) {
        lines = inside
      } else {
        warn(
          "`\(source.path)` has no region `\(region)` (`#region \(region)` … `#endregion \(region)`): the whole file is shown"
        )
      }
    }
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

  /// The lines of the region `name`: after the line that opens it (`// #region name`,
  /// `# #region name`, `<!-- #region name -->`) up to the one that ends it, without the
  /// lines that open or end other regions; nil when no line opens it.
  static func lines(ofRegion name: String, in lines: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>]? {
    func marker(_ line: ArraySlice<UInt8>) -> (opens: Bool, name: String)? {
      let text = String(decoding: line, as: UTF8.self)
      for (word, opens) in [("#endregion", false), ("#region", true)] {
        guard let found = text.range(of: word) else { continue }
        let before = text[..<found.lowerBound].trimmingCharacters(in: .whitespaces)
        guard ["", "//", "#", "<!--", "/*", "--", ";", "'"].contains(before) else { return nil }
        var after = text[found.upperBound...].trimmingCharacters(in: .whitespaces)
        for close in ["-->", "*/"] where after.hasSuffix(close) {
          after = String(after.dropLast(close.count)).trimmingCharacters(in: .whitespaces)
        }
        return (opens, after)
      }
      return nil
    }
    guard let start = lines.firstIndex(where: { marker($0).map { $0.opens && $0.name == name } ?? false }) else {
      return nil
    }
    var inside: [ArraySlice<UInt8>] = []
    for line in lines[(start + 1)...] {
      guard let found = marker(line) else {
        inside.append(line)
        continue
      }
      if !found.opens, found.name == name || found.name.isEmpty { break }
    }
    // The region's indentation is the block's: the lines lose what they all share.
    let shared = inside.filter { !$0.allSatisfy(isSpace) }.map { $0.prefix(while: isSpace).count }.min() ?? 0
    return inside.map { $0.count >= shared ? $0.dropFirst(shared) : $0 }
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
