import ArgumentParser
import CvsiteSite
import Foundation

/// The site a command works on and how its pages are read: shared by `build`, `check`
/// and `serve` (`@OptionGroup var site: SiteOptions`), so the three spell them alike.
struct SiteOptions: ParsableArguments {
  @Argument(help: "The site folder (holds cvsite.yml, or an MkDocs project's mkdocs.yml).")
  var site: String = "."

  @Flag(help: "Include pages marked draft.")
  var drafts = false

  @Option(name: .shortAndLong, help: "Parallel workers (default: all cores).")
  var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "A folder of themes searched after the site's themes/ (also $CVSITE_THEMES).",
      discussion: "A theme there overrides the built-in theme of the same name file by file.",
      valueName: "folder"))
  var themes: String?

  @Option(
    name: .customLong("symbol-graphs"),
    help: ArgumentHelp(
      "A folder of symbol graphs (*.symbols.json) whose API reference the site publishes.",
      discussion: "Replaces `symbolGraphs` in cvsite.yml. Make them with `swift package dump-symbol-graph`.",
      valueName: "folder"))
  var symbolGraphs: String?

  @Option(
    help: ArgumentHelp(
      "The settings file to read instead of the one found in the site folder.",
      discussion:
        "A path from the site folder: an MkDocs file of another name (as `mkdocs build -f` reads it), a Zensical "
        + "TOML file, or a cvsite.yml elsewhere.",
      valueName: "file"))
  var settings: String?

  /// Refuses a bad `--jobs` and a SITE that is not a cvsite site: usage errors (exit 2),
  /// before anything is built or served.
  func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    if let themes {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: siteURL(themes).path, isDirectory: &isFolder), isFolder.boolValue
      else { throw ValidationError("--themes: no folder at \(siteURL(themes).path)") }
    }
    if let symbolGraphs {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: siteURL(symbolGraphs).path, isDirectory: &isFolder),
        isFolder.boolValue
      else { throw ValidationError("--symbol-graphs: no folder at \(siteURL(symbolGraphs).path)") }
    }
    let root = siteURL(site)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw ValidationError("no folder at \(root.path)")
    }
    if let settings {
      guard !settings.hasPrefix("/"), !settings.split(separator: "/").contains(".."),
        FileManager.default.fileExists(atPath: root.appendingPathComponent(settings).path)
      else { throw ValidationError("--settings: no file \(settings) in \(root.path)") }
    }
    guard SiteSettings.file(in: root, named: settings) != nil else {
      // An MkDocs project whose settings have another name (`mkdocs-online.yml`).
      let named = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter {
        $0.hasPrefix("mkdocs") && ($0.hasSuffix(".yml") || $0.hasSuffix(".yaml"))
      }.sorted()
      let hint =
        named.isEmpty
        ? " (make one with `cvsite new NAME`)"
        : " (it has \(named.joined(separator: ", ")): name the one to build with `--settings FILE`)"
      throw ValidationError(
        "\(root.path) is not a cvsite site: it has no cvsite.yml, mkdocs.yml or Docusaurus, VitePress or Starlight "
          + "settings" + hint)
    }
  }

  /// The site folder, resolved against the current folder.
  var root: URL { siteURL(site) }

  /// Build options for the site with these choices; a command adds its own.
  func buildOptions() -> BuildOptions {
    var options = BuildOptions(siteRoot: root)
    options.drafts = drafts
    if let jobs { options.jobs = jobs }
    if let themes { options.themeSearchPaths.insert(siteURL(themes), at: 0) }
    options.symbolGraphs = symbolGraphs.map(siteURL)
    options.settingsFile = settings
    return options
  }
}
