import ContainerViews
import CvsiteCore

/// A DocC catalog's links and images on the tree cmark parsed: `<doc:Name>` (an autolink
/// to cmark) becomes a link to the page, titled as it is (or by its heading for
/// `#Heading-Text`); `![alt](name)` becomes the catalog's image of that name, with its
/// `@2x` and dark variants. What leads nowhere is a warning at its paragraph, with the
/// nearest name; the link keeps its text.
struct DocCLinkPass {
  let body: PageBody
  let catalog: any DocCCatalogIndex
  var diagnostics: [Diagnostic] = []

  init(body: PageBody, catalog: any DocCCatalogIndex) {
    self.body = body
    self.catalog = catalog
  }

  /// Where each text is written between double backticks (as a symbol link), line and
  /// column, found in one pass over the page's lines; empty without symbols.
  private var symbolLinkPlaces: [String: [(line: Int, column: Int)]] = [:]

  /// The symbol links met on a page of a site without symbol graphs: shown as code, and
  /// said once for the page.
  private var unresolved: [(written: String, line: Int, column: Int)] = []

  mutating func apply(to root: CMarkNode) {
    symbolLinkPlaces = Self.doubleBacktickTexts(in: body.source)
    var found: [(node: CMarkNode, block: CMarkNode)] = []
    collect(root, block: root, into: &found, depth: 0)
    for (node, block) in found {
      switch node.kind {
      case .link: link(node, in: block)
      case .code: symbolLink(node, in: block)
      default: image(node, in: block)
      }
    }
    if let first = unresolved.first {
      let others = unresolved.count - 1
      let more = others == 0 ? "" : " and \(others) more symbol link\(others == 1 ? "" : "s")"
      diagnostics.append(
        body.source.diagnostic(
          .warning,
          "``\(first.written)``\(more) shown as code: the site has no symbol graphs to link them to (DocC reads "
            + "them from the package's build; give cvsite their folder with `--symbol-graphs`)",
          line: first.line, column: first.column))
    }
  }

  /// How deep the walk goes (cmark nests as deep as the input asks).
  static let maximumDepth = 256

  private func collect(
    _ parent: CMarkNode, block: CMarkNode, into found: inout [(node: CMarkNode, block: CMarkNode)], depth: Int
  ) {
    guard depth < Self.maximumDepth else { return }
    var cursor = parent.firstChild
    while let node = cursor {
      cursor = node.next
      switch node.kind {
      case .link where node.url?.hasPrefix("doc:") == true: found.append((node, block))
      case .link where node.url.map(Self.isBareFileName) == true: found.append((node, block))
      case .image: found.append((node, block))
      case .code where writtenAsSymbolLink(node, in: block): found.append((node, block))
      default: break
      }
      if node.firstChild != nil {
        collect(node, block: node.kind.isBlock ? node : block, into: &found, depth: depth + 1)
      }
    }
  }

  /// Whether the code span `node` was written between double backticks, as DocC writes
  /// a link to a symbol: its block's lines hold it so.
  private func writtenAsSymbolLink(_ node: CMarkNode, in block: CMarkNode) -> Bool {
    symbolLinkPlace(node, in: block) != nil
  }

  /// Where in its block's lines the code span `node` is written between double
  /// backticks: the line and the column of its first backtick.
  private func symbolLinkPlace(_ node: CMarkNode, in block: CMarkNode) -> (line: Int, column: Int)? {
    guard let literal = node.literal, let places = symbolLinkPlaces[literal] else { return nil }
    return places.first { (max(1, block.startLine)...max(1, block.endLine)).contains($0.line) }
  }

  /// Every text written between double backticks on one line (no backtick or space in
  /// it), with where it is: one pass over the lines.
  static func doubleBacktickTexts(in source: SourceText) -> [String: [(line: Int, column: Int)]] {
    var found: [String: [(line: Int, column: Int)]] = [:]
    let tick = UInt8(ascii: "`")
    for line in 1...max(1, source.lineCount) {
      let bytes = source.lineBytes(line)
      var index = bytes.startIndex
      while index < bytes.endIndex {
        guard bytes[index] == tick, index + 1 < bytes.endIndex, bytes[index + 1] == tick else {
          index += 1
          continue
        }
        let start = index + 2
        var end = start
        while end < bytes.endIndex, bytes[end] != tick, bytes[end] != UInt8(ascii: " ") { end += 1 }
        if end > start, end + 1 < bytes.endIndex, bytes[end] == tick, bytes[end + 1] == tick {
          let text = String(decoding: bytes[start..<end], as: UTF8.self)
          found[text, default: []].append((line, index - bytes.startIndex + 1))
          index = end + 2
        } else {
          index = max(end, start)
        }
      }
    }
    return found
  }

  /// ``` ``Type/member`` ```: a link to the symbol's page, showing its name as code; one
  /// that leads to no symbol is an error at its paragraph, with the nearest path.
  private mutating func symbolLink(_ node: CMarkNode, in block: CMarkNode) {
    guard let written = node.literal else { return }
    let place = symbolLinkPlace(node, in: block) ?? (max(1, block.startLine), 1)
    // The same link written again in the block is placed at its own column.
    if let used = symbolLinkPlaces[written]?.firstIndex(where: { $0 == place }) {
      symbolLinkPlaces[written]?.remove(at: used)
    }
    switch catalog.symbol(written, from: body.source.path) {
    case .noSymbols: unresolved.append((written, place.line, place.column))
    case .page(let url, let title):
      let html = "<a href=\"\(escapeHTML(url))\"><code>\(escapeHTML(title))</code></a>"
      guard let made = CMarkNode.customInline(enter: html) else { return }
      node.insertBefore(made)
      node.unlink()
    case .ambiguous(let options):
      diagnostics.append(
        body.source.diagnostic(
          .error,
          "``\(written)`` is ambiguous: write one of \(options.map { "``" + $0 + "``" }.joined(separator: ", "))",
          line: place.line, column: place.column))
    case .missing(let suggestion):
      diagnostics.append(
        body.source.diagnostic(
          .error, "``\(written)`` leads to no symbol of the symbol graphs", line: place.line, column: place.column,
          suggestion: suggestion))
    }
  }

  /// `clip.mp4`: a file's name, no folder, no scheme; DocC finds it in the catalog.
  static func isBareFileName(_ url: String) -> Bool {
    let bytes = url.utf8
    return !bytes.isEmpty && !bytes.contains(UInt8(ascii: "/")) && !bytes.contains(UInt8(ascii: ":"))
      && !url.hasPrefix("#") && bytes.contains(UInt8(ascii: "."))
  }

  private mutating func link(_ node: CMarkNode, in block: CMarkNode) {
    guard let written = node.url else { return }
    if Self.isBareFileName(written) {
      // A file of the catalog, by its name; another name is left to the link check.
      if let url = catalog.file(named: written) { node.setURL(url) }
      return
    }
    guard let target = docLinkTarget(written) else { return }
    let isAutolink =
      node.firstChild?.kind == .text && node.firstChild?.next == nil
      && node.firstChild?.literal == written
    guard let page = catalog.page(named: target.name) else {
      diagnostics.append(
        body.source.diagnostic(
          .warning, "`<\(written)>` leads to no page of the catalog: shown as text", line: max(1, block.startLine),
          column: 1, suggestion: closest(target.name, catalog.pageNames)))
      let text = isAutolink ? target.name : node.plainText
      if let replacement = CMarkNode.text(text) {
        node.insertBefore(replacement)
        node.unlink()
      }
      return
    }
    var url = page.url
    var title = page.title
    if let fragment = target.fragment {
      // DocC writes a heading's text with hyphens for spaces: the link shows the text.
      let text = fragment.replacingOccurrences(of: "-", with: " ")
      url += "#" + githubSlug(text)
      title = text
    }
    node.setURL(url)
    guard isAutolink else { return }
    node.firstChild?.setLiteral(title)
    // A list item that is only a link to a page, as topics are written: the page's
    // abstract under it, as DocC shows topics.
    if target.fragment == nil, let abstract = page.abstract, node.previous == nil, node.next == nil,
      let paragraph = node.parent, paragraph.kind == .paragraph, paragraph.parent?.kind == .item,
      let lineBreak = CMarkNode.customInline(enter: "<br>"), let text = CMarkNode.text(abstract)
    {
      node.insertAfter(lineBreak)
      lineBreak.insertAfter(text)
    }
  }

  private mutating func image(_ node: CMarkNode, in block: CMarkNode) {
    guard let url = node.url, !url.isEmpty, !url.contains("/"), !url.contains(":") else { return }
    let alt = node.plainText
    if let html = catalog.image(named: url, alt: alt), let made = CMarkNode.customInline(enter: html) {
      node.insertBefore(made)
      node.unlink()
      return
    }
    // A name without extension is the catalog's way: one that is not there is an error.
    guard !url.contains(".") else { return }
    diagnostics.append(
      body.source.diagnostic(
        .error, "the catalog has no image named `\(url)`", line: max(1, block.startLine), column: 1,
        suggestion: closest(url, catalog.imageNames)))
  }
}

extension CMarkKind {
  /// Whether nodes of this kind are blocks (a paragraph, a heading, an item…).
  fileprivate var isBlock: Bool {
    switch self {
    case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak,
      .customBlock:
      return true
    default: return false
    }
  }
}
