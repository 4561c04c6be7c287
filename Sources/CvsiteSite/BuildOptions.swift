import CvsiteCore
import CvsiteMarkdown
import Foundation

/// How to build a site.
public struct BuildOptions: Sendable {
  /// The site folder (holds `cvsite.yml`).
  public var siteRoot: URL
  /// The output folder; `public/` in the site by default.
  public var output: URL?
  /// Replaces `baseURL` from `cvsite.yml`.
  public var baseURL: String?
  /// Include pages marked `draft: true`.
  public var drafts: Bool = false
  /// Parallel workers; all cores by default.
  public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  /// Folders searched for themes after the site's own `themes/` and before the built-in
  /// ones: `--themes`, then `$CVSITE_THEMES`.
  public var themeSearchPaths: [URL] = BuildOptions.defaultThemeSearchPaths()
  /// The folder of symbol graphs whose API reference the site publishes; replaces
  /// `symbolGraphs` from `cvsite.yml`.
  public var symbolGraphs: URL?
  /// The settings file read instead of the one found in the site folder (`--settings`):
  /// a path from the site folder, such as an MkDocs file of another name.
  public var settingsFile: String?
  /// Set by `SiteBuilder.check`: nothing is written, and links are listed even with
  /// `links: off`.
  var isCheckOnly = false
  /// Whether a build keeps what the next one needs to rebuild only what changed (its
  /// pages' bodies, what each page was rendered from, the bytes of each file written),
  /// and writes nothing until it has no error: for `serve`.
  public var keepsState = false

  /// Options for the site at `siteRoot`, everything else at its default.
  public init(siteRoot: URL) { self.siteRoot = siteRoot }

  /// Folders of themes searched after the site's own `themes/` and before the themes
  /// built into the executable: `$CVSITE_THEMES`, when set. Each theme found in one
  /// overrides a built-in theme of the same name file by file.
  public static func defaultThemeSearchPaths() -> [URL] {
    guard let custom = ProcessInfo.processInfo.environment["CVSITE_THEMES"], !custom.isEmpty else { return [] }
    return [URL(fileURLWithPath: custom)]
  }
}

/// The outcome of a build.
public struct BuildResult: Sendable {
  /// Every problem found, errors and warnings.
  public var diagnostics: [Diagnostic]
  /// Pages rendered (HTML pages, not counting redirects).
  public var pageCount: Int
  /// Files written (or that would be written, for a check).
  public var fileCount: Int
  /// Output paths rewritten by this build (all of them for a full build).
  var changedOutputs: [String]

  /// Whether the build had no errors (warnings do not fail it).
  public var succeeded: Bool { !diagnostics.hasErrors }

  /// A result; `diagnostics` are sorted by place and capped
  /// (``Swift/Array/capped(perFile:total:)``) so that a file with thousands of problems
  /// cannot flood the terminal or the preview overlay.
  init(diagnostics: [Diagnostic], pageCount: Int, fileCount: Int, changedOutputs: [String]) {
    self.diagnostics = diagnostics.sortedByPlace().capped()
    self.pageCount = pageCount
    self.fileCount = fileCount
    self.changedOutputs = changedOutputs
  }

  /// A build that wrote nothing: stopped by `diagnostics` before rendering (a broken
  /// theme, a page with errors), or by an I/O failure reported beside it (no diagnostics).
  public static func failed(_ diagnostics: [Diagnostic]) -> BuildResult {
    BuildResult(diagnostics: diagnostics, pageCount: 0, fileCount: 0, changedOutputs: [])
  }
}
