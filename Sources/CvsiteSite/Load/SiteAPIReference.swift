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

  /// The reference of the graph files in `folder` (relative to the site, or absolute
  /// from `--symbol-graphs`) and among `content` (a catalog's); nil when there are none.
  static func load(
    folder: URL?, shownAs folderName: String?, content: [ContentFile], contentFolder: String,
    at location: SourceLocation?
  ) -> (SiteAPIReference?, [Diagnostic]) {
    var graphs: [(path: String, bytes: [UInt8])] = []
    var diagnostics: [Diagnostic] = []
    if let folder {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))
      guard let names else {
        return (
          nil,
          [Diagnostic(.error, "no folder of symbol graphs at \(folder.path)", at: location)]
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
    let origin = folderName ?? contentFolder
    for page in reference.pages() {
      let sitePath = origin + ":" + page.relativePath
      let name = String(page.relativePath.split(separator: "/").last ?? "")
      made.files.append(
        ContentFile(
          sitePath: sitePath, relativePath: page.relativePath, kind: ContentFile.Kind.ofMarkdownFile(named: name),
          url: URL(fileURLWithPath: "/" + sitePath)))
      made.sources.files[sitePath] = Array(page.markdown.utf8)
      made.nodes[sitePath] = page.node
    }
    return (made, diagnostics)
  }
}
