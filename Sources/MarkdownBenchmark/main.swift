// Parse-and-resolve throughput against libcmark's parse+render, on one thread.
//
//   swift run -c release MarkdownBenchmark [PAGES | CORPUS_DIR]
//
// With a number, generates that many pages with ../shared/bench/gen_corpus.py.
import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Foundation

/// What the corpus writes: `{badge=...}`, `{tab=...}`, `{step=...}` (the spec's tabs and
/// steps read `label`/`value` and `status` instead; see the report).
let corpusSchema = Schema(
  values: [
    ValueDeclaration(
      name: "badge", type: .enumeration(["none", "highlighted", "muted"]), defaultValue: .enumCase("none")),
    ValueDeclaration(name: "tab", type: .string, defaultValue: nil),
    ValueDeclaration(
      name: "step", type: .enumeration(["pending", "current", "done"]), defaultValue: .enumCase("pending")),
  ],
  containers: [
    ContainerDeclaration(
      name: "cards", reads: ["badge"], attributes: [ValueDeclaration(name: "cols", type: .int, defaultValue: nil)]),
    ContainerDeclaration(
      name: "tabs", reads: ["tab"], attributes: [ValueDeclaration(name: "sync", type: .string, defaultValue: nil)]),
    ContainerDeclaration(name: "steps", reads: ["step"]),
  ])

func corpusDirectory() -> String {
  let argument = CommandLine.arguments.dropFirst().first ?? "2000"
  guard let count = Int(argument) else { return argument }
  let directory = NSTemporaryDirectory() + "cvsite-md-bench-\(count)"
  if !FileManager.default.fileExists(atPath: directory + "/content") {
    let candidates = [
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/bench/gen_corpus.py").standardized.path,
      FileManager.default.currentDirectoryPath + "/../shared/bench/gen_corpus.py",
      "/work/shared/bench/gen_corpus.py",
    ]
    let script = candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, String(count), directory]
    try? process.run()
    process.waitUntilExit()
  }
  return directory
}

func loadPages(_ directory: String) -> [[UInt8]] {
  let root = URL(fileURLWithPath: directory)
  let files =
    FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
    .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path } ?? []
  return files.compactMap { try? Data(contentsOf: $0) }.map { Array($0) }
}

func measure(_ pages: [[UInt8]], _ work: ([UInt8]) -> Int) -> (seconds: Double, check: Int) {
  let start = DispatchTime.now().uptimeNanoseconds
  var check = 0
  for page in pages { check &+= work(page) }
  return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, check)
}

let pages = loadPages(corpusDirectory())
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
