import CvsiteCore
import Foundation

/// Source files whose paths differ only by case (`Guide.md`, `guide.md`) or by Unicode
/// normalisation (`café.md` written with `é` or with `e` and a combining accent): on a
/// case-insensitive or normalising file system, server or archive one replaces the
/// other, and a page's text vanishes without a word. Each is an error naming the others.
enum LookalikeNames {
  /// The key two lookalike paths share: lowercased, in Unicode's composed form.
  static func key(_ path: String) -> String {
    // Most paths are ASCII, which has one form: only case to fold.
    path.utf8.allSatisfy { $0 < 0x80 } ? path.lowercased() : path.precomposedStringWithCanonicalMapping.lowercased()
  }

  /// An error at each path of `paths` (site paths, `content/…`) that shares its key with
  /// another, naming them all; in path order. Paths are told apart by their bytes: Swift's
  /// strings compare canonically equivalent text as equal, so a dictionary keyed by path
  /// holds only one of `café.md` composed and decomposed.
  static func problems(_ paths: [String]) -> [Diagnostic] {
    var groups: [String: [String]] = [:]
    for path in paths {
      let shared = key(path)
      if groups[shared]?.contains(where: { $0.utf8.elementsEqual(path.utf8) }) != true {
        groups[shared, default: []].append(path)
      }
    }
    var diagnostics: [Diagnostic] = []
    let firsts = groups.values.filter { $0.count > 1 }.map { group in
      group.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
    }
    for group in firsts.sorted(by: { Array($0[0].utf8).lexicographicallyPrecedes($1[0].utf8) }) {
      for path in group {
        let others = group.filter { !$0.utf8.elementsEqual(path.utf8) }.map { "`\($0)`" }.joined(separator: " and ")
        diagnostics.append(
          Diagnostic(
            .error,
            "`\(path)` and \(others) differ only by case or Unicode normalisation: on a case-insensitive or "
              + "normalising file system or server one replaces the other; rename one",
            at: SourceLocation(path: path, line: 1, column: 1)))
      }
    }
    return diagnostics
  }
}
