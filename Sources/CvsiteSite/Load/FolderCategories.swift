import CvsiteCore
import Foundation
import Yams

/// Docusaurus' `_category_.json` (or `.yml`): a folder's title and place in the
/// navigation, for its section page.
struct FolderCategory: Sendable, Hashable {
  var label: String?
  /// In thousandths, as `sidebar_position` is read.
  var weight: Int?

  /// The names such a file may have.
  static let fileNames: Set<String> = ["_category_.json", "_category_.yml", "_category_.yaml"]

  /// Whether `file` is such a file: read, not copied to the output.
  static func holds(_ file: ContentFile) -> Bool {
    fileNames.contains(String(file.relativePath.split(separator: "/").last ?? ""))
  }

  /// The categories among `files`, by folder (`["guide"]`), and a warning for each file
  /// that cannot be read.
  static func read(_ files: [ContentFile]) -> ([[String]: FolderCategory], [Diagnostic]) {
    var categories: [[String]: FolderCategory] = [:]
    var problems: [Diagnostic] = []
    for file in files {
      guard holds(file) else { continue }
      let parts = file.relativePath.split(separator: "/").map(String.init)
      guard let data = try? Data(contentsOf: file.url),
        let root = try? composeBoundedYAML(String(decoding: data, as: UTF8.self)), let mapping = root.mapping
      else {
        problems.append(
          Diagnostic(
            .warning, "\(file.sitePath) is not a mapping such as {\"label\": \"Guide\", \"position\": 2}: not read",
            at: SourceLocation(path: file.sitePath, line: 1, column: 1)))
        continue
      }
      var category = FolderCategory()
      category.label = mapping["label"]?.string
      if let position = mapping["position"] {
        if let number = position.int {
          category.weight = number * 1000
        } else if let number = position.float, number.isFinite, abs(number) < 1e12 {
          category.weight = Int((number * 1000).rounded(.down))
        }
      }
      categories[Array(parts.dropLast())] = category
    }
    return (categories, problems)
  }
}
