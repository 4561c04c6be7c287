import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Three sites built and compared, file by file and diagnostic by diagnostic, with what
/// the build made of them when `Tests/Fixtures/same-output/` was last written: the user
/// guide (`site-example`), a 2,000-page corpus of `Benchmarks/gen_corpus.py`, and a junk
/// site of every construct, mistakes included. A change to how cvsite builds that changes
/// no output passes; one that changes output fails here, naming the files.
///
/// When a change of output is meant, write the fixtures again and read their diff:
/// `CVSITE_WRITE_SAME_OUTPUT=1 swift test --filter SameOutputTests` (that run fails,
/// saying so: a run that writes what it compares with proves nothing).
@Suite("Same output as recorded", .serialized)
struct SameOutputTests {
  static let fixtures = testFixtures.appendingPathComponent("same-output")

  @Test("the user guide")
  func userGuide() throws {
    let folder = temporaryPath("cvsite-same-output")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A copy outside the repository: no page takes its date from git, which differs
    // from one clone to the next.
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("site-example"), to: folder)
    // Its API reference's graphs are made by a build (`scripts/symbol-graphs.sh`): the
    // record is of the guide without them, whatever a local run made.
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("api"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("public"), ifPresent: true)
    try compare(site: folder, with: "site-example.txt")
  }

  @Test("a 2,000-page corpus")
  func corpus() throws {
    let python = try requiredTool("/usr/bin/python3")
    let folder = temporaryPath("cvsite-same-output")
    defer { try? FileManager.default.removeItem(at: folder) }
    let generator = Process()
    generator.executableURL = python
    generator.arguments = [
      repositoryRoot.appendingPathComponent("Benchmarks/gen_corpus.py").path, "2000", folder.path, "--flavor",
      "cvsite",
    ]
    generator.standardOutput = FileHandle.nullDevice
    try generator.run()
    generator.waitUntilExit()
    try #require(generator.terminationStatus == 0)
    try compare(site: folder, with: "corpus-2000.txt")
  }

  @Test("a junk site: every construct, mistakes included")
  func junk() throws {
    let site = try TemporarySite(site: JunkSite.files(pages: 60, seed: 7))
    try compare(site: site.root, with: "junk.txt")
  }

  /// Builds the site at `root` and compares what it made with the fixture `name`.
  func compare(site root: URL, with name: String) throws {
    let made = StoringSink()
    let result = SiteBuild.once(BuildOptions(siteRoot: root), into: made)
    var lines = made.files.keys.sorted().map { path in
      var hash = FNV1a()
      hash.add(Array(made.files[path] ?? Data()))
      return "\(hash.hex) \(path)"
    }
    lines.append("diagnostics:")
    lines += result.diagnostics.map { $0.description.replacingOccurrences(of: "\n", with: "\n  ") }
    let text = lines.joined(separator: "\n") + "\n"
    let fixture = Self.fixtures.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["CVSITE_WRITE_SAME_OUTPUT"] != nil {
      try Data(text.utf8).write(to: fixture)
      Issue.record("\(name) written again: review its diff, then run the tests without CVSITE_WRITE_SAME_OUTPUT")
      return
    }
    let recorded = try String(contentsOf: fixture, encoding: .utf8)
    guard recorded != text else { return }
    let (old, new) = (Set(recorded.split(separator: "\n")), Set(text.split(separator: "\n")))
    let gone = recorded.split(separator: "\n").filter { !new.contains($0) }.prefix(20)
    let added = text.split(separator: "\n").filter { !old.contains($0) }.prefix(20)
    Issue.record(
      """
      \(name): the build's output differs from the recorded one.
      recorded, now different or gone:
        \(gone.joined(separator: "\n  "))
      now, not recorded:
        \(added.joined(separator: "\n  "))
      """)
  }
}

extension FileManager {
  fileprivate func removeItem(at url: URL, ifPresent: Bool) throws {
    guard fileExists(atPath: url.path) else { return }
    try removeItem(at: url)
  }
}
