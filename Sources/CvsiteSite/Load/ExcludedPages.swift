/// Files of the site's pages folder left out of the build, by patterns written as in a
/// `.gitignore` (MkDocs' `exclude_docs`): `drafts/`, `*.tmp`, `/private.md`, `**/notes.md`,
/// `!keep.md`. A later pattern overrides an earlier one.
struct ExcludedPages: Sendable, Hashable {
  private struct Pattern: Sendable, Hashable {
    var parts: [String]
    /// Written with a `/` before its last character: matched from the folder's top.
    var anchored: Bool
    /// Written with a trailing `/`: matches folders (and so what they hold).
    var folderOnly: Bool
    var negated: Bool
  }

  private var patterns: [Pattern] = []

  /// No file excluded.
  init() {}

  /// The patterns of `text`, one per line; blank lines and `#` comments are skipped.
  init(_ text: String) {
    for raw in text.split(whereSeparator: \.isNewline) {
      var line = String(raw.drop { $0 == " " || $0 == "\t" })
      while line.last == " " || line.last == "\t" { line.removeLast() }
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      var pattern = Pattern(parts: [], anchored: false, folderOnly: false, negated: false)
      if line.hasPrefix("!") {
        pattern.negated = true
        line.removeFirst()
      }
      if line.hasSuffix("/") {
        pattern.folderOnly = true
        line.removeLast()
      }
      pattern.anchored = line.dropLast().contains("/")
      if line.hasPrefix("/") { line.removeFirst() }
      pattern.parts = line.split(separator: "/").map(String.init)
      guard !pattern.parts.isEmpty else { continue }
      patterns.append(pattern)
    }
  }

  var isEmpty: Bool { patterns.isEmpty }

  /// Whether the file at `path` (relative to the pages folder) is left out.
  func excludes(_ path: String) -> Bool {
    // Asked of every page, most often with no patterns at all.
    guard !patterns.isEmpty else { return false }
    let parts = path.splitOmittingEmpty(atByte: UInt8(ascii: "/")).map(String.init)
    var excluded = false
    for pattern in patterns where pattern.negated == excluded {
      if Self.matches(pattern, parts) { excluded = !pattern.negated }
    }
    return excluded
  }

  /// A pattern matches a path when it matches the path or a folder above it (a folder
  /// pattern: only a folder above it).
  private static func matches(_ pattern: Pattern, _ parts: [String]) -> Bool {
    let lengths = pattern.folderOnly ? Array(1..<max(1, parts.count)) : Array(1...max(1, parts.count))
    for length in lengths where length <= parts.count {
      let prefix = Array(parts.prefix(length))
      if pattern.anchored {
        if glob(pattern.parts[...], prefix[...]) { return true }
      } else if pattern.parts.count == 1, let last = prefix.last {
        if wildcard(pattern.parts[0], last) { return true }
      } else {
        for start in 0..<prefix.count where glob(pattern.parts[...], prefix[start...]) { return true }
      }
    }
    return false
  }

  /// Path segments against pattern segments; `**` stands for any number of segments.
  private static func glob(_ pattern: ArraySlice<String>, _ parts: ArraySlice<String>) -> Bool {
    guard let first = pattern.first else { return parts.isEmpty }
    if first == "**" {
      for skip in 0...parts.count where glob(pattern.dropFirst(), parts.dropFirst(skip)) { return true }
      return false
    }
    guard let part = parts.first, wildcard(first, part) else { return false }
    return glob(pattern.dropFirst(), parts.dropFirst())
  }

  /// One segment against a pattern of `*` (any run) and `?` (any one character).
  private static func wildcard(_ pattern: String, _ text: String) -> Bool {
    let pattern = Array(pattern)
    let text = Array(text)
    var (p, t) = (0, 0)
    var star: (p: Int, t: Int)?
    while t < text.count {
      if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if let last = star {
        p = last.p + 1
        t = last.t + 1
        star = (last.p, last.t + 1)
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
