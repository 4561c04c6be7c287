import CvsiteTestSupport
import Foundation
import Testing

/// The fuzz target's replay mode, run over its hand-written seeds and every input a past
/// fuzzing run found worth keeping (`Tests/Fixtures/fuzz-seeds`): none may crash, and
/// each must finish well within the fuzzer's per-input bound.
@Suite("Fuzz seeds")
struct FuzzReplayTests {
  @Test("every seed replays through the page pipeline and the template engine", .timeLimit(.minutes(2)))
  func seedsReplay() throws {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let binary = products.appendingPathComponent("CvsiteFuzz").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "no CvsiteFuzz binary at \(binary)")
    let seeds = testFixtures.appendingPathComponent("fuzz-seeds")
    let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
    #expect(names.count >= 10)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = names.map { seeds.appendingPathComponent($0).path }
    var environment = ProcessInfo.processInfo.environment
    environment["CVSITE_THEMES"] = builtInThemes.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    #expect(printed == "replayed \(names.count) inputs\n")
  }
}
