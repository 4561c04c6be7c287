import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

@Suite("Output folder safety")
struct OutputFolderTests {
  @Test("dangerous output folders are refused")
  func refusals() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n", "static/a.txt": "a", "themes/x/theme.yml": "name: x\n",
    ])
    let root = site.root
    let refused = [
      root, root.deletingLastPathComponent(), root.appendingPathComponent("content"),
      root.appendingPathComponent("content/out"), root.appendingPathComponent("static"),
      root.appendingPathComponent("themes"), URL(fileURLWithPath: "/"),
      FileManager.default.homeDirectoryForCurrentUser,
    ]
    for folder in refused {
      #expect(OutputFolder.validate(folder, siteRoot: root) != nil, "\(folder.path) should be refused")
    }
    #expect(OutputFolder.validate(root.appendingPathComponent("public"), siteRoot: root) == nil)
    let elsewhere = temporaryPath("cvsite-out")
    #expect(OutputFolder.validate(elsewhere, siteRoot: root) == nil)
  }

  @Test("a non-empty folder cvsite did not make is refused; its own output is replaced")
  func foreignFolder() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n"])
    try site.write("mine/notes.txt", "precious")
    let foreign = site.root.appendingPathComponent("mine")
    #expect(OutputFolder.validate(foreign, siteRoot: site.root)?.message.contains("not made by cvsite") == true)
    let outcome = site.build { $0.output = foreign }
    #expect(outcome.ioFailure != nil)
    #expect(site.read("mine/notes.txt", in: site.root) == "precious")
  }

  @Test("a previous output is removed on several threads, links removed and never followed", arguments: [1, 2, 4])
  func removesTree(jobs: Int) throws {
    let manager = FileManager.default
    let root = temporaryPath("cvsite-remove")
    let outside = temporaryPath("cvsite-outside")
    defer {
      try? manager.removeItem(at: root)
      try? manager.removeItem(at: outside)
    }
    try manager.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: outside.appendingPathComponent("kept.txt"))
    for page in 0..<40 {
      let folder = root.appendingPathComponent("s\(page % 3)/p\(page)")
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("page".utf8).write(to: folder.appendingPathComponent("index.html"))
    }
    try Data("top".utf8).write(to: root.appendingPathComponent("index.html"))
    try Data("two".utf8).write(to: root.appendingPathComponent("s0/loose.txt"))
    try manager.createSymbolicLink(at: root.appendingPathComponent("linked"), withDestinationURL: outside)
    try manager.createSymbolicLink(
      at: root.appendingPathComponent("s1/linked"), withDestinationURL: outside)
    OutputFolder.removeTree(root, jobs: jobs)
    #expect(!manager.fileExists(atPath: root.path))
    #expect(try String(contentsOf: outside.appendingPathComponent("kept.txt"), encoding: .utf8) == "keep")
  }

  @Test(
    "paths that leave the output are refused",
    arguments: ["/etc/passwd", "../x", "a/../../x", "a/./b", "", "a\\b", "a/b\u{0}c", "/", "//x"])
  func resolveRefuses(path: String) {
    #expect(OutputFolder.resolve(path, in: URL(fileURLWithPath: "/tmp/out")) == nil)
  }

  @Test("paths inside the output resolve under it, repeated slashes collapsed")
  func resolveAccepts() {
    #expect(OutputFolder.resolvePath("docs/install/index.html", in: "/tmp/out") == "/tmp/out/docs/install/index.html")
    #expect(OutputFolder.resolvePath("a//b/", in: "/tmp/out/") == "/tmp/out/a/b")
    #expect(OutputFolder.resolvePath("..a/b..c/é.html", in: "/tmp/out") == "/tmp/out/..a/b..c/é.html")
  }

  @Test("a build that leaves its memory to the process writes the same site")
  func buildWithoutReleasingMemory() throws {
    let site = try TemporarySite(site: ["content/_index.md": "# Home\n", "content/docs/a.md": "# A\n\nText.\n"])
    let kept = SiteBuilder.build(site.options, releasesMemory: false)
    #expect(kept.result.succeeded && kept.ioFailure == nil, "\(kept.result.diagnostics.summaries)")
    let files = ["index.html", "docs/index.html", "docs/a/index.html", "sitemap.xml"]
    let first = files.map { site.read($0) }
    #expect(first.allSatisfy { $0 != nil })
    let released = site.build()
    #expect(released.result.pageCount == kept.result.pageCount && files.map { site.read($0) } == first)
  }

  @Test("a failed build leaves the previous output untouched")
  func failedBuildKeepsOutput() throws {
    let site = try TemporarySite(site: ["content/_index.md": "---\ntitle: Home\n---\nHello\n"])
    let first = site.build()
    #expect(first.result.succeeded, "\(first.result.diagnostics.summaries)")
    let before = site.read("index.html")
    #expect(before?.contains("Hello") == true)
    try site.write("content/_index.md", "---\ntitle: Home\n---\nChanged\n\n:::nope\nx\n:::\n")
    let second = site.build()
    #expect(!second.result.succeeded)
    #expect(site.read("index.html") == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter {
      $0.contains("staging")
    }
    #expect(leftovers.isEmpty)
  }
}
