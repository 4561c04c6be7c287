import CvsiteCore
import Foundation

/// The words a theme writes around pages (Search, On this page, Next, the callout
/// kinds…) in one language: the theme's `i18n/<language>.yml` files over its English
/// ones, and the site's own `i18n/<language>.yml` over both.
///
/// Templates read them as `t` (`{{t.onThisPage}}`). A word may hold `{name}`
/// placeholders, which ``formatted(_:_:)`` fills.
public struct ThemeStrings: Sendable, Hashable {
  /// Every word by key.
  public private(set) var words: [String: String]
  /// The language these are the words of.
  public let language: String

  /// Words for `language` from `words`.
  public init(language: String, words: [String: String]) {
    self.language = language
    self.words = words
  }

  /// The word for `key`, or the key itself when no file names it (so a missing word
  /// shows, rather than nothing).
  public subscript(_ key: String) -> String { words[key] ?? key }

  /// The word for `key` with each `{name}` replaced by `values[name]`.
  public func formatted(_ key: String, _ values: [String: String]) -> String {
    var text = self[key]
    for (name, value) in values { text = text.replacingOccurrences(of: "{" + name + "}", with: value) }
    return text
  }

  /// The keys the theme's scripts read, given to them as JSON in the page
  /// (`t.scriptJSON`) when any differs from the English the scripts hold.
  public static let scriptKeys = [
    "copy", "copied", "copyCode", "codeCopied", "copyFailed", "copyUnavailable", "stepOf", "table", "noResults",
    "oneResult", "results", "moreResults", "topOfPage", "searchUnavailable",
  ]

  /// The words as templates read them: an object of strings, and `scriptJSON` when the
  /// scripts' words differ from English (`english`).
  func templateValue(english: ThemeStrings?) -> TemplateValue {
    var object = TemplateObject(
      uniqueNamesWithValues: words.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    let differs = Self.scriptKeys.contains { words[$0] != nil && words[$0] != english?.words[$0] }
    if differs {
      var json = "{"
      for key in Self.scriptKeys {
        guard let word = words[key] else { continue }
        if json.count > 1 { json += "," }
        json += "\"" + key + "\":" + jsonStringLiteral(word)
      }
      object["scriptJSON"] = .string(json + "}")
    }
    return .object(object)
  }

  /// Reads the words of `language`: `i18n/en.yml`, then the language's primary subtag's
  /// file (`pt.yml` for `pt-BR`), then its own, from each of the theme's `trees`
  /// (lowest precedence first), then the site's `i18n/` folder (`site`) the same way.
  /// A file that is not a mapping of words is a located error.
  public static func load(language: String, themeTrees: [FileTree], site: FileTree?) -> (ThemeStrings, [Diagnostic]) {
    var words: [String: String] = [:]
    var diagnostics: [Diagnostic] = []
    let primary = String(language.split(separator: "-").first ?? "")
    var names = ["en"]
    for name in [primary, language] where !names.contains(name) { names.append(name) }
    func read(_ tree: FileTree, _ name: String, shown: String) {
      guard let bytes = tree.contents(name + ".yml") else { return }
      var reader = YAMLReader(path: shown + name + ".yml", text: String(decoding: bytes, as: UTF8.self))
      guard let root = reader.compose(String(decoding: bytes, as: UTF8.self)) else {
        diagnostics += reader.diagnostics
        return
      }
      for (key, _, value) in reader.mapping(root, "a file of theme words") {
        guard let word = value.scalar?.string else {
          reader.error("the word `\(key)` must be text", at: value)
          continue
        }
        words[key] = word
      }
      diagnostics += reader.diagnostics
    }
    for tree in themeTrees {
      for name in names { read(tree.subtree("i18n"), name, shown: "i18n/") }
    }
    if let site {
      // The site's English words are for English pages only.
      for name in names where name != "en" || primary == "en" { read(site, name, shown: "i18n/") }
    }
    return (ThemeStrings(language: language, words: words), diagnostics)
  }
}
