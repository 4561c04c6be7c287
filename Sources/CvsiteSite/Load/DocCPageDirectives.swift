import CvsiteMarkdown

/// A DocC page's own directive lines, read once: where its settings (`@Metadata`,
/// `@Options`, a tutorial's `@Intro`) are found. Only lines that start with `@` (and the
/// `}` lines that close their blocks) outside fenced code, in the page's first 16 KB:
/// a directive shown in an example or named in prose is not the page's own.
struct DocCPageDirectives {
  /// The lines kept, each trimmed, one per line.
  let text: String

  init(_ bytes: [UInt8]) {
    // By bytes: splitting the text into lines of characters cost more than the rest of
    // a reference page's build.
    let limit = min(bytes.count, 16 * 1_024)
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    var kept: [UInt8] = []
    var fence: UInt8 = 0
    var start = 0
    while start < limit {
      var end = start
      while end < limit, bytes[end] != 0x0A { end += 1 }
      var first = start
      while first < end, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
      var last = end
      while last > first, bytes[last - 1] == 0x0D { last -= 1 }
      if first < last {
        let lead = bytes[first]
        if lead == UInt8(ascii: "`") || lead == UInt8(ascii: "~"), last - first >= 3, bytes[first + 1] == lead,
          bytes[first + 2] == lead
        {
          fence = fence == 0 ? lead : (fence == lead ? 0 : fence)
        } else if fence == 0,
          lead == UInt8(ascii: "@") || (lead == UInt8(ascii: "}") && bytes[(first + 1)..<last].allSatisfy(isSpace))
        {
          if !kept.isEmpty { kept.append(0x0A) }
          kept += bytes[first..<last]
        }
      }
      start = end + 1
    }
    text = String(decoding: kept, as: UTF8.self)
  }

  /// The arguments of each `@name(…)`, in order, at most `limit` of them.
  func all(_ name: String, limit: Int = 20) -> [[(label: String?, value: String)]] {
    var found: [[(label: String?, value: String)]] = []
    let needle = "@" + name + "("
    var from = 0
    // A byte search: a page's settings are asked for a dozen times.
    while found.count < limit, let offset = text.utf8Offset(of: needle, from: from) {
      let start = text.utf8.index(text.startIndex, offsetBy: offset)
      found.append(docCArguments(text[start...].prefix(1_000)))
      from = offset + needle.utf8.count
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
