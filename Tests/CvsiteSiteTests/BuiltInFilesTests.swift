import CvsiteBuiltInFiles
import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

/// What the executable carries is what the checkout holds, byte for byte.
@Suite struct BuiltInFilesTests {
  @Test func theDefaultThemeIsTheCheckoutsThemesDefault() throws {
    let folder = FileTree.folder(repositoryRoot.appendingPathComponent("themes/default"))
    let built = BuiltInFiles.defaultTheme
    #expect(built.relativePaths() == folder.relativePaths())
    for path in folder.relativePaths() {
      #expect(built.contents(path) == folder.contents(path), "\(path) differs")
    }
    #expect(built.relativePaths().contains("theme.yml"))
  }

  @Test func theLanguageDefinitionsAreGtkSourceViews() throws {
    let paths = BuiltInFiles.languageSpecs.relativePaths().filter { $0.hasSuffix(".lang") }
    #expect(paths.count > 150)
    for name in ["swift.lang", "yaml.lang", "def.lang", "sh.lang", "python3.lang"] {
      #expect(paths.contains(name), "\(name)")
    }
    let swift = String(decoding: try #require(BuiltInFiles.languageSpecs.contents("swift.lang")), as: UTF8.self)
    #expect(swift.contains("<language id=\"swift\""))
  }

  @Test func theCommitIsTheCheckoutsOrUnknown() throws {
    let commit = BuiltInFiles.commit
    #expect(commit == "unknown" || commit.wholeMatch(of: /[0-9a-f]{40}/) != nil, "\(commit)")
    // Built from a git checkout, the commit is the one HEAD named when it was built: a
    // full hash (an abbreviated one could be ambiguous later).
    if FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(".git/HEAD").path) {
      #expect(commit != "unknown")
    }
  }
}
