import CvsiteTestSupport
import Foundation
import Testing

/// The module shape, read from the sources: which of our modules each module may import.
/// SwiftPM on Linux lets a target import a module it does not declare once that module
/// is built, so the package manifest alone does not keep Markdown and themes apart.
@Suite struct ArchitectureTests {
  static let ours: Set<String> = [
    "ContainerViews", "CvsiteCore", "CCmark", "CCmarkArena", "CvsiteMarkdown", "CvsiteThemes", "CPCRE2",
    "CvsiteCodeBlocks", "CvsiteBuiltInFiles", "CvsiteSite", "CvsitePreview", "CvsiteSymbolGraphs",
  ]

  static let allowed: [String: Set<String>] = [
    "ContainerViews": [],
    "CvsiteCore": ["ContainerViews"],
    "CvsiteMarkdown": ["ContainerViews", "CvsiteCore", "CCmark", "CCmarkArena"],
    "CvsiteThemes": ["ContainerViews", "CvsiteCore"],
    "CvsiteCodeBlocks": ["ContainerViews", "CvsiteCore", "CPCRE2"],
    "CvsiteBuiltInFiles": ["CvsiteCore"],
    "CvsiteSymbolGraphs": ["ContainerViews", "CvsiteCore"],
    "CvsiteSite": [
      "ContainerViews", "CvsiteCore", "CvsiteMarkdown", "CvsiteThemes", "CvsiteCodeBlocks", "CvsiteBuiltInFiles",
      "CvsiteSymbolGraphs",
    ],
    "CvsitePreview": ["CvsiteCore", "CvsiteSite"],
    "cvsite": ["CvsiteCore", "CvsiteSite", "CvsitePreview", "CvsiteBuiltInFiles"],
  ]

  /// The modules of ours that `module`'s sources import; with `all`, every module.
  static func imports(of module: String, all: Bool = false) throws -> [String: Set<String>] {
    let folder = repositoryRoot.appendingPathComponent("Sources/\(module)")
    var found: [String: Set<String>] = [:]
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    for case let url as URL in files where url.pathExtension == "swift" {
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "internal" || $0 == "public" })
        else { continue }
        // `import struct Foundation.CGFloat` imports from the module `Foundation`.
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        let named = kinds.contains(words[index + 1]) && index + 2 < words.count ? words[index + 2] : words[index + 1]
        let name = String(named.prefix { $0 != "." })
        if all || ours.contains(name) { found[name, default: []].insert(url.lastPathComponent) }
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
    for module in ["CvsiteCore", "CvsiteThemes", "CvsiteCodeBlocks", "CvsiteSite", "CvsitePreview", "cvsite"] {
      #expect(try Self.imports(of: module)["CCmark"] == nil, "\(module) imports CCmark")
    }
  }

  /// SymbolKit is only the reference the symbol-graph reader is tested against: no
  /// module of the product imports it.
  @Test func symbolKitOnlyInTests() throws {
    for module in Self.allowed.keys {
      #expect(try Self.imports(of: module, all: true)["SymbolKit"] == nil, "\(module) imports SymbolKit")
    }
  }

  /// PCRE2 stays private to the code-colouring module.
  @Test func pcre2OnlyInCodeBlocks() throws {
    for module in Self.allowed.keys where module != "CvsiteCodeBlocks" {
      #expect(try Self.imports(of: module)["CPCRE2"] == nil, "\(module) imports CPCRE2")
    }
    #expect(try Self.imports(of: "CvsiteCodeBlocks")["CPCRE2"] != nil)
  }

  /// The view-tree library needs only Foundation (for the geometry types SwiftUI's API
  /// uses), so it builds wherever Swift does; the command-line tool is for Linux.
  @Test func containerViewsImportsOnlyFoundation() throws {
    #expect(Set(try Self.imports(of: "ContainerViews", all: true).keys) == ["Foundation"])
  }

  /// What a build or a preview keeps is checked by the compiler: no type of the site,
  /// preview, theme, Markdown or core modules opts out of `Sendable` checking but the
  /// parallel map's result slots and input buffer (each worker touches its own indices)
  /// and the file watcher (its state lives on its own thread).
  @Test func noBuildStateOptsOutOfSendableChecking() throws {
    let allowed: Set<String> = [
      "Parallel.swift: ResultSlots", "Parallel.swift: UnsafeSendableBuffer", "FileWatcher.swift: FileWatcher",
    ]
    var found: Set<String> = []
    for module in ["CvsiteSite", "CvsitePreview", "CvsiteThemes", "CvsiteMarkdown", "CvsiteCore"] {
      let folder = repositoryRoot.appendingPathComponent("Sources/\(module)")
      let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
      for case let url as URL in files where url.pathExtension == "swift" {
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        where line.contains("@unchecked Sendable") {
          // `final class Name: …` or `struct Name<T>: …`: the word before the colon.
          let declaration = line.prefix { $0 != ":" }.split(separator: " ").last ?? ""
          found.insert("\(url.lastPathComponent): \(declaration.prefix { $0 != "<" })")
        }
      }
    }
    #expect(found == allowed)
  }

  /// Every module in `Sources/` that is part of the product is covered above (benchmarks,
  /// the fuzz target and the build's own generator and plugin are not).
  @Test func everyModuleIsCovered() throws {
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Sources").path)
    let tools: Set<String> = [
      "ContainerViewsMacros", "CAllocCounter", "CvsiteFuzz", "BuiltInFilesGenerator", "BuiltInFilesPlugin",
    ]
    for folder in folders where !folder.hasSuffix("Benchmark") && !tools.contains(folder) {
      #expect(Self.ours.contains(folder) || Self.allowed[folder] != nil, "\(folder) has no rule here")
    }
  }
}
