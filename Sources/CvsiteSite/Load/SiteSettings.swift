import CvsiteCore
import Foundation

/// Which settings a site folder has: cvsite's own `cvsite.yml`, else a Zensical project's
/// `zensical.toml` (``ZensicalSettings``), else an MkDocs project's `mkdocs.yml` (read by
/// ``MkDocsSettings``), else the settings program of a Docusaurus,
/// VitePress or Starlight project (``ScriptedProject``).
public enum SiteSettings {
  /// The settings file of the site at `root`, by name; nil when it has none.
  public static func file(in root: URL, named given: String? = nil) -> String? {
    if let given { return given }
    return (["cvsite.yml", ZensicalSettings.fileName] + MkDocsSettings.fileNames).first {
      FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
    } ?? ScriptedProject.file(in: root) ?? DocCCatalog.folder(in: root)
  }

  /// The folder a build writes to when none is given: where the generator the project
  /// was made for writes (`site/` for MkDocs, `build/` for Docusaurus…), else `public/`.
  public static func defaultOutputFolder(in root: URL, named given: String? = nil) -> String {
    guard let file = file(in: root, named: given) else { return "public" }
    if isMkDocsFile(file) || isZensicalFile(file) || isCatalog(file) {
      return "site"
    }
    return ScriptedProject.project(of: file)?.outputFolder ?? "public"
  }

  /// What `serve` watches at the top of the site: its settings files and the files they
  /// read (an `INHERIT` parent, `sidebars.js`), and the folders of its pages (each
  /// version's too), static files and themes.
  public static func watched(in root: URL, named given: String? = nil) -> (files: Set<String>, folders: [String]) {
    var folders = ["content", "static", "themes", "layouts"]
    var files = Set(
      ["cvsite.yml", ZensicalSettings.fileName] + MkDocsSettings.fileNames + ScriptedProject.fileNames
        + DocusaurusSidebars.fileNames + ["sidebars.json"] + [given].compactMap { $0 })
    if let file = file(in: root, named: given), isCatalog(file) {
      // A DocC catalog's folder holds its pages.
      folders[0] = file
    } else if let file = file(in: root, named: given),
      let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    {
      let config = read(text, file: file, root: root).0
      folders[0] = config.contentFolder
      for version in config.versions?.all ?? [] {
        if case .folder(let folder) = version.source, !folders.contains(folder) { folders.append(folder) }
      }
      // A file at the top of the site is watched by its name, one further down by its
      // folder; one outside the site (in its repository) is not watched.
      for input in config.settingsInputs where !input.hasPrefix("../") {
        let parts = input.split(separator: "/")
        let folder = parts.dropLast().joined(separator: "/")
        if folder.isEmpty {
          files.insert(input)
        } else if !folders.contains(folder) {
          folders.append(folder)
        }
      }
    }
    return (files, folders)
  }

  /// Whether the settings "file" is a DocC catalog's folder (`Book.docc`, or `.` when the
  /// site's folder is the catalog).
  static func isCatalog(_ file: String) -> Bool { file == "." || file.hasSuffix(".docc") }

  /// Whether `file` holds MkDocs settings: `mkdocs.yml`, or another YAML file named with
  /// `--settings` (Textual's `mkdocs-online.yml`, as `mkdocs build -f` reads it).
  static func isMkDocsFile(_ file: String) -> Bool {
    MkDocsSettings.fileNames.contains(file)
      || (file.split(separator: "/").last != "cvsite.yml" && (file.hasSuffix(".yml") || file.hasSuffix(".yaml")))
  }

  /// Whether `file` holds Zensical's settings: `zensical.toml`, or a TOML file named
  /// with `--settings`.
  static func isZensicalFile(_ file: String) -> Bool { file.hasSuffix(".toml") }

  /// The settings in `text`, read as the file named `file` in the site at `root` is.
  static func read(_ text: String, file: String, root: URL) -> (SiteConfig, [Diagnostic]) {
    let files = { (path: String) in SiteIncludedFiles.settingsText(path, site: root) }
    if isMkDocsFile(file) {
      return MkDocsSettings.read(text, path: file, environment: ProcessInfo.processInfo.environment, files: files)
    }
    if isCatalog(file) { return DocCCatalog.read(root: root, folder: file) }
    if isZensicalFile(file) {
      return ZensicalSettings.read(text, path: file, environment: ProcessInfo.processInfo.environment, files: files)
    }
    if ScriptedProject.project(of: file) != nil { return ScriptedProject.read(text, path: file, root: root) }
    return SiteConfig.parse(text, path: file)
  }
}
