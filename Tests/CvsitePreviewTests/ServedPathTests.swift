import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsitePreview

/// A served folder with a page, a nested index, a 404 page, and a link leading outside.
final class ServedFolder: @unchecked Sendable {  // immutable after init
  let root: URL
  let outside: URL

  init() throws {
    let base = temporaryPath("cvsite-served")
    root = base.appendingPathComponent("site")
    outside = base.appendingPathComponent("secret.txt")
    let files = [
      "index.html": "<!doctype html><html><body><p>Home</p></body></html>",
      "docs/index.html": "<!doctype html><html><body><p>Docs</p></body></html>",
      "docs/a b.html": "<p>spaced</p>",
      "style.css": "p{}",
      "404.html": "<!doctype html><html><body><p>Missing page</p></body></html>",
      "feed/atom.xml": "<feed/>",
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try Data("secret".utf8).write(to: outside)
    try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("leak.txt"), withDestinationURL: outside)
  }

  deinit { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
}

@Suite("Served paths")
struct ServedPathTests {
  @Test(
    "paths that leave the folder are forbidden",
    arguments: [
      "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/docs/..%2f..%2fsecret.txt", "/./index.html",
      "/docs/%5c..%5csecret.txt", "/%00", "/leak.txt", "relative", "/%zz",
    ])
  func forbidden(path: String) throws {
    let folder = try ServedFolder()
    #expect(ServedPath.resolve(path, in: folder.root) == .forbidden, "\(path)")
  }

  @Test("folders serve index.html; a folder without slash redirects; missing is not found")
  func resolution() throws {
    let folder = try ServedFolder()
    let root = folder.root.resolvingSymlinksInPath()
    #expect(ServedPath.resolve("/", in: folder.root) == .file(root.appendingPathComponent("index.html")))
    #expect(ServedPath.resolve("/docs/", in: folder.root) == .file(root.appendingPathComponent("docs/index.html")))
    #expect(ServedPath.resolve("/docs?x=1", in: folder.root) == .redirect("/docs/"))
    #expect(
      ServedPath.resolve("/docs/a%20b.html", in: folder.root) == .file(root.appendingPathComponent("docs/a b.html")))
    #expect(ServedPath.resolve("/nothing/", in: folder.root) == .notFound)
  }

  @Test("content types by extension")
  func contentTypes() {
    #expect(MediaTypes.contentType(for: URL(fileURLWithPath: "/a/index.html")) == "text/html; charset=utf-8")
    #expect(MediaTypes.contentType(for: URL(fileURLWithPath: "/a/app.js")) == "text/javascript; charset=utf-8")
    #expect(MediaTypes.contentType(for: URL(fileURLWithPath: "/a/x.SVG")) == "image/svg+xml")
    #expect(MediaTypes.contentType(for: URL(fileURLWithPath: "/atom.xml")) == "application/atom+xml")
    #expect(MediaTypes.contentType(for: URL(fileURLWithPath: "/a/blob")) == "application/octet-stream")
  }

  @Test("the reload script goes before </body>, or at the end")
  func injection() {
    let tag = LiveReload.scriptTag(generation: 3)
    #expect(tag == #"<script src="/_cvsite/live.js" data-generation="3"></script>"#)
    #expect(LiveReload.inject(into: "<body>x</body></html>", generation: 3) == "<body>x\(tag)</body></html>")
    #expect(LiveReload.inject(into: "<p>x", generation: 3) == "<p>x\(tag)")
  }
}
