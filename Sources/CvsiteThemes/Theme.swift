import ContainerViews
import CvsiteCore
import Foundation

/// A theme file copied to the output as is (CSS, scripts, fonts, images).
public struct ThemeFile: Sendable {
  /// The tree holding the file that wins after overrides.
  let tree: FileTree
  /// The file's path in that tree.
  let relative: String
  /// Where it goes in the output folder (`assets/cvsite.css`).
  public var outputPath: String

  /// The file's bytes; `nil` when it cannot be read.
  public func contents() -> [UInt8]? { tree.contents(relative) }

  /// The file's name in diagnostics.
  public var displayPath: String { tree.displayPath(relative) }
}

/// A loaded, checked theme: its schema for the Markdown side, a container renderer,
/// page layouts and the assets to copy.
///
/// ```swift
/// let (theme, diagnostics) = Theme.load(named: "default", siteRoot: site, searchPaths: [], builtIn: builtIn)
/// guard let theme else { /* report diagnostics; nothing is rendered */ }
/// let parser = MarkdownParser(schema: theme.schema)
/// let body = renderHTML(parsed.body.environment(\.containerRenderer, theme.renderer))
/// let html = theme.renderPage(PageContext(title: …, bodyHTML: body, siteTitle: …), layout: "page")
/// for asset in theme.assets { write(asset.contents(), to: output + asset.outputPath) }
/// ```
public struct Theme: Sendable {
  /// The checked `theme.yml`.
  let manifest: ThemeManifest
  /// Renders `:::container`s and `::leaf` directives with the theme's templates.
  public private(set) var renderer: ThemeRenderer
  /// Files under the theme's `assets/`, overrides applied, output under `assets/`.
  public let assets: [ThemeFile]
  /// The trees the theme was assembled from, highest precedence first.
  let layers: [ThemeLayer]
  /// The theme's trees (folders, or the files built into the executable), highest
  /// precedence first (a site's `layouts/` excluded).
  public var trees: [FileTree] { layers.filter { $0.prefix.isEmpty }.map(\.tree) }
  let library: TemplateLibrary
  let layoutNames: Set<String>
  /// The words the theme writes around pages, in the language it speaks (English
  /// until ``speaking(_:)`` says otherwise).
  public private(set) var words = ThemeStrings(language: "en", words: [:])
  /// ``words`` as templates read them (`t`).
  private var wordsValue: TemplateValue = .object(TemplateObject())
  /// The theme's English words, which the scripts hold.
  private var englishWords = ThemeStrings(language: "en", words: [:])

  /// The theme's name from its manifest.
  public var name: String { manifest.name }
  /// Ids the page layouts and their partials write as they are (`id="main"`).
  let layoutIDs: Set<String>

  /// Declared values, containers, leaves and inlines, for the Markdown parser, with the
  /// layouts' own ids reserved.
  public var schema: Schema {
    var schema = manifest.schema
    schema.reservedIDs = layoutIDs
    return schema
  }

  /// The literal `id="…"` values of the templates that make pages (not containers or
  /// leaves, whose ids come from the page).
  static func literalIDs(in sources: [String: String]) -> Set<String> {
    var ids = Set<String>()
    for (name, text) in sources where !name.hasPrefix("containers/") && !name.hasPrefix("leaves/") {
      var rest = text[...]
      while let start = rest.range(of: " id=\"") {
        rest = rest[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { break }
        let value = rest[..<end]
        if !value.isEmpty, !value.contains("{") { ids.insert(String(value)) }
        rest = rest[end...]
      }
    }
    return ids
  }

  /// The layers of theme `name` for a site, highest precedence first: the site's
  /// `layouts/` (mirroring the theme's `layouts/`), the site's `themes/<name>/`,
  /// `<path>/<name>/` for each search path that has it, then the built-in theme of that
  /// name.
  static func layers(named name: String, siteRoot: URL?, searchPaths: [URL], builtIn: [String: FileTree])
    -> [ThemeLayer]
  {
    var layers: [ThemeLayer] = []
    if let siteRoot {
      layers.append(ThemeLayer(folder: siteRoot.appendingPathComponent("layouts"), prefix: "layouts/"))
      layers.append(ThemeLayer(folder: siteRoot.appendingPathComponent("themes").appendingPathComponent(name)))
    }
    for path in searchPaths {
      layers.append(ThemeLayer(folder: path.appendingPathComponent(name)))
    }
    if let tree = builtIn[name] { layers.append(ThemeLayer(tree: tree)) }
    return layers.filter(\.tree.exists)
  }

  /// The names of the themes a site can use: the folders with a `theme.yml` in the site's
  /// `themes/` and in each search path, and the built-in themes, sorted.
  public static func names(siteRoot: URL?, searchPaths: [URL], builtIn: [String: FileTree] = [:]) -> [String] {
    let manager = FileManager.default
    var names = Set(builtIn.keys)
    for folder in (siteRoot.map { [$0.appendingPathComponent("themes")] } ?? []) + searchPaths {
      for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where !name.hasPrefix(".") {
        if manager.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent("theme.yml").path) {
          names.insert(name)
        }
      }
    }
    return names.sorted()
  }

  /// Loads theme `name` for the site at `siteRoot` (see
  /// ``layers(named:siteRoot:searchPaths:builtIn:)``); `builtIn` holds the themes compiled
  /// into the executable, by name, which every folder overrides file by file.
  /// - Returns: the theme, or `nil` when any error was found (every template is checked
  ///   before any page renders), and the diagnostics.
  public static func load(named name: String, siteRoot: URL?, searchPaths: [URL], builtIn: [String: FileTree] = [:])
    -> (Theme?, [Diagnostic])
  {
    let layers = Self.layers(named: name, siteRoot: siteRoot, searchPaths: searchPaths, builtIn: builtIn)
    guard !layers.isEmpty else {
      let places = (["the site's themes/"] + searchPaths.map(\.path)).joined(separator: ", ")
      let known = builtIn.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
      return (
        nil,
        [
          Diagnostic(
            .error,
            "theme `\(name)` not found (looked in \(places)\(known.isEmpty ? "" : "; built in: \(known)"))",
            suggestion: closest(name, Array(builtIn.keys)))
        ]
      )
    }
    return load(layers: layers, displayRoot: siteRoot)
  }

  /// Loads a theme from explicit layers, highest precedence first. Diagnostics show
  /// paths relative to `displayRoot` (or the working directory) when inside it.
  static func load(layers: [ThemeLayer], displayRoot: URL? = nil) -> (Theme?, [Diagnostic]) {
    let files = ThemeFiles(layers: layers, displayRoot: displayRoot)
    guard files.files["theme.yml"] != nil else {
      let searched = layers.map { layer in
        layer.tree.folder.map { displayPath($0, root: displayRoot) } ?? layer.tree.label
      }.joined(separator: ", ")
      return (nil, [Diagnostic(.error, "no theme.yml in \(searched)")])
    }
    guard let data = files.contents("theme.yml"), let text = String(validating: data, as: UTF8.self) else {
      return (
        nil,
        [
          Diagnostic(
            .error, "cannot read theme.yml as UTF-8",
            at: SourceLocation(path: files.display("theme.yml"), line: 1, column: 1))
        ]
      )
    }
    let (parsed, manifestDiagnostics) = ManifestParser.parse(text, path: files.display("theme.yml"))
    var diagnostics = manifestDiagnostics
    var loader = TemplateLoader(files: files)
    let library = loader.load()
    loader.checkPartials()
    guard let manifest = parsed else { return (nil, diagnostics + loader.diagnostics) }
    let values = Dictionary(manifest.values.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for component in manifest.components {
      guard let template = component.template else { continue }
      guard loader.sources[template] != nil else {
        diagnostics.append(
          Diagnostic(
            .error, "`\(component.name)` has no template: layouts/\(template).mustache is missing",
            at: component.location))
        continue
      }
      loader.checkReferences(of: component, values: values)
    }
    for layout in manifest.layouts where loader.sources[layout] == nil {
      diagnostics.append(
        Diagnostic(
          .error, "layout `\(layout)` is missing: add layouts/\(layout).mustache",
          at: manifest.layoutLocations[layout] ?? SourceLocation(path: files.display("theme.yml"), line: 1, column: 1)))
    }
    diagnostics += loader.diagnostics
    if diagnostics.hasErrors { return (nil, diagnostics) }
    let assets = files.paths(under: "assets/").compactMap { path in
      files.files[path].map { ThemeFile(tree: $0.tree, relative: $0.relative, outputPath: path) }
    }
    var theme = Theme(
      manifest: manifest, renderer: ThemeRenderer(library: library, manifest: manifest), assets: assets,
      layers: layers, library: library, layoutNames: Set(loader.sources.keys),
      layoutIDs: literalIDs(in: loader.sources.mapValues(\.text)))
    let (english, wordProblems) = ThemeStrings.load(language: "en", themeTrees: theme.trees.reversed(), site: nil)
    theme.englishWords = english
    theme = theme.speaking(english)
    return (theme, diagnostics + wordProblems)
  }

  /// The theme writing `words` around pages and containers (``ThemeStrings/load(language:themeTrees:site:)``).
  public func speaking(_ words: ThemeStrings) -> Theme {
    var theme = self
    theme.words = words
    theme.wordsValue = words.templateValue(english: englishWords)
    theme.renderer.words = theme.wordsValue
    return theme
  }

  /// The page layouts a page may name with `layout:` (`page`, `section`, `404`…): the
  /// templates directly in `layouts/`, sorted.
  public var pageLayouts: [String] { layoutNames.filter { !$0.contains("/") }.sorted() }

  /// Whether `layouts/<name>.mustache` exists (after overrides).
  func hasLayout(_ name: String) -> Bool { layoutNames.contains(name) }

  /// A whole HTML document for `page` through `layouts/<layout>.mustache`, falling back
  /// to `page` when the theme has no such layout. The context is described on
  /// ``PageContext``.
  public func renderPage(_ page: PageContext, layout: String = "page") -> String {
    renderPageReporting(page, layout: layout).html
  }

  /// The same, and, when the layout gave up (a partial that includes itself without
  /// end), why: the document is then a bare one around the body.
  public func renderPageReporting(_ page: PageContext, layout: String = "page") -> (html: String, problem: String?) {
    let (document, problem) = renderDocumentReporting(page, layout: layout)
    return (String(decoding: document, as: UTF8.self), problem)
  }

  /// The same document as UTF-8, as it goes to its file: a build writes these bytes
  /// without making a `String` of them first.
  public func renderDocumentReporting(_ page: PageContext, layout: String = "page") -> (
    document: [UInt8], problem: String?
  ) {
    let name = hasLayout(layout) ? layout : "page"
    var context = page.templateContext
    context.set(wordsValue, at: ["t"])
    let outcome = library.outcome(context, withTemplate: name, capacity: page.bodyHTML.utf8.count + 16_384)
    if case .rendered(let document) = outcome { return (document, nil) }
    let bare =
      "<!doctype html>\n<html lang=\"\(escapeHTML(page.language))\"><head><meta charset=\"utf-8\"><title>"
      + escapeHTML(page.title) + "</title></head><body>\n" + page.bodyHTML + "</body></html>\n"
    if case .gaveUp(let site) = outcome { return (Array(bare.utf8), TemplateLibrary.gaveUpMessage(name, at: site)) }
    return (Array(bare.utf8), nil)
  }

  /// Renders any template of the theme (`partials/x`) with a context of your own.
  func render(template: String, context: TemplateValue) -> String? {
    library.render(context, withTemplate: template)
  }
}
