/// The types a folder of Swift sources declares at the top level, and the names its
/// code uses (strings and comments skipped): what a stage of a module reads of another.
enum StageReferences {
  /// The types declared at the top level of `source` (`struct`, `enum`, `class`,
  /// `protocol`, `actor`, `typealias`, after any modifiers, at the start of a line).
  static func declaredTypes(in source: String) -> Set<String> {
    let code = String(decoding: FunctionLengths.blanked(Array(source.utf8)), as: UTF8.self)
    var declared: Set<String> = []
    let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "final", "indirect"]
    let kinds: Set<String> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) where line.first?.isLetter == true {
      var words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)[...]
      while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
      guard let kind = words.first, kinds.contains(kind), let name = words.dropFirst().first,
        name.first?.isUppercase == true
      else { continue }
      declared.insert(name)
    }
    return declared
  }

  /// The capitalised names the code of `source` uses, outside strings and comments.
  static func usedNames(in source: String) -> Set<String> {
    let code = String(decoding: FunctionLengths.blanked(Array(source.utf8)), as: UTF8.self)
    let words = code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
    return Set(words.filter { $0.first?.isUppercase == true }.map(String.init))
  }
}
