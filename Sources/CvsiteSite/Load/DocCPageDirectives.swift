import CvsiteMarkdown

/// A DocC page's own directive lines, read once: where its settings (`@Metadata`,
/// `@Options`, a tutorial's `@Intro`) are found. Only lines that start with `@` (and the
/// `}` lines that close their blocks) outside fenced code, in the page's first 16 KB:
/// a directive shown in an example or named in prose is not the page's own.
struct DocCPageDirectives {
  /// The lines kept, each trimmed, one per line.
  let text: String

  init(_ bytes: [UInt8]) {
    var kept: [Substring] = []
    var fence: Character?
    for line in String(decoding: bytes.prefix(16 * 1024), as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: true)
    {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if let first = trimmed.first, first == "`" || first == "~", trimmed.hasPrefix(String(repeating: first, count: 3))
      {
        fence = fence == nil ? first : (fence == first ? nil : fence)
        continue
      }
      guard fence == nil else { continue }
      if trimmed.hasPrefix("@") || trimmed.trimmingCharacters(in: .whitespaces) == "}" { kept.append(trimmed) }
    }
    text = kept.joined(separator: "\n")
  }

  /// The arguments of each `@name(…)`, in order, at most `limit` of them.
  func all(_ name: String, limit: Int = 20) -> [[(label: String?, value: String)]] {
    var found: [[(label: String?, value: String)]] = []
    var rest = text[...]
    while found.count < limit, let range = rest.range(of: "@" + name + "(") {
      found.append(docCArguments(text[range.lowerBound...].prefix(1_000)))
      rest = text[range.upperBound...]
    }
    return found
  }

  /// The arguments of the first `@name(…)` that are not empty; nil when there is none.
  func first(_ name: String) -> [(label: String?, value: String)]? {
    all(name, limit: 1).first?.filter { !$0.value.isEmpty }
  }

  /// The first `@name(…)`'s argument labelled `label` (unlabelled by default).
  func value(_ name: String, label: String? = nil) -> String? {
    first(name)?.first { $0.label == label }?.value
  }
}
