import CvsiteMarkdown
import Foundation
@testable import CvsiteSite

/// A site made in a temporary folder for one test, removed when the test ends.
final class FixtureSite {
  let root: URL

  init(_ files: [String: String], config: String = "title: Fixture\nbaseURL: https://example.com/\n") throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-fixture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try write("cvsite.yml", config)
    for (path, contents) in files { try write(path, contents) }
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  func write(_ path: String, _ contents: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
  }

  func remove(_ path: String) throws { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }

  var output: URL { root.appendingPathComponent("public") }

  var options: BuildOptions {
    var options = BuildOptions(siteRoot: root)
    options.jobs = 2
    return options
  }

  func build(_ configure: (inout BuildOptions) -> Void = { _ in }) -> SiteBuilder.Outcome {
    var options = self.options
    configure(&options)
    return SiteBuilder.build(options)
  }

  /// The text of an output file, or nil.
  func read(_ path: String, in folder: URL? = nil) -> String? {
    guard let data = try? Data(contentsOf: (folder ?? output).appendingPathComponent(path)) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  func exists(_ path: String, in folder: URL? = nil) -> Bool {
    FileManager.default.fileExists(atPath: (folder ?? output).appendingPathComponent(path).path)
  }
}

extension Array where Element == Diagnostic {
  var errors: [Diagnostic] { filter { $0.severity == .error } }
  /// `path:line:col: error: message` lines, for compact assertions.
  var summaries: [String] { map { "\($0.location.map { "\($0): " } ?? "")\($0.severity.rawValue): \($0.message)" } }
}
