import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

/// A page as a loaded site keeps it: the site's view of it and what parsing it reported.
///
/// A site keeps one for every page, in a dictionary by site path: the page and its ids
/// are stored inline, the rest out of line (``ParsedPageDetails``), which keeps the
/// dictionary's empty slots small.
struct ParsedSitePage: Sendable {
  var page: SitePage
  /// The ids in the page's body (`PageIDs.ids(in: page.bodyHTML)`), taken once when
  /// the page is parsed so that a rebuild does not scan every body again.
  var ids: PageIDs
  fileprivate var details = OutOfLine<ParsedPageDetails>()

  init(page: SitePage, diagnostics: [Diagnostic], ids: PageIDs) {
    (self.page, self.ids) = (page, ids)
    self.diagnostics = diagnostics
  }

  var diagnostics: [Diagnostic] {
    get { details.read(\.diagnostics) }
    set { details.value.diagnostics = newValue }
  }
  /// The URLs in the page's body (its `href`, `src` and `action` values), taken with
  /// ``ids`` when the parser keeps them (``PageParser/keepsLinks``) or its body came with
  /// them (``BodyFacts``): what the link rewriter and the link check read.
  var links: LinkAttributes? {
    get { details.read(\.links) }
    set { details.value.links = newValue }
  }
  /// A section made for a folder without `_index.md` (see ``LoadedTree/reconcileImplicitSections(parser:)``).
  var isImplicit: Bool {
    get { details.read(\.isImplicit) }
    set { details.value.isImplicit = newValue }
  }
  /// What the search index keeps of the page; `nil` when the site has no search or the
  /// page is left out of it.
  var search: SearchRecord? {
    get { details.read(\.search) }
    set { details.value.search = newValue }
  }
  /// The files the page included (``ParsedPage/includedFiles``): `serve` reads the page
  /// again when one changes.
  var includes: [String] {
    get { details.read(\.includes) }
    set { details.value.includes = newValue }
  }
  /// The file the page comes from, while its body is still to be read
  /// (``PageParser/parseHeader(_:)``): only its metadata is known.
  var source: ContentFile? {
    get { details.read(\.source) }
    set { details.value.source = newValue }
  }
  /// Whether only the page's metadata has been read: its body, summary, ids and search
  /// record come when it is rendered.
  var needsBody: Bool { source != nil }
  /// The size of the page's Markdown in bytes: what rendering it is expected to cost.
  var sourceSize: Int {
    get { details.read(\.sourceSize) }
    set { details.value.sourceSize = newValue }
  }
}

/// What ``ParsedSitePage`` keeps out of line.
struct ParsedPageDetails: Sendable, Equatable, DefaultInitializable {
  var diagnostics: [Diagnostic] = []
  var links: LinkAttributes?
  var isImplicit = false
  var search: SearchRecord?
  var includes: [String] = []
  var source: ContentFile?
  var sourceSize = 0
}

/// Reads one content file into a ``SitePage``: Markdown to a view tree, the body
/// rendered through the theme's containers, metadata checked.
struct PageParser: Sendable {
  let parser: MarkdownParser
  /// The parser of the API reference's pages: their declarations are HTML the
  /// reference made, with every name escaped (still sanitised as raw HTML is).
  let referenceParser: MarkdownParser
  /// The site paths of the API reference's pages.
  let referencePages: Set<String>
  /// The group of kind (`Instance Methods`) each symbol's page is under among its
  /// siblings in the navigation, by site path.
  let referenceGroups: [String: String]
  /// Moves a problem of a reference page to where its text is written in the Swift
  /// source, when it is (``SiteAPIReference/relocate(_:page:)``).
  let relocate: (@Sendable (Diagnostic, String) -> Diagnostic)?
  let renderer: ThemeRenderer
  let containers: [String]
  let layouts: [String]
  /// Layouts of the generator the project was written for (VitePress' `home`): a page
  /// naming one gets the theme's own, with a warning.
  let foreignLayouts: Set<String>
  /// The front-matter keys that hold taxonomy terms (`tags`).
  let taxonomies: [String]
  /// The front-matter keys the theme declares: its values, and the group of each
  /// grouped value (`pin` for `pin.x`).
  let declared: Set<String>
  let basePath: String
  /// Whether pages are read for the search index.
  let search: Bool
  /// The site's language: a page's own `language` replaces it.
  let language: String
  /// Whether each page keeps the URLs of its body (``ParsedSitePage/links``): `serve`
  /// checks every page's links again after an edit, from what it kept. A one-off build
  /// reads them where it renders the page, and keeps nothing.
  let keepsLinks: Bool
  /// The folder of the site's pages (`content`).
  let contentFolder: String
  /// Whether a section page lists its pages unless it says otherwise.
  let listsSections: Bool
  /// The navigation the settings write out, which places pages in it.
  let writtenNavigation: WrittenNavigation?
  /// Folders' titles and places written in `_category_.json` files, by folder.
  let categories: [[String]: FolderCategory]
  /// Pages the settings leave out of the navigation made from the folders.
  let pagesOutOfNavigation: ExcludedPages
  /// Pages the settings make drafts.
  let draftPages: ExcludedPages
  /// Whether URLs and titles lose their files' number prefixes (`01-intro.md`).
  let stripsNumberPrefixes: Bool
  /// A DocC catalog's URL scheme, when the site is one.
  let docc: DocCCatalog.Settings?
  /// A Docusaurus site's blog, whose posts have URLs, dates and authors of their own.
  let blog: DocusaurusBlog?
  /// A DocC catalog's pages and files, once known.
  let catalog: (any DocCCatalogIndex)?
  /// Where the pages being read go: `""`, or their version's and language's folder
  /// (`es/`, `1.x/es/`).
  let treeFolder: String
  /// Pages read from elsewhere than the disk (a version's git ref).
  let sources: ContentSources?

  /// `catalog`: a DocC catalog's pages and images, for the links and images that name
  /// them (the pages' titles must be known: made once the metadata is read).
  init(
    theme: SiteThemeAdapter, config: SiteConfig, siteRoot: URL, keepsLinks: Bool = false,
    categories: [[String]: FolderCategory] = [:], catalog: (any DocCCatalogIndex)? = nil,
    sources: ContentSources? = nil, api: SiteAPIReference? = nil
  ) {
    self.sources = sources
    self.referencePages = api.map { Set($0.nodes.keys) } ?? []
    self.referenceGroups = api.map { $0.groupsOfPages() } ?? [:]
    if let api {
      relocate = { problem, page in api.relocate(problem, page: page) }
    } else {
      relocate = nil
    }
    self.categories = categories
    self.keepsLinks = keepsLinks
    contentFolder = config.contentFolder
    listsSections = config.listsSections
    writtenNavigation = config.writtenNavigation
    pagesOutOfNavigation = config.pagesOutOfNavigation
    draftPages = config.draftPages
    stripsNumberPrefixes = config.stripsNumberPrefixes
    docc = config.docc
    blog = config.blog
    treeFolder = config.treeFolder
    self.catalog = catalog
    basePath = config.basePath
    search = config.search
    language = config.language
    containers = theme.schema.containers.keys.sorted()
    taxonomies = config.taxonomies
    layouts = theme.theme.pageLayouts
    foreignLayouts = config.foreignLayouts
    declared = Set(theme.schema.values.keys.flatMap { [$0, String($0.prefix { $0 != "." })] })
    var options = MarkdownOptions(
      allowRawHTML: config.rawHTML, headingAnchors: config.headingAnchors, titleFromHeading: true)
    options.codeBlocks = theme.codeLanguages
    options.dialect = config.dialect
    options.trustsRawHTML = config.trustsRawHTML
    options.tolerant = config.tolerant
    options.catalog = catalog
    if let folders = config.shortcodeFolders {
      options.shortcodes = InstalledShortcodes.find(
        root: siteRoot, folders: folders, environment: ProcessInfo.processInfo.environment)
    }
    options.templateValues = config.templateValues
    options.attributeDelimiters = config.attributeDelimiters
    var includes = SiteIncludedFiles(
      siteRoot: siteRoot, contentFolder: config.contentFolder, snippetBases: config.snippetBases)
    includes.importAliases = config.importAliases
    options.includes = includes
    parser = MarkdownParser(schema: theme.schema, options: options)
    options.allowRawHTML = true
    options.trustsRawHTML = false
    referenceParser = MarkdownParser(schema: theme.schema, options: options)
    renderer = theme.theme.renderer
  }

  func parse(_ file: ContentFile) -> ParsedSitePage {
    read(file) { parse(bytes: $0, file: file) }
  }

  /// What `use` makes of the bytes of `file`; when it cannot be read, a page without a
  /// body and its error.
  private func read(_ file: ContentFile, _ use: ([UInt8]) -> ParsedSitePage) -> ParsedSitePage {
    do {
      return use(try ContentSources.bytes(of: file, in: sources))
    } catch {
      return ParsedSitePage(
        page: placeholder(file),
        diagnostics: [.ioFailure("cannot read \(file.sitePath)", error)], ids: [])
    }
  }

  /// What the site needs of a page before any body is rendered (its metadata, URL and
  /// values, for the navigation and the site-wide index): the body is left to
  /// ``parse(bytes:file:)``, and the page comes back with ``ParsedSitePage/needsBody``
  /// set. A file that cannot be read is a page without a body, and its error.
  func parseHeader(_ file: ContentFile) -> ParsedSitePage {
    read(file) { header(of: file, bytes: $0) }
  }

  private func header(of file: ContentFile, bytes: [UInt8]) -> ParsedSitePage {
    let parser = referencePages.contains(file.sitePath) ? referenceParser : parser
    let header = parser.parseHeader(bytes: bytes, path: file.sitePath)
    let fallbackTitle = header.frontMatter.title ?? header.titleHeading ?? titleFromFileName(file)
    let metadata = self.metadata(
      of: file, bytes: bytes, frontMatter: header.frontMatter, fallbackTitle: fallbackTitle
    ).metadata
    var result = ParsedSitePage(
      page: SitePage(
        sitePath: file.sitePath, contentPath: file.relativePath, isSectionIndex: file.kind == .sectionIndex,
        metadata: metadata, url: url(of: file, slug: metadata.slug),
        bodyHTML: "", headings: [], summary: "", values: header.frontMatter.values),
      diagnostics: [], ids: [])
    (result.source, result.sourceSize) = (file, bytes.count)
    return result
  }

  /// The metadata of a page from its front matter, as the settings, the folder's
  /// `_category_.json` and the written navigation place it (and, in a DocC catalog, as
  /// the page's `bytes` say: ``readDocC(_:into:)``), and the problems found.
  private func metadata(of file: ContentFile, bytes: [UInt8], frontMatter: FrontMatter, fallbackTitle: String) -> (
    metadata: PageMetadata, problems: [Diagnostic]
  ) {
    let post = blog.flatMap { $0.holdsPost(file.relativePath, kind: file.kind) ? $0 : nil }
    var (metadata, problems) = PageMetadata.read(
      frontMatter, fallbackTitle: fallbackTitle, path: file.sitePath,
      containers: containers, layouts: layouts, foreignLayouts: foreignLayouts,
      declared: post == nil ? declared : declared.union(DocusaurusBlog.postKeys), taxonomies: taxonomies)

    if file.kind == .sectionIndex,
      let category = categories[file.relativePath.split(separator: "/").dropLast().map(String.init)]
    {
      if metadata.navTitle == nil, let label = category.label { metadata.navTitle = label }
      if frontMatter.fields["weight"] == nil, let weight = category.weight { metadata.weight = weight }
    }
    if let navigation = writtenNavigation {
      // The navigation names it (under its title there), or leaves it out.
      if let title = navigation.titles[file.relativePath] { metadata.navTitle = title }
      if !navigation.shows(file.relativePath) { metadata.inNavigation = false }
    } else if pagesOutOfNavigation.excludes(file.relativePath) {
      metadata.inNavigation = false
    }
    if let post {
      // The blog's page lists its posts, newest first, as the navigation does: the
      // written navigation (the docs' sidebars) has no place for them.
      metadata.inNavigation = true
      if metadata.date == nil { metadata.date = post.date(ofPost: file.relativePath) }
      if frontMatter.fields["weight"] == nil, let date = metadata.date {
        metadata.weight = -(Int(date.prefix(10).filter(\.isNumber)) ?? 0)
      }
      metadata.authors = post.authorNames(frontMatter)
    }
    if draftPages.excludes(file.relativePath) { metadata.draft = true }
    // A catalog's root page is its home too.
    if let docc, file.relativePath == docc.rootPage, !metadata.aliases.contains("/") { metadata.aliases.append("/") }
    // A section lists its pages unless it says otherwise; the home page only when asked.
    if listsSections, file.kind == .sectionIndex, metadata.list == nil, !metadata.listsNothing,
      file.relativePath.utf8.contains(UInt8(ascii: "/")), containers.contains(Self.implicitListing)
    {
      metadata.list = Self.implicitListing
    }
    if let docc { readDocC(bytes, of: file, settings: docc, into: &metadata) }
    // A reference page names its symbol's kind above its title, in a catalog or not.
    if referencePages.contains(file.sitePath) {
      metadata.eyebrow = DocCCatalog.titleHeading(of: DocCPageDirectives(bytes))
      metadata.navGroup = referenceGroups[file.sitePath]
    }
    // In a project of another generator, front matter cvsite cannot read (a layout the
    // theme lacks, a date written another way) is left unread, as its generator leaves
    // what it does not know: a warning.
    if parser.options.tolerant {
      for index in problems.indices where problems[index].severity == .error { problems[index].severity = .warning }
    }
    return (metadata, problems)
  }

  func parse(bytes: [UInt8], file: ContentFile) -> ParsedSitePage {
    let parser = referencePages.contains(file.sitePath) ? referenceParser : parser
    let parsed = parser.parse(bytes: bytes + seeAlso(of: file, bytes: bytes), path: file.sitePath)
    let recorder = PageContainerRenderer(
      theme: renderer, recordsStructure: search, clashesAreWarnings: parser.options.tolerant)
    let rendered = renderHTML(parsed.body.environment(\.containerRenderer, recorder))
    let fallbackTitle = parsed.frontMatter.title ?? parsed.titleHeading ?? titleFromFileName(file)
    let (metadata, metadataProblems) = self.metadata(
      of: file, bytes: bytes, frontMatter: parsed.frontMatter, fallbackTitle: fallbackTitle)
    var searchRecord: SearchRecord?
    if search {
      // The page's own language decides how its words are cut (English plurals fold).
      let tokenizer = SearchTokenizer(english: SiteConfig.isEnglish(metadata.language ?? language))
      let extractor = SearchExtractor(tokenizer: tokenizer, structure: recorder.structure.structure(of: rendered))
      let isReference = referencePages.contains(file.sitePath)
      searchRecord = extractor.extract(
        bodyHTML: rendered, title: fallbackTitle, name: isReference ? Self.symbolName(fallbackTitle) : nil)
    }
    let bodyHTML = prefixingSiteLinks(rendered, basePath: basePath)
    let page = SitePage(
      sitePath: file.sitePath, contentPath: file.relativePath, isSectionIndex: file.kind == .sectionIndex,
      metadata: metadata, url: url(of: file, slug: metadata.slug),
      bodyHTML: bodyHTML, headings: parsed.headings,
      summary: metadata.description ?? summary(of: blog == nil ? bodyHTML : DocusaurusBlog.beforeTruncation(bodyHTML)),
      values: parsed.frontMatter.values, headingTabs: recorder.headingLabels)
    // A body written in one walk came with its URLs and ids; another is read for them.
    let (links, ids): (LinkAttributes?, PageIDs)
    if let facts = parsed.facts {
      (links, ids) = LinkAttributes.withIDs(of: facts, basePath: basePath)
    } else {
      (links, ids) =
        keepsLinks ? LinkAttributes.withIDs(of: bodyHTML) : (nil as LinkAttributes?, PageIDs.ids(in: bodyHTML))
    }
    var result = ParsedSitePage(
      page: page,
      diagnostics: parsed.diagnostics + metadataProblems + recorder.problems.map { $0.showingLine(of: bytes) },
      ids: ids)
    // The details in one change: each change of one makes their box again.
    var details = ParsedPageDetails()
    (details.diagnostics, details.links) = (result.diagnostics, links)
    details.search = metadata.searchable && !metadata.draft ? searchRecord : nil
    (details.includes, details.sourceSize) = (parsed.includedFiles, bytes.count)
    result.details.value = details
    if let relocate { result.diagnostics = result.diagnostics.map { relocate($0, file.sitePath) } }
    return result
  }

  /// The section page of a folder that has pages but no `_index.md`: titled after the
  /// folder (`Home` for `content/` itself), listing its pages as cards when the theme
  /// has them.
  func implicitSection(folders: [String]) -> ParsedSitePage {
    let relative = (folders + ["_index.md"]).joined(separator: "/")
    let file = ContentFile(
      sitePath: contentFolder + "/" + relative, relativePath: relative, kind: .sectionIndex,
      url: URL(fileURLWithPath: "/dev/null"))
    var parsed = parse(bytes: [], file: file)
    if listsSections, containers.contains(Self.implicitListing) { parsed.page.metadata.list = Self.implicitListing }
    if let blog, folders == [blog.route] {
      // The blog's page: its title, and its posts newest first.
      parsed.page.metadata.title = blog.title
      parsed.page.metadata.description = blog.description
      if containers.contains(Self.implicitListing) { parsed.page.metadata.list = Self.implicitListing }
      parsed.page.metadata.paginate = blog.postsPerPage
    }
    parsed.isImplicit = true
    return parsed
  }

  /// A symbol's name without its arguments or generic parameters: `containerValue` for
  /// `containerValue(_:_:)`, `Group` for `Group<Content>`; `nil` for an operator.
  static func symbolName(_ title: String) -> String? {
    let name = title.prefix { $0 != "(" && $0 != "<" }
    return name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? nil : String(name)
  }

  /// The container that lists a made-up section's pages.
  static let implicitListing = "cards"

  /// What a DocC page says of itself: its abstract (its first paragraph) is its
  /// description, `@DisplayName` its title, `@TitleHeading` the line above it (else
  /// its kind, `Article` or `Sample Code`, unless `@AutomaticTitleHeading(disabled)`),
  /// `@CallToAction` a button and `@Available` the platforms under it, `@PageImage` its
  /// card's image, `@PageColor` its colour and `@Redirected(from:)` its old URLs, as DocC
  /// has them.
  private func readDocC(
    _ bytes: [UInt8], of file: ContentFile, settings: DocCCatalog.Settings, into metadata: inout PageMetadata
  ) {
    if metadata.description == nil { metadata.description = DocCCatalog.abstract(of: bytes) }
    let page = DocCPageDirectives(bytes)
    if let name = DocCCatalog.displayName(of: page) { metadata.title = name }
    let isRoot = file.relativePath == settings.rootPage
    if file.relativePath.hasSuffix(".tutorial") {
      if let title = DocCCatalog.tutorialTitle(of: page) { metadata.title = title }
      metadata.eyebrow = file.relativePath == settings.tutorialsPage ? nil : "Tutorial"
      if let minutes = page.value("Tutorial", label: "time") {
        metadata.availability = ["\(minutes) min"]
      }
      return
    }
    let automaticHeading = page.value("AutomaticTitleHeading") ?? settings.titleHeading
    metadata.eyebrow =
      DocCCatalog.titleHeading(of: page)
      ?? (isRoot || automaticHeading == "disabled" ? nil : DocCCatalog.pageKind(of: page))
    metadata.callToAction = DocCCatalog.callToAction(of: page, files: catalog)
    metadata.availability = DocCCatalog.availability(of: page)
    let image = DocCCatalog.pageImage(of: page)
    (metadata.cardImage, metadata.cardImageAlt) = (image?.source, image?.alt)
    metadata.color = DocCCatalog.pageColor(of: page)
    for old in DocCCatalog.redirections(of: page, rootURL: settings.rootURL) where !metadata.aliases.contains(old) {
      metadata.aliases.append(old)
    }
  }

  /// A DocC page's automatic See Also: the other pages of the topic group that curates
  /// it, as Markdown to add after its own text (under its own `## See Also` when that is
  /// its last section); nothing with `@AutomaticSeeAlso(disabled)`, outside a catalog, or
  /// before the catalog's pages are known.
  private func seeAlso(of file: ContentFile, bytes: [UInt8]) -> [UInt8] {
    guard let docc, catalog != nil, let group = docc.groups[file.relativePath],
      (DocCPageDirectives(bytes).value("AutomaticSeeAlso") ?? docc.seeAlso) != "disabled"
    else { return [] }
    let text = String(decoding: bytes, as: UTF8.self)
    let sections = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
    var added = bytes.last == UInt8(ascii: "\n") || bytes.isEmpty ? "\n" : "\n\n"
    if sections.last?.trimmingCharacters(in: .whitespaces) != "## See Also" { added += "## See Also\n\n" }
    added += "### " + group.title + "\n\n"
    for page in group.pages { added += "- <doc:" + page + ">\n" }
    return Array(added.utf8)
  }

  /// The URL of `file`'s page.
  private func url(of file: ContentFile, slug: String?) -> String {
    if let docc, file.kind != .resource, !referencePages.contains(file.sitePath) {
      return PageURL.encoded(docc.url(of: file.relativePath))
    }
    let url =
      if let blog, blog.holdsPost(file.relativePath, kind: file.kind) {
        PageURL.encoded(blog.url(ofPost: file.relativePath, slug: slug))
      } else {
        PageURL.url(for: file.relativePath, kind: file.kind, slug: slug, strippingNumberPrefixes: stripsNumberPrefixes)
      }
    return treeFolder.isEmpty ? url : "/" + treeFolder + url.dropFirst()
  }

  /// ``titleFromFileName(_:strippingNumberPrefixes:)`` as the settings ask.
  func titleFromFileName(_ file: ContentFile) -> String {
    Self.titleFromFileName(file, strippingNumberPrefixes: stripsNumberPrefixes)
  }

  /// `install-guide.md` → `Install guide`; a section page takes its folder's name
  /// (`02-basics` → `Basics` when number prefixes go).
  static func titleFromFileName(_ file: ContentFile, strippingNumberPrefixes: Bool = false) -> String {
    let parts = file.relativePath.split(separator: "/")
    let name =
      file.kind == .sectionIndex ? (parts.dropLast().last.map(String.init) ?? "Home") : String(parts.last ?? "")
    var base = ContentFile.withoutMarkdownExtension(name)
    if strippingNumberPrefixes { base = DocusaurusSidebars.withoutNumberPrefix(base) }
    let words = base.replacingASCII([UInt8(ascii: "-"): " ", UInt8(ascii: "_"): " "])
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  private func placeholder(_ file: ContentFile) -> SitePage {
    SitePage(
      sitePath: file.sitePath, contentPath: file.relativePath, isSectionIndex: file.kind == .sectionIndex,
      metadata: PageMetadata(title: titleFromFileName(file)),
      url: url(of: file, slug: nil), bodyHTML: "", headings: [], summary: "",
      values: DeclaredValues())
  }
}
