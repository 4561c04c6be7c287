import CvsiteCore

/// Other generators' block syntax in a page, read into cvsite's directives by the readers
/// its dialect selects (``MarkdownDialect/lineReaders(catalog:)``), over one walk of its
/// lines (``LineWalk``) and one writer of the rewritten body:
///
/// ```
/// !!! warning "Mind the gap"        →  :::warning[Mind the gap]
///     Body, indented four spaces.        Body, indented four spaces.
///                                        :::
/// <Tabs groupId="os">               →  :::tabs{sync=os}
/// @Row {                            →  :::row
/// ```
///
/// The page keeps its lines: an opener line becomes a directive marker, the blank line
/// after a block (or the next opener) carries its closing, and the block's lines lose the
/// indentation the blocks around them add. Diagnostics still show the line as written, at
/// its written column (``SourceText/asWritten``).
struct DialectBlocks {
  /// The body with openers as markers and block lines dedented; its line count is the
  /// page's, plus one line at the end when blocks run to the end of the file.
  var source: SourceText
  /// The directives each marker line stands for.
  var directives: [Int: DirectiveLine]
  var diagnostics: [Diagnostic] = []
  /// The abbreviations the page defines (MkDocs pages).
  var abbreviations: [Abbreviation] = []
  /// The lines of ``source`` whose list item is a definition (MkDocs' def_list).
  var definitionLines = Set<Int>()

  /// Blocks nested deeper than this are left as written.
  static let maxDepth = 50

  /// The sync key of translated tab groups: tabs with the same label switch together
  /// across the site, as Material's linked content tabs do.
  static let tabSync = "tabs"

  /// The class of a callout written with an empty title (`!!! note ""`).
  static let untitledClass = "cv-callout-untitled"

  /// Reads the blocks of `source` after its front matter with the readers of `dialect`;
  /// `nil` when it has none. Only the readers whose quick look finds a line of theirs walk
  /// the page.
  static func read(
    _ source: SourceText, frontMatterLines: Int, dialect: MarkdownDialect = .cvsite,
    catalog: (any DocCCatalogIndex)? = nil, isMDX: Bool = false
  ) -> DialectBlocks? {
    guard frontMatterLines < source.lineCount else { return nil }
    var readers = dialect.lineReaders(catalog: catalog, isMDX: isMDX).filter {
      $0.mayRead(source, from: frontMatterLines + 1)
    }
    guard !readers.isEmpty else { return nil }
    var walk = LineWalk(source: source, frontMatterLines: frontMatterLines)
    walk.run(&readers)
    guard walk.rewritesLines else {
      // Nothing to rewrite; what was not read is still said.
      return walk.diagnostics.isEmpty
        ? nil : DialectBlocks(source: source, directives: [:], diagnostics: walk.diagnostics)
    }
    let (text, directives, definitions) = walk.translated()
    var blocks = DialectBlocks(source: text, directives: directives, diagnostics: walk.diagnostics)
    blocks.abbreviations = walk.abbreviations
    blocks.definitionLines = definitions
    return blocks
  }
}

extension MarkdownDialect {
  /// The readers a page in this dialect is read by, in the order they are offered a line:
  /// a cvsite page reads MkDocs' blocks and MDX components (each construct means one
  /// thing, so they never collide); an MkDocs page adds pymdownx's `///` blocks and
  /// Python-Markdown's line syntax, and reads `::: name` as a plugin's insertion; a DocC
  /// page adds DocC's directives. An MDX page (`isMDX`) reads HTML elements as MDX does.
  func lineReaders(catalog: (any DocCCatalogIndex)?, isMDX: Bool = false) -> [any DialectLineReader] {
    switch self {
    case .cvsite:
      return [MDXComponentReader(readsElementLines: isMDX), PythonMarkdownBlockReader(readsInsertions: false)]
    case .mkdocs:
      return [
        PymdownBlockReader(), PythonMarkdownLines(), MDXComponentReader(),
        PythonMarkdownBlockReader(readsInsertions: true),
      ]
    case .docc:
      return [
        DocCBlockReader(catalog: catalog), MDXComponentReader(), PythonMarkdownBlockReader(readsInsertions: false),
      ]
    }
  }
}
