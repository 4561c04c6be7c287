// Preview latency: from saving a page to the live-reload event reaching a browser.
//
//   swift run -c release PreviewBenchmark [PAGES] [EDITS] [TITLE_EDITS]    defaults: 10000 30 30
//
// Drives the real `cvsite serve` path: generates the corpus with Benchmarks/gen_corpus.py
// (cvsite flavor, with the `{tab=..}`/`{step=..}` rewrite that Benchmarks/compare.sh
// applies), builds it once with a PreviewSession, announces that build (as `serve` does),
// starts the file watcher (inotify, 20 ms quiet period) and the HTTP server, and subscribes
// to `/_cvsite/events` over a loopback socket exactly as the live-reload script does.
//
// Each edit rewrites one page in place; the latency is from just before the write to
// the moment the listener's socket read returns the `status` event whose generation
// is new. Also printed: write → the session's `onRebuild` callback (fired on the
// rebuild queue right before the announcement) and the rebuild itself (`SiteBuild.run`).
//
// Two kinds of edit: a change to a page's body (re-renders that page and the site-wide
// files), and a change to its title (navigation changes: every page is re-rendered).
import CvsitePreview
import CvsiteSite
import Foundation

#if canImport(Glibc)
import Glibc
#endif

// MARK: Arguments

let arguments = Array(CommandLine.arguments.dropFirst())
let pageCount = arguments.count > 0 ? Int(arguments[0]) ?? 10_000 : 10_000
let bodyEdits = arguments.count > 1 ? Int(arguments[1]) ?? 30 : 30
let titleEdits = arguments.count > 2 ? Int(arguments[2]) ?? 30 : 30

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("PreviewBenchmark: \(message)\n".utf8))
  exit(1)
}

// MARK: Corpus

/// The repository's `Benchmarks/gen_corpus.py`: this file is Sources/PreviewBenchmark/main.swift.
func corpusScript() -> String {
  let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Benchmarks/gen_corpus.py").path
  guard FileManager.default.fileExists(atPath: script) else { fail("no corpus generator at \(script)") }
  return script
}

func shell(_ command: String, _ arguments: [String]) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", command, "sh"] + arguments
  do { try process.run() } catch { fail("cannot run /bin/sh: \(error)") }
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { fail("command failed (\(process.terminationStatus)): \(command)") }
}

let siteRoot = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-preview-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: siteRoot) }
shell(#"python3 "$1" "$2" "$3" --flavor cvsite"#, [corpusScript(), String(pageCount), siteRoot.path])
// The same rewrite as Benchmarks/compare.sh: the default theme's `value` and `status`.
shell(
  #"find "$1/content" -name '*.md' -print0 | xargs -0 sed -i -E -e 's/\{tab=([a-z]+)\}/{value=\1}/' -e 's/\{step=pending\}/{status=todo}/' -e 's/\{step=([a-z]+)\}/{status=\1}/'"#,
  [siteRoot.path])

// The edited page: one in the middle, an ordinary page (no containers: 123 % 3 != 0).
let editedIndex = min(123, pageCount - 1)
let editedRelative = String(format: "content/s%02d/p%05d.md", editedIndex % 20, editedIndex)
let editedURL = siteRoot.appendingPathComponent(editedRelative)
guard let originalData = try? Data(contentsOf: editedURL) else { fail("no page at \(editedURL.path)") }
let original = String(decoding: originalData, as: UTF8.self)
let titleLine = "title: \"Page \(editedIndex)\""
guard original.contains(titleLine) else { fail("\(editedRelative) has no line \(titleLine)") }

// MARK: Timing state shared with the listener thread and the rebuild callback

let clock = ContinuousClock()

final class Observations: @unchecked Sendable {
  private let condition = NSCondition()
  private var generation = -1
  private var generationTime = ContinuousClock.now
  private var rebuilds: [(at: ContinuousClock.Instant, took: Duration, ok: Bool, files: Int)] = []

  func sawGeneration(_ value: Int, at time: ContinuousClock.Instant) {
    condition.lock()
    if value > generation {
      generation = value
      generationTime = time
      condition.broadcast()
    }
    condition.unlock()
  }

  func rebuilt(at time: ContinuousClock.Instant, took: Duration, ok: Bool, files: Int) {
    condition.lock()
    rebuilds.append((time, took, ok, files))
    condition.unlock()
  }

  var currentGeneration: Int {
    condition.lock()
    defer { condition.unlock() }
    return generation
  }

  /// Waits until a generation above `previous` is seen; returns when it was received.
  func waitForGeneration(above previous: Int, timeout: TimeInterval) -> (Int, ContinuousClock.Instant)? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while generation <= previous {
      if !condition.wait(until: deadline) { return nil }
    }
    return (generation, generationTime)
  }

  func takeRebuilds() -> [(at: ContinuousClock.Instant, took: Duration, ok: Bool, files: Int)] {
    condition.lock()
    defer { condition.unlock() }
    let taken = rebuilds
    rebuilds = []
    return taken
  }
}

let observations = Observations()

// MARK: Loopback helpers

func freePort() -> Int {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { fail("socket: errno \(errno)") }
  defer { close(fd) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
  }
  guard bound == 0 else { fail("bind: errno \(errno)") }
  let named = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
  }
  guard named == 0 else { fail("getsockname: errno \(errno)") }
  return Int(UInt16(bigEndian: address.sin_port))
}

func connectLoopback(port: Int) -> Int32? {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { return nil }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = UInt16(port).bigEndian
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  }
  if connected != 0 {
    close(fd)
    return nil
  }
  return fd
}

/// Reads the event stream on its own thread; every `"generation":N,"ok":true` seen is
/// recorded with the time its read returned.
func listen(on fd: Int32) {
  let request = "GET /_cvsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
  let sent = request.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
  guard sent > 0 else { fail("cannot send the event-stream request") }
  let thread = Thread {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var pending = ""
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      let now = clock.now
      guard count > 0 else { return }
      pending += String(decoding: buffer[0..<count], as: UTF8.self)
      // Payloads are JSON with sorted keys: ..."generation":N,"ok":true...
      while let range = pending.range(of: "\"generation\":") {
        let rest = pending[range.upperBound...]
        guard let end = rest.firstIndex(where: { !$0.isNumber }) else { break }
        guard let ok = rest[end...].range(of: "\"ok\":") else { break }
        let okValue = rest[ok.upperBound...]
        guard okValue.count >= 4 else { break }
        if let generation = Int(rest[..<end]), okValue.hasPrefix("true") {
          observations.sawGeneration(generation, at: now)
        }
        pending = String(okValue)
      }
    }
  }
  thread.name = "bench-listener"
  thread.start()
}

// MARK: Session

let options = BuildOptions(siteRoot: siteRoot)
let preview = PreviewSession(options: options)
defer { preview.close() }
preview.onRebuild = { result, duration in
  observations.rebuilt(at: clock.now, took: duration, ok: result.succeeded, files: result.fileCount)
}

let firstStart = clock.now
let first = await preview.initialBuild()
let firstBuild = clock.now - firstStart
guard first.succeeded else {
  fail("the initial build failed: \(first.diagnostics.filter { $0.severity == .error }.prefix(5).map(\.message))")
}
await preview.announce(first)

let port = freePort()
let server = Task { try await preview.serve(host: "127.0.0.1", port: port) }
var listenerSocket: Int32? = nil
for _ in 0..<200 {
  if let fd = connectLoopback(port: port) {
    listenerSocket = fd
    break
  }
  try await Task.sleep(for: .milliseconds(50))
}
guard let listenerSocket else { fail("the preview server did not start on port \(port)") }
listen(on: listenerSocket)
guard observations.waitForGeneration(above: 0, timeout: 10) != nil else {
  fail("no status event from /_cvsite/events")
}
do {
  try preview.startWatching()
} catch {
  fail("cannot watch the site: \(error)")
}
try await Task.sleep(for: .milliseconds(200))

// MARK: Edits

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

struct Sample {
  var reload: Double  // write → event received by the listener
  var callback: Double  // write → onRebuild callback (right before the announcement)
  var rebuild: Double  // SiteBuild.run alone
  var files: Int
}

func runEdits(_ count: Int, label: String, content: (Int) -> String) async -> [Sample] {
  var samples: [Sample] = []
  for index in 0..<count {
    let previous = observations.currentGeneration
    _ = observations.takeRebuilds()
    let data = Data(content(index).utf8)
    let start = clock.now
    do {
      // In place, as an editor saving the file does (open, truncate, write, close).
      try data.write(to: editedURL)
    } catch {
      fail("cannot write \(editedURL.path): \(error)")
    }
    guard let (_, received) = observations.waitForGeneration(above: previous, timeout: 300) else {
      fail("\(label) edit \(index): no reload event within 300 s (rebuilds: \(observations.takeRebuilds()))")
    }
    // The callback runs before the announcement, so it has been recorded by now.
    let rebuilds = observations.takeRebuilds()
    guard let last = rebuilds.last, last.ok else { fail("\(label) edit \(index): the rebuild failed") }
    if rebuilds.count != 1 {
      FileHandle.standardError.write(Data("note: \(label) edit \(index) triggered \(rebuilds.count) rebuilds\n".utf8))
    }
    samples.append(
      Sample(
        reload: milliseconds(received - start), callback: milliseconds(last.at - start),
        rebuild: milliseconds(last.took), files: last.files))
    // Let the tree settle before the next save.
    try? await Task.sleep(for: .milliseconds(100))
  }
  return samples
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let rank = Int((p * Double(sorted.count - 1)).rounded())
  return sorted[min(sorted.count - 1, max(0, rank))]
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func row(_ name: String, _ values: [Double]) -> String {
  String(
    format: "| %@ | %.1f | %.1f | %.1f | %.1f |", name, median(values), percentile(values, 0.9),
    values.min() ?? .nan, values.max() ?? .nan)
}

func report(_ title: String, _ samples: [Sample]) {
  print("\n\(title): \(samples.count) edits, \(samples.last?.files ?? 0) files written per rebuild")
  print("| ms | median | p90 | min | max |")
  print("|---|---|---|---|---|")
  print(row("write → reload event at listener", samples.map(\.reload)))
  print(row("write → onRebuild callback", samples.map(\.callback)))
  print(row("rebuild (SiteBuild.run)", samples.map(\.rebuild)))
}

print(
  "site: \(pageCount) pages; initial build \(String(format: "%.0f", milliseconds(firstBuild))) ms, \(first.fileCount) files"
)
print("edited page: \(editedRelative); file watcher quiet period 20 ms (included below)")

let bodySamples = await runEdits(bodyEdits, label: "body") { index in
  original + "\nEdited paragraph number \(index) with *emphasis*.\n"
}
report("Body edit (one page's text)", bodySamples)

let titleSamples = await runEdits(titleEdits, label: "title") { index in
  original.replacingOccurrences(of: titleLine, with: "title: \"Page \(editedIndex) edit \(index)\"")
}
report("Title edit (navigation changes: every page re-rendered)", titleSamples)

server.cancel()
close(listenerSocket)
