import CvsiteCore
import Foundation

extension ScriptedProject {
  /// A Docusaurus project's versions, as its `versions.json` names them (newest first):
  /// the newest at the root, from `versioned_docs/version-<name>/`; the pages being
  /// written (`current`, the pages' folder) as `next` under `/next/`; each older one under
  /// `/<name>/`. The classic preset's `docs` (`settings`) may say otherwise:
  /// `lastVersion: 'current'` (or a version's name) is the one at the root, and
  /// `versions: {current: {label: '11.x'}}` names the pages being written. A version's
  /// `versioned_sidebars/version-<name>-sidebars.json` is its navigation. Nil without
  /// `versions.json`; a version whose folder is not there is left out with a warning (the
  /// versions nil when none is left).
  static func docusaurusVersions(root: URL, current: String, settings: ScriptLiteral? = nil)
    -> (SiteVersions?, [Diagnostic])?
  {
    let file = "versions.json"
    guard let data = try? Data(contentsOf: root.appendingPathComponent(file)) else { return nil }
    let place = SourceLocation(path: file, line: 1, column: 1)
    guard let names = (try? JSONSerialization.jsonObject(with: data)) as? [String] else {
      return (
        nil, [Diagnostic(.warning, "\(file) is not a list of version names: the versions are not published", at: place)]
      )
    }
    var problems: [Diagnostic] = []
    var older: [SiteVersion] = []
    for name in names {
      let folder = "versioned_docs/version-" + name
      guard PageURL.isValidSlug(name), !name.contains("/"),
        FileKind(following: root.appendingPathComponent(folder).path) == .folder
      else {
        problems.append(
          Diagnostic(.warning, "the version `\(name)` has no folder \(folder)/: it is not published", at: place))
        continue
      }
      var version = SiteVersion(name: name, source: .folder(folder), folder: name + "/")
      version.location = place
      version.navigation = versionedSidebars(name, root: root, folder: folder, problems: &problems)
      older.append(version)
    }
    guard !older.isEmpty else { return (nil, problems) }
    let label = settings?["versions"]?["current"]?["label"]?.string
    var next = SiteVersion(name: label ?? "next", source: .folder(current), folder: "next/")
    next.location = place
    // The version at the root: `lastVersion`, else the newest of `versions.json`.
    let last = settings?["lastVersion"]?.string
    var all = [next] + older
    let root = last == "current" ? 0 : all.firstIndex { $0.name == last && $0.source != next.source } ?? 1
    all[root].folder = ""
    all.insert(all.remove(at: root), at: 0)
    return (SiteVersions(all: all), problems)
  }

  /// The navigation of the version `name` from its `versioned_sidebars/` file, when it has one.
  private static func versionedSidebars(_ name: String, root: URL, folder: String, problems: inout [Diagnostic])
    -> WrittenNavigation?
  {
    let path = "versioned_sidebars/version-\(name)-sidebars.json"
    guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else { return nil }
    let (navigation, found) = DocusaurusSidebars.read(text, path: path, root: root, contentFolder: folder)
    problems += found
    return navigation
  }
}
