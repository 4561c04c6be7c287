import Foundation

/// A failure of a tool a test runs, with what the tool said.
public struct ToolFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// A new temporary folder holding the symbol graphs of `module`, made with
/// `swift-symbolgraph-extract` from the modules of the build the tests run from
/// (`.build/debug/Modules`); throws when that build or the tool is missing.
public func extractSymbolGraphs(module: String = "ContainerViews") throws -> URL {
  let modules = repositoryRoot.appendingPathComponent(".build/debug/Modules")
  guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("\(module).swiftmodule").path) else {
    throw ToolFailure(
      "no \(module).swiftmodule in \(modules.path): build the package (swift build --build-tests) first")
  }
  var machine = utsname()
  uname(&machine)
  let architecture = withUnsafeBytes(of: &machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  let output = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-graphs-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "swift-symbolgraph-extract", "-module-name", module, "-I", modules.path, "-target",
    "\(architecture)-unknown-linux-gnu", "-minimum-access-level", "public", "-output-dir", output.path,
  ]
  let errors = Pipe()
  process.standardError = errors
  try process.run()
  let message = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw ToolFailure("swift-symbolgraph-extract failed: \(String(decoding: message, as: UTF8.self))")
  }
  return output
}
