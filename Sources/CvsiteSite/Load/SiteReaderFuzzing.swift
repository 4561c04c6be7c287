import CvsiteCore
import CvsiteMarkdown
import Foundation

/// The readers of a project's files that are not pages, for the fuzz target: each reads
/// any text as the build would read that file. What they return is counted, not kept;
/// the fuzzer looks for a trap, a hang or a leak.
public enum SiteReaderFuzzing {
  /// A file a project holds besides its pages.
  public enum Reader: Int, CaseIterable, Sendable {
    /// `zensical.toml` (TOML, then its keys as MkDocs' settings).
    case zensical
    /// `mkdocs.yml`, its `nav` and `INHERIT` included.
    case mkdocs
    /// A Docusaurus `sidebars.js`.
    case sidebars
    /// A Starlight or VitePress settings script's `locales`, and its exported object.
    case script
    /// `cvsite.yml`.
    case cvsiteSettings
    /// An icon set's SVG file.
    case iconSVG
  }

  /// Reads `text` as `reader`'s file; the number of values and diagnostics it made.
  public static func read(_ text: String, as reader: Reader) -> Int {
    switch reader {
    case .zensical:
      let (config, problems) = ZensicalSettings.read(text, path: "zensical.toml", environment: [:]) { _ in text }
      return problems.count + (config.writtenNavigation?.named.count ?? 0)
    case .mkdocs:
      let (config, problems) = MkDocsSettings.read(text, path: "mkdocs.yml", environment: [:]) { _ in text }
      let named = config.writtenNavigation?.missingPages(in: [], contentFolder: "docs").count ?? 0
      return problems.count + named
    case .sidebars:
      let (navigation, problems) = DocusaurusSidebars.read(
        text, path: "sidebars.js", root: URL(fileURLWithPath: "/nonexistent-fuzz-project"), contentFolder: "docs")
      return problems.count + (navigation?.items.count ?? 0)
    case .script:
      let found = [
        ScriptLiteralReader.object(named: "locales", in: text), ScriptLiteralReader.exportedObject(in: text),
      ]
      return found.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    case .cvsiteSettings:
      return SiteConfig.parse(text, path: "cvsite.yml").1.count
    case .iconSVG:
      return SVGSanitizer.sanitized(text)?.utf8.count ?? 0
    }
  }
}
