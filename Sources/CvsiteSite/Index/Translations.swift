import CvsiteThemes
import Foundation

/// Where each page of a site of several languages is in every language: made once
/// every language's pages are read, read by every page's language switcher and
/// `hreflang` links.
struct Translations: Sendable {
  /// A page in one language.
  struct Place: Sendable, Hashable {
    /// Its site path (`/es/docs/install/`).
    var url: String
    /// Whether it is a translation (or the original), rather than the default
    /// language's page shown in its place.
    var isTranslated: Bool
  }

  let languages: SiteLanguages
  /// By page identity (``LanguageTrees/identity(of:kind:)``), the page in each language
  /// that has it, by language code.
  private(set) var places: [String: [String: Place]] = [:]
  /// Each language's home page, by language code.
  private(set) var homes: [String: String] = [:]

  init(languages: SiteLanguages) { self.languages = languages }

  /// Records the published pages of the language `code`; `untranslated` are the site
  /// paths of those shown in place of a missing translation.
  mutating func add(_ pages: [SitePage], language code: String, untranslated: Set<String>, home: String) {
    homes[code] = home
    for page in pages {
      let key = Self.identity(of: page)
      places[key, default: [:]][code] = Place(url: page.url, isTranslated: !untranslated.contains(page.sitePath))
    }
  }

  /// What identifies `page` across languages.
  static func identity(of page: SitePage) -> String {
    LanguageTrees.identity(of: page.contentPath, kind: page.isSectionIndex ? .sectionIndex : .page)
  }

  /// The page in each language for a switcher: the page itself where it exists, else
  /// the nearest page above it in that language, else that language's home.
  func links(of page: SitePage, in code: String, config: SiteConfig) -> [LanguageLink] {
    let key = Self.identity(of: page)
    return languages.all.map { language in
      let place = places[key]?[language.code] ?? nearest(above: key, in: language)
      return LanguageLink(
        code: language.code, name: language.name, url: config.basePath + place.url.dropFirst(),
        isCurrent: language.code == code, isTranslated: place.isTranslated)
    }
  }

  /// The page's translations as `hreflang` alternates, the default language's as
  /// `x-default` too; none for a page with no translation.
  func alternates(of page: SitePage, config: SiteConfig) -> [Alternate] {
    guard let found = places[Self.identity(of: page)] else { return [] }
    let translated = languages.all.compactMap { language in
      found[language.code].flatMap { $0.isTranslated ? (language.code, $0.url) : nil }
    }
    guard translated.count > 1 else { return [] }
    var alternates = translated.map { Alternate(hreflang: $0.0, url: config.absoluteURL($0.1)) }
    if let original = found[languages.defaultLanguage.code] {
      alternates.append(Alternate(hreflang: "x-default", url: config.absoluteURL(original.url)))
    }
    return alternates
  }

  /// The nearest page above the page `key` that `language` has (its home at worst).
  private func nearest(above key: String, in language: SiteLanguage) -> Place {
    var folders = key.split(separator: "/").map(String.init)
    if !folders.isEmpty { folders.removeLast() }
    while true {
      // (A section's page is known by its folder: ``LanguageTrees/identity(of:kind:)``.)
      let candidate = folders.isEmpty ? "/" : folders.joined(separator: "/")
      if let place = places[candidate]?[language.code] { return place }
      if folders.isEmpty { return Place(url: homes[language.code] ?? "/" + language.folder, isTranslated: false) }
      folders.removeLast()
    }
  }
}

/// What a page's context needs to know of the site's languages: where the page is in
/// each, and which pages of this language are shown untranslated.
struct PageLanguages: Sendable {
  var translations: Translations
  /// The language of the pages rendered.
  var language: SiteLanguage
  /// The site paths of the default language's pages shown here untranslated.
  var untranslated: Set<String>
  /// The theme's words in this language.
  var words: ThemeStrings
}

extension PageContext {
  /// The language switcher's links, the `hreflang` alternates and, on a page shown in
  /// place of a missing translation, the notice that says so.
  mutating func addLanguages(of page: SitePage, _ languages: PageLanguages, config: SiteConfig) {
    self.languages = languages.translations.links(of: page, in: languages.language.code, config: config)
    alternates = languages.translations.alternates(of: page, config: config)
    if languages.untranslated.contains(page.sitePath) {
      let original = languages.translations.languages.defaultLanguage
      let reader = Locale(identifier: languages.language.code)
      func name(_ language: SiteLanguage) -> String {
        reader.localizedString(forLanguageCode: language.code) ?? language.name
      }
      untranslatedNotice = languages.words.formatted(
        "untranslated", ["language": name(languages.language), "original": name(original)])
      bodyLanguage = original.code
    }
  }
}
