// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// `CVSITE_FUZZ=1 swift build …` instruments the code the fuzz target reaches for
/// libFuzzer (coverage) and AddressSanitizer; see `scripts/fuzz.sh`.
let fuzzing = Context.environment["CVSITE_FUZZ"] != nil
let fuzzed: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"]), .define("FUZZING")] : []

let package = Package(
  name: "cvsite",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ContainerViews", targets: ["ContainerViews"]),
    .executable(name: "cvsite", targets: ["cvsite"]),
  ],
  traits: [
    .trait(name: "EntryMacro", description: "The @Entry macro of ContainerViews (builds swift-syntax)."),
    .default(enabledTraits: ["EntryMacro"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-symbolkit", from: "1.0.0"),
  ],
  targets: [
    // The `@Entry` macro: generates container-value and environment keys.
    .macro(
      name: "ContainerViewsMacros",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    // SwiftUI's container-values model for an HTML view tree.
    // The `@Entry` macro is the default trait's: the executable is built without it, so
    // that swift-syntax, which only the macro needs, stays out of its build.
    .target(
      name: "ContainerViews",
      dependencies: [.target(name: "ContainerViewsMacros", condition: .when(traits: ["EntryMacro"]))],
      swiftSettings: [.define("ENTRY_MACRO", .when(traits: ["EntryMacro"]))]
    ),
    .testTarget(name: "ContainerViewsTests", dependencies: ["ContainerViews"]),
    // The vocabulary every stage shares: diagnostics, value schemas and typed values, the
    // container-rendering protocol, slugs, did-you-mean, base paths, YAML error positions.
    .target(
      name: "CvsiteCore", dependencies: ["ContainerViews", .product(name: "Yams", package: "Yams")],
      swiftSettings: fuzzed),
    .testTarget(name: "CvsiteCoreTests", dependencies: ["CvsiteCore", "CvsiteTestSupport"]),
    // libcmark from Debian's libcmark-dev; only CvsiteMarkdown imports it.
    .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
    // A per-thread bump allocator for libcmark's documents (nodes, buffers, rendered HTML).
    .target(name: "CCmarkArena", dependencies: ["CCmark"]),
    // Markdown pages to ContainerViews trees: cmark wrapper, directives, attributes, values.
    .target(
      name: "CvsiteMarkdown",
      dependencies: [
        "CvsiteCore", "ContainerViews", "CCmark", "CCmarkArena", .product(name: "Yams", package: "Yams"),
      ],
      swiftSettings: fuzzed
    ),
    .testTarget(name: "CvsiteMarkdownTests", dependencies: ["CvsiteMarkdown", "CvsiteTestSupport"]),
    // Themes: manifest, declared values, compiled Mustache templates, layouts, overrides.
    // A sibling of CvsiteMarkdown: it builds and tests without libcmark.
    .target(
      name: "CvsiteThemes",
      dependencies: ["CvsiteCore", "ContainerViews", .product(name: "Yams", package: "Yams")],
      swiftSettings: fuzzed
    ),
    // swift-mustache is the reference the template engine is tested against, output for output.
    .testTarget(
      name: "CvsiteThemesTests",
      dependencies: [
        "CvsiteThemes", "CvsiteTestSupport", .product(name: "Mustache", package: "swift-mustache"),
      ]
    ),
    // PCRE2 from Debian's libpcre2-dev; only CvsiteCodeBlocks imports it.
    .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
    // Code blocks: GtkSourceView language definitions evaluated on PCRE2, info-string
    // values, and the highlighted HTML of a block.
    .target(name: "CvsiteCodeBlocks", dependencies: ["CvsiteCore", "ContainerViews", "CPCRE2"], swiftSettings: fuzzed),
    .testTarget(
      name: "CvsiteCodeBlocksTests", dependencies: ["CvsiteCodeBlocks", "CvsiteBuiltInFiles", "CvsiteTestSupport"]),
    // What the executable carries so that it needs nothing installed beside it: the
    // default theme and GtkSourceView's language definitions, compiled in at build time
    // by the plugin below, and the commit it was built from.
    .target(name: "CvsiteBuiltInFiles", dependencies: ["CvsiteCore"], plugins: ["BuiltInFilesPlugin"]),
    .executableTarget(name: "BuiltInFilesGenerator"),
    .plugin(
      name: "BuiltInFilesPlugin", capability: .buildTool(), dependencies: ["BuiltInFilesGenerator"],
      path: "Sources/BuiltInFilesPlugin"),
    // The site: config, content, sections and listings, outputs, parallel atomic build.
    // It joins the Markdown and theme modules.
    .target(
      name: "CvsiteSite",
      dependencies: [
        "CvsiteCore", "CvsiteMarkdown", "CvsiteThemes", "CvsiteCodeBlocks", "CvsiteBuiltInFiles", "ContainerViews",
        "CvsiteSymbolGraphs", .product(name: "Yams", package: "Yams"),
      ],
      swiftSettings: fuzzed
    ),
    .testTarget(name: "CvsiteSiteTests", dependencies: ["CvsiteSite", "CvsiteBuiltInFiles", "CvsiteTestSupport"]),
    // Swift symbol graphs to API reference pages at DocC's paths.
    .target(name: "CvsiteSymbolGraphs", dependencies: ["CvsiteCore", "ContainerViews"], swiftSettings: fuzzed),
    // SymbolKit, DocC's own model of symbol graphs, is the reference the graph reader is
    // tested against, symbol for symbol.
    .testTarget(
      name: "CvsiteSymbolGraphsTests",
      dependencies: [
        "CvsiteSymbolGraphs", "CvsiteTestSupport", .product(name: "SymbolKit", package: "swift-docc-symbolkit"),
      ]
    ),
    // The preview server: static serving, file watching, incremental rebuilds, live reload.
    .target(
      name: "CvsitePreview",
      dependencies: [
        "CvsiteCore", "CvsiteSite", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .testTarget(
      name: "CvsitePreviewTests",
      dependencies: [
        "CvsitePreview", "CvsiteSite", "CvsiteTestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The command-line tool: one file per command.
    .executableTarget(
      name: "cvsite",
      dependencies: [
        "CvsiteCore", "CvsiteSite", "CvsitePreview", "CvsiteBuiltInFiles",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "cvsiteTests", dependencies: ["cvsite", "CvsiteSite", "CvsiteTestSupport"]),
    // What every test target shares: temporary folders and sites, the seeded random
    // generator, a recording diagnostic sink, the repository root, container builders.
    .target(name: "CvsiteTestSupport", dependencies: ["CvsiteCore"], path: "Tests/Support"),
    // Benchmarks (run in release: `swift run -c release <name>`).
    .target(name: "CAllocCounter"),
    .executableTarget(name: "ContainerViewsBenchmark", dependencies: ["ContainerViews", "CAllocCounter"]),
    // The fuzz target: replays inputs in a normal build; libFuzzer drives it with CVSITE_FUZZ=1.
    .executableTarget(
      name: "CvsiteFuzz",
      dependencies: [
        "CvsiteCore", "CvsiteMarkdown", "CvsiteThemes", "ContainerViews", "CvsiteSymbolGraphs", "CvsiteSite",
      ],
      swiftSettings: fuzzed, linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []),
    .executableTarget(name: "MarkdownBenchmark", dependencies: ["CvsiteCore", "CvsiteMarkdown"]),
    .executableTarget(name: "HighlightBenchmark", dependencies: ["CvsiteCodeBlocks", "CvsiteBuiltInFiles"]),
    .executableTarget(name: "PreviewBenchmark", dependencies: ["CvsiteCore", "CvsitePreview", "CvsiteSite"]),
  ]
)
