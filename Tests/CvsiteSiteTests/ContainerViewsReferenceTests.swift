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
  @Test("every public symbol the library declares has a documentation comment")
  func everySymbolDocumented() throws {
    let folder = try extractSymbolGraphs()
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
    let folder = try extractSymbolGraphs()
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

  @Test("the user guide publishes the library's reference, once, in its default language")
  func guidePublishes() throws {
    let graphs = try extractSymbolGraphs()
    defer { try? FileManager.default.removeItem(at: graphs) }
    let folder = temporaryPath("cvsite-guide")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("site-example"), to: folder)
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("api"))
    try FileManager.default.copyItem(at: graphs, to: folder.appendingPathComponent("api"))
    let output = folder.appendingPathComponent("public")
    var options = BuildOptions(siteRoot: folder)
    options.output = output
    let built = SiteBuilder.build(options)
    #expect(built.ioFailure == nil)
    let problems = built.result.diagnostics.filter { $0.severity != .note }
    #expect(problems.isEmpty, "\(problems.summaries)")
    #expect(
      FileManager.default.fileExists(
        atPath: output.appendingPathComponent("documentation/containerviews/subview/index.html").path))
    #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("es/documentation").path))
  }
}
