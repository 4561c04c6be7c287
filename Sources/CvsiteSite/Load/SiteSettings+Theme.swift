import CvsiteBuiltInFiles
import CvsiteCore
import CvsiteThemes
import Foundation

extension SiteSettings {
  /// Reads the settings (`cvsite.yml`, or an MkDocs project's `mkdocs.yml`) and loads
  /// the theme they name, speaking the site's language.
  static func readWithTheme(_ options: BuildOptions) -> (SiteConfig, SiteThemeAdapter?, [Diagnostic]) {
    let file = SiteSettings.file(in: options.siteRoot, named: options.settingsFile) ?? "cvsite.yml"
    // A DocC catalog is a folder: its settings are what it holds.
    let catalog = SiteSettings.isCatalog(file) ? Data() : nil
    guard let data = catalog ?? (try? Data(contentsOf: options.siteRoot.appendingPathComponent(file))) else {
      return (
        SiteConfig(), nil,
        [
          Diagnostic(
            .error,
            "no cvsite.yml in \(options.siteRoot.path): not a cvsite site (make one with `cvsite new NAME`)")
        ]
      )
    }
    if let problem = invalidUTF8Diagnostic([UInt8](data), path: file, what: file) {
      return (SiteConfig(), nil, [problem])
    }
    let text = String(decoding: data, as: UTF8.self)
    var (config, diagnostics) = SiteSettings.read(text, file: file, root: options.siteRoot)
    if let baseURL = options.baseURL {
      if let problem = URLSafety.baseURLProblem(baseURL) {
        diagnostics.append(Diagnostic(.error, "--base-url: \(problem)"))
      } else {
        config.baseURL = baseURL
      }
    }
    let available = Theme.names(
      siteRoot: options.siteRoot, searchPaths: options.themeSearchPaths, builtIn: BuiltInFiles.themes)
    if !available.contains(config.theme), var located = config.themeSetting {
      located.message =
        "theme `\(config.theme)` not found (themes here: \(available.map { "`\($0)`" }.joined(separator: ", ")))"
      located.suggestion = closest(config.theme, available)
      return (config, nil, diagnostics + [located])
    }
    let (loaded, themeProblems) = SiteThemeAdapter.load(
      name: config.theme, siteRoot: options.siteRoot, searchPaths: options.themeSearchPaths)
    let spoken = loaded?.speaking(config.language, siteRoot: options.siteRoot)
    return (config, spoken?.0, diagnostics + themeProblems + (spoken?.1 ?? []))
  }
}
