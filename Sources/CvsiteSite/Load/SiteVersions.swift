import CvsiteCore
import Yams

/// A version of the site's documentation, from `versions:` in `cvsite.yml`.
struct SiteVersion: Sendable, Hashable {
  /// Where its pages come from.
  enum Source: Sendable, Hashable {
    /// A folder of the site (the site's own `content/` for the newest by default).
    case folder(String)
    /// The site's pages folder as a git ref (a branch, a tag) holds it, read from the
    /// repository without checking anything out.
    case git(String)
  }

  /// The name readers see (`2.0`, `1.x`).
  var name: String
  var source: Source
  /// Where its pages go, from the site's root: `""` for the newest, else `1.x/`.
  var folder: String
  /// Where `versions:` names it, for errors about its source.
  var location: SourceLocation?
  /// The line of `cvsite.yml` naming it.
  var line: String?
  /// Its own navigation, when its project writes one per version (Docusaurus'
  /// `versioned_sidebars/`); else the site's.
  var navigation: WrittenNavigation?

  /// Whether this is the newest version, at the root.
  var isNewest: Bool { folder.isEmpty }
}

/// The site's versions, the newest first.
struct SiteVersions: Sendable, Hashable {
  var all: [SiteVersion]

  /// Reads `versions:`: a list of entries `name`, then `content` (a folder of the site)
  /// or `git` (a ref), and `path` (`/<name>/` unless given). The first is the newest: at
  /// the root, from the site's pages folder unless it says otherwise.
  static func parse(_ value: Node, contentFolder: String, in document: YAMLDocument) -> (SiteVersions?, [Diagnostic]) {
    guard let items = value.sequence, !items.isEmpty else {
      return (
        nil,
        [
          document.diagnostic(
            .error, "'versions' must be a list of versions, each with a `name` and a `content` folder or a `git` ref",
            at: value)
        ]
      )
    }
    var diagnostics: [Diagnostic] = []
    var versions: [SiteVersion] = []
    var folders: [String: String] = [:]
    let keys = ["name", "content", "git", "path"]
    for (index, item) in items.enumerated() {
      var fields: [String: String] = [:]
      guard let mapping = item.mapping else {
        diagnostics.append(
          document.diagnostic(.error, "a version is a mapping: `name`, then `content` or `git`", at: item))
        continue
      }
      for (keyNode, entry) in mapping {
        let key = keyNode.string ?? ""
        guard keys.contains(key) else {
          diagnostics.append(
            document.diagnostic(
              .error, "unknown setting '\(key)' of a version (a version has \(keys.joined(separator: ", ")))",
              at: keyNode, suggestion: closest(key, keys)))
          continue
        }
        guard let text = entry.scalar?.string, !text.isEmpty else {
          diagnostics.append(document.diagnostic(.error, "'\(key)' of a version must be text", at: entry))
          continue
        }
        fields[key] = text
      }
      guard let name = fields["name"] else {
        diagnostics.append(document.diagnostic(.error, "a version needs a `name`, such as 2.0", at: item))
        continue
      }
      guard PageURL.isValidSegment(name), !name.contains(" ") else {
        diagnostics.append(
          document.diagnostic(
            .error, "a version's name is one path segment, such as 2.0 or v1, not `\(name)`", at: item))
        continue
      }
      let source: SiteVersion.Source
      switch (fields["content"], fields["git"]) {
      case (let folder?, nil):
        let parts = folder.split(separator: "/")
        guard !folder.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else {
          diagnostics.append(
            document.diagnostic(.error, "a version's `content` is a folder inside the site, not `\(folder)`", at: item))
          continue
        }
        source = .folder(parts.joined(separator: "/"))
      case (nil, let ref?): source = .git(ref)
      case (nil, nil):
        guard index == 0 else {
          diagnostics.append(
            document.diagnostic(
              .error, "the version `\(name)` needs a `content` folder or a `git` ref to read its pages from", at: item))
          continue
        }
        source = .folder(contentFolder)
      case (.some, .some):
        diagnostics.append(
          document.diagnostic(.error, "the version `\(name)` has both `content` and `git`: keep one", at: item))
        continue
      }
      var folder = index == 0 ? "" : name + "/"
      if let path = fields["path"] {
        guard let given = PageURL.folder(ofPath: path) else {
          diagnostics.append(
            document.diagnostic(
              .error, "a version's `path` is `/` or one folder such as `/\(name)/`, not `\(path)`", at: item))
          continue
        }
        folder = given
      }
      if let other = folders[folder] {
        diagnostics.append(
          document.diagnostic(
            .error, "the versions `\(other)` and `\(name)` both go to /\(folder): give one another `path`", at: item))
        continue
      }
      if versions.contains(where: { $0.name == name }) {
        diagnostics.append(document.diagnostic(.error, "the version `\(name)` is listed twice", at: item))
        continue
      }
      folders[folder] = name
      let at = document.diagnostic(.error, "", at: item)
      versions.append(
        SiteVersion(name: name, source: source, folder: folder, location: at.location, line: at.sourceLine))
    }
    guard !versions.isEmpty else { return (nil, diagnostics) }
    if !versions[0].isNewest {
      diagnostics.append(
        document.diagnostic(.error, "the first version is the newest, at the root: its `path` is `/`", at: items[0]))
    }
    return (SiteVersions(all: versions), diagnostics)
  }
}
