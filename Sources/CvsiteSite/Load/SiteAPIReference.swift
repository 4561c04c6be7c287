import CvsiteCore
import CvsiteSymbolGraphs
import Foundation

/// The API reference of the symbol graphs a site names (`symbolGraphs:` in `cvsite.yml`,
/// `--symbol-graphs`, or the `*.symbols.json` files a DocC catalog holds), as pages
/// among the site's own: each page's Markdown is made here and held in memory, and the
/// rest of the build (navigation, search, links, layouts) treats it as any page.
struct SiteAPIReference: Sendable {
  var reference: APIReference
  /// Each reference page's node, by site path.
  var nodes: [String: Int] = [:]
  /// The pages, as content files whose bytes `sources` holds.
  var files: [ContentFile] = []
  var sources = ContentSources()

  /// Each node's page, by content path (relative to the pages folder).
  var contentPaths: [Int: String] = [:]
  /// The site's pages that extend a symbol's page (titled ``` # ``Type`` ```): they are
  /// that page's, not pages of their own.
  var extensionPages: Set<String> = []

  /// The reference of the graph files in `folder` (relative to the site, or absolute
  /// from `--symbol-graphs`) and among `content` (a catalog's); nil when there are none.
  /// A page of `content` titled with a symbol link extends that symbol's page; one
  /// titled with the module's name is the module's page, to which the automatic topics
  /// of the symbols it does not curate are added.
  static func load(
    folder: URL?, shownAs folderName: String?, content: [ContentFile], contentFolder: String,
    at location: SourceLocation?, makesIndex: Bool = true
  ) -> (SiteAPIReference?, [Diagnostic]) {
    var graphs: [(path: String, bytes: [UInt8])] = []
    var diagnostics: [Diagnostic] = []
    if let folder {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))
      guard let names else {
        // Graphs are made by a build: a site names their folder before it exists.
        return (
          nil,
          [
            Diagnostic(
              .warning,
              "no folder of symbol graphs at \(folderName ?? folder.path): the site is built without its API reference (make them with `swift package dump-symbol-graph`)",
              at: location)
          ]
        )
      }
      for name in names.sorted() where name.hasSuffix(".symbols.json") {
        let path = (folderName.map { $0 + "/" } ?? "") + name
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else {
          diagnostics.append(.ioFailure("cannot read \(path)"))
          continue
        }
        graphs.append((path, Array(data)))
      }
      if graphs.isEmpty {
        diagnostics.append(
          Diagnostic(
            .warning,
            "\(folderName ?? folder.path) holds no symbol graphs (*.symbols.json): make them with `swift package dump-symbol-graph`",
            at: location))
      }
    }
    for file in content where file.relativePath.hasSuffix(".symbols.json") {
      guard let data = try? Data(contentsOf: file.url) else {
        diagnostics.append(.ioFailure("cannot read \(file.sitePath)"))
        continue
      }
      graphs.append((file.sitePath, Array(data)))
    }
    guard !graphs.isEmpty else { return (nil, diagnostics) }
    let (modules, problems) = SymbolGraphReader.read(graphs)
    diagnostics += problems
    guard !modules.isEmpty else { return (nil, diagnostics) }
    let reference = APIReference(modules)
    var made = SiteAPIReference(reference: reference)
    var extensions: [Int: APIExtension] = [:]
    for file in content where file.kind != .resource {
      // Only a page whose start holds a symbol link as a title is read whole.
      guard Self.startsWithSymbolTitle(file.url), let data = try? Data(contentsOf: file.url),
        let (link, written) = APIExtension.read(String(decoding: data, as: UTF8.self))
      else { continue }
      switch reference.resolve(link, from: nil) {
      case .found(let node) where reference.moduleNodes.contains(node):
        // The module's own page: it stays the site's, with the groups it leaves out.
        let topics = reference.topics(
          of: node, excluding: reference.curated(by: written, at: node), heading: written.topicsSection == nil)
        made.sources.files[file.sitePath] = Array(Self.adding(topics, to: String(decoding: data, as: UTF8.self)).utf8)
      case .found(let node):
        extensions[node] = written
        made.extensionPages.insert(file.sitePath)
      case .ambiguous(let options):
        diagnostics.append(
          Diagnostic(
            .warning,
            "``\(link)`` names several symbols: write one of \(options.map { "``" + $0 + "``" }.joined(separator: ", "))",
            at: SourceLocation(path: file.sitePath, line: 1, column: 1)))
      case .notFound(let suggestion):
        diagnostics.append(
          Diagnostic(
            .warning, "this page extends ``\(link)``, which the symbol graphs do not hold: it is a page of its own",
            at: SourceLocation(path: file.sitePath, line: 1, column: 1), suggestion: suggestion))
      }
    }
    let origin = folderName ?? contentFolder
    // The pages' Markdown is made on every core.
    let extended = extensions
    let pages = parallelMap(Array(reference.nodes.indices), jobs: ProcessInfo.processInfo.activeProcessorCount) {
      reference.page(of: $0, extension: extended[$0])
    }
    if makesIndex {
      // `/documentation/` lists the modules (a catalog's module page is its way in).
      let index = reference.indexPage()
      let sitePath = origin + ":" + index.relativePath
      made.files.append(
        ContentFile(
          sitePath: sitePath, relativePath: index.relativePath, kind: .sectionIndex,
          url: URL(fileURLWithPath: "/" + sitePath)))
      made.sources.files[sitePath] = Array(index.markdown.utf8)
    }
    for page in pages {
      let sitePath = origin + ":" + page.relativePath
      let name = String(page.relativePath.split(separator: "/").last ?? "")
      made.files.append(
        ContentFile(
          sitePath: sitePath, relativePath: page.relativePath, kind: ContentFile.Kind.ofMarkdownFile(named: name),
          url: URL(fileURLWithPath: "/" + sitePath)))
      made.sources.files[sitePath] = Array(page.markdown.utf8)
      made.nodes[sitePath] = page.node
      made.contentPaths[page.node] = page.relativePath
    }
    return (made, diagnostics)
  }

  /// `problem` where its text is written in the Swift source, when it is one of the
  /// reference page `page`'s and the page has that line from a documentation comment;
  /// else as it is.
  func relocate(_ problem: Diagnostic, page: String) -> Diagnostic {
    guard let location = problem.location, location.path == page, let node = nodes[page],
      let line = problem.sourceLine,
      let place = reference.sourcePlace(ofLine: line, column: location.column, onPageOf: node)
    else { return problem }
    // The line as the Swift source has it, for the excerpt under the message.
    let source = (try? String(contentsOfFile: place.path, encoding: .utf8))?
      .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(place.line - 1).first.map(String.init)
    return Diagnostic(
      problem.severity, problem.message, at: place, sourceLine: source ?? line, suggestion: problem.suggestion)
  }

  /// A catalog's navigation with the reference in it: each symbol its module's page
  /// curates (``` - ``Type`` ``` in a `### Group` of its `## Topics`, in `rootText`) in
  /// that group, the others in groups by kind after them; a type's members under it,
  /// grouped by kind.
  func navigation(_ written: WrittenNavigation, rootText: String?) -> WrittenNavigation {
    var navigation = written
    var placed = Set<Int>()
    var curated: [String: [WrittenNavigation.Item]] = [:]
    var group = "Topics"
    let lines = (rootText ?? "").split(separator: "\n", omittingEmptySubsequences: false)
    for raw in topicsLines(lines).map({ lines[$0] }) ?? [] {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("### ") { group = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces) }
      guard line.hasPrefix("- ``"), line.hasSuffix("``"), line.count > 6 else { continue }
      let link = String(line.dropFirst(4).dropLast(2))
      guard case .found(let node) = reference.resolve(link, from: nil), placed.insert(node).inserted,
        let item = item(node)
      else { continue }
      curated[group, default: []].append(item)
    }
    navigation.items = navigation.items.compactMap { item -> WrittenNavigation.Item? in
      guard case .section(let title, let items, let page) = item else { return item }
      let all = items + (curated.removeValue(forKey: title) ?? [])
      return all.isEmpty && page == nil ? nil : .section(title: title, items: all, page: page)
    }
    for (title, items) in curated.sorted(by: { $0.key < $1.key }) {
      navigation.items.append(.section(title: title, items: items))
    }
    for module in reference.moduleNodes {
      let rest = reference.nodes[module].children.filter { !placed.contains($0) }
      navigation.items += byKind(rest)
    }
    navigation.shown.formUnion(contentPaths.values)
    return navigation
  }

  /// The group of kind (`Instance Methods`) of each symbol's page, by site path: the
  /// navigation made from the folders shows a type's members under those headings.
  func groupsOfPages() -> [String: String] {
    nodes.compactMapValues { node in reference.nodes[node].symbol.map { APIReference.groupTitle($0.kind) } }
  }

  /// The navigation entry of `node`: its page, with its members under it by kind.
  private func item(_ node: Int) -> WrittenNavigation.Item? {
    guard let path = contentPaths[node] else { return nil }
    let members = byKind(reference.nodes[node].children)
    return members.isEmpty ? .page(contentPath: path, title: nil) : .section(title: "", items: members, page: path)
  }

  /// `nodes` in DocC's groups by kind, each a titled section.
  private func byKind(_ nodes: [Int]) -> [WrittenNavigation.Item] {
    var groups: [String: [Int]] = [:]
    for node in nodes {
      groups[APIReference.groupTitle(reference.nodes[node].symbol?.kind ?? ""), default: []].append(node)
    }
    return groups.keys.sorted { APIReference.groupOrder($0) < APIReference.groupOrder($1) }.map { title in
      let members = (groups[title] ?? []).sorted { reference.nodes[$0].name < reference.nodes[$1].name }
      return .section(title: title, items: members.compactMap(item))
    }
  }

  /// Whether the first 4 KB of the file at `url` hold a title that is a symbol link
  /// (``` # `` ```): most pages are not read further here.
  static func startsWithSymbolTitle(_ url: URL) -> Bool {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: 4_096)) ?? Data()
    return start.firstRange(of: Data("# ``".utf8)) != nil
  }

  /// `text` with the automatic topic `groups` at the end of its `## Topics` section (the
  /// groups start with `## Topics` when it has none: at its end).
  static func adding(_ groups: String, to text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let topics = topicsLines(lines) else { return text + "\n" + groups }
    lines.insert(contentsOf: ["", groups], at: topics.upperBound)
    return lines.joined(separator: "\n")
  }
}
