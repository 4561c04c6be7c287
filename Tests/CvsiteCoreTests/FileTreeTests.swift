import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

/// A folder on disk and files in memory read alike.
@Suite struct FileTreeTests {
  @Test func aFolderListsItsFilesWithoutDotFilesOrLinksOutOfIt() throws {
    try withTemporaryFolder(files: ["a.txt": "A", "sub/b.txt": "B", ".hidden/c.txt": "C", "sub/.d": "D"]) { root in
      let outside = try makeTemporaryFolder(files: ["secret.txt": "S"])
      defer { try? FileManager.default.removeItem(at: outside) }
      try FileManager.default.createSymbolicLink(
        at: root.appendingPathComponent("escape.txt"), withDestinationURL: outside.appendingPathComponent("secret.txt"))
      let tree = FileTree.folder(root)
      #expect(tree.exists)
      #expect(tree.relativePaths() == ["a.txt", "sub/b.txt"])
      #expect(tree.contents("sub/b.txt") == Array("B".utf8))
      #expect(tree.contents("missing.txt") == nil)
      #expect(tree.url("a.txt") == root.appendingPathComponent("a.txt"))
      #expect(tree.subtree("sub").relativePaths() == ["b.txt"])
      #expect(!FileTree.folder(root.appendingPathComponent("none")).exists)
    }
  }

  @Test func filesInMemoryReadLikeAFolder() {
    let tree = FileTree.memory(
      ["theme.yml": [0x61], "languages/x.lang": [0x62], "languages/y.lang": [0x63]], label: "built in")
    #expect(tree.exists)
    #expect(tree.folder == nil && tree.url("theme.yml") == nil)
    #expect(tree.relativePaths() == ["languages/x.lang", "languages/y.lang", "theme.yml"])
    let languages = tree.subtree("languages")
    #expect(languages.relativePaths() == ["x.lang", "y.lang"])
    #expect(languages.contents("y.lang") == [0x63])
    #expect(languages.displayPath("y.lang") == "built in/languages/y.lang")
    #expect(!tree.subtree("assets").exists)
  }
}
