import Foundation

/// A folder that contributes files to a theme: the theme itself, or a site folder that
/// overrides some of its files.
struct ThemeLayer: Sendable, Hashable {
  /// The folder on disk.
  var folder: URL
  /// Where the folder's files land in the theme: `""` for a theme folder (or a site's
  /// `themes/<name>/`), `"layouts/"` for a site's `layouts/` folder.
  var prefix: String

  init(folder: URL, prefix: String = "") {
    self.folder = folder
    self.prefix = prefix
  }
}

/// The files of a theme after overrides: each theme-relative path (`layouts/page.mustache`)
/// mapped to the file that wins, the first layer holding it.
struct ThemeFiles {
  var files: [String: URL] = [:]
  /// Shown in diagnostics instead of absolute paths.
  var displayRoot: URL?

  /// Collects `layers`, highest precedence first.
  init(layers: [ThemeLayer], displayRoot: URL?) {
    self.displayRoot = displayRoot
    let manager = FileManager.default
    for layer in layers {
      let root = layer.folder.standardizedFileURL.resolvingSymlinksInPath()
      guard let enumerator = manager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
        continue
      }
      for case let url as URL in enumerator {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
        let full = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard full.hasPrefix(root.path + "/") else { continue }
        let relative = String(full.dropFirst(root.path.count + 1))
        if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
        let key = layer.prefix + relative
        if files[key] == nil { files[key] = url }
      }
    }
  }

  func url(_ relative: String) -> URL? { files[relative] }

  /// Theme-relative paths under `folder/` (with the slash), sorted.
  func paths(under folder: String) -> [String] {
    files.keys.filter { $0.hasPrefix(folder) }.sorted()
  }

  /// A short path for diagnostics: relative to the site (or working directory) when
  /// the file is inside it.
  func display(_ relative: String) -> String {
    guard let url = files[relative] else { return relative }
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
