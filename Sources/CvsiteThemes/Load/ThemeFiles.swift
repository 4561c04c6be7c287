import CvsiteCore
import Foundation

/// A tree that contributes files to a theme: the theme itself (a folder, or the files
/// compiled into the executable), or a site folder that overrides some of its files.
struct ThemeLayer: Sendable {
  /// The files.
  var tree: FileTree
  /// Where the tree's files land in the theme: `""` for a theme (or a site's
  /// `themes/<name>/`), `"layouts/"` for a site's `layouts/` folder.
  var prefix: String

  init(tree: FileTree, prefix: String = "") {
    self.tree = tree
    self.prefix = prefix
  }

  /// A layer read from `folder` on disk.
  init(folder: URL, prefix: String = "") {
    self.init(tree: .folder(folder), prefix: prefix)
  }
}

/// The files of a theme after overrides: each theme-relative path (`layouts/page.mustache`)
/// mapped to the file that wins, the first layer holding it.
struct ThemeFiles {
  /// Where one theme file comes from: its tree and its path in that tree.
  struct Source {
    var tree: FileTree
    var relative: String
  }

  var files: [String: Source] = [:]
  /// Shown in diagnostics instead of absolute paths.
  var displayRoot: URL?

  /// Collects `layers`, highest precedence first.
  init(layers: [ThemeLayer], displayRoot: URL?) {
    self.displayRoot = displayRoot
    for layer in layers {
      for relative in layer.tree.relativePaths() {
        let key = layer.prefix + relative
        if files[key] == nil { files[key] = Source(tree: layer.tree, relative: relative) }
      }
    }
  }

  /// The bytes of the theme file at `relative`; `nil` when there is none or it cannot be
  /// read.
  func contents(_ relative: String) -> [UInt8]? {
    files[relative].flatMap { $0.tree.contents($0.relative) }
  }

  /// Theme-relative paths under `folder/` (with the slash), sorted.
  func paths(under folder: String) -> [String] {
    files.keys.filter { $0.hasPrefix(folder) }.sorted()
  }

  /// A short path for diagnostics: relative to the site (or working directory) when
  /// the file is inside it; a built-in file by its tree's label.
  func display(_ relative: String) -> String {
    guard let source = files[relative] else { return relative }
    guard let url = source.tree.url(source.relative) else { return source.tree.displayPath(source.relative) }
    return displayPath(url, root: displayRoot)
  }
}

/// `url` relative to `root` or to the working directory when inside one of them.
func displayPath(_ url: URL, root: URL?) -> String {
  let path = url.standardizedFileURL.path
  var roots: [String] = []
  if let root { roots.append(root.standardizedFileURL.resolvingSymlinksInPath().path) }
  roots.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path)
  let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
  for base in roots {
    for candidate in [path, resolved] where candidate.hasPrefix(base + "/") {
      return String(candidate.dropFirst(base.count + 1))
    }
  }
  return path
}
