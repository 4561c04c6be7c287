import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

extension TemporarySite {
  /// Build options for this site: its root, two workers.
  var options: BuildOptions {
    var options = BuildOptions(siteRoot: root)
    options.jobs = 2
    return options
  }

  /// Builds the site once with `options`, changed by `configure`.
  func build(_ configure: (inout BuildOptions) -> Void = { _ in }) -> SiteBuilder.Outcome {
    var options = self.options
    configure(&options)
    return SiteBuilder.build(options)
  }

  /// Runs `git` with `arguments` in the site's folder, as a fixed author, with commit
  /// dates `date` when given; records an issue when it fails.
  func git(_ arguments: [String], date: String? = nil) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = root
    var environment = ProcessInfo.processInfo.environment
    for key in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] { environment[key] = "T" }
    for key in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] { environment[key] = "t@example.com" }
    if let date { (environment["GIT_AUTHOR_DATE"], environment["GIT_COMMITTER_DATE"]) = (date, date) }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments)")
  }
}
