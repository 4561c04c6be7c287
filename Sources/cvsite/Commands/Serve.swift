import ArgumentParser
import CvsitePreview
import CvsiteSite
import Foundation

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Build, serve and watch the site; browsers reload after each rebuild.",
    discussion: """
      The site is built into a temporary folder (public/ is not touched). When a file
      changes, only what it affects is rebuilt; a failed rebuild keeps serving the last
      good site and shows the errors over the page.

      Examples:
        cvsite serve
        cvsite serve site-example --port 8080
      """)

  @OptionGroup var site: SiteOptions

  @Option(name: .shortAndLong, help: "The port to listen on.")
  var port: Int = 1313

  @Option(help: "The address to listen on; only 127.0.0.1 unless you ask.")
  var host: String = "127.0.0.1"

  @OptionGroup var diagnostics: DiagnosticOptions

  func validate() throws {
    guard (1...65535).contains(port) else { throw ValidationError("--port must be between 1 and 65535") }
  }

  func run() async throws {
    var options = site.buildOptions()
    // Pages, assets and feeds point at the preview, not at the published address (a
    // site published under a path would otherwise link to /path/ on the preview).
    options.baseURL = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    if let problem = PortCheck.problem(host: host, port: port) {
      writeToStandardError("error: \(problem)\n")
      throw Exit.usageOrIO
    }
    let preview = PreviewSession(options: options)
    defer { preview.close() }
    let report = diagnostics
    preview.onRebuild = { result, duration in
      report.report(result.diagnostics)
      let milliseconds = Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
      let status = result.succeeded ? "rebuilt \(result.fileCount) files" : "rebuild failed"
      writeToStandardError("\(status) in \(String(format: "%.0f", milliseconds)) ms\n")
    }
    let first: BuildResult
    do {
      first = try await preview.start()
    } catch {
      writeToStandardError("error: cannot watch the site: \(error)\n")
      throw Exit.usageOrIO
    }
    diagnostics.report(first.diagnostics)
    let root = options.siteRoot.path
    try await preview.serve(host: host, port: port) { port in
      // Written at once (print would sit in a buffer when stdout is a pipe), and only
      // once the server listens, so whoever waits for the line can connect.
      FileHandle.standardOutput.write(Data("Serving \(root) at http://\(host):\(port)/ (Ctrl-C to stop)\n".utf8))
    }
  }
}
