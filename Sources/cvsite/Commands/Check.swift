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

  @Argument(help: "The site folder (holds cvsite.yml).")
  var site: String = "."

  @Flag(help: "Check pages marked draft too.")
  var drafts = false

  @OptionGroup var diagnostics: DiagnosticOptions

  func validate() throws { try validateSite(site) }

  func run() throws {
    var options = BuildOptions(siteRoot: siteURL(site))
    options.drafts = drafts
    let result = SiteBuilder.check(options)
    diagnostics.report(result.diagnostics)
    guard result.succeeded else { throw Exit.contentErrors }
    print("No errors in \(result.pageCount) pages.")
  }
}
