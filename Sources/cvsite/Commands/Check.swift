import ArgumentParser
import CvsiteSite

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check the site without writing: content, values, theme, internal links and anchors.",
    discussion: """
      Examples:
        cvsite check
        cvsite check site-example --format json
      """)

  @OptionGroup var site: SiteOptions

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    let result = SiteBuilder.check(site.buildOptions())
    diagnostics.report(result.diagnostics)
    try Exit.check(result.diagnostics)
    print("No errors in \(result.pageCount) pages.")
  }
}
