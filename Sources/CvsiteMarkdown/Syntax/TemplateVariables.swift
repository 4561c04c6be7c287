import CvsiteCore

/// `{{ name }}` in the pages of an MkDocs project that runs a macros plugin
/// (mkdocs-macros, Zensical's macros extension), which renders each page as a Jinja
/// template before Markdown reads it: the values of the project's `extra:` put in place
/// (`{{ version }}`, `{{ config.extra.version }}`). Other Jinja (`{% for %}`, filters,
/// names `extra:` does not give) is not run here: a warning names it, once per kind per
/// page, and its text stays as written.
struct TemplateVariables {
  /// The values, by name (`version`, `links.chat` for a nested mapping).
  let values: [String: String]

  /// The most warnings one page gets.
  static let maxWarnings = 8

  /// `source` with the values in place after its first `frontMatterLines` lines; nil
  /// when it has no Jinja. What cannot be put in place is said in `diagnostics`.
  func expand(_ source: SourceText, frontMatterLines: Int, into diagnostics: inout [Diagnostic]) -> SourceText? {
    guard frontMatterLines < source.lineCount, mayHaveJinja(source.bytes) else { return nil }
    var output = Array(source.bytes[0..<source.lineStarts[frontMatterLines]])
    output.reserveCapacity(source.bytes.count)
    var said = Set<String>()
    var changed = false
    // Between `{% raw %}` and `{% endraw %}` the text is kept as it is, the tags go.
    var raw = false
    for line in (frontMatterLines + 1)...source.lineCount {
      let range = source.lineRange(line)
      let end = line < source.lineCount ? source.lineStarts[line] : source.bytes.count
      var index = range.lowerBound
      while index < range.upperBound {
        guard let (open, close) = Self.tag(in: source.bytes, from: index, before: range.upperBound) else {
          output += source.bytes[index..<range.upperBound]
          break
        }
        output += source.bytes[index..<open]
        let inner = String(decoding: source.bytes[(open + 2)..<(close - 2)], as: UTF8.self).trimmingSpaces
        let written = source.bytes[open..<close]
        let keyword = Self.kind(of: written, inner: inner)
        if raw {
          if keyword == "{% endraw %}" { changed = true } else { output += written }
          raw = keyword != "{% endraw %}"
        } else if keyword == "{% raw %}" {
          raw = true
          changed = true
        } else if source.bytes[open + 1] == UInt8(ascii: "{"), let value = value(of: inner) {
          output += value.utf8
          changed = true
        } else {
          output += written
          let kind = keyword
          if said.insert(kind).inserted, said.count <= Self.maxWarnings {
            diagnostics.append(
              source.diagnostic(
                .warning, message(kind: kind, inner: inner, opener: source.bytes[open + 1]), line: line,
                column: open - range.lowerBound + 1, suggestion: suggestion(for: inner, opener: source.bytes[open + 1]))
            )
          }
        }
        index = close
      }
      output += source.bytes[range.upperBound..<end]
    }
    return changed ? SourceText(path: source.path, bytes: output) : nil
  }

  /// The value `{{ inner }}` stands for: a name of `extra:`, as such or as
  /// `extra.name` / `config.extra.name`.
  private func value(of inner: String) -> String? {
    for prefix in ["", "extra.", "config.extra."] where inner.hasPrefix(prefix) {
      if let value = values[String(inner.dropFirst(prefix.count))] { return value }
    }
    return nil
  }

  private func message(kind: String, inner: String, opener: UInt8) -> String {
    switch opener {
    case UInt8(ascii: "%"): return "the Jinja statement `\(kind)` is not run by cvsite: its text stays as written"
    case UInt8(ascii: "#"): return "a Jinja comment is not read by cvsite: its text stays as written"
    default:
      return Self.isName(inner)
        ? "`{{ \(inner) }}` names no value of `extra:` in the project's settings: its text stays as written"
        : "the Jinja expression `{{ \(inner) }}` is not run by cvsite: its text stays as written"
    }
  }

  private func suggestion(for inner: String, opener: UInt8) -> String? {
    guard opener == UInt8(ascii: "{"), Self.isName(inner) else { return nil }
    return closest(inner, values.keys.sorted())
  }

  /// What a warning is said once for: each name or expression, each statement by its
  /// keyword (`{% for %}`), comments as one.
  private static func kind(of written: ArraySlice<UInt8>, inner: String) -> String {
    switch written[written.startIndex + 1] {
    case UInt8(ascii: "%"):
      // `{%- for … -%}`: the marks that trim white space are not part of the keyword.
      let keyword = inner.drop { $0 == "-" || $0 == "+" || $0 == " " }.prefix { !$0.isWhitespace && $0 != "-" }
      return "{% \(keyword) %}"
    case UInt8(ascii: "#"): return "{# #}"
    default: return "{{ \(inner) }}"
    }
  }

  /// Whether `text` is a dotted name (`user.url`).
  private static func isName(_ text: String) -> Bool {
    guard let first = text.utf8.first, isASCIILetter(first) || first == UInt8(ascii: "_") else { return false }
    return text.utf8.allSatisfy { isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
  }

  /// The next `{{ … }}`, `{% … %}` or `{# … #}` that opens and closes before `end`: where
  /// it starts and ends.
  private static func tag(in bytes: [UInt8], from start: Int, before end: Int) -> (Int, Int)? {
    var index = start
    while index + 1 < end {
      if bytes[index] == UInt8(ascii: "{") {
        let second = bytes[index + 1]
        let closer: UInt8? =
          switch second {
          case UInt8(ascii: "{"): UInt8(ascii: "}")
          case UInt8(ascii: "%"): UInt8(ascii: "%")
          case UInt8(ascii: "#"): UInt8(ascii: "#")
          default: nil
          }
        if let closer {
          var scan = index + 2
          while scan + 1 < end {
            if bytes[scan] == closer, bytes[scan + 1] == UInt8(ascii: "}") { return (index, scan + 2) }
            scan += 1
          }
          return nil
        }
      }
      index += 1
    }
    return nil
  }

  private func mayHaveJinja(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      firstOffset(of: Array("{{".utf8), in: buffer, within: 0..<buffer.count) != nil
        || firstOffset(of: Array("{%".utf8), in: buffer, within: 0..<buffer.count) != nil
    }
  }
}
