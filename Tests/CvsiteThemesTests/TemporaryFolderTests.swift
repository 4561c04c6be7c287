import CvsiteTestSupport
import Foundation
import Testing

/// The theme tests' folders leave nothing behind in the temporary directory.
@Suite struct TemporaryFolderTests {
  struct Stop: Error {}

  @Test func aFolderHoldsItsFilesWhileUsedAndIsGoneAfter() throws {
    let (root, text) = try withThemeFolder(["layouts/page.mustache": "{{{content}}}"]) { folder in
      (folder, try String(contentsOf: folder.appendingPathComponent("layouts/page.mustache"), encoding: .utf8))
    }
    #expect(text == "{{{content}}}")
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }

  @Test func aFolderIsGoneWhenItsUseThrows() throws {
    var seen: URL?
    #expect(throws: Stop.self) {
      try withThemeFolder(["theme.yml": "name: x\n"]) { folder in
        seen = folder
        throw Stop()
      }
    }
    let root = try #require(seen)
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }
}
