/// VitePress' `rewrites`: pages published at other paths than their files'. Each rule is
/// a path with a trailing parameter (`'en/:rest*': ':rest*'`, `'packages/:pkg/src/:rest*':
/// …` is not read) or a whole file (`'guide/old.md': 'guide/new.md'`).
struct PathRewrites: Sendable, Hashable {
  /// Each rule's written prefix and what replaces it; a whole file's rule has `isFile`.
  struct Rule: Sendable, Hashable {
    var from: String
    var to: String
    var isFile: Bool
  }
  var rules: [Rule] = []

  /// The rules of a `rewrites` object; the ones whose patterns it cannot follow are
  /// left out, with their keys in `unread`.
  init(_ object: ScriptLiteral?) {
    for (key, value) in object?.object ?? [] {
      guard let target = value.string else { continue }
      if let from = Self.prefix(key), let to = Self.prefix(target) {
        rules.append(Rule(from: from, to: to, isFile: false))
      } else if !key.contains(":"), !target.contains(":") {
        rules.append(Rule(from: key, to: target, isFile: true))
      } else {
        unread.append(key)
      }
    }
  }

  /// The patterns not read.
  var unread: [String] = []

  /// What comes before a trailing `:name*` (`en/` of `en/:rest*`); nil for any other
  /// pattern.
  private static func prefix(_ pattern: String) -> String? {
    guard let colon = pattern.lastIndex(of: ":"), pattern.hasSuffix("*") else { return nil }
    let name = pattern[pattern.index(after: colon)..<pattern.index(before: pattern.endIndex)]
    let before = pattern[..<colon]
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !before.contains(":"),
      before.isEmpty || before.hasSuffix("/")
    else { return nil }
    return String(before)
  }

  /// The path a file at `path` (from the pages' folder) is published as.
  func rewritten(_ path: String) -> String {
    for rule in rules {
      if rule.isFile {
        if path == rule.from { return rule.to }
      } else if path.hasPrefix(rule.from) {
        return rule.to + path.dropFirst(rule.from.count)
      }
    }
    return path
  }

  /// `files` with their paths rewritten (their site paths, where they are, kept).
  func apply(_ files: [ContentFile]) -> [ContentFile] {
    guard !rules.isEmpty else { return files }
    return files.map { file in
      let path = rewritten(file.relativePath)
      guard path != file.relativePath else { return file }
      let kind =
        file.kind == .resource
        ? .resource : ContentFile.Kind.ofMarkdownFile(named: String(path.split(separator: "/").last ?? ""))
      return ContentFile(sitePath: file.sitePath, relativePath: path, kind: kind, path: file.path)
    }
  }
}
