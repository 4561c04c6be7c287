import ContainerViews
import CvsiteBuiltInFiles
import CvsiteCodeBlocks
import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

/// The loaded theme as the site pipeline uses it: its schema and container renderer for
/// pages, its layouts for whole documents, and section listings rendered through one of
/// its containers.
struct SiteThemeAdapter: Sendable {
  let theme: Theme
  /// The languages code blocks are coloured in: the built-in set (or
  /// `CVSITE_LANGUAGE_SPECS`), the theme's `languages/`, then the site's `languages/`.
  let codeLanguages: CodeLanguages

  var schema: Schema { theme.schema }
  var assets: [ThemeFile] { theme.assets }

  /// Loads theme `name` with the site's overrides; `nil` when it has errors.
  static func load(name: String, siteRoot: URL, searchPaths: [URL]) -> (SiteThemeAdapter?, [Diagnostic]) {
    let (theme, diagnostics) = Theme.load(
      named: name, siteRoot: siteRoot, searchPaths: searchPaths, builtIn: BuiltInFiles.themes)
    guard let theme else { return (nil, diagnostics) }
    let trees =
      [CodeLanguages.specsFolderOverride ?? BuiltInFiles.languageSpecs]
      + theme.trees.reversed().map { $0.subtree("languages") }
      + [.folder(siteRoot.appendingPathComponent("languages"))]
    let (languages, problems) = CodeLanguages.load(trees: trees)
    return (SiteThemeAdapter(theme: theme, codeLanguages: languages), diagnostics + problems)
  }

  /// The theme writing its words in `language`: its `i18n/` files, then the site's.
  func speaking(_ language: String, siteRoot: URL) -> (SiteThemeAdapter, [Diagnostic]) {
    let site = siteRoot.appendingPathComponent("i18n")
    let hasOwn = FileManager.default.fileExists(atPath: site.path)
    guard language != theme.words.language || hasOwn else { return (self, []) }
    let (words, problems) = ThemeStrings.load(
      language: language, themeTrees: theme.trees.reversed(), site: hasOwn ? .folder(site) : nil)
    return (SiteThemeAdapter(theme: theme.speaking(words), codeLanguages: codeLanguages), problems)
  }

  /// The page's document, and why its layout gave up when it did.
  func renderPageReporting(_ context: PageContext, layout: String) -> (html: String, problem: String?) {
    theme.renderPageReporting(context, layout: layout)
  }

  /// The page's document as UTF-8, and why its layout gave up when it did.
  func renderDocumentReporting(_ context: PageContext, layout: String) -> (document: [UInt8], problem: String?) {
    theme.renderDocumentReporting(context, layout: layout)
  }

  /// The section's child pages as the children of `container`: each page's front-matter
  /// values are its child's values, as a container written in Markdown reads the values
  /// of its sections.
  /// Returns the HTML and, for a container template that gave up, why.
  func renderListing(container: String, pages: [SitePage], basePath: String) -> (html: String, problems: [String]) {
    let dates = LocalDates(language: theme.words.language)
    let listed = pages.map { page in
      ListedPage(
        id: "page-" + (page.url.splitOmittingEmpty(atByte: UInt8(ascii: "/")).last.map(String.init) ?? "home"),
        title: page.metadata.title,
        url: basePath + page.url.dropFirst(),
        summaryHTML: (page.metadata.date.map {
          "<p class=\"cv-meta\"><time datetime=\"\(escapeHTML($0))\">\(escapeHTML(dates.text($0)))</time></p>\n"
        } ?? "") + (page.summary.isEmpty ? "" : "<p>\(escapeHTML(page.summary))</p>\n"),
        values: page.values)
    }
    // A URL value the container reads (the cards' `href`) carries the link, so the
    // template links the whole child as it does for a card written in Markdown.
    let linkValue = schema.containers[container]?.reads.first { schema.values[$0]?.type == .url }
    let listing = listingInstance(container: container, id: "pages", pages: listed, linkValue: linkValue)
    let recorder = PageContainerRenderer(theme: theme.renderer)
    let html = recorder.render(listing)
    return (html, recorder.problems.map(\.message))
  }
}
