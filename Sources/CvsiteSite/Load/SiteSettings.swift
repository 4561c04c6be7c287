import CvsiteCore
import Foundation

/// Which settings a site folder has: cvsite's own `cvsite.yml`, or an MkDocs project's
/// `mkdocs.yml` (read by ``MkDocsSettings``) when it has no `cvsite.yml`.
public enum SiteSettings {
  /// The settings file of the site at `root`, by name; nil when it has none.
  public static func file(in root: URL) -> String? {
    (["cvsite.yml"] + MkDocsSettings.fileNames).first {
      FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
    }
  }

  /// Whether the site at `root` is an MkDocs project (no `cvsite.yml`, an `mkdocs.yml`).
  public static func isMkDocsProject(_ root: URL) -> Bool {
    file(in: root).map(MkDocsSettings.fileNames.contains) ?? false
  }

  /// What `serve` watches at the top of the site: its settings files, and the folders
  /// of its pages, static files and themes.
  public static func watched(in root: URL) -> (files: Set<String>, folders: [String]) {
    var folders = ["content", "static", "themes", "layouts"]
    if let file = file(in: root),
      let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    {
      folders[0] = read(text, file: file).0.contentFolder
    }
    return (Set(["cvsite.yml"] + MkDocsSettings.fileNames), folders)
  }

  /// The settings in `text`, read as the file named `file` is.
  static func read(_ text: String, file: String) -> (SiteConfig, [Diagnostic]) {
    if MkDocsSettings.fileNames.contains(file) {
      return MkDocsSettings.read(text, path: file, environment: ProcessInfo.processInfo.environment)
    }
    return SiteConfig.parse(text, path: file)
  }
}
