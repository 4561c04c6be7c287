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
  /// A VitePress project's heading-attribute delimiters (`markdown.attrs`).
  /// Whether a relative link that leads nowhere from a page's URL is read from the
  /// page's folder, as on a site whose URLs end without a slash (Docusaurus, VitePress).
  var linksFromPageFolder = false
  /// A Docusaurus site's blog: its posts' folder, route and listing.
  var blog: DocusaurusBlog?
  var attributeDelimiters: AttributeDelimiters?
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
  /// Import aliases of a script project (`@fragments/` → `src/content/docs/_fragments`),
  /// from its `tsconfig.json`.
  /// VitePress' `rewrites`: pages published at other paths than their files'.
  var rewrites = PathRewrites(nil)
  var importAliases: [(prefix: String, folder: String)] = []
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
    let (document, syntaxErrors) = YAMLDocument.parse(text, path: path)
    guard syntaxErrors.isEmpty else { return (SiteConfig(), syntaxErrors) }
    guard let root = document.root else { return (SiteConfig(), []) }
    guard let mapping = root.mapping else {
      return (SiteConfig(), [document.diagnostic(.error, "cvsite.yml must be a mapping of settings", at: root)])
    }
    var reader = SiteConfigReader(document: document)
    for (keyNode, value) in mapping {
      guard let key = keyNode.string else { continue }
      reader.read(key, value, keyNode: keyNode)
    }
    reader.readLanguagesAndVersions()
    return (reader.config, reader.diagnostics)
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
