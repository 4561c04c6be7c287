import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Foundation

/// A DocC catalog (`Name.docc`) read as a site: a folder holding one (or the catalog
/// itself) builds with no `cvsite.yml`. Its pages keep DocC's URLs
/// (`/documentation/<root>/<page>`, lowercased, each article by its file's name wherever
/// it sits), the root page (the one with `@TechnologyRoot`, else the one named after the
/// catalog) is also reached at `/`, and the root's `## Topics` groups (and those of the
/// pages they curate) are the navigation.
enum DocCCatalog {
  /// The catalog's settings: where its pages' URLs start, and which page is the root.
  struct Settings: Sendable, Hashable {
    /// The root page, relative to the catalog (`The-Swift-Programming-Language.md`).
    var rootPage: String
    /// `/documentation/the-swift-programming-language/`.
    var rootURL: String
    /// The options every page has (`@Options(scope: global)`): how `## Topics` shows,
    /// whether pages get a title heading and an automatic See Also.
    var topicsStyle: String?
    var titleHeading: String?
    var seeAlso: String?
    /// The pages a page's automatic See Also lists (those curated in the same group),
    /// and the group's title, by page (relative to the catalog).
    var groups: [String: SeeAlso] = [:]

    /// The other pages of the topic group a page is curated in.
    struct SeeAlso: Sendable, Hashable {
      var title: String
      var pages: [String]
    }

    /// The tutorials' table of contents (the `.tutorial` file with `@Tutorials`).
    var tutorialsPage: String?

    /// The URL of the page at `relativePath` in the catalog: a tutorial's under
    /// `/tutorials/<root>/`, where their table of contents is.
    func url(of relativePath: String) -> String {
      if relativePath == rootPage { return rootURL }
      let file = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
      let name = DocCCatalog.pathComponent(ContentFile.withoutMarkdownExtension(file))
      guard relativePath.hasSuffix(".tutorial") else { return rootURL + name + "/" }
      let tutorials = "/tutorials/" + rootURL.dropFirst("/documentation/".count)
      return relativePath == tutorialsPage ? tutorials : tutorials + name + "/"
    }
  }

  /// The catalog folder at `root`: `root` itself (`"."`) when it is one, else the first
  /// `*.docc` folder in it; nil when there is none.
  static func folder(in root: URL) -> String? {
    if root.standardizedFileURL.lastPathComponent.hasSuffix(".docc") { return "." }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.sorted().first { name in
      var isFolder: ObjCBool = false
      return name.hasSuffix(".docc")
        && FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
  }

  /// A page name as DocC puts it in a URL: lowercased, spaces as hyphens.
  static func pathComponent(_ name: String) -> String {
    name.lowercased().replacingOccurrences(of: " ", with: "-")
  }

  /// The settings of the catalog `folder` (relative to `root`).
  static func read(root: URL, folder: String) -> (SiteConfig, [Diagnostic]) {
    var config = SiteConfig()
    config.settingsFile = folder
    config.contentFolder = folder
    config.listsSections = false
    config.dialect = .docc
    // DocC reports a link that leads nowhere without failing the build.
    config.links = .warn
    config.tolerant = true
    let catalog = folder == "." ? root : root.appendingPathComponent(folder)
    let catalogName = String(catalog.standardizedFileURL.lastPathComponent.dropLast(".docc".count))
    var diagnostics: [Diagnostic] = []
    // The pages as the build finds them (the same files, the same checks).
    let pages = ContentScanner.scan(folder, in: root, holdsPages: true).0.filter { $0.kind != .resource }
      .map(\.relativePath).sorted()
    var texts: [String: String] = [:]
    func text(of page: String) -> String {
      if let known = texts[page] { return known }
      let read = (try? String(contentsOf: catalog.appendingPathComponent(page), encoding: .utf8)) ?? ""
      texts[page] = read
      return read
    }
    // The root: `@TechnologyRoot`, else the page named after the catalog, else a
    // module's page (titled ``` ``Module`` ```), whose name is then the module's.
    var moduleName: String?
    var root =
      pages.first { DocCPageDirectives(Array(text(of: $0).utf8)).text.contains("@TechnologyRoot") }
      ?? pages.first {
        ContentFile.withoutMarkdownExtension(($0.split(separator: "/").last).map(String.init) ?? $0) == catalogName
      }
    if root == nil, let found = pages.lazy.compactMap({ page in moduleTitle(text(of: page)).map { (page, $0) } }).first
    {
      (root, moduleName) = (found.0, found.1)
    }
    guard let root else {
      diagnostics.append(
        Diagnostic(
          .error,
          "\(folder) has no root page: give one page `@Metadata { @TechnologyRoot }`, or name it \(catalogName).md",
          at: SourceLocation(path: folder, line: 1, column: 1)))
      return (config, diagnostics)
    }
    let rootName =
      moduleName ?? ContentFile.withoutMarkdownExtension(root.split(separator: "/").last.map(String.init) ?? root)
    var settings = Settings(rootPage: root, rootURL: "/documentation/" + pathComponent(rootName) + "/")
    if let global = pages.lazy.compactMap({ globalOptions(in: DocCPageDirectives(Array(text(of: $0).utf8)).text) })
      .first
    {
      (settings.topicsStyle, settings.titleHeading, settings.seeAlso) = (
        global["TopicsVisualStyle"], global["AutomaticTitleHeading"], global["AutomaticSeeAlso"]
      )
    }
    config.title = bundleDisplayName(in: catalog) ?? catalogName
    var byName: [String: String] = [:]
    for page in pages {
      let name = ContentFile.withoutMarkdownExtension(page.split(separator: "/").last.map(String.init) ?? page)
      if byName[name] == nil { byName[name] = page }
    }
    var navigation = WrittenNavigation()
    var curated = Set<String>([root])
    navigation.items = [.page(contentPath: root, title: nil)]
    navigation.shown.insert(root)
    navigation.items += topics(
      of: root, text: text, byName: byName, folder: folder, curated: &curated, navigation: &navigation, depth: 0)
    settings.groups = seeAlsoGroups(navigation.items)
    // The tutorials: their table of contents, then each in the order it lists them.
    let tutorials = pages.filter { $0.hasSuffix(".tutorial") && !curated.contains($0) }
    settings.tutorialsPage = tutorials.first {
      DocCPageDirectives(Array(text(of: $0).utf8)).text.contains("@Tutorials(")
    }
    if !tutorials.isEmpty {
      let listed = settings.tutorialsPage.map { tutorialOrder(text(of: $0), byName: byName) } ?? []
      let ordered =
        (settings.tutorialsPage.map { [$0] } ?? []) + listed.filter(tutorials.contains)
        + tutorials.filter { $0 != settings.tutorialsPage && !listed.contains($0) }
      navigation.items.append(.section(title: "Tutorials", items: ordered.map { .page(contentPath: $0, title: nil) }))
      navigation.shown.formUnion(ordered)
      curated.formUnion(ordered)
    }
    let uncurated = pages.filter { !curated.contains($0) }
    if !uncurated.isEmpty {
      // DocC places what no page curates on the root page, as articles.
      navigation.items.append(
        .section(title: "Articles", items: uncurated.map { .page(contentPath: $0, title: nil) }))
      navigation.shown.formUnion(uncurated)
    }
    config.writtenNavigation = navigation
    config.docc = settings
    return (config, diagnostics)
  }

  /// Each curated page's topic group (its title and the other pages in it), from the
  /// navigation the topics made: the first group that curates a page is its own.
  private static func seeAlsoGroups(_ items: [WrittenNavigation.Item]) -> [String: Settings.SeeAlso] {
    var groups: [String: Settings.SeeAlso] = [:]
    func visit(_ items: [WrittenNavigation.Item], depth: Int) {
      guard depth < 16 else { return }
      for item in items {
        guard case .section(let title, let inner, _) = item else { continue }
        let members = inner.compactMap { member -> String? in
          switch member {
          case .page(let path, _): return path
          case .section(_, _, let page): return page
          default: return nil
          }
        }
        if !title.isEmpty {
          for member in members where groups[member] == nil {
            let others = members.filter { $0 != member }.map {
              ContentFile.withoutMarkdownExtension($0.split(separator: "/").last.map(String.init) ?? $0)
            }
            if !others.isEmpty { groups[member] = Settings.SeeAlso(title: title, pages: others) }
          }
        }
        visit(inner, depth: depth + 1)
      }
    }
    visit(items, depth: 0)
    return groups
  }

  /// The tutorials a table of contents lists (`@TutorialReference(tutorial: "doc:Name")`),
  /// in order, by path.
  static func tutorialOrder(_ text: String, byName: [String: String]) -> [String] {
    var found: [String] = []
    var rest = text[...]
    while let range = rest.range(of: "@TutorialReference(") {
      rest = text[range.upperBound...]
      let arguments = docCArguments(text[range.lowerBound...].prefix(1_000))
      guard let written = arguments.first(where: { $0.label == "tutorial" })?.value,
        let name = docLinkTarget(written.hasPrefix("doc:") ? written : "doc:" + written)?.name,
        let path = byName[name], !found.contains(path)
      else { continue }
      found.append(path)
    }
    return found
  }

  /// A tutorial's title: its `@Intro(title:)` (a table of contents' `@Tutorials(name:)`).
  static func tutorialTitle(of page: DocCPageDirectives) -> String? {
    page.value("Tutorials", label: "name") ?? page.value("Intro", label: "title")
  }

  /// The options of a page's `@Options(scope: global) { … }`, by directive: what every
  /// page of the catalog has unless it says otherwise.
  static func globalOptions(in text: String) -> [String: String]? {
    guard let start = text.range(of: "@Options(scope: global)") else { return nil }
    var options: [String: String] = [:]
    var depth = 0
    for line in text[start.lowerBound...].split(separator: "\n").prefix(50) {
      depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("@"), !trimmed.hasPrefix("@Options"), let open = trimmed.firstIndex(of: "(") {
        let name = String(trimmed[trimmed.index(after: trimmed.startIndex)..<open])
        if let value = docCArguments(Substring(trimmed)).first(where: { $0.label == nil })?.value {
          options[name] = value
        }
      }
      if depth <= 0 { break }
    }
    return options
  }

  /// `docc` for a page whose title is ``` # ``docc`` ```: a module's page.
  static func moduleTitle(_ text: String) -> String? {
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# ") }) else { return nil }
    var title = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
    // `# ``NIO`` <!-- SwiftNIO -->`: a comment after the name is no part of it.
    while title.hasSuffix("-->"), let open = title.range(of: "<!--", options: .backwards) {
      title = title[..<open.lowerBound].trimmingCharacters(in: .whitespaces)
    }
    guard title.hasPrefix("``"), title.hasSuffix("``"), title.count > 4 else { return nil }
    let name = title.dropFirst(2).dropLast(2)
    return name.contains("/") || name.contains(" ") ? nil : String(name)
  }

  /// `@DisplayName("DocC")` in a page's `@Metadata`: the title it is shown by.
  static func displayName(of page: DocCPageDirectives) -> String? {
    page.value("DisplayName")
  }

  /// `@TitleHeading("Guide")`: the line above the page's title.
  static func titleHeading(of page: DocCPageDirectives) -> String? {
    page.value("TitleHeading")
  }

  /// `@CallToAction(url: "https://…", purpose: download, label: "Get it")` (or `file:`
  /// a file of the catalog, found in `files`): a button under the title (labelled by its
  /// purpose when it has no label); nil without a URL a page may link to.
  static func callToAction(of page: DocCPageDirectives, files: (any DocCCatalogIndex)? = nil) -> CallToAction? {
    guard let arguments = page.first("CallToAction"),
      let url = arguments.first(where: { $0.label == "url" })?.value
        ?? arguments.first(where: { $0.label == "file" }).flatMap({ files?.file(named: $0.value) }),
      URLSafety.isSafe(url), !url.contains(where: \.isWhitespace)
    else { return nil }
    let purpose = arguments.first { $0.label == "purpose" }?.value
    let label = arguments.first { $0.label == "label" }?.value ?? (purpose == "download" ? "Download" : "Visit")
    return CallToAction(url: url, label: label)
  }

  /// `@Available(iOS, introduced: "17.0")`, each: `iOS 17.0+`, or the platform alone.
  static func availability(of page: DocCPageDirectives) -> [String] {
    page.all("Available").compactMap { arguments in
      guard let platform = arguments.first(where: { $0.label == nil })?.value else { return nil }
      let introduced = arguments.first { $0.label == "introduced" }?.value
      return introduced.map { "\(platform) \($0)+" } ?? platform
    }
  }

  /// A page's abstract: the paragraph right after its `#` title, as plain text; nil
  /// when the page starts otherwise.
  static func abstract(of bytes: [UInt8]) -> String? {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard let title = lines.firstIndex(where: { $0.starts(with: Array("# ".utf8)) }) else { return nil }
    var paragraph: [UInt8] = []
    // Braces open in a directive before the abstract (`@Metadata { … }`): skipped.
    var depth = 0
    for line in lines[(title + 1)...] {
      let trimmed = Array(line.drop { $0 == 0x20 || $0 == 0x09 }.filter { $0 != 0x0D })
      if paragraph.isEmpty, depth > 0 || trimmed.first == UInt8(ascii: "@") {
        depth += trimmed.filter { $0 == UInt8(ascii: "{") }.count - trimmed.filter { $0 == UInt8(ascii: "}") }.count
        depth = max(0, depth)
        continue
      }
      guard let first = trimmed.first else {
        if paragraph.isEmpty { continue }
        break
      }
      // Another block (a heading, a directive, code, a list, a quote, a table, an image).
      let listMarker =
        [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(first)
        && trimmed.count > 1 && trimmed[1] == 0x20
      if listMarker || Array("#@`~>|!".utf8).contains(first) {
        if paragraph.isEmpty { return nil }
        break
      }
      paragraph += trimmed + [0x0A]
    }
    guard !paragraph.isEmpty else { return nil }
    // `<doc:Name>` reads as the name (its title is not known from here).
    var written = String(decoding: paragraph, as: UTF8.self)
    while let open = written.range(of: "<doc:"), let close = written[open.upperBound...].firstIndex(of: ">") {
      let name = docLinkTarget("doc:" + written[open.upperBound..<close])?.name ?? ""
      written.replaceSubrange(open.lowerBound...close, with: name)
    }
    let text = plainText(fromHTML: CommonMark.html(written))
    return text.isEmpty ? nil : text
  }

  /// What kind of page it is, as its title heading says: `Article`, or `Sample Code`
  /// (`@PageKind(sampleCode)`).
  static func pageKind(of page: DocCPageDirectives) -> String {
    page.value("PageKind") == "sampleCode"
      ? "Sample Code" : "Article"
  }

  /// The image of `@PageImage(purpose: card, source: "name", alt: "…")`, else of its
  /// `icon`, and its text.
  static func pageImage(of page: DocCPageDirectives) -> (source: String, alt: String?)? {
    var found: [String: (source: String, alt: String?)] = [:]
    for arguments in page.all("PageImage", limit: 4) {
      guard let source = arguments.first(where: { $0.label == "source" })?.value, !source.isEmpty else { continue }
      found[arguments.first { $0.label == "purpose" }?.value ?? "icon"] = (
        source, arguments.first { $0.label == "alt" }?.value
      )
    }
    return found["card"] ?? found["icon"]
  }

  /// DocC's page colours.
  static let colors: Set<String> = ["blue", "gray", "green", "orange", "purple", "red", "yellow"]

  /// `@PageColor(green)`: one of DocC's colours, else nil (the line's check says why).
  static func pageColor(of page: DocCPageDirectives) -> String? {
    page.value("PageColor").flatMap { colors.contains($0) ? $0 : nil }
  }

  /// The URLs of `@Redirected(from: "old/path")`, each from the site's root (a relative
  /// one under the catalog's documentation, as DocC reads it).
  static func redirections(of page: DocCPageDirectives, rootURL: String) -> [String] {
    var found: [String] = []
    for arguments in page.all("Redirected") {
      guard var from = arguments.first(where: { $0.label == "from" || $0.label == nil })?.value, !from.isEmpty,
        !from.contains("://"), !from.hasPrefix("//"), !from.contains(where: \.isWhitespace)
      else { continue }
      if !from.hasPrefix("/") { from = "/documentation/" + from }
      found.append(from.hasSuffix("/") ? from : from + "/")
    }
    return found
  }

  /// `CFBundleDisplayName` of the catalog's `Info.plist`.
  private static func bundleDisplayName(in catalog: URL) -> String? {
    guard let plist = try? String(contentsOf: catalog.appendingPathComponent("Info.plist"), encoding: .utf8),
      let key = plist.range(of: "<key>CFBundleDisplayName</key>"),
      let open = plist.range(of: "<string>", range: key.upperBound..<plist.endIndex),
      let close = plist.range(of: "</string>", range: open.upperBound..<plist.endIndex)
    else { return nil }
    let name = plist[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    return name.isEmpty ? nil : name
  }

  /// The navigation entries of `page`'s `## Topics`: each `### Group` a section of the
  /// pages its `- <doc:Name>` items name, each with the entries of its own topics.
  private static func topics(
    of page: String, text: (String) -> String, byName: [String: String], folder: String, curated: inout Set<String>,
    navigation: inout WrittenNavigation, depth: Int
  ) -> [WrittenNavigation.Item] {
    guard depth < 8 else { return [] }
    var groups: [(title: String, items: [WrittenNavigation.Item])] = []
    var inTopics = false
    var inFence = false
    for (offset, raw) in text(page).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle() }
      if inFence { continue }
      if line.hasPrefix("## ") {
        inTopics = line.dropFirst(3).trimmingCharacters(in: .whitespaces) == "Topics"
        continue
      }
      guard inTopics else { continue }
      if line.hasPrefix("### ") {
        groups.append((String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces), []))
        continue
      }
      guard line.hasPrefix("- "), let open = line.range(of: "<doc:"),
        let close = line.range(of: ">", range: open.upperBound..<line.endIndex)
      else { continue }
      guard let target = docLinkTarget(String(line[open.lowerBound..<close.lowerBound].dropFirst()))?.name,
        let path = byName[target]
      else {
        continue
      }
      if groups.isEmpty { groups.append(("Topics", [])) }
      let location = SourceLocation(path: folder + "/" + page, line: offset + 1, column: 1)
      navigation.named.append(
        WrittenNavigation.Named(
          contentPath: path, place: Diagnostic(.warning, "", at: location, sourceLine: String(raw))))
      guard curated.insert(path).inserted else { continue }
      navigation.shown.insert(path)
      let inner = topics(
        of: path, text: text, byName: byName, folder: folder, curated: &curated, navigation: &navigation,
        depth: depth + 1)
      groups[groups.count - 1].items.append(
        inner.isEmpty ? .page(contentPath: path, title: nil) : .section(title: "", items: inner, page: path))
    }
    return groups.map { .section(title: $0.title, items: $0.items) }
  }

}

/// The pages and images of a DocC catalog, as ``DocCCatalogIndex`` asks: made from the
/// site's pages once their titles are known.
struct DocCSiteIndex: DocCCatalogIndex {
  private let pages: [String: DocCPage]
  /// Image name (without scale, appearance and extension) → its files.
  private let images: [String: [ImageFile]]
  /// A file's name → its URL from the site's root.
  private let files: [String: String]
  /// A file's name → its path from the site's folder.
  private let paths: [String: String]
  let basePath: String
  let topicsVisualStyle: String?

  private struct ImageFile: Sendable {
    var url: String
    var scale: Int
    var dark: Bool
  }

  /// The site's API reference, for symbol links.
  private let api: SiteAPIReference?

  init(
    pages sitePages: [SitePage], resources: [ContentFile], basePath: String, topicsStyle: String? = nil,
    api: SiteAPIReference? = nil
  ) {
    topicsVisualStyle = topicsStyle
    self.api = api
    var pages: [String: DocCPage] = [:]
    for page in sitePages {
      let file = page.contentPath.split(separator: "/").last.map(String.init) ?? page.contentPath
      let name = ContentFile.withoutMarkdownExtension(file)
      if pages[name] == nil {
        pages[name] = DocCPage(
          url: page.url, title: page.metadata.title, abstract: page.metadata.description,
          cardImage: page.metadata.cardImage, cardImageAlt: page.metadata.cardImageAlt)
      }
    }
    self.pages = pages
    var images: [String: [ImageFile]] = [:]
    var files: [String: String] = [:]
    var paths: [String: String] = [:]
    let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp"]
    for resource in resources {
      let file = resource.relativePath.split(separator: "/").last.map(String.init) ?? resource.relativePath
      if files[file] == nil {
        files[file] = PageURL.encoded("/" + resource.relativePath)
        paths[file] = resource.sitePath
      }
      guard let dot = file.lastIndex(of: "."), extensions.contains(file[file.index(after: dot)...].lowercased())
      else { continue }
      var base = String(file[..<dot])
      var scale = 1
      for (suffix, value) in [("@2x", 2), ("@3x", 3)] where base.hasSuffix(suffix) {
        scale = value
        base.removeLast(suffix.count)
      }
      let dark = base.hasSuffix("~dark")
      if dark { base.removeLast("~dark".count) }
      images[base, default: []].append(
        ImageFile(url: PageURL.encoded("/" + resource.relativePath), scale: scale, dark: dark))
    }
    self.images = images
    self.files = files
    self.paths = paths
    self.basePath = basePath
  }

  func file(named name: String) -> String? { files[name] }

  func sitePath(ofFile name: String) -> String? { paths[name] }

  func page(named name: String) -> DocCPage? { pages[name] }

  var hasSymbols: Bool { api != nil }

  func symbol(_ link: String, from sitePath: String) -> DocCSymbolLink {
    guard let api else { return .noSymbols }
    switch api.reference.resolve(link, from: api.nodes[sitePath]) {
    case .found(let node):
      let found = api.reference.nodes[node]
      return .page(url: found.url, title: found.symbol?.title ?? found.name)
    case .ambiguous(let options): return .ambiguous(options)
    case .notFound(let suggestion): return .missing(suggestion: suggestion)
    }
  }

  var pageNames: [String] { pages.keys.sorted() }

  var imageNames: [String] { images.keys.sorted() }

  func image(named name: String, alt: String) -> String? {
    var base = name
    if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
    guard let files = images[base] else { return nil }
    let light = files.filter { !$0.dark }.sorted { $0.scale < $1.scale }
    let dark = files.filter(\.dark).sorted { $0.scale < $1.scale }
    guard let first = light.first ?? dark.first else { return nil }
    // `src` from the site's root is prefixed with the base path with every other link;
    // `srcset` is written with it.
    let prefix = String(basePath.dropLast())
    func srcset(_ set: [ImageFile]) -> String {
      escapeHTML(set.map { prefix + $0.url + " \($0.scale)x" }.joined(separator: ", "))
    }
    let image =
      "<img src=\"\(escapeHTML(first.url))\" srcset=\"\(srcset(light.isEmpty ? dark : light))\" alt=\"\(escapeHTML(alt))\">"
    guard !dark.isEmpty, !light.isEmpty else { return image }
    return
      "<picture class=\"cv-docc-image\"><source data-cv-dark media=\"(prefers-color-scheme: dark)\" srcset=\"\(srcset(dark))\">"
      + image + "</picture>"
  }
}
