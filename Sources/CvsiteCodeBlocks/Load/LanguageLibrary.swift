import CvsiteCore
import Foundation
import Synchronization

/// The language definition files found, each read in full only when a block (or another
/// language) first needs it: reading all 170 of the base set's files took 230 ms, more
/// than a small site's whole build.
final class LanguageLibrary: Sendable {
  /// What the start of a file says: enough to name the language.
  struct Entry: Sendable {
    /// The tree holding the file, and the file's name in it.
    var tree: FileTree
    var file: String
    var name: String
    var extensions: [String]
  }

  let entries: [String: Entry]
  private let parsed: Mutex<[String: LanguageDefinition?]>

  /// `entries` to read on demand, `preloaded` already read (a theme's and a site's files).
  init(entries: [String: Entry], preloaded: [String: LanguageDefinition]) {
    self.entries = entries
    parsed = Mutex(preloaded.mapValues { .some($0) })
  }

  /// The definition of language `id`, read on first use; `nil` when there is none or it
  /// cannot be read.
  subscript(id: String) -> LanguageDefinition? {
    if let known = parsed.withLock({ $0[id] }) { return known }
    var definition: LanguageDefinition?
    if let entry = entries[id], let data = entry.tree.contents(entry.file) {
      var reader = LanguageFileReader(path: entry.tree.displayPath(entry.file))
      definition = reader.read(String(decoding: data, as: UTF8.self))
      if definition?.id != id { definition = nil }
    }
    return parsed.withLock { cache in
      if let raced = cache[id] { return raced }
      cache[id] = .some(definition)
      return definition
    }
  }

  /// The language's id, name and file extensions from the start of its file (up to
  /// `<definitions>`), without reading the rest.
  static func entry(tree: FileTree, file: String, text: String) -> (String, Entry)? {
    var head = text
    // A byte search: Foundation's, over every definition file, was a tenth of a small
    // site's build.
    if let definitions = text.utf8Offset(of: "<definitions") {
      head = String(decoding: text.utf8.prefix(definitions), as: UTF8.self) + "</language>"
    }
    guard let root = try? LangXMLReader.parse(head), root.name == "language", let id = root.attributes["id"] else {
      return nil
    }
    let (name, extensions) = root.languageNameAndExtensions
    return (id, Entry(tree: tree, file: file, name: name ?? id, extensions: extensions))
  }
}
