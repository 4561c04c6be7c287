// Parse-and-resolve throughput against libcmark's parse+render, on one thread.
//
//   swift run -c release MarkdownBenchmark [PAGES | CORPUS_DIR]
//
// With a number, generates that many pages with Benchmarks/gen_corpus.py.
import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Foundation

/// What the corpus writes: `{badge=...}`, `{value=...}`, `{status=...}`, the default
/// theme's value names.
let corpusSchema = Schema(
  values: [
    ValueDeclaration(
      name: "badge", type: .enumeration(["none", "new", "highlighted", "muted"]), defaultValue: .enumCase("none")),
    ValueDeclaration(name: "value", type: .string, defaultValue: nil),
    ValueDeclaration(
      name: "status", type: .enumeration(["todo", "current", "done"]), defaultValue: .enumCase("todo")),
  ],
  containers: [
    ContainerDeclaration(
      name: "cards", reads: ["badge"], attributes: [ValueDeclaration(name: "cols", type: .int, defaultValue: nil)]),
    ContainerDeclaration(
      name: "tabs", reads: ["value"], attributes: [ValueDeclaration(name: "sync", type: .string, defaultValue: nil)]),
    ContainerDeclaration(name: "steps", reads: ["status"]),
  ])

func corpusDirectory() -> String {
  let argument = CommandLine.arguments.dropFirst().first ?? "2000"
  guard let count = Int(argument) else { return argument }
  let directory = NSTemporaryDirectory() + "cvsite-md-bench-\(count)"
  if !FileManager.default.fileExists(atPath: directory + "/content") {
    // The repository's Benchmarks/gen_corpus.py: this file is Sources/MarkdownBenchmark/main.swift.
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Benchmarks/gen_corpus.py").path
    guard FileManager.default.fileExists(atPath: script) else {
      FileHandle.standardError.write(Data("MarkdownBenchmark: no corpus generator at \(script)\n".utf8))
      exit(1)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, String(count), directory]
    try? process.run()
    process.waitUntilExit()
  }
  return directory
}

func pageFiles(_ directory: String) -> [URL] {
  let root = URL(fileURLWithPath: directory)
  return FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
    .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path } ?? []
}

func loadPages(_ files: [URL]) -> [[UInt8]] { files.compactMap { try? Data(contentsOf: $0) }.map { Array($0) } }

/// cmark-gfm's best-of-5 seconds on the same files (`Benchmarks/gfm_throughput.c`, built
/// here with `cc` against Debian's libcmark-gfm), or nil when it cannot be built.
func cmarkGFMSeconds(_ files: [URL]) -> Double? {
  let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Benchmarks/gfm_throughput.c").standardized.path
  let binary = NSTemporaryDirectory() + "cvsite-gfm-throughput"
  func run(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }
  guard run(["cc", "-O2", "-o", binary, source, "-lcmark-gfm", "-lcmark-gfm-extensions"]) != nil,
    let output = run([binary] + files.map(\.path))
  else { return nil }
  return output.split(separator: " ").dropFirst(2).first.flatMap { Double($0) }
}

func measure(_ pages: [[UInt8]], _ work: ([UInt8]) -> Int) -> (seconds: Double, check: Int) {
  let start = DispatchTime.now().uptimeNanoseconds
  var check = 0
  for page in pages { check &+= work(page) }
  return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, check)
}

let files = pageFiles(corpusDirectory())
let pages = loadPages(files)
guard !pages.isEmpty else {
  print("no pages found")
  exit(1)
}
let megabytes = Double(pages.reduce(0) { $0 + $1.count }) / 1_000_000
let parser = MarkdownParser(schema: corpusSchema)
var errors = 0
for page in pages.prefix(50) {
  let parsed = parser.parse(bytes: page, path: "p.md")
  errors += parsed.diagnostics.filter { $0.severity == .error }.count
}
var best = (cmark: Double.infinity, cvsite: Double.infinity, parseOnly: Double.infinity)
func cmarkPass() -> Double { measure(pages) { CommonMark.html(bytes: $0).utf8.count }.seconds }
func treePass() -> Double { measure(pages) { parser.parse(bytes: $0, path: "p.md").headings.count }.seconds }
func resolvePass() -> Double {
  measure(pages) { renderHTML(parser.parse(bytes: $0, path: "p.md").body).utf8.count }.seconds
}
// PROFILE=cvsite runs only cvsite's parse+resolve (for `perf record`), PROFILE=cmark only libcmark.
let profile = ProcessInfo.processInfo.environment["PROFILE"]
for _ in 0..<5 {
  if profile != "cvsite" { best.cmark = min(best.cmark, cmarkPass()) }
  if profile == nil { best.parseOnly = min(best.parseOnly, treePass()) }
  if profile != "cmark" { best.cvsite = min(best.cvsite, resolvePass()) }
}
func line(_ name: String, _ seconds: Double) -> String {
  String(
    format: "%@ %8.1f MB/s %9.0f pages/s (%.3f s)", name, megabytes / seconds, Double(pages.count) / seconds, seconds)
}
print("corpus: \(pages.count) pages, \(String(format: "%.2f", megabytes)) MB; errors in first 50 pages: \(errors)")
print(line("cmark parse+render    ", best.cmark))
print(line("cvsite parse to tree   ", best.parseOnly))
print(line("cvsite parse+resolve  ", best.cvsite))
print(String(format: "ratio (cvsite / cmark throughput): %.2f", best.cmark / best.cvsite))
// GFM: cmark-gfm with the same extensions (table, strikethrough, autolink, tasklist,
// footnotes), in this same run.
if profile == nil, let gfm = cmarkGFMSeconds(files) {
  print(line("cmark-gfm parse+render", gfm))
  print(String(format: "ratio (cvsite / cmark-gfm throughput): %.2f", gfm / best.cvsite))
} else if profile == nil {
  print("cmark-gfm: not measured (needs cc and Debian's libcmark-gfm-dev, libcmark-gfm-extensions-dev)")
}
