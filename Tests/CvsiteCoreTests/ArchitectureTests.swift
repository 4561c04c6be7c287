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

  /// What comes with the toolchain and the system: any module may import it.
  static let system: Set<String> = [
    "Foundation", "FoundationXML", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Synchronization",
  ]

  /// The packages each module may import besides ours and the system's.
  static let thirdParty: [String: Set<String>] = [
    "CvsiteCore": ["Yams"], "CvsiteMarkdown": ["Yams"], "CvsiteThemes": ["Yams"], "CvsiteSite": ["Yams"],
    "CvsitePreview": ["Hummingbird", "HummingbirdCore", "NIOCore", "ServiceLifecycle"],
    "cvsite": ["ArgumentParser"],
  ]

  /// Each test target: the module it tests, and what it may import beyond that module,
  /// what the module reaches, the test support and the system (the references the
  /// module is checked against).
  static let testTargets: [String: (module: String, also: Set<String>)] = [
    "ContainerViewsTests": ("ContainerViews", []),
    "CvsiteCoreTests": ("CvsiteCore", []),
    "CvsiteMarkdownTests": ("CvsiteMarkdown", []),
    "CvsiteThemesTests": ("CvsiteThemes", ["Mustache"]),
    "CvsiteCodeBlocksTests": ("CvsiteCodeBlocks", ["CvsiteBuiltInFiles"]),
    "CvsiteSymbolGraphsTests": ("CvsiteSymbolGraphs", ["SymbolKit"]),
    "CvsiteSiteTests": ("CvsiteSite", []),
    "CvsitePreviewTests": ("CvsitePreview", ["HummingbirdTesting"]),
    "cvsiteTests": ("cvsite", []),
  ]

  /// The modules of ours `module` may import, directly or through the modules it imports.
  static func reach(of module: String) -> Set<String> {
    var reached: Set<String> = []
    var next = Array(allowed[module] ?? [])
    while let name = next.popLast() {
      guard reached.insert(name).inserted else { continue }
      next += allowed[name] ?? []
    }
    return reached
  }

  /// The modules of ours that `module`'s sources import; with `all`, every module.
  static func imports(of module: String, all: Bool = false) throws -> [String: Set<String>] {
    try imports(in: "Sources/\(module)", all: all)
  }

  /// Whether `word` is an attribute an import may carry (`@testable`, `@preconcurrency`),
  /// not the start of a call such as a test's name (`@Test("an import …")`).
  static func isAttribute(_ word: Substring) -> Bool {
    word.count > 1 && word.first == "@" && word.dropFirst().allSatisfy { $0.isLetter || $0 == "_" }
  }

  /// The modules of ours that the sources under `path` import; with `all`, every module.
  static func imports(in path: String, all: Bool = false) throws -> [String: Set<String>] {
    let folder = repositoryRoot.appendingPathComponent(path)
    var found: [String: Set<String>] = [:]
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    for case let url as URL in files where url.pathExtension == "swift" {
      // (A line inside a multi-line string literal, a fixture's script, is no import.)
      var inLiteral = false
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let wasInLiteral = inLiteral
        if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inLiteral.toggle() }
        guard !wasInLiteral else { continue }
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ isAttribute($0) || $0 == "internal" || $0 == "public" || $0 == "package" })
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

  /// Packages stay in the modules that need them: YAML where settings and front matter
  /// are read, the HTTP server in the preview, the argument parser in the command.
  @Test(arguments: allowed.keys.sorted())
  func moduleImportsOnlyItsPackages(_ module: String) throws {
    let allowed = Self.system.union(Self.ours).union(Self.thirdParty[module] ?? [])
    for (name, files) in try Self.imports(of: module, all: true) where !allowed.contains(name) {
      Issue.record("\(module) imports the package module \(name) in \(files.sorted().joined(separator: ", "))")
    }
  }

  /// A test target imports the module it tests and what that module reaches, never a
  /// module above it: a Markdown test cannot lean on the site.
  @Test(arguments: testTargets.keys.sorted())
  func testTargetImportsOnlyItsModuleAndBelow(_ target: String) throws {
    let (module, also) = try #require(Self.testTargets[target])
    let below = Self.reach(of: module).union([module])
    let packages = below.flatMap { Self.thirdParty[$0] ?? [] }
    let allowed = Self.system.union(below).union(packages).union(also).union(["Testing", "CvsiteTestSupport"])
    let found = try Self.imports(in: "Tests/\(target)", all: true)
    #expect(found[module] != nil, "\(target) does not import \(module)")
    for (name, files) in found where !allowed.contains(name) {
      Issue.record("\(target) imports \(name) in \(files.sorted().joined(separator: ", "))")
    }
  }

  /// Every test target of the package has a rule above.
  @Test func everyTestTargetIsCovered() throws {
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Tests").path)
    for folder in folders where folder.hasSuffix("Tests") {
      #expect(Self.testTargets[folder] != nil, "\(folder) has no rule here")
    }
  }

  /// No function of the site, Markdown or themes modules is over 120 lines: a longer one
  /// does several jobs, each of which deserves a name.
  @Test(arguments: ["CvsiteSite", "CvsiteMarkdown", "CvsiteThemes"])
  func noLongFunctions(_ module: String) throws {
    let folder = repositoryRoot.appendingPathComponent("Sources/\(module)")
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    var read = 0
    for case let url as URL in files where url.pathExtension == "swift" {
      read += 1
      for function in FunctionLengths.functions(in: try String(contentsOf: url, encoding: .utf8))
      where function.lines > 120 {
        Issue.record("\(url.lastPathComponent):\(function.line): `\(function.name)` is \(function.lines) lines")
      }
    }
    #expect(read > 10, "no sources read for \(module)")
  }

  /// The site module's folders in the order its stages run: a folder may use the types
  /// of the folders before it, never of one after it (a page is loaded, its tree indexed,
  /// the search index and the pages rendered, the build runs them all). Files at the
  /// module's top hold what every stage reads (options, helpers); where the files go
  /// (`Output`) and the reading of a page's text for search (`Search`) come before the
  /// pages are loaded.
  static let siteStages: [String: Int] = [
    ".": 0, "Output": 1, "Search": 1, "Load": 2, "Index": 3, "SearchIndex": 4, "Render": 5, "Build": 6,
  ]

  @Test func importAttributesAreNotTestNames() {
    #expect(Self.isAttribute("@testable") && Self.isAttribute("@_exported"))
    #expect(!Self.isAttribute("@Test(\"an") && !Self.isAttribute("@"))
  }

  /// Each of the site module's stages uses only the types of the stages before it.
  @Test func siteStagesRunOneWay() throws {
    let folder = repositoryRoot.appendingPathComponent("Sources/CvsiteSite")
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    var sources: [(stage: String, file: String, text: String)] = []
    for case let url as URL in files where url.pathExtension == "swift" {
      let relative = url.path.dropFirst(folder.path.count + 1)
      let stage = relative.contains("/") ? String(relative.split(separator: "/")[0]) : "."
      sources.append((stage, String(relative), try String(contentsOf: url, encoding: .utf8)))
    }
    var declaredIn: [String: String] = [:]
    for source in sources {
      #expect(Self.siteStages[source.stage] != nil, "\(source.file): the folder \(source.stage) has no stage")
      for name in StageReferences.declaredTypes(in: source.text) { declaredIn[name] = source.stage }
    }
    #expect(
      declaredIn["LoadedTree"] == "Load" && declaredIn["SiteIndex"] == "Index" && declaredIn["BuiltSite"] == "Build")
    for source in sources {
      let stage = Self.siteStages[source.stage] ?? 0
      for name in StageReferences.usedNames(in: source.text).sorted() {
        guard let owner = declaredIn[name], owner != source.stage, let ownerStage = Self.siteStages[owner] else {
          continue
        }
        #expect(
          ownerStage < stage, "\(source.file) uses \(name) of \(owner)/, a stage that runs after \(source.stage)/")
      }
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
