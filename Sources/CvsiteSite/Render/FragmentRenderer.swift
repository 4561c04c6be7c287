import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Foundation

/// `cvsite render`: one Markdown file to its HTML body, checked against the theme of
/// the site it runs in, or the default theme outside a site.
public enum FragmentRenderer {
  /// The HTML body of the Markdown `bytes` (shown as `path` in diagnostics) and every
  /// problem found, with the theme of the site around `workingDirectory`.
  public static func render(
    bytes: [UInt8], path: String, workingDirectory: URL,
    themeSearchPaths: [URL] = BuildOptions.defaultThemeSearchPaths()
  ) -> (html: String, diagnostics: [Diagnostic]) {
    var config = SiteConfig()
    var diagnostics: [Diagnostic] = []
    var siteRoot = workingDirectory
    if let root = enclosingSite(of: workingDirectory) {
      siteRoot = root
      let (settings, loaded, problems) = SiteSettings.readWithTheme(BuildOptions(siteRoot: root))
      diagnostics += problems
      config = settings
      if let theme = loaded {
        return finish(
          bytes: bytes, path: path, config: config, theme: theme, siteRoot: root, diagnostics: diagnostics)
      }
      return ("", diagnostics)
    }
    let (theme, problems) = SiteThemeAdapter.load(name: config.theme, siteRoot: siteRoot, searchPaths: themeSearchPaths)
    diagnostics += problems
    guard let theme else { return ("", diagnostics) }
    return finish(
      bytes: bytes, path: path, config: config, theme: theme, siteRoot: siteRoot, diagnostics: diagnostics)
  }

  private static func finish(
    bytes: [UInt8], path: String, config: SiteConfig, theme: SiteThemeAdapter, siteRoot: URL,
    diagnostics: [Diagnostic]
  ) -> (html: String, diagnostics: [Diagnostic]) {
    let parser = PageParser(theme: theme, config: config, siteRoot: siteRoot)
    let file = ContentFile(sitePath: path, relativePath: path, kind: .page, url: URL(fileURLWithPath: path))
    let parsed = parser.parse(bytes: bytes, file: file)
    return (parsed.page.bodyHTML, (diagnostics + parsed.diagnostics).capped())
  }

  /// The closest folder at or above `folder` that holds a `cvsite.yml`.
  static func enclosingSite(of folder: URL) -> URL? {
    var current = folder.standardizedFileURL
    while true {
      if FileManager.default.fileExists(atPath: current.appendingPathComponent("cvsite.yml").path) { return current }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return nil }
      current = parent
    }
  }
}
