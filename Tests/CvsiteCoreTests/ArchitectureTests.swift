import CvsiteTestSupport
import Foundation
import Testing

/// The module shape, read from the sources: which of our modules each module may import.
/// SwiftPM on Linux lets a target import a module it does not declare once that module
/// is built, so the package manifest alone does not keep Markdown and themes apart.
@Suite struct ArchitectureTests {
  static let ours: Set<String> = [
    "ContainerViews", "CvsiteCore", "CCmark", "CCmarkArena", "CvsiteMarkdown", "CvsiteThemes", "CvsiteSite",
    "CvsitePreview",
  ]

  static let allowed: [String: Set<String>] = [
    "ContainerViews": [],
    "CvsiteCore": ["ContainerViews"],
    "CvsiteMarkdown": ["ContainerViews", "CvsiteCore", "CCmark", "CCmarkArena"],
    "CvsiteThemes": ["ContainerViews", "CvsiteCore"],
    "CvsiteSite": ["ContainerViews", "CvsiteCore", "CvsiteMarkdown", "CvsiteThemes"],
    "CvsitePreview": ["CvsiteCore", "CvsiteSite"],
    "cvsite": ["CvsiteCore", "CvsiteSite", "CvsitePreview"],
  ]

  /// The modules of ours that `module`'s sources import.
  static func imports(of module: String) throws -> [String: Set<String>] {
    let folder = repositoryRoot.appendingPathComponent("Sources/\(module)")
    var found: [String: Set<String>] = [:]
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    for case let url as URL in files where url.pathExtension == "swift" {
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "internal" || $0 == "public" })
        else { continue }
        let name = String(words[index + 1])
        if ours.contains(name) { found[name, default: []].insert(url.lastPathComponent) }
      }
    }
    return found
  }

  @Test(arguments: allowed.keys.sorted())
  func moduleImportsOnlyWhatItsStageMay(_ module: String) throws {
    let found = try Self.imports(of: module)
    #expect(!found.isEmpty || module == "ContainerViews", "no sources read for \(module)")
    for (name, files) in found where !(Self.allowed[module] ?? []).contains(name) {
      Issue.record("\(module) imports \(name) in \(files.sorted().joined(separator: ", "))")
    }
  }

  /// Markdown and themes are siblings; the C module stays private to the Markdown module.
  @Test func markdownAndThemesAreSiblings() throws {
    #expect(try Self.imports(of: "CvsiteThemes")["CvsiteMarkdown"] == nil)
    #expect(try Self.imports(of: "CvsiteMarkdown")["CvsiteThemes"] == nil)
    for module in ["CvsiteCore", "CvsiteThemes", "CvsiteSite", "CvsitePreview", "cvsite"] {
      #expect(try Self.imports(of: module)["CCmark"] == nil, "\(module) imports CCmark")
    }
  }
}
