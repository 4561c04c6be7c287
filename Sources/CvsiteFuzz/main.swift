// The fuzz target: the page pipeline (front matter, directives, attributes, inline
// directives, containers rendered through the default theme), the template engine and
// the symbol-graph reader with the API reference made from what it reads, on any
// bytes. Built two ways:
//
// - normally (`swift build`), it replays inputs: `CvsiteFuzz FILE…` runs each file once
//   and exits 0, so a crash found by the fuzzer is reproduced without the fuzzer;
// - with `CVSITE_FUZZ=1` (Package.swift then adds `-sanitize=fuzzer,address` and
//   `-D FUZZING`), libFuzzer drives it: `scripts/fuzz.sh` builds and runs it.
import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import CvsiteSite
import CvsiteSymbolGraphs
import CvsiteThemes
import Foundation

/// The default theme, loaded once: its schema and templates are what pages meet.
let theme: Theme = {
  let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  let themes =
    ProcessInfo.processInfo.environment["CVSITE_THEMES"].map { URL(fileURLWithPath: $0) }
    ?? here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("themes")
  guard let loaded = Theme.load(named: "default", siteRoot: nil, searchPaths: [themes]).0 else {
    FileHandle.standardError.write(Data("CvsiteFuzz: the default theme did not load from \(themes.path)\n".utf8))
    exit(2)
  }
  return loaded
}()

/// The stage `CVSITE_FUZZ_STAGE` fixes, if any.
let fixedStage: UInt8? = ProcessInfo.processInfo.environment["CVSITE_FUZZ_STAGE"].flatMap { UInt8($0, radix: 16) }

let parser = MarkdownParser(
  schema: theme.schema, options: MarkdownOptions(headingAnchors: true, titleFromHeading: true))
let rawParser = MarkdownParser(schema: theme.schema, options: MarkdownOptions(allowRawHTML: true))

/// One input: its first byte chooses the stage, the rest is the text. 0xF0 and above 0xF6
/// read a symbol graph; 0xF1 to 0xF6 a project's other files (``SiteReaderFuzzing``:
/// `zensical.toml`, `mkdocs.yml`, `sidebars.js`, a settings script, `cvsite.yml`, an icon's
/// SVG); below, the byte's remainder by four picks the page (0), the page with raw HTML
/// (1), a template (2) or a URL (3).
///
/// With `CVSITE_FUZZ_STAGE` set to a selector in hexadecimal (`f2`), every input is
/// that stage's text, whole: a campaign on one reader counts its executions exactly.
func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
  let stage = fixedStage
  guard let selector = stage ?? bytes.first else { return }
  let text = Array(stage == nil ? bytes.dropFirst() : bytes[...])
  if selector >= 0xF1, let reader = SiteReaderFuzzing.Reader(rawValue: Int(selector) - 0xF1) {
    _ = SiteReaderFuzzing.read(String(decoding: text, as: UTF8.self), as: reader)
    return
  }
  if selector >= 0xF0 {
    fuzzSymbolGraph(text)
    return
  }
  switch selector % 4 {
  case 0, 1:
    let page = (selector % 4 == 0 ? parser : rawParser).parse(bytes: text, path: "fuzz.md")
    let html = renderHTML(page.body.environment(\.containerRenderer, theme.renderer))
    _ = page.diagnostics.capped().map(\.description)
    precondition(!html.utf8.contains(0), "a NUL byte reached the HTML")
  case 2:
    _ = TemplateFuzzing.render(String(decoding: text, as: UTF8.self))
  default:
    let url = String(decoding: text, as: UTF8.self)
    _ = URLSafety.isSafe(url)
    _ = URLSafety.baseURLProblem(url)
    _ = slug(url)
  }
}

/// A symbol graph: read, made into a reference, every page written as Markdown (at most
/// 200) and its links resolved; a page's Markdown holds no NUL byte.
func fuzzSymbolGraph(_ text: [UInt8]) {
  let (modules, problems) = SymbolGraphReader.read([("Fuzz.symbols.json", text)])
  _ = problems.map(\.description)
  let reference = APIReference(modules)
  for node in reference.nodes.indices.prefix(200) {
    let markdown = reference.page(of: node).markdown
    precondition(!markdown.utf8.contains(0), "a NUL byte reached a reference page")
    _ = reference.resolve(reference.linkPath(of: node), from: node)
  }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  fuzzOne(UnsafeBufferPointer(start: data, count: size))
  return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

_ = theme
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzerTestOneInput(data, size) })
#else
var failures = 0
for path in CommandLine.arguments.dropFirst() {
  guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("CvsiteFuzz: cannot read \(path)\n".utf8))
    failures += 1
    continue
  }
  data.withUnsafeBytes { raw in fuzzOne(raw.bindMemory(to: UInt8.self)) }
}
print("replayed \(CommandLine.arguments.count - 1 - failures) inputs")
exit(failures == 0 ? 0 : 2)
#endif
