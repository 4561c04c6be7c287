import CvsiteMarkdown
import Foundation
@testable import CvsiteThemes

/// The cvsite checkout this test file sits in.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let builtInThemes = repositoryRoot.appendingPathComponent("themes")
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The default theme, loaded once; `nil` with the diagnostics printed in the failure.
let defaultThemeLoad: (Theme?, [Diagnostic]) = Theme.load(named: "default", siteRoot: nil, searchPaths: [builtInThemes])

/// A folder in the temporary directory holding `files` (relative path → text).
func temporaryFolder(_ files: [String: String]) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-themes-\(UUID().uuidString)")
  for (path, text) in files {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
  return folder
}

/// A child with written values.
func child(
  _ index: Int, title: String? = nil, body: String = "<p>Body</p>\n", id: String? = nil,
  values: [String: TypedValue] = [:], classes: [String] = []
) -> ContainerChild {
  var written = DeclaredValues()
  for (name, value) in values { written[name] = value }
  return ContainerChild(
    id: id ?? "c\(index + 1)", index: index, titleHTML: title.map { escapeForTest($0) }, titleText: title,
    bodyHTML: body, values: written, classes: classes, headings: [])
}

func instance(
  _ name: String, label: String? = nil, attributes: [String: TypedValue] = [:], id: String = "x",
  level: Int = 2, children: [ContainerChild]
) -> ContainerInstance {
  ContainerInstance(
    name: name, labelHTML: label, attributes: attributes, classes: [], id: id, childHeadingLevel: level,
    children: children, location: nil)
}

func escapeForTest(_ text: String) -> String {
  text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    .replacingOccurrences(of: ">", with: "&gt;")
}

/// How many times `needle` occurs in `text`.
func occurrences(_ needle: String, in text: String) -> Int {
  text.components(separatedBy: needle).count - 1
}
