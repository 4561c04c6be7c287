import CvsiteTestSupport
import Foundation
import Testing

/// The real binary, interrupted in the middle of a build: its staging folder must go.
@Suite("Interrupted builds", .serialized)
struct InterruptTests {
  @Test(
    "SIGTERM and SIGINT during a build remove the staging folder and leave the output as it was",
    arguments: [SIGTERM, SIGINT])
  func interruptedBuild(_ signalNumber: Int32) throws {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let binary = products.appendingPathComponent("cvsite").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "no cvsite binary at \(binary)")
    var files = ["content/_index.md": "# Home\n"]
    for index in 0..<6_000 {
      files["content/p\(index / 100)/page-\(index).md"] =
        "---\ntitle: Page \(index)\n---\n## One\n\nText with *emphasis* and `code`.\n\n## Two\n\n- a\n- b\n"
    }
    let site = try TemporarySite(site: files)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["build", site.root.path, "--quiet"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let staging = site.root.appendingPathComponent(".public.cvsite-staging-\(process.processIdentifier)")
    var sawStaging = false
    for _ in 0..<2_000 where !sawStaging {
      sawStaging = FileManager.default.fileExists(atPath: staging.appendingPathComponent(".cvsite-output").path)
      if !sawStaging { usleep(5_000) }
    }
    #expect(sawStaging, "the build never started writing")
    kill(process.processIdentifier, signalNumber)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 128 + signalNumber)
    #expect(!FileManager.default.fileExists(atPath: staging.path), "the staging folder is still there")
    #expect(!site.exists(""), "no output was swapped in")
  }
}
