import CvsiteCore
import Foundation

/// What the executable carries so that it runs from any folder with nothing installed
/// beside it: the default theme, GtkSourceView's language definitions, and the commit
/// it was built from. The files are compiled in from `themes/default` and the build
/// machine's language definitions when the package builds.
public enum BuiltInFiles {
  /// The default theme's files (`theme.yml`, `layouts/…`, `assets/…`, `languages/…`).
  public static let defaultTheme: FileTree = .memory(decode(builtInTheme), label: "built-in theme `default`")

  /// The themes built in, by name.
  public static var themes: [String: FileTree] { ["default": defaultTheme] }

  /// GtkSourceView's language definitions (`swift.lang`, `def.lang`, …): the base set
  /// code blocks are coloured with.
  public static let languageSpecs: FileTree = .memory(
    decode(builtInLanguageSpecs), label: "built-in language definitions")

  /// The commit the executable was built from (a full hash), or `unknown` when it was
  /// built outside a git checkout.
  public static var commit: String { builtInCommit }

  /// The files of a generated table: each literal's bytes, or the bytes its Base64 holds.
  static func decode(_ table: [(String, StaticString, Bool)]) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    files.reserveCapacity(table.count)
    for (path, text, isBase64) in table {
      let bytes = text.withUTF8Buffer { Array($0) }
      files[path] = isBase64 ? Data(base64Encoded: Data(bytes)).map { Array($0) } ?? [] : bytes
    }
    return files
  }
}
