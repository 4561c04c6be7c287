import CvsiteCore
import CvsiteMarkdown
import Foundation
import Synchronization

/// The emoji and icons of pymdownx.emoji's shortcodes, read from where an MkDocs
/// project has them: its own icon folders (`theme.custom_dir`'s `.icons`, the
/// extension's `custom_icons`), then the Python packages installed for it (its
/// virtual environment, the user's and the machine's): mkdocs-material's icon sets
/// (`material`, `octicons`, `fontawesome`, `simple`) and pymdownx's Twemoji index.
///
/// An emoji becomes its character; an icon its SVG, inline (so it takes the text's
/// colour) when the file holds nothing that could run.
final class InstalledShortcodes: ShortcodeIndex {
  /// Folders holding icon sets (`material/check.svg`), in the order they are asked.
  let iconFolders: [URL]
  /// Shortcode name (without colons) → emoji text.
  let emoji: [String: String]
  /// Where the emoji index was read, for the warning; nil when none was found.
  let emojiIndex: URL?
  private let known = Mutex<[String: ShortcodeMeaning]>([:])

  /// The icon sets of mkdocs-material: names of this form are icons even when no
  /// folder has them.
  static let iconSets: Set<String> = ["material", "octicons", "fontawesome", "simple", "lucide"]

  init(iconFolders: [URL], emoji: [String: String], emojiIndex: URL?) {
    self.iconFolders = iconFolders
    self.emoji = emoji
    self.emojiIndex = emojiIndex
  }

  /// The shortcodes of the project at `root`: `folders` (relative to it) first, then
  /// what the Python packages found for it hold.
  static func find(root: URL, folders: [String], environment: [String: String]) -> InstalledShortcodes {
    let packages = pythonPackageFolders(root: root, environment: environment)
    var icons = folders.map { root.appendingPathComponent($0) }
    for folder in packages {
      icons.append(folder.appendingPathComponent("material/templates/.icons"))
      icons.append(folder.appendingPathComponent("zensical_ui/templates/.icons"))
    }
    let manager = FileManager.default
    icons = icons.filter { manager.fileExists(atPath: $0.path) }
    let index = packages.map { $0.appendingPathComponent("pymdownx/twemoji_db.py") }
      .first { manager.fileExists(atPath: $0.path) }
    return InstalledShortcodes(iconFolders: icons, emoji: index.map(emojiIndex(at:)) ?? [:], emojiIndex: index)
  }

  /// The emoji indexes read, by file and modification date: `serve` makes a parser for
  /// each edit, and the index is some 400 KB of Python.
  private static let readIndexes = Mutex<[String: (date: Date?, emoji: [String: String])]>([:])

  /// The emoji of the index file at `url`, read once while the file is unchanged.
  private static func emojiIndex(at url: URL) -> [String: String] {
    let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    if let known = readIndexes.withLock({ $0[url.path] }), known.date == date { return known.emoji }
    let emoji = (try? String(contentsOf: url, encoding: .utf8)).map(readEmojiIndex) ?? [:]
    readIndexes.withLock { $0[url.path] = (date, emoji) }
    return emoji
  }

  /// The `site-packages` folders that may hold the project's Python packages: its
  /// virtual environment's first (`.venv`, `venv`, `env`, `$VIRTUAL_ENV`), then the
  /// user's, pyenv's and the machine's.
  static func pythonPackageFolders(root: URL, environment: [String: String]) -> [URL] {
    let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
    var environments = [".venv", "venv", "env", ".env"].map { root.appendingPathComponent($0) }
    if let virtual = environment["VIRTUAL_ENV"] { environments.append(URL(fileURLWithPath: virtual)) }
    if let home {
      environments.append(home.appendingPathComponent(".local"))
      environments += subfolders(of: home.appendingPathComponent(".pyenv/versions"))
    }
    environments += ["/usr/local", "/usr"].map { URL(fileURLWithPath: $0) }
    var found: [URL] = []
    for environment in environments {
      for python in subfolders(of: environment.appendingPathComponent("lib"))
      where python.lastPathComponent.hasPrefix("python3") {
        for name in ["site-packages", "dist-packages"] {
          let folder = python.appendingPathComponent(name)
          if FileManager.default.fileExists(atPath: folder.path) { found.append(folder) }
        }
      }
    }
    return found
  }

  private static func subfolders(of folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }

  /// pymdownx's `twemoji_db.py`: each `":name": {… "unicode": "1f680" …}` entry (its
  /// `unicode_alt` when it has one: the form with variation selectors), and the
  /// `aliases` that name them again.
  static func readEmojiIndex(_ text: String) -> [String: String] {
    var emoji: [String: String] = [:]
    var aliases: [(String, String)] = []
    var current: String?
    var inAliases = false
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("aliases = {") { inAliases = true }
      let quoted = trimmed.split(separator: "\"", omittingEmptySubsequences: false)
      if inAliases {
        if quoted.count >= 5, let name = shortcode(quoted[1]), let target = shortcode(quoted[3]) {
          aliases.append((name, target))
        }
        continue
      }
      if trimmed.hasSuffix("{"), quoted.count >= 3, let name = shortcode(quoted[1]) {
        current = name
      } else if let name = current, quoted.count >= 5, quoted[1] == "unicode" || quoted[1] == "unicode_alt" {
        guard let text = emojiText(String(quoted[3])) else { continue }
        if quoted[1] == "unicode_alt" || emoji[name] == nil { emoji[name] = text }
      }
    }
    for (alias, target) in aliases where emoji[alias] == nil {
      emoji[alias] = emoji[target]
    }
    return emoji
  }

  /// `:rocket:` → `rocket`; nil for text of another shape.
  private static func shortcode(_ quoted: Substring) -> String? {
    guard quoted.count > 2, quoted.first == ":", quoted.last == ":" else { return nil }
    return String(quoted.dropFirst().dropLast())
  }

  /// `1f468-200d-2695-fe0f` → the characters.
  private static func emojiText(_ hex: String) -> String? {
    var text = ""
    for part in hex.split(separator: "-") {
      guard let value = UInt32(part, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
      text.unicodeScalars.append(scalar)
    }
    return text.isEmpty ? nil : text
  }

  func meaning(of name: String) -> ShortcodeMeaning {
    if let found = known.withLock({ $0[name] }) { return found }
    let meaning = lookUp(name)
    known.withLock { $0[name] = meaning }
    return meaning
  }

  private func lookUp(_ name: String) -> ShortcodeMeaning {
    if let text = emoji[name] { return .html(text) }
    let parts = name.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard parts.count > 1, !parts.contains(where: \.isEmpty) else { return .none }
    let manager = FileManager.default
    let isSet = Self.iconSets.contains(parts[0])
    var anyFolderHasSet = false
    for folder in iconFolders where manager.fileExists(atPath: folder.appendingPathComponent(parts[0]).path) {
      anyFolderHasSet = true
      // `fontawesome-brands-github` is `fontawesome/brands/github.svg`: the first one or
      // two hyphens part folders.
      for folders in 1...min(2, parts.count - 1) {
        let path = parts[0...folders - 1].joined(separator: "/") + "/" + parts[folders...].joined(separator: "-")
        let file = folder.appendingPathComponent(path + ".svg")
        guard let svg = try? String(contentsOf: file, encoding: .utf8) else { continue }
        guard let safe = Self.inlineSVG(svg) else { return .missingIcon }
        return .html("<span class=\"twemoji\">\(safe)</span>")
      }
    }
    return isSet || anyFolderHasSet ? .missingIcon : .none
  }

  /// The `<svg>` element of an icon file, written again from an allow-list; nil when it
  /// holds what could run or load something (``SVGSanitizer``).
  static func inlineSVG(_ text: String) -> String? { SVGSanitizer.sanitized(text) }

  func missingIconsMessage(_ names: [String]) -> String {
    let listed = names.prefix(5).map { ":\($0):" }.joined(separator: ", ") + (names.count > 5 ? ", …" : "")
    let looked =
      iconFolders.isEmpty
      ? "no icon folder was found (the theme's .icons, or mkdocs-material installed for the project)"
      : "not in \(iconFolders.map(\.path).joined(separator: ", "))"
    return "no picture for \(listed): \(looked); left out"
  }
}
