import ContainerViews
import CvsiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How pages are read.
public struct MarkdownOptions: Sendable {
  /// Keep raw HTML, sanitised (``RawHTMLSanitizer``) unless ``trustsRawHTML``; off by
  /// default, so raw HTML is omitted.
  public var allowRawHTML: Bool
  /// Add a `#` link to every heading, after its text.
  public var headingAnchors: Bool
  /// GitHub Flavored Markdown's extensions: tables, strikethrough, extended autolinks,
  /// task lists and footnotes. (GFM's disallowed-tag filter has no work left: raw HTML is
  /// sanitised, or trusted on purpose.)
  public var gfm: Bool
  /// A page without a front-matter `title` that opens with a `#` heading takes it as its
  /// title, and the heading leaves the body (the layout shows the title).
  public var titleFromHeading: Bool
  /// Renders code blocks (colour, frames, marked lines); `nil` keeps libcmark's
  /// `<pre><code>`.
  public var codeBlocks: (any CodeBlockRendering)?
  /// The generator the pages were written for: what syntax they may hold beyond
  /// cvsite's own.
  public var dialect: MarkdownDialect = .cvsite
  /// Where the files pages include come from (MDX partials; snippets in an MkDocs
  /// project); `nil`: a page includes nothing.
  public var includes: (any IncludedFileSource)?
  /// The values `{{ name }}` stands for in an MkDocs project that runs a macros plugin
  /// (its `extra:` settings, by dotted name); `nil`: `{{ … }}` is text.
  public var templateValues: [String: String]?
  /// The delimiters a project writes heading attributes between instead of `{` and `}`
  /// (VitePress' `markdown.attrs`: `## Title %{#id}%`), when it changes them.
  public var attributeDelimiters: AttributeDelimiters?
  /// Emoji and icon shortcodes (`:rocket:`, `:material-check:`) in an MkDocs page, as
  /// pymdownx.emoji reads them; `nil`: none are read.
  public var shortcodes: (any ShortcodeIndex)?
  /// Pages written for another generator, which renders what its pages get wrong
  /// without failing: every problem of a body (a `:::` closing nothing, a container
  /// never closed or unknown, a directive's wrong argument, a link to no symbol) is a
  /// warning, not an error, and the text stays shown. Problems of the text itself (its
  /// encoding, its front matter, its includes) and those that leave text out stay errors.
  public var tolerant = false
  /// A DocC catalog's pages and images: `<doc:Name>` links and images named without
  /// extension are found in it.
  public var catalog: (any DocCCatalogIndex)?
  /// With ``allowRawHTML``: raw HTML published as written, script included, rather than
  /// sanitised (``RawHTMLSanitizer``).
  public var trustsRawHTML = false

  /// Raw HTML, heading anchors and titles from headings are off unless asked for; GFM is on.
  public init(
    allowRawHTML: Bool = false, headingAnchors: Bool = false, gfm: Bool = true, titleFromHeading: Bool = false
  ) {
    self.allowRawHTML = allowRawHTML
    self.headingAnchors = headingAnchors
    self.gfm = gfm
    self.titleFromHeading = titleFromHeading
  }
}

/// The generator pages were written for.
public enum MarkdownDialect: Sendable, Hashable {
  /// cvsite's own syntax, with the blocks of other generators it reads everywhere.
  case cvsite
  /// An MkDocs project: `::: name` lines are mkdocstrings' (or another plugin's)
  /// insertions, left out with a warning, not VitePress containers.
  case mkdocs
  /// A DocC catalog: `@Metadata`, `@Options` and `@Comment` blocks are read, not shown.
  case docc
}

/// A page read from Markdown: front matter, the body as a view tree, and every problem.
public struct ParsedPage {
  /// The path the page was parsed under, as diagnostics show it.
  public var path: String
  /// The page's front matter, checked against the schema.
  public var frontMatter: FrontMatter
  /// The body as a ContainerViews tree; render it with `renderHTML(_:)`, after setting
  /// `\.containerRenderer` in the environment for themed containers.
  public var body: AnyView
  /// Every heading in document order, with its id.
  public var headings: [HeadingInfo]
  /// Errors and warnings, sorted by position.
  public var diagnostics: [Diagnostic]
  /// The text of the `#` heading the page opened with, taken out of the body as its title
  /// (``MarkdownOptions/titleFromHeading``, no `title` in the front matter).
  public var titleHeading: String?
  /// The site paths of the files the page included (snippets, partials): a change to
  /// one of them changes the page.
  public var includedFiles: [String] = []
  /// What the body holds besides text (its URLs and ids), taken while it was written;
  /// nil for a body with parts written by templates (containers), to be read from the
  /// rendered body instead.
  public var facts: BodyFacts?

  /// The front matter's `title`, else the `#` heading taken as the title, else the first
  /// heading's text.
  public var title: String? { frontMatter.title ?? titleHeading ?? headings.first?.text }
  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Reads Markdown pages into view trees, checking their values against a schema.
///
/// ```swift
/// let page = MarkdownParser(schema: theme.schema).parse(source: text, path: "content/a.md")
/// let html = renderHTML(page.body.environment(\.containerRenderer, theme.renderer))
/// ```
public struct MarkdownParser: Sendable {
  /// The values and containers pages may use.
  public var schema: Schema
  /// How pages are read.
  public var options: MarkdownOptions

  /// A parser for pages written against `schema`.
  public init(schema: Schema = Schema(), options: MarkdownOptions = MarkdownOptions()) {
    self.schema = schema
    self.options = options
  }

  /// Parses a page given as text.
  public func parse(source: String, path: String) -> ParsedPage {
    parse(bytes: Array(source.utf8), path: path)
  }

  /// What every reading of a page does after its ``Opening`` and before its body is
  /// built: the text checked, included files and other generators' blocks expanded, and
  /// libcmark's tree made (`nil` when libcmark could not parse the page).
  private struct Prelude {
    var source: SourceText
    var frontMatter: FrontMatter
    var body: PageBody
    var abbreviations: [Abbreviation] = []
    var includedFiles: [String] = []
    var diagnostics: [Diagnostic] = []
    /// How many of `diagnostics` are about the text itself (its encoding, its front
    /// matter, the files it includes); the others are about how its body is written.
    var textDiagnostics = 0
    var prepared: PreparedBody?
  }

  /// The start of every reading: the text normalised, the front matter read.
  private struct Opening {
    var source: SourceText
    var frontMatter: FrontMatter
    /// The front matter's problems.
    var diagnostics: [Diagnostic] = []
  }

  private func opening(bytes: [UInt8], path: String) -> Opening {
    // U+0000 becomes U+FFFD, as CommonMark requires of the text libcmark reads: the same
    // must hold for what cvsite's own syntax (attributes, labels, front matter) reads,
    // or a NUL reaches the HTML through an attribute value. A lone CR is a line ending
    // to libcmark: it becomes LF, so that cvsite's lines are libcmark's lines.
    var normalized = Self.normalized(bytes)
    if let delimiters = options.attributeDelimiters { delimiters.rewriteHeadings(&normalized) }
    let source = SourceText(path: path, bytes: normalized)
    var diagnostics: [Diagnostic] = []
    let frontMatter = FrontMatter.parse(source, schema: schema, foreign: options.dialect == .mkdocs, into: &diagnostics)
    return Opening(source: source, frontMatter: frontMatter, diagnostics: diagnostics)
  }

  private func prelude(_ opening: Opening) -> Prelude {
    var source = opening.source
    let bytes = source.bytes
    let frontMatter = opening.frontMatter
    var diagnostics: [Diagnostic] = []
    let invalid = firstInvalidUTF8(bytes)
    if let invalid {
      let position = source.position(ofByte: invalid)
      diagnostics.append(
        source.diagnostic(
          .error, "invalid UTF-8 (byte 0x\(String(bytes[invalid], radix: 16)))",
          line: position.line, column: position.column))
    }
    diagnostics += opening.diagnostics
    var includedFiles: [String] = []
    // A macros plugin renders the page as a template before anything else reads it.
    if let values = options.templateValues,
      let expanded = TemplateVariables(values: values).expand(
        source, frontMatterLines: frontMatter.lineCount, into: &diagnostics)
    {
      source = expanded
    }
    // `syntax: docc` in a page's front matter: DocC's directives read on that page.
    var dialect = options.dialect
    if case .string("docc")? = frontMatter.fields["syntax"] { dialect = .docc }
    if let files = options.includes {
      var lines = IncludedLines(files: files, snippets: dialect == .mkdocs)
      lines.tolerant = options.tolerant
      // `@Code` is a tutorial's: in an article it is text (or an example in code).
      if dialect == .docc, source.path.hasSuffix(".tutorial") { lines.tutorialFiles = options.catalog }
      if let expanded = lines.expand(source, frontMatterLines: frontMatter.lineCount) { source = expanded }
      diagnostics += lines.diagnostics
      includedFiles = lines.included.sorted()
    }
    // (What an include cannot read was judged where it was read, a missing file a
    // warning in a project of another generator.)
    let textDiagnostics = diagnostics.count
    var body = PageBody(source: source, frontMatterLines: frontMatter.lineCount)
    var abbreviations: [Abbreviation] = []
    // MkDocs' indented blocks (`!!! note`, `??? tip`, `=== "Tab"`) become directives;
    // the page keeps its lines, and its diagnostics show them as written.
    if let blocks = DialectBlocks.read(
      source, frontMatterLines: frontMatter.lineCount, dialect: dialect, catalog: options.catalog,
      isMDX: source.path.hasSuffix(".mdx"))
    {
      source = blocks.source
      body = PageBody(source: source, frontMatterLines: frontMatter.lineCount)
      body.writtenBlocks = blocks.directives
      body.definitionLines = blocks.definitionLines
      abbreviations = blocks.abbreviations
      diagnostics += blocks.diagnostics
    }
    let prepared = PreparedBody.prepare(body, options: options, validateUTF8: invalid != nil, into: &diagnostics)
    return Prelude(
      source: source, frontMatter: frontMatter, body: body, abbreviations: abbreviations,
      includedFiles: includedFiles, diagnostics: diagnostics, textDiagnostics: textDiagnostics, prepared: prepared)
  }

  /// A page's front matter and the title its opening `#` heading gives it
  /// (``ParsedPage/titleHeading``), without building or rendering its body: what a
  /// site's navigation needs of every page before any body is rendered. Problems are
  /// left to ``parse(bytes:path:)``, which finds them all.
  public func parseHeader(bytes: [UInt8], path: String) -> (frontMatter: FrontMatter, titleHeading: String?) {
    let opened = opening(bytes: bytes, path: path)
    // Only a page without a title in its front matter is parsed for its heading.
    guard options.titleFromHeading, opened.frontMatter.title == nil, let prepared = prelude(opened).prepared else {
      return (opened.frontMatter, nil)
    }
    return (opened.frontMatter, Self.takeTitleHeading(prepared.document)?.text)
  }

  /// Parses a page given as bytes; invalid UTF-8 is a diagnostic, never a crash.
  public func parse(bytes: [UInt8], path: String) -> ParsedPage {
    let read = prelude(opening(bytes: bytes, path: path))
    let (source, frontMatter, body, abbreviations, includedFiles) = (
      read.source, read.frontMatter, read.body, read.abbreviations, read.includedFiles
    )
    var diagnostics = read.diagnostics
    guard let prepared = read.prepared else {
      diagnostics.append(source.diagnostic(.error, "libcmark could not parse this page", line: 1, column: 1))
      return ParsedPage(
        path: path, frontMatter: frontMatter, body: AnyView(EmptyView()), headings: [], diagnostics: diagnostics)
    }
    var builder = PageBuilder(source: source, prepared: prepared, schema: schema, options: options)
    for id in schema.reservedIDs { _ = builder.ids.claimExplicit(id) }
    var titleHeading: (text: String, html: String, id: String)?
    if options.titleFromHeading, frontMatter.title == nil {
      titleHeading = Self.takeTitleHeading(prepared.document)
      if let id = titleHeading?.id, !id.isEmpty { _ = builder.ids.claimHeading(id, fallback: id) }
    }
    // Raw HTML sanitised first: the anchors kept are those the page will have.
    if options.allowRawHTML, !options.trustsRawHTML, source.bytes.contains(UInt8(ascii: "<")) {
      diagnostics += RawHTMLSanitizer.apply(to: prepared.document.root, body: body)
    }
    // Only pages with an image or an `<a …` tag need the walk.
    let hasCandidates = source.bytes.withUnsafeBufferPointer {
      firstOffset(of: Array("![".utf8), in: $0, within: 0..<$0.count) != nil
        || firstOffset(of: Array("<a ".utf8), in: $0, within: 0..<$0.count) != nil
        || firstOffset(of: Array("<A ".utf8), in: $0, within: 0..<$0.count) != nil
    }
    if hasCandidates {
      var anchors = AnchorsAndImages(body: body, allowRawHTML: options.allowRawHTML)
      anchors.apply(to: prepared.document.root)
      diagnostics += anchors.diagnostics
      for id in anchors.anchorIDs { _ = builder.ids.claimExplicit(id) }
    }
    if options.gfm {
      var extensions = GFMPass(body: body, options: options, footnoteLines: prepared.footnotes)
      extensions.abbreviations = abbreviations.sorted { $0.term.utf8.count > $1.term.utf8.count }
      extensions.apply(to: prepared.document)
      diagnostics += extensions.diagnostics
      for id in extensions.claimedIDs { _ = builder.ids.claimExplicit(id) }
    }
    if options.tolerant {
      var scripts = ScriptLinkPass(body: body)
      scripts.apply(to: prepared.document.root)
      diagnostics += scripts.diagnostics
    }
    if let catalog = options.catalog {
      var links = DocCLinkPass(body: body, catalog: catalog)
      links.apply(to: prepared.document.root)
      diagnostics += links.diagnostics
    }
    DefinitionLists(body: body, lines: body.definitionLines).apply(to: prepared.document.root)
    if let renderer = options.codeBlocks {
      let pass = CodeBlockPass.apply(renderer, to: prepared.document, source: source, checker: builder.checker)
      builder.codeBlocks = pass.blocks
      // Another generator reads its own words in an info string and skips the rest: a
      // word cvsite does not read is a warning in its pages, the block shown as written.
      diagnostics += options.tolerant ? pass.diagnostics.map(\.asWarning) : pass.diagnostics
    }
    let items = builder.build()
    var assembler = ViewAssembler(source: source, ids: builder.ids)
    let views = assembler.views(items)
    diagnostics += builder.diagnostics + assembler.diagnostics
    // In a project written for another generator, what the body holds that cvsite does
    // not read, or reads as a mistake, is a warning: the page is published with its text
    // shown, as that generator publishes it.
    if options.tolerant {
      for index in diagnostics.indices.dropFirst(read.textDiagnostics) where !diagnostics[index].leavesTextOut {
        diagnostics[index] = diagnostics[index].asWarning
      }
    }
    diagnostics.sort {
      ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
    }
    let bodyView = views.count == 1 ? views[0] : AnyView(ViewList(views: views))
    var page = ParsedPage(
      path: path, frontMatter: frontMatter, body: bodyView, headings: builder.headings, diagnostics: diagnostics)
    page.titleHeading = titleHeading?.text
    page.includedFiles = includedFiles
    page.facts = builder.facts
    return page
  }

  /// The page's first block, when it is a `#` heading: taken out of the body (the layout
  /// shows the title), its text and HTML returned. Its GitHub id stays at the top of the
  /// body as an empty anchor, so `#title` links and the numbering of repeated headings
  /// stay as on GitHub.
  static func takeTitleHeading(_ document: CMarkDocument) -> (text: String, html: String, id: String)? {
    guard let node = document.root.firstChild, node.kind == .heading, node.headingLevel == 1 else { return nil }
    let text = node.plainText
    let html = headingInnerHTML(document.html(node), level: 1)
    let id = githubSlug(text)
    if !id.isEmpty, let anchor = CMarkNode.customBlock(enter: "<a id=\"\(escapeHTML(id))\"></a>", exit: "") {
      node.insertBefore(anchor)
    }
    node.unlink()
    return (text, html, id)
  }

  /// `bytes` with every NUL replaced by U+FFFD (`EF BF BD`) and every CR not followed
  /// by LF replaced by LF; the same array, not copied, when there is neither (CRLF files
  /// included): `memchr` finds the candidates.
  static func normalized(_ bytes: [UInt8]) -> [UInt8] {
    let needsWork = bytes.withUnsafeBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      if memchr(base, 0, buffer.count) != nil { return true }
      var offset = 0
      while offset < buffer.count, let found = memchr(base + offset, 0x0D, buffer.count - offset) {
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if index + 1 == buffer.count || buffer[index + 1] != 0x0A { return true }
        offset = index + 2
      }
      return false
    }
    guard needsWork else { return bytes }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 16)
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case 0: result += [0xEF, 0xBF, 0xBD]
      case 0x0D where index + 1 == bytes.count || bytes[index + 1] != 0x0A: result.append(0x0A)
      default: result.append(byte)
      }
    }
    return result
  }
}
