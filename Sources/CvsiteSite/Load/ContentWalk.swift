import CvsiteCore
import Foundation

/// The walk of one folder of the site (`content/`, `static/`): the files it holds, and
/// a diagnostic for each entry it cannot read or refuses (a name no URL holds, a link
/// out of bounds or back up the tree, a tree too deep).
struct ContentWalk {
  let folderName: String
  /// The folder walked, its links resolved.
  let resolvedFolder: String
  /// Whether its Markdown files are pages.
  let holdsPages: Bool
  /// Nothing outside this folder is read.
  let boundary: String
  /// What `boundary` is, in words.
  let outside: String
  var files: [ContentFile] = []
  var diagnostics: [Diagnostic] = []

  /// Walks `directory` (`relative` under the folder). `resolvedDirectory` is `directory`
  /// with its links resolved: an entry that is no link itself resolves to it plus its
  /// name, so only links cost a full resolution. `ancestors` holds the device and inode
  /// of every folder on the way down, so a link back to one of them (`loop -> .`,
  /// `a/b -> ../a`) is seen however it is spelled.
  mutating func walk(
    _ directory: String, _ relative: String, _ resolvedDirectory: String, _ ancestors: Set<FileIdentity>
  ) {
    let entries: [ContentScanner.Entry]
    switch ContentScanner.entries(of: directory) {
    case .success(let found): entries = found
    case .failure(let reason):
      let shown = relative.isEmpty ? folderName : "\(folderName)/\(relative)"
      diagnostics.append(.ioFailure("cannot read the folder \(shown): \(reason)"))
      return
    }
    for (name, listedKind, isUTF8) in entries {
      let path = directory + "/" + name
      let relativePath = relative.isEmpty ? name : relative + "/" + name
      let sitePath = folderName + "/" + relativePath
      let location = SourceLocation(path: sitePath, line: 1, column: 1)
      guard isReadable(name, isUTF8: isUTF8, relative: relative, location: location),
        let entry = listedKind ?? FileKind(path: path)
      else { continue }
      let resolved =
        entry == .link ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : resolvedDirectory + "/" + name
      // (What a linked folder holds resolves where the link led: the same bounds.)
      guard resolved == boundary || resolved.hasPrefix(boundary + "/") else {
        diagnostics.append(
          Diagnostic(.error, "\(sitePath) is a link to \(resolved), outside \(outside); it is not read", at: location))
        continue
      }
      guard let isFolder = isFolder(entry, path: path, sitePath: sitePath, location: location) else { continue }
      if isFolder {
        let identity = FileIdentity(path: resolved)
        guard descends(into: resolved, identity: identity, ancestors: ancestors, sitePath: sitePath, location: location)
        else { continue }
        walk(path, relativePath, resolved, identity.map { ancestors.union([$0]) } ?? ancestors)
        continue
      }
      let kind: ContentFile.Kind
      if holdsPages && ContentFile.markdownExtensionLength(name) != nil {
        kind = .ofMarkdownFile(named: name)
        // `_part.mdx`: a partial, which pages include; not a page, not copied.
        // (`_index.es.md` is a section's page in a language: the languages say.)
        if kind == .page, name.hasPrefix("_"), !ContentFile.isSectionIndexInALanguage(name) { continue }
      } else {
        kind = .resource
      }
      files.append(ContentFile(sitePath: sitePath, relativePath: relativePath, kind: kind, path: path))
    }
  }

  /// Whether an entry's name can reach a URL: UTF-8, no control character, no backslash.
  private mutating func isReadable(_ name: String, isUTF8: Bool, relative: String, location: SourceLocation) -> Bool {
    guard isUTF8 else {
      let shown = relative.isEmpty ? folderName : "\(folderName)/\(relative)"
      diagnostics.append(
        Diagnostic(
          .error, "a file in \(shown) is named with bytes that are not UTF-8 (shown as `\(name)`); rename it",
          at: location))
      return false
    }
    // No URL holds a control character as it is: such a name would reach links, the
    // sitemap and the feed as something else, or break them.
    guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      let shown = name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
      diagnostics.append(
        Diagnostic(
          .error, "`\(shown)` is named with a control character (shown as `?`), which no URL can hold; rename it",
          at: SourceLocation(
            path: folderName + "/" + (relative.isEmpty ? "" : relative + "/") + shown, line: 1, column: 1)))
      return false
    }
    // A browser reads `\` in a URL as `/`: no address could reach such a file.
    guard !name.contains("\\") else {
      diagnostics.append(
        Diagnostic(
          .error,
          "`\(name)` is named with a backslash, which a browser reads as `/` in an address: no link could reach it; rename it",
          at: location, suggestion: name.replacingOccurrences(of: "\\", with: "-")))
      return false
    }
    return true
  }

  /// Whether `entry` (a link followed) is a folder; nil, with a diagnostic, when it is
  /// neither a file nor a folder, or a link that leads nowhere.
  private mutating func isFolder(_ entry: FileKind, path: String, sitePath: String, location: SourceLocation) -> Bool? {
    switch entry {
    case .folder: return true
    case .file: return false
    case .other(let what):
      diagnostics.append(.ioFailure("\(sitePath) is \(what), not a file or folder; it is not read", at: location))
      return nil
    case .link:
      guard let target = FileKind(following: path) else {
        let problem = errno == ELOOP ? "is a link that loops" : "is a link to a file that does not exist"
        diagnostics.append(Diagnostic(.warning, "\(sitePath) \(problem); it is skipped", at: location))
        return nil
      }
      if case .other(let what) = target {
        diagnostics.append(
          .ioFailure("\(sitePath) is a link to \(what), not a file or folder; it is not read", at: location))
        return nil
      }
      return target == .folder
    }
  }

  /// Whether the walk goes into the folder at `resolved`: not one it is inside of, not
  /// deeper than any reader can follow (and than a theme's navigation can nest).
  private mutating func descends(
    into resolved: String, identity: FileIdentity?, ancestors: Set<FileIdentity>, sitePath: String,
    location: SourceLocation
  ) -> Bool {
    let encloses = resolved == resolvedFolder || resolvedFolder.hasPrefix(resolved + "/")
    if encloses || identity.map(ancestors.contains) == true {
      diagnostics.append(
        Diagnostic(
          .warning, "\(sitePath) is a link to \(resolved), a folder it is inside of; it is not followed",
          at: location))
      return false
    }
    guard ancestors.count <= ContentScanner.maximumDepth else {
      diagnostics.append(
        Diagnostic(
          .error,
          "\(sitePath) is a folder \(ancestors.count) levels deep; folders nest at most \(ContentScanner.maximumDepth) deep under \(folderName)/: move its pages up",
          at: location))
      return false
    }
    return true
  }
}
