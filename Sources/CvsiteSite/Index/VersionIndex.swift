import CvsiteCore
import CvsiteThemes

/// Where each page of a site of several versions is in every version, per language:
/// made once every version's pages are read, read by every page's version switcher, its
/// old-version notice and its canonical link.
struct VersionIndex: Sendable {
  let versions: SiteVersions
  /// By language code, then page identity: the page's site path in each version that
  /// has it, by version name.
  private(set) var places: [String: [String: [String: String]]] = [:]
  /// Each version's home page, by language code then version name.
  private(set) var homes: [String: [String: String]] = [:]

  init(versions: SiteVersions) { self.versions = versions }

  /// Records the published pages of one language of one version.
  mutating func add(_ pages: [SitePage], version: String, language: String, home: String) {
    homes[language, default: [:]][version] = home
    var byPage = places[language] ?? [:]
    for page in pages { byPage[Translations.identity(of: page), default: [:]][version] = page.url }
    places[language] = byPage
  }

  /// The page in each version, for a switcher: the page where that version has it, else
  /// that version's home.
  func links(of page: SitePage, version: String, language: String, config: SiteConfig) -> [VersionLink] {
    let found = places[language]?[Translations.identity(of: page)] ?? [:]
    return versions.all.map { other in
      let url = found[other.name] ?? homes[language]?[other.name] ?? "/" + other.folder
      return VersionLink(
        name: other.name, url: config.basePath + url.dropFirst(), isCurrent: other.name == version,
        isNewest: other.isNewest)
    }
  }

  /// The site path of the page in the newest version, when it has it.
  func newest(of page: SitePage, language: String) -> String? {
    guard let newest = versions.all.first?.name else { return nil }
    return places[language]?[Translations.identity(of: page)]?[newest]
  }

  /// The newest version's home in `language`.
  func newestHome(language: String) -> String {
    versions.all.first.flatMap { homes[language]?[$0.name] } ?? "/"
  }

  /// `versions.json`: every version's name, its home's path and which is the newest, for
  /// a theme or a host to read.
  func json(basePath: String) -> String {
    let items = versions.all.map { version in
      "  {\"name\": \(jsonStringLiteral(version.name)), \"url\": \(jsonStringLiteral(basePath + version.folder)), \"newest\": \(version.isNewest)}"
    }
    return "[\n" + items.joined(separator: ",\n") + "\n]\n"
  }
}

/// What a page's context needs of the site's versions.
struct PageVersions: Sendable {
  var index: VersionIndex
  var version: SiteVersion
  var language: String
  var words: ThemeStrings
}

extension PageContext {
  /// The version switcher's links and, on a page of an older version, the notice that
  /// leads to the newest, and a canonical link to the newest version's page.
  mutating func addVersions(of page: SitePage, _ versions: PageVersions, config: SiteConfig) {
    self.versions = versions.index.links(
      of: page, version: versions.version.name, language: versions.language, config: config)
    guard !versions.version.isNewest else { return }
    let newest = versions.index.newest(of: page, language: versions.language)
    let target = newest ?? versions.index.newestHome(language: versions.language)
    olderVersionNotice = versions.words.formatted("olderVersion", ["version": versions.version.name])
    newestVersionURL = config.basePath + target.dropFirst()
    if let newest { canonicalURL = config.canonicalURL(newest) }
  }
}
