import ArgumentParser
import CvsiteCore
import CvsiteSite
import Foundation

struct Build: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Build the site into its output folder.",
    discussion: """
      The output is written to a staging folder and swapped in only when the whole build
      succeeded; a failed build leaves the previous output untouched.

      Examples:
        cvsite build
        cvsite build site-example --output /tmp/out --base-url https://example.org/docs/
      """)

  @OptionGroup var site: SiteOptions

  @Option(name: .shortAndLong, help: "The output folder (default: SITE/public).")
  var output: String?

  @Option(name: .customLong("base-url"), help: "Replaces baseURL from cvsite.yml.")
  var baseURL: String?

  @Flag(name: .shortAndLong, help: "Print only errors and warnings.")
  var quiet = false

  @OptionGroup var diagnostics: DiagnosticOptions

  func validate() throws {
    if let baseURL, let problem = URLSafety.baseURLProblem(baseURL) { throw ValidationError("--base-url: \(problem)") }
  }

  func run() throws {
    var options = site.buildOptions()
    options.output = output.map(siteURL)
    options.baseURL = baseURL
    let interrupts = InterruptCleanup()
    defer { withExtendedLifetime(interrupts) {} }
    let progress = quiet ? nil : ProgressLine()
    let started = Date()
    var report: (@Sendable (Int, Int) -> Void)?
    if let progress { report = { done, total in progress.update(done, of: total) } }
    // The process ends after reporting: its memory need not be freed piece by piece.
    let outcome = SiteBuilder.build(options, progress: report, releasesMemory: false)
    progress?.finish()
    diagnostics.report(outcome.result.diagnostics)
    if let failure = outcome.ioFailure {
      writeToStandardError("error: \(failure)\n")
      throw Exit.usageOrIO
    }
    try Exit.check(outcome.result.diagnostics)
    if !quiet {
      let seconds = Date().timeIntervalSince(started)
      print(
        "Built \(outcome.result.pageCount) pages (\(outcome.result.fileCount) files) into "
          + "\(options.outputFolder.path) in \(String(format: "%.2f", seconds)) s")
    }
  }
}
