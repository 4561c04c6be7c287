// Highlighting throughput: `swift run -c release HighlightBenchmark CORPUS_DIR [FILE ...]`.
// Colours every fenced block of the Markdown files under CORPUS_DIR (the shared corpus
// from gen_corpus.py) and each FILE (a large real source file, language from its
// extension), on one core, and prints MB/s per language.
import CvsiteBuiltInFiles
import CvsiteCodeBlocks
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let corpus = arguments.first else {
  FileHandle.standardError.write(Data("usage: HighlightBenchmark CORPUS_DIR [FILE ...]\n".utf8))
  exit(2)
}
let loadStart = Date()
let (languages, problems) = CodeLanguages.load(trees: [
  BuiltInFiles.languageSpecs, BuiltInFiles.defaultTheme.subtree("languages"),
])
print(
  "loaded \(languages.count) languages in \(String(format: "%.1f", Date().timeIntervalSince(loadStart) * 1000)) ms"
    + (problems.isEmpty ? "" : ", \(problems.count) problems"))

/// Fenced blocks of a Markdown file: (info, code).
func blocks(in text: String) -> [(String, String)] {
  var result: [(String, String)] = []
  var info: String?
  var code = ""
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("```") {
      if let open = info {
        result.append((open, code))
        info = nil
        code = ""
      } else {
        info = String(line.dropFirst(3))
      }
    } else if info != nil {
      code += line + "\n"
    }
  }
  return result
}

var samples: [String: [(String, String)]] = [:]
if let files = FileManager.default.enumerator(atPath: corpus) {
  for case let path as String in files where path.hasSuffix(".md") {
    guard let text = try? String(contentsOfFile: corpus + "/" + path, encoding: .utf8) else { continue }
    for (info, code) in blocks(in: text) {
      let language = info.split(separator: " ").first.map(String.init) ?? ""
      samples["corpus " + language, default: []].append((info, code))
    }
  }
}
for file in arguments.dropFirst() {
  guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
  let ext = (file as NSString).pathExtension
  samples["file " + (file as NSString).lastPathComponent, default: []].append((ext, text))
}

var totalBytes = 0
var totalSeconds = 0.0
for (name, list) in samples.sorted(by: { $0.key < $1.key }) {
  let bytes = list.reduce(0) { $0 + $1.1.utf8.count }
  // Once to compile the grammars, then timed.
  for (info, code) in list.prefix(3) { _ = languages.render(code: code, info: info) }
  var best = Double.infinity
  for _ in 0..<3 {
    let start = Date()
    var sink = 0
    for (info, code) in list { sink &+= languages.render(code: code, info: info).html.utf8.count }
    best = min(best, Date().timeIntervalSince(start))
    if sink == 0 { print("(empty output)") }
  }
  totalBytes += bytes
  totalSeconds += best
  print(
    String(
      format: "%-40@ %8.2f MB in %7.1f ms: %6.1f MB/s", name as NSString, Double(bytes) / 1e6, best * 1000,
      Double(bytes) / 1e6 / best))
}
print(String(format: "all: %.2f MB/s (one core)", Double(totalBytes) / 1e6 / max(totalSeconds, 1e-9)))
