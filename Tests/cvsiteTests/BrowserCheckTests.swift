import CvsiteTestSupport
import Foundation
import Testing

@testable import cvsite

/// Runs a program to completion, returning its exit status and everything it printed.
func run(_ executable: String, _ arguments: [String], in folder: URL = repositoryRoot) throws -> (Int32, String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = folder
  let log = temporaryPath("cvsite-run")
  _ = FileManager.default.createFile(atPath: log.path, contents: nil)
  let handle = try FileHandle(forWritingTo: log)
  defer { try? FileManager.default.removeItem(at: log) }
  process.standardOutput = handle
  process.standardError = handle
  try process.run()
  process.waitUntilExit()
  try handle.close()
  let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
  return (process.terminationStatus, output)
}

/// The Nu HTML Checker, headless Chromium (keyboard, sync, deep links, forms, no
/// JavaScript, print) and axe-core on the built user guide, and `cvsite serve` driven
/// end to end. What they need is installed by `scripts/install-test-deps.sh`; a missing
/// tool fails them with a line naming it, never a skip.
@Suite("Browser checks", .serialized)
struct BrowserCheckTests {
  @Test("site-example: valid HTML, tabs, steps and forms work, no accessibility violations")
  func siteExample() async throws {
    let output = temporaryPath("cvsite-cli")
    defer { try? FileManager.default.removeItem(at: output) }
    let site = repositoryRoot.appendingPathComponent("site-example").path
    // Without the API reference, whatever a local run made (its hundreds of pages would
    // each be checked four times): a test of its own builds the guide with it.
    let noGraphs = temporaryPath("cvsite-no-graphs")
    try FileManager.default.createDirectory(at: noGraphs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: noGraphs) }
    #expect(
      await exitCode(["build", site, "--output", output.path, "--quiet", "--symbol-graphs", noGraphs.path]) == 0)
    let (status, log) = try run("/bin/bash", ["Tests/browser/run.sh", output.path])
    #expect(status == 0, "Tests/browser/run.sh failed:\n\(log.suffix(6000))")
    #expect(log.contains(" passed, 0 failed"), "no summary line:\n\(log.suffix(3000))")
  }

  @Test("serve: edits reload the browser, errors show an overlay and clear when fixed")
  func serveEndToEnd() throws {
    try runScript("Tests/browser/serve_check.py")
  }

  @Test("raw HTML: hundreds of filter-evasion payloads, sanitised, run nothing in the browser")
  func rawHTMLPayloads() throws {
    try runScript("Tests/browser/raw_html_check.py")
  }

  @Test("search on an index of many shards: a typo in a word's first letters is found by its end")
  func searchAtScale() throws {
    try runScript("Tests/browser/search_scale_check.py")
  }

  @Test("search on an API reference: a symbol's whole name finds its page first")
  func symbolSearch() throws {
    try runScript("Tests/browser/symbol_search_check.py")
  }

  /// Runs a check script that takes the `cvsite` binary of this build.
  private func runScript(_ script: String) throws {
    // The test bundle sits beside the products of this build, `cvsite` among them.
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let binary = products.appendingPathComponent("cvsite").path
    #expect(FileManager.default.isExecutableFile(atPath: binary), "no cvsite binary at \(binary)")
    let (status, log) = try run("/usr/bin/env", ["python3", script, "--cvsite", binary])
    #expect(status == 0, "\(script) failed:\n\(log.suffix(6000))")
    #expect(log.contains(" passed, 0 failed"), "no summary line:\n\(log.suffix(3000))")
  }
}
