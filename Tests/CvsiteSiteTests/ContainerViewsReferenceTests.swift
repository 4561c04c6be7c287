import CvsiteCore
import CvsiteSymbolGraphs
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// The library's own API reference: its symbol graph, extracted from the module the
/// test build made, and its DocC catalog.
@Suite("ContainerViews' API reference")
struct ContainerViewsReferenceTests {
  /// The folder of ContainerViews' symbol graphs, made with `swift-symbolgraph-extract`
  /// from the modules of the build the tests run from.
  static func extractGraphs() throws -> URL {
    let modules = repositoryRoot.appendingPathComponent(".build/debug/Modules")
    let module = modules.appendingPathComponent("ContainerViews.swiftmodule")
    guard FileManager.default.fileExists(atPath: module.path) else {
      throw Failure("no \(module.path): build the package (swift build --build-tests) before these tests")
    }
    var machine = utsname()
    uname(&machine)
    let architecture = withUnsafeBytes(of: &machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-graphs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift-symbolgraph-extract", "-module-name", "ContainerViews", "-I", modules.path, "-target",
      "\(architecture)-unknown-linux-gnu", "-minimum-access-level", "public", "-output-dir", output.path,
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure("swift-symbolgraph-extract failed: \(String(decoding: message, as: UTF8.self))")
    }
    return output
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  @Test("every public symbol the library declares has a documentation comment")
  func everySymbolDocumented() throws {
    let folder = try Self.extractGraphs()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".symbols.json")
    }
    let graphs = try files.map { ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0)))) }
    let (modules, problems) = SymbolGraphReader.read(graphs)
    #expect(problems.isEmpty)
    let declared = modules.flatMap(\.symbols.values).filter {
      $0.sourceFile?.contains("/Sources/ContainerViews/") == true
    }
    #expect(declared.count > 200, "the library's public symbols were read")
    let missing = declared.filter { $0.docLines.allSatisfy { $0.allSatisfy(\.isWhitespace) } }
    #expect(
      missing.isEmpty,
      "public symbols without a documentation comment: \(missing.map { $0.pathComponents.joined(separator: "/") }.sorted())"
    )
  }

  @Test("the library's catalog and symbol graph build without a problem: every symbol link resolves")
  func catalogBuilds() throws {
    let folder = try Self.extractGraphs()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-api-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    var options = BuildOptions(
      siteRoot: repositoryRoot.appendingPathComponent("Sources/ContainerViews/ContainerViews.docc"))
    options.output = output
    options.symbolGraphs = folder
    let built = SiteBuilder.build(options)
    #expect(built.ioFailure == nil)
    let problems = built.result.diagnostics.filter { $0.severity != .note }
    #expect(problems.isEmpty, "\(problems.summaries)")
    let module = try String(
      contentsOf: output.appendingPathComponent("documentation/containerviews/index.html"), encoding: .utf8)
    #expect(module.contains("Container values") && module.contains("/documentation/containerviews/subview/"))
    #expect(
      FileManager.default.fileExists(
        atPath: output.appendingPathComponent("documentation/containerviews/layout/index.html").path))
  }
}
