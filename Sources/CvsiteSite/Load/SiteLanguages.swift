import CvsiteCore
import Yams

/// A language the site is written in, from `languages:` in `cvsite.yml`.
struct SiteLanguage: Sendable, Hashable {
  /// The language tag (`en`, `pt-BR`), as `<html lang>` and `hreflang` write it.
  var code: String
  /// The name readers choose it by, in the language itself (`Español`).
  var name: String
  /// Whether its script runs right to left.
  var isRightToLeft: Bool
  /// Where its pages go, from the site's root: `""` for the root, else `es/`.
  var folder: String
  /// The site's title and description in this language, when they differ.
  var title: String? = nil
  var description: String? = nil

  /// `ltr` or `rtl`, for `<html dir>`.
  var direction: String { isRightToLeft ? "rtl" : "ltr" }

  /// The languages whose scripts run right to left, by primary subtag.
  static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"]

  /// Names of common languages in themselves, for a language written without `name`.
  static let knownNames: [String: String] = [
    "ar": "العربية", "de": "Deutsch", "en": "English", "es": "Español", "fa": "فارسی", "fr": "Français",
    "he": "עברית", "hi": "हिन्दी", "id": "Bahasa Indonesia", "it": "Italiano", "ja": "日本語", "ko": "한국어",
    "nl": "Nederlands", "pl": "Polski", "pt": "Português", "pt-BR": "Português (Brasil)", "ru": "Русский",
    "sv": "Svenska", "tr": "Türkçe", "uk": "Українська", "vi": "Tiếng Việt", "zh": "中文", "zh-Hans": "简体中文",
    "zh-Hant": "繁體中文",
  ]

  /// Whether `text` has the shape of a language tag: a primary subtag of two or three
  /// letters, then subtags of letters and digits (`en`, `pt-BR`, `zh-Hant`).
  static func isLanguageTag(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// Whether the language with the tag `code` is written right to left.
  static func isRightToLeft(_ code: String) -> Bool { rightToLeft.contains(primary(code)) }

  /// The name of the language with the tag `code` in itself, when known, else the tag.
  static func name(of code: String) -> String { knownNames[code] ?? knownNames[primary(code)] ?? code }

  /// The primary subtag, lowercased (`pt` of `pt-BR`).
  static func primary(_ code: String) -> String {
    String(code.split(separator: "-").first ?? "").lowercased()
  }
}

/// The site's languages: which one is the default, and what a page missing in one of
/// them becomes.
struct SiteLanguages: Sendable, Hashable {
  /// Every language, the default first.
  var all: [SiteLanguage]
  /// A page not translated into a language: the default language's page in its place
  /// (with a notice), or no page.
  var showsUntranslated = true

  /// The default language: its pages are the originals others translate.
  var defaultLanguage: SiteLanguage { all[0] }
  /// The language with the tag `code` (compared without case).
  func language(_ code: String) -> SiteLanguage? {
    all.first { $0.code.lowercased() == code.lowercased() }
  }
  var codes: [String] { all.map(\.code) }

  /// Reads `languages:`: a list of entries `code`, `name`, `direction` (`ltr`, `rtl`) and
  /// `path` (where the language's pages go: `/` or `/<folder>/`). The default language
  /// is `defaultCode` (`language:`) when it is listed, else the first; it goes at the
  /// root unless its `path` says otherwise, the others under `/<code>/`.
  static func parse(_ value: Node, defaultCode: String?, in document: YAMLDocument) -> (SiteLanguages?, [Diagnostic]) {
    guard let items = value.sequence, !items.isEmpty else {
      return (
        nil,
        [
          document.diagnostic(
            .error, "'languages' must be a list of languages, each with a `code` such as en, and a `name`", at: value)
        ]
      )
    }
    var diagnostics: [Diagnostic] = []
    var languages: [(SiteLanguage, path: String?, node: Node)] = []
    let keys = ["code", "name", "direction", "path", "title", "description"]
    for item in items {
      var (code, name, direction, path): (String?, String?, String?, String?) = (nil, nil, nil, nil)
      var (title, description): (String?, String?) = (nil, nil)
      if let text = item.scalar?.string {
        code = text
      } else if let mapping = item.mapping {
        for (keyNode, entry) in mapping {
          let key = keyNode.string ?? ""
          guard let text = entry.scalar?.string else {
            diagnostics.append(document.diagnostic(.error, "'\(key)' of a language must be a text value", at: entry))
            continue
          }
          switch key {
          case "code": code = text
          case "name": name = text
          case "direction": direction = text
          case "path": path = text
          case "title": title = text
          case "description": description = text
          default:
            diagnostics.append(
              document.diagnostic(
                .error, "unknown setting '\(key)' of a language (a language has \(keys.joined(separator: ", ")))",
                at: keyNode, suggestion: closest(key, keys)))
          }
        }
      }
      guard let code else {
        diagnostics.append(document.diagnostic(.error, "a language needs a `code`, such as en or pt-BR", at: item))
        continue
      }
      guard SiteLanguage.isLanguageTag(code) else {
        diagnostics.append(
          document.diagnostic(
            .error, "`\(code)` is not a language tag: two or three letters, then subtags (en, pt-BR, zh-Hant)",
            at: item))
        continue
      }
      if languages.contains(where: { $0.0.code.lowercased() == code.lowercased() }) {
        diagnostics.append(document.diagnostic(.error, "the language `\(code)` is listed twice", at: item))
        continue
      }
      var isRightToLeft = SiteLanguage.isRightToLeft(code)
      if let direction {
        switch direction {
        case "ltr": isRightToLeft = false
        case "rtl": isRightToLeft = true
        default:
          diagnostics.append(
            document.diagnostic(
              .error, "a language's `direction` is `ltr` or `rtl`, not `\(direction)`", at: item,
              suggestion: closest(direction, ["ltr", "rtl"])))
        }
      }
      let shownName =
        name ?? SiteLanguage.name(of: code)
      languages.append(
        (
          SiteLanguage(
            code: code, name: shownName, isRightToLeft: isRightToLeft, folder: "", title: title,
            description: description), path, item
        ))
    }
    guard !languages.isEmpty else { return (nil, diagnostics) }
    let first =
      defaultCode.flatMap { code in languages.firstIndex { $0.0.code.lowercased() == code.lowercased() } } ?? 0
    languages.insert(languages.remove(at: first), at: 0)
    var folders: [String: String] = [:]
    for index in languages.indices {
      let (language, path, node) = languages[index]
      var folder = index == 0 ? "" : language.code + "/"
      if let path {
        guard let given = PageURL.folder(ofPath: path) else {
          diagnostics.append(
            document.diagnostic(
              .error, "a language's `path` is `/` or one folder such as `/\(language.code)/`, not `\(path)`",
              at: node))
          continue
        }
        folder = given
      }
      if let other = folders[folder] {
        diagnostics.append(
          document.diagnostic(
            .error, "the languages `\(other)` and `\(language.code)` both go to /\(folder): give one another `path`",
            at: node))
        continue
      }
      folders[folder] = language.code
      languages[index].0.folder = folder
    }
    return (SiteLanguages(all: languages.map(\.0)), diagnostics)
  }
}
