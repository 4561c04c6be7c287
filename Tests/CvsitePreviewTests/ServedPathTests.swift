import CvsiteSite
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsitePreview

/// A served site with a page, a nested index and a 404 page.
struct ServedFolder: Sendable {
  let root = ServedFiles()

  init() throws {
    let files = [
      "index.html": "<!doctype html><html><body><p>Home</p></body></html>",
      "docs/index.html": "<!doctype html><html><body><p>Docs</p></body></html>",
      "docs/a b.html": "<p>spaced</p>",
      "style.css": "p{}",
      "404.html": "<!doctype html><html><body><p>Missing page</p></body></html>",
      "feed/atom.xml": "<feed/>",
    ]
    for (path, text) in files { try root.write(Data(text.utf8), to: path) }
  }
}

@Suite("Served paths")
struct ServedPathTests {
  @Test(
    "paths that would leave the site are forbidden",
    arguments: [
      "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/docs/..%2f..%2fsecret.txt", "/./index.html",
      "/docs/%5c..%5csecret.txt", "/%00", "relative", "/%zz",
    ])
  func forbidden(path: String) throws {
    let folder = try ServedFolder()
    #expect(ServedPath.resolve(path, in: folder.root) == .forbidden, "\(path)")
  }

  @Test("folders serve index.html; a folder without slash redirects; missing is not found")
  func resolution() throws {
    let folder = try ServedFolder()
    #expect(ServedPath.resolve("/", in: folder.root) == .file("index.html"))
    #expect(ServedPath.resolve("/docs/", in: folder.root) == .file("docs/index.html"))
    #expect(ServedPath.resolve("//docs//", in: folder.root) == .file("docs/index.html"))
    #expect(ServedPath.resolve("/docs?x=1", in: folder.root) == .redirect("/docs/"))
    #expect(ServedPath.resolve("//docs", in: folder.root) == .redirect("/docs/"))
    #expect(ServedPath.resolve("/docs/a%20b.html", in: folder.root) == .file("docs/a b.html"))
    #expect(ServedPath.resolve("/style.css/", in: folder.root) == .file("style.css"))
    #expect(ServedPath.resolve("/nothing/", in: folder.root) == .notFound)
    #expect(ServedPath.resolve("/doc", in: folder.root) == .notFound, "a prefix of a folder is no folder")
    #expect(ServedPath.resolve("/feed/", in: folder.root) == .notFound, "a folder without index.html")
  }

  @Test("the served files keep count of their folders as files come and go")
  func folders() throws {
    let files = ServedFiles()
    try files.write(Data("a".utf8), to: "guide/setup/index.html")
    try files.write(Data("b".utf8), to: "guide//index.html")
    try files.write(Data("c".utf8), to: "guide/index.html")
    #expect(files.paths == ["guide/index.html", "guide/setup/index.html"])
    #expect(files.file(at: "guide/index.html") == Data("c".utf8), "the second write replaces the first")
    #expect(files.isFolder("guide") && files.isFolder("guide/setup") && files.isFolder(""))
    try files.remove("guide/setup/index.html")
    #expect(!files.isFolder("guide/setup"))
    #expect(files.isFolder("guide"))
    try files.remove("guide/index.html")
    #expect(!files.isFolder("guide"))
    #expect(ServedPath.resolve("/guide/", in: files) == .notFound)
    for path in ["../x.html", "/etc/passwd", "a/./b", "a\\b", ""] {
      #expect(throws: OutputError.self, "\(path)") { try files.write(Data(), to: path) }
    }
    #expect(files.paths.isEmpty)
  }

  @Test("content types by extension")
  func contentTypes() {
    #expect(MediaTypes.contentType(for: "a/index.html") == "text/html; charset=utf-8")
    #expect(MediaTypes.contentType(for: "a/app.js") == "text/javascript; charset=utf-8")
    #expect(MediaTypes.contentType(for: "a/x.SVG") == "image/svg+xml")
    #expect(MediaTypes.contentType(for: "atom.xml") == "application/atom+xml")
    #expect(MediaTypes.contentType(for: "a/blob") == "application/octet-stream")
    #expect(MediaTypes.contentType(for: "a.d/.hidden") == "application/octet-stream")
  }

  @Test("the reload script goes before </body>, or at the end")
  func injection() {
    let tag = LiveReload.scriptTag(generation: 3)
    #expect(tag == #"<script src="/_cvsite/live.js" data-generation="3"></script>"#)
    #expect(LiveReload.inject(into: "<body>x</body></html>", generation: 3) == "<body>x\(tag)</body></html>")
    #expect(LiveReload.inject(into: "<p>x", generation: 3) == "<p>x\(tag)")
  }
}
