import CvsiteCore
import CvsiteMarkdown
import Yams

/// The site settings in `cvsite.yml`.
struct SiteConfig: Sendable {
  var title: String = "Untitled site"
  /// Absolute base URL with a trailing slash (`https://example.com/docs/`); used for
  /// the sitemap, the feed and canonical links. Pages link to each other with paths
  /// relative to its path component.
  var baseURL: String = "/" {
    didSet { (basePath, absoluteRoot) = Self.roots(of: baseURL) }
  }
  var theme: String = "default"
  /// Where `theme:` is written, to point at when the theme cannot be found: a diagnostic
  /// already made there, whose message is replaced.
  var themeSetting: Diagnostic?
  var language: String = "en" {
    didSet { dates = LocalDates(language: language) }
  }
  /// Dates as ``language`` writes them.
  private(set) var dates = LocalDates(language: "en")
  /// `ltr` or `rtl`: the direction of the language's script.
  var direction = "ltr"
  /// The site's languages (`languages:`), when it names them.
  var languages: SiteLanguages?
  /// The site's versions (`versions:`), when it names them.
  var versions: SiteVersions?
  /// Whether the pages being built are the newest version's (a site of one version's are).
  var isNewestVersion = true
  /// Where the pages being built go, from the root: `""`, or the folder of their version
  /// and language (`1.x/`, `es/`, `1.x/es/`).
  var treeFolder = ""
  var description: String = ""
  var author: String = ""
  /// Let raw HTML in Markdown through (off by default: libcmark's safe mode).
  var rawHTML: Bool = false
  /// `rawHTML: trusted`: raw HTML published as written, script included.
  var trustsRawHTML = false
  /// Add a `#` link after each heading.
  var headingAnchors: Bool = true
  /// How much of the section tree each page's navigation shows.
  var navigation: NavigationStyle = .path
  /// What a broken internal link is: an error (the default), a warning, or not reported
  /// by `build` (`cvsite check` still lists it, as a warning).
  var links: LinkPolicy = .error
  /// Where a page's source can be edited: this prefix and the page's path under
  /// `content/` (`https://github.com/o/r/edit/main/content/`). Empty: no link.
  var editURL: String = ""
  /// Links to the previous and next page at the end of every page.
  var prevNext: Bool = true
  /// The picture link previews show for pages without an `image` of their own: an
  /// absolute URL, or a path in the site (`/images/card.png`).
  var image: String = ""
  /// `lastUpdated: git`: each page's last change is its source file's last commit.
  var lastUpdatedFromGit = false
  /// The front-matter keys whose terms get pages of their own (`/tags/swift/`).
  var taxonomies: [String] = ["tags"]
  /// Write a search index and let the theme offer search (`search: false` turns it off).
  var search = true
  /// Where the search index is written, in the output folder.
  static let searchFolder = "search"
  /// Whether the site is written in English (`en`, `en-GB`): search folds plurals.
  var isEnglish: Bool { Self.isEnglish(language) }
  /// Whether the language tag `tag` is English.
  static func isEnglish(_ tag: String) -> Bool {
    let lowered = tag.lowercased()
    return lowered == "en" || lowered.hasPrefix("en-")
  }
  /// The search index's folder as pages link to it (`/docs/search/`), when there is one.
  var searchURL: String? { search ? basePath + searchPath + "/" : nil }
  /// The search index's folder in the output, for the language being built
  /// (`search`, `es/search`).
  var searchPath: String { treeFolder + Self.searchFolder }
  /// The site path of the home page of the language being built (`/`, `/es/`).
  var homePath: String { "/" + treeFolder }

  /// What a broken internal link is.
  enum LinkPolicy: String, Sendable, CaseIterable {
    case error, warn, off
  }

  /// How much of the section tree each page's navigation shows.
  enum NavigationStyle: String, Sendable, CaseIterable {
    /// Every top-level entry, and the pages of the sections the page is in: a page's
    /// navigation stays small however large the site grows.
    case path
    /// Every section open on every page: for small sites.
    case full
  }

  /// The folder of the site's pages: `content`, or an MkDocs project's `docs_dir`.
  var contentFolder = "content"
  /// Layouts of the generator the project was written for, read as the theme's default.
  var foreignLayouts: Set<String> = []
  /// The settings file the site was read from, as diagnostics name it.
  var settingsFile = "cvsite.yml"
  /// The other files the settings were read from (an `INHERIT` parent, a Docusaurus
  /// `sidebars.js`), from the site's folder: `serve` reads the settings again when one
  /// changes.
  var settingsInputs: [String] = []
  /// The generator the pages were written for (an MkDocs project's: `.mkdocs`).
  var dialect: MarkdownDialect = .cvsite
  /// The values of `{{ name }}` in an MkDocs project with a macros plugin; nil elsewhere.
  var templateValues: [String: String]?
  /// Whether a section page lists its pages by default (MkDocs projects: no).
  var listsSections = true
  /// Style sheets and scripts every page links after the theme's own: paths in the
  /// site (`css/extra.css`) or absolute URLs.
  var styles: [String] = []
  var scripts: [String] = []
  /// The navigation the settings write out (MkDocs' `nav`), when they do.
  var writtenNavigation: WrittenNavigation?
  /// Folders snippets (`--8<--`) are looked for in, relative to the site's folder
  /// (pymdownx.snippets' `base_path`); empty: the site's folder, then the pages'.
  var snippetBases: [String] = []
  /// Files of the pages folder left out of the build (MkDocs' `exclude_docs`).
  var excludedPages = ExcludedPages()
  /// Pages left out of the navigation made from the folders (MkDocs' `not_in_nav`).
  var pagesOutOfNavigation = ExcludedPages()
  /// Pages that are drafts whatever their front matter says (MkDocs' `draft_docs`).
  var draftPages = ExcludedPages()
  /// Folders of icon sets for `:name:` shortcodes, relative to the site, when the pages
  /// use them (MkDocs' pymdownx.emoji); nil when shortcodes are not read.
  var shortcodeFolders: [String]?
  /// Pages written for another generator: what it renders without failing (a stray
  /// `:::`) is a warning (``MarkdownOptions/tolerant``).
  var tolerant = false
  /// Whether URLs and titles lose their files' number prefixes, as Docusaurus makes them
  /// (`01-intro.md` is `/intro/`).
  var stripsNumberPrefixes = false
  /// A DocC catalog's URL scheme and root page, when the site is one.
  var docc: DocCCatalog.Settings?
  /// The folder (from the site's root) of the symbol graphs whose API reference the
  /// site publishes (`symbolGraphs:`), and where the setting is written.
  var symbolGraphs: String?
  var symbolGraphsLocation: SourceLocation?

  init() {}

  static let keys = [
    "title", "baseURL", "theme", "language", "description", "author", "rawHTML", "headingAnchors", "navigation",
    "links", "editURL", "prevNext", "image", "lastUpdated", "taxonomies", "search", "styles", "scripts", "dialect",
    "content", "languages", "untranslated", "versions", "symbolGraphs",
  ]

  /// Settings of other generators that authors coming from them write in `cvsite.yml`:
  /// the generator whose name it is, and cvsite's setting for it.
  static let otherGeneratorsKeys: [String: (generator: String, setting: String)] = [
    "site_name": ("MkDocs", "title"), "site_url": ("MkDocs", "baseURL"), "site_description": ("MkDocs", "description"),
    "site_author": ("MkDocs", "author"), "nav": ("MkDocs", "navigation"), "docs_dir": ("MkDocs", "content"),
    "repo_url": ("MkDocs", "editURL"), "edit_uri": ("MkDocs", "editURL"), "baseurl": ("Jekyll", "baseURL"),
    "baseUrl": ("Docusaurus", "baseURL"), "base_url": ("Zola", "baseURL"), "url": ("Docusaurus", "baseURL"),
    "tagline": ("Docusaurus", "description"), "languageCode": ("Hugo", "language"),
    "defaultContentLanguage": ("Hugo", "language"), "lang": ("VitePress", "language"),
    "locales": ("VitePress", "languages"),
    "sidebar": ("VitePress", "navigation"), "menu": ("Hugo", "navigation"),
  ]

  /// The path part of the base URL: `/` or `/docs/`. Kept with ``baseURL`` rather than
  /// worked out at each of the many reads a build makes.
  private(set) var basePath: String = "/"
  /// What ``absoluteURL(_:)`` puts before a site path: the base URL with a trailing slash
  /// when it names a scheme and host, else ``basePath``.
  private var absoluteRoot: String = "/"

  private static func roots(of baseURL: String) -> (basePath: String, absoluteRoot: String) {
    let path = CvsiteCore.basePath(ofBaseURL: baseURL)
    guard baseURL.contains("://") else { return (path, path) }
    return (path, baseURL.hasSuffix("/") ? baseURL : baseURL + "/")
  }

  /// Why `text` is not an absolute `http(s)` URL a link may point at, if it is not.
  static func absoluteURLProblem(_ text: String) -> String? {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
      return "must be an absolute http(s) URL such as https://github.com/owner/repo/edit/main/content/"
    }
    guard !text.contains(where: \.isWhitespace), URLSafety.isSafe(text) else {
      return "must be a URL without spaces or control characters"
    }
    return nil
  }

  /// The canonical URL of a site path: absolute when `baseURL` names a scheme and host,
  /// else none (a relative canonical link would say nothing).
  func canonicalURL(_ sitePath: String) -> String? {
    baseURL.contains("://") ? absoluteURL(sitePath) : nil
  }

  /// A link the settings write (a style sheet, a script): an absolute URL as it is, a
  /// path in the site under the base path (`css/extra.css` → `/docs/css/extra.css`).
  func linkURL(_ link: String) -> String {
    if URLSafety.scheme(of: link) != nil || link.hasPrefix("//") { return link }
    return basePath + (link.hasPrefix("/") ? link.dropFirst() : Substring(link))
  }

  /// Absolute URL for a site path such as `/docs/install/`.
  func absoluteURL(_ sitePath: String) -> String {
    absoluteRoot + (sitePath.hasPrefix("/") ? sitePath.dropFirst() : Substring(sitePath))
  }

  /// Reads `cvsite.yml`; every problem is a diagnostic, unknown keys with a suggestion.
  static func parse(_ text: String, path: String) -> (SiteConfig, [Diagnostic]) {
    var config = SiteConfig()
    let (document, syntaxErrors) = YAMLDocument.parse(text, path: path)
    guard syntaxErrors.isEmpty else { return (config, syntaxErrors) }
    guard let root = document.root else { return (config, []) }
    guard let mapping = root.mapping else {
      return (config, [document.diagnostic(.error, "cvsite.yml must be a mapping of settings", at: root)])
    }
    var diagnostics: [Diagnostic] = []
    var languagesNode: Node?
    var untranslatedNode: Node?
    var versionsNode: Node?
    for (keyNode, value) in mapping {
      guard let key = keyNode.string else { continue }
      func string() -> String? {
        guard let scalar = value.scalar, value.tag.rawValue != Tag.Name.null.rawValue else {
          diagnostics.append(document.diagnostic(.error, "'\(key)' must be a text value", at: value))
          return nil
        }
        return scalar.string
      }
      func bool() -> Bool? {
        guard let flag = value.bool else {
          diagnostics.append(document.diagnostic(.error, "'\(key)' must be true or false", at: value))
          return nil
        }
        return flag
      }
      switch key {
      case "title": config.title = string() ?? config.title
      case "baseURL":
        guard let text = string() else { break }
        if let problem = URLSafety.baseURLProblem(text) {
          diagnostics.append(document.diagnostic(.error, "'\(key)': \(problem)", at: value))
        } else {
          config.baseURL = text
        }
      case "theme":
        if let name = string() {
          if name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            diagnostics.append(document.diagnostic(.error, "theme must be a folder name under themes/", at: value))
          } else {
            config.theme = name
            config.themeSetting = document.diagnostic(.error, "", at: value)
          }
        }
      case "language": config.language = string() ?? config.language
      case "languages": languagesNode = value
      case "versions": versionsNode = value
      case "untranslated": untranslatedNode = value
      case "description": config.description = string() ?? config.description
      case "author": config.author = string() ?? config.author
      case "rawHTML":
        if value.scalar?.string == "trusted" {
          (config.rawHTML, config.trustsRawHTML) = (true, true)
        } else if let flag = value.bool {
          (config.rawHTML, config.trustsRawHTML) = (flag, false)
        } else {
          diagnostics.append(
            document.diagnostic(
              .error, "'rawHTML' is true (sanitised), false or `trusted` (as written, script included)", at: value,
              suggestion: value.scalar.map { closest($0.string, ["true", "false", "trusted"]) } ?? nil))
        }
      case "headingAnchors": config.headingAnchors = bool() ?? config.headingAnchors
      case "navigation":
        guard let text = string() else { break }
        if let style = NavigationStyle(rawValue: text) {
          config.navigation = style
        } else {
          let choices = NavigationStyle.allCases.map(\.rawValue)
          diagnostics.append(
            document.diagnostic(
              .error, "'navigation' must be `path` or `full`, not `\(text)`", at: value,
              suggestion: closest(text, choices)))
        }
      case "links":
        guard let text = string() else { break }
        if let policy = LinkPolicy(rawValue: text) {
          config.links = policy
        } else {
          diagnostics.append(
            document.diagnostic(
              .error, "'links' must be `error`, `warn` or `off`, not `\(text)`", at: value,
              suggestion: closest(text, LinkPolicy.allCases.map(\.rawValue))))
        }
      case "editURL":
        guard let text = string() else { break }
        if let problem = Self.absoluteURLProblem(text) {
          diagnostics.append(document.diagnostic(.error, "'editURL': \(problem)", at: value))
        } else {
          config.editURL = text.hasSuffix("/") ? text : text + "/"
        }
      case "prevNext": config.prevNext = bool() ?? config.prevNext
      case "search": config.search = bool() ?? config.search
      case "taxonomies":
        let items = value.sequence.map(Array.init) ?? []
        let names = items.compactMap { $0.scalar?.string }
        let valid = names.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x61...0x7A).contains($0) || $0 == 0x2D } }
        if value.sequence == nil || names.count != items.count || !valid || Set(names).count != names.count {
          diagnostics.append(
            document.diagnostic(
              .error, "'taxonomies' must be a list of distinct lowercase names, such as [tags, categories]", at: value))
        } else {
          config.taxonomies = names
        }
      case "lastUpdated":
        if value.bool == false {
          config.lastUpdatedFromGit = false
        } else if value.scalar?.string == "git" {
          config.lastUpdatedFromGit = true
        } else {
          diagnostics.append(
            document.diagnostic(
              .error, "'lastUpdated' must be `git` (each page's last commit) or false", at: value,
              suggestion: value.scalar.map { closest($0.string, ["git"]) } ?? nil))
        }
      case "content":
        guard let folder = string() else { break }
        let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
        if folder.hasPrefix("/") || parts.isEmpty || parts.contains(where: { $0 == ".." || $0 == "." })
          || ["static", "themes", "layouts"].contains(String(parts[0]))
        {
          diagnostics.append(
            document.diagnostic(
              .error, "'content' must be a folder inside the site for its pages, such as docs", at: value))
        } else {
          config.contentFolder = parts.joined(separator: "/")
        }
      case "symbolGraphs":
        guard let folder = string() else { break }
        let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
        if folder.hasPrefix("/") || parts.isEmpty || parts.contains(where: { $0 == ".." }) {
          diagnostics.append(
            document.diagnostic(
              .error, "'symbolGraphs' must be a folder inside the site, such as .build/symbol-graphs", at: value))
        } else {
          config.symbolGraphs = parts.joined(separator: "/")
          config.symbolGraphsLocation = document.location(of: value)
        }
      case "dialect":
        guard let text = string() else { break }
        switch text {
        case "cvsite": config.dialect = .cvsite
        case "mkdocs": config.dialect = .mkdocs
        default:
          diagnostics.append(
            document.diagnostic(
              .error, "'dialect' must be `cvsite` or `mkdocs`, not `\(text)`", at: value,
              suggestion: closest(text, ["cvsite", "mkdocs"])))
        }
      case "styles", "scripts":
        let (links, problems) = Self.links(value, key: key, in: document)
        diagnostics += problems
        if key == "styles" { config.styles = links } else { config.scripts = links }
      case "image":
        guard let text = string() else { break }
        if text.contains(where: \.isWhitespace) || !URLSafety.isSafe(text) {
          diagnostics.append(
            document.diagnostic(
              .error, "'image' must be a URL or a site path without spaces or script schemes", at: value))
        } else {
          config.image = text
        }
      default:
        if let known = Self.otherGeneratorsKeys[key] {
          diagnostics.append(
            document.diagnostic(
              .error, "unknown setting '\(key)' (\(known.generator)'s name): cvsite's is '\(known.setting)'",
              at: keyNode, suggestion: known.setting))
        } else {
          diagnostics.append(
            document.diagnostic(
              .error, "unknown setting '\(key)'", at: keyNode, suggestion: closest(key, keys)))
        }
      }
    }
    if let versionsNode {
      let (versions, problems) = SiteVersions.parse(versionsNode, contentFolder: config.contentFolder, in: document)
      diagnostics += problems
      config.versions = versions
    }
    if let languagesNode {
      let (languages, problems) = SiteLanguages.parse(languagesNode, defaultCode: config.language, in: document)
      diagnostics += problems
      if var languages {
        if let value = untranslatedNode {
          switch value.scalar?.string {
          case "show": languages.showsUntranslated = true
          case "omit": languages.showsUntranslated = false
          default:
            diagnostics.append(
              document.diagnostic(
                .error,
                "'untranslated' is `show` (the default language's page, with a notice) or `omit` (no page)",
                at: value, suggestion: value.scalar.map { closest($0.string, ["show", "omit"]) } ?? nil))
          }
        }
        config.languages = languages
        config.language = languages.defaultLanguage.code
        config.direction = languages.defaultLanguage.direction
      }
    } else {
      config.direction = SiteLanguage.isRightToLeft(config.language) ? "rtl" : "ltr"
      if let untranslatedNode {
        diagnostics.append(
          document.diagnostic(.error, "'untranslated' needs the site's `languages`", at: untranslatedNode))
      }
    }
    return (config, diagnostics)
  }

  /// A list of style sheet or script links: paths in the site or absolute URLs, each
  /// checked as every URL that reaches a page is.
  static func links(_ value: Node, key: String, in document: YAMLDocument) -> ([String], [Diagnostic]) {
    guard let items = value.sequence else {
      return ([], [document.diagnostic(.error, "'\(key)' must be a list of paths or URLs", at: value)])
    }
    var links: [String] = []
    var problems: [Diagnostic] = []
    for item in items {
      guard let text = item.scalar?.string, !text.isEmpty, !text.contains(where: \.isWhitespace),
        URLSafety.isSafe(text)
      else {
        problems.append(
          document.diagnostic(.error, "'\(key)' entries must be paths or URLs without spaces or script", at: item))
        continue
      }
      links.append(text)
    }
    return (links, problems)
  }
}
